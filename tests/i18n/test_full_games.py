"""A whole game of each title in each language, through the fake Discord: every word that
reached Discord (messages, embeds, buttons, menus, the synced commands) is in the table's
language, and the images were drawn in it.

The players' Discord clients and the server are all in one language (the table's). In the
pseudo-locale ``qps`` every catalogue text is marked ``⟦…⟧``: an English word outside the marks
bypassed the catalogue. The failure lists each offending text once (the leftovers to convert).
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import renderers
from bot.games import game_names
from bot.i18n import PSEUDO
from tests.bot.helpers import ALICE, BOB, Harness, Person, open_table, running_bot
from tests.bot.test_full_games import act_by_menu
from tests.fakediscord import Call, FakeDiscord
from tests.i18n.localized import (
    TURKISH_LETTERS,
    english_words,
    hangul_share,
    localize,
    outside_marks,
    shown_texts,
)

JSON = dict[str, Any]
PLAYERS = [ALICE, BOB]
NAMES = [person.name for person in PLAYERS]
#: English words a Turkish text must not hold (a Turkish sentence has none of them).
ENGLISH = {
    "the",
    "you",
    "your",
    "is",
    "are",
    "and",
    "to",
    "of",
    "in",
    "it",
    "for",
    "not",
    "has",
    "have",
    "was",
    "will",
    "with",
    "this",
    "that",
    "game",
    "turn",
    "table",
    "board",
    "hand",
    "waiting",
    "played",
    "move",
    "moves",
    "round",
    "score",
    "points",
    "tile",
    "tiles",
    "card",
    "cards",
    "player",
    "players",
    "wins",
    "winner",
    "final",
    "result",
}
#: Words a translated command text keeps: example names, language names, option notation.
COMMAND_WORDS = {"ann", "bob", "english", "türkçe", "ai", "ceil", "log", "open", "scoring"}
_MENTION = re.compile(r"<(?:@[!&]?|#|t:)\d+(?::[a-zA-Z])?>|`[^`]*`|https?://\S+")


@pytest_asyncio.fixture
async def harness(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[Harness]:
    async with running_bot(fake_discord, login_bot, tmp_path / "bot.sqlite3", seed=11) as h:
        yield h


class ImageLanguages:
    """The language every board and hand image was drawn in (the real renderers still draw)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[str, str]] = []
        board, private = renderers.render_board, renderers.render_private

        def render_board(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
            self.seen.append(("board", lang))
            return board(game, view, lang)

        def render_private(game: str, view: dict[str, Any], lang: str = "en") -> bytes:
            self.seen.append(("hand", lang))
            return private(game, view, lang)

        monkeypatch.setattr(renderers, "render_board", render_board)
        monkeypatch.setattr(renderers, "render_private", render_private)


async def play_a_whole_game(h: Harness, game: str, seed: int) -> set[str]:
    """Open, start and finish a game: moves by `/move`, every fifth by the Act menu, a hand
    now and then; returns the words of the notation that was played (not text to translate)."""
    rng = random.Random(seed)
    table = await open_table(h, game, PLAYERS)
    people = {person.uid: person for person in PLAYERS}
    notation: set[str] = set()
    for step in range(3000):
        table = await h.table_by_id(table.id)
        if table.status != "active":
            return notation
        view = await h.service.public_view(table.id)
        seat = rng.choice(view["to_act"])
        who: Person = people[table.players[seat].user_id]
        legal = await h.service.legal_actions(table.id, who.uid)
        action = rng.choice(legal)
        for action_text in legal:
            notation.update(re.findall(r"[A-Za-z]+", action_text))
        if step % 20 == 7:
            await h.click(who, await h.board(), f"board:{table.id}:{table.version}:hand")
        if step % 5 == 2:
            await act_by_menu(h, who, table, action)
        else:
            await h.slash(who, "move", {"action": action})
    raise AssertionError("the game did not end")


def _calls_shown(fake: FakeDiscord) -> Iterator[Call]:
    for call in fake.calls:
        if call.audience in ("public", "ephemeral") and call.status < 400:
            yield call


def _command_texts(commands: list[JSON], lang: str) -> Iterator[tuple[str, str | None]]:
    """(English, translation into ``lang``) of every name, description and choice synced."""
    for command in commands:
        yield command["name"], (command.get("name_localizations") or {}).get(lang)
        if command.get("description"):
            shown = (command.get("description_localizations") or {}).get(lang)
            yield command["description"], shown
        for choice in command.get("choices") or []:
            yield choice["name"], (choice.get("name_localizations") or {}).get(lang)
        yield from _command_texts(command.get("options") or [], lang)


def _leftovers(
    texts: list[str], lang: str, allowed: set[str], korean_share: float = 0.5
) -> list[str]:
    """The texts that show English where ``lang`` was expected: in the pseudo-locale an English
    word outside the marks, in Korean less than ``korean_share`` Hangul among the letters of the
    words that are not ``allowed``, in Turkish a common English word."""
    found: list[str] = []
    for text in dict.fromkeys(texts):
        if lang == PSEUDO:
            if english_words(text, allowed):
                found.append(text)
            continue
        rest = _MENTION.sub(" ", text)
        words = [w for w in re.findall(r"[^\W\d_]+", rest) if w.lower() not in allowed]
        if lang == "ko":
            letters = "".join(words)
            if len(letters) >= 4 and hangul_share(letters) < korean_share:
                found.append(text)
        elif {w.lower() for w in words} & ENGLISH:
            found.append(text)
    return found


@pytest.mark.parametrize("lang", [PSEUDO, "ko", "tr"])
@pytest.mark.parametrize(("game", "seed"), [("tigris", 3), ("targi", 5)])
async def test_a_whole_game_shows_only_the_tables_language(
    harness: Harness,
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seed: int,
    lang: str,
) -> None:
    if game not in game_names():
        pytest.skip(f"the {game} engine is not installed")
    h = harness
    images = ImageLanguages(monkeypatch)
    localize(h, lang, guild_locale=lang)
    notation = await play_a_whole_game(h, game, seed)
    table = await h.table_by_id(1)
    assert table.status == "finished" and table.language == lang

    await h.bot.sync_commands(force=True)
    synced = fake_discord.command_syncs()[-1].json

    texts = [text for call in _calls_shown(fake_discord) for text in shown_texts(call)]
    allowed = {word.lower() for word in [*NAMES, *notation, "AI"]}
    problems = [f"message: {text!r}" for text in _leftovers(texts, lang, allowed)]
    # The pseudo-locale is no Discord locale: there the Korean definitions must exist.
    for english, shown in _command_texts(synced, "ko" if lang == PSEUDO else lang):
        if shown is None:
            problems.append(f"command text without a translation: {english!r}")
        elif lang != PSEUDO and _leftovers([shown], lang, allowed | COMMAND_WORDS, 0.3):
            problems.append(f"command text not in {lang}: {english!r} -> {shown!r}")
    drawn = {language for _kind, language in images.seen}
    if game in renderers.GAMES:
        assert images.seen, "no image was drawn"
        if drawn != {lang}:
            problems.append(f"images drawn in {sorted(drawn)}, not {lang}")
    if lang in ("ko", "tr"):
        letters = "".join(outside_marks(text) for text in texts)
        if lang == "tr" and not TURKISH_LETTERS & set(letters):
            problems.append("no Turkish letter in the whole game")
    assert not problems, f"{len(problems)} texts not in {lang}:\n" + "\n".join(problems[:300])
