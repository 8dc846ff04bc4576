"""A whole game of each title in each language, through the fake Discord: every word that
reached Discord (messages, embeds, buttons, menus, the synced commands) is in the table's
language, and the images were drawn in it.

The players' Discord clients and the server are all in one language (the table's). In the
pseudo-locale ``qps`` every catalogue text is marked ``⟦…⟧``: an English word outside the marks
bypassed the catalogue. The failure lists each offending text once (the leftovers to convert).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import renderers
from bot import titles
from bot.games import game_names
from bot.i18n import PSEUDO, catalog
from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import (
    ALICE,
    BOB,
    MALLORY,
    MODERATOR,
    Harness,
    Person,
    open_table,
    running_bot,
)
from tests.bot.test_full_games import act_by_menu
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p
from tests.i18n.localized import (
    TURKISH_LETTERS,
    conflicts_told_twice,
    english_words,
    hangul_share,
    localize,
    outside_marks,
    shown_texts,
)
from tests.service.conftest import ManualClock

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
#: A slash command mention: Discord shows it under the English name in every client, so a
#: Korean or Turkish text names the command in a code span instead (`/행동`, `/hamle`).
COMMAND_MENTION = re.compile(r"</[^:>]+:\d+>")


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


async def play_a_whole_game(
    h: Harness,
    game: str,
    seed: int,
    table_id: int | None = None,
    *,
    actions: set[str] | None = None,
) -> set[str]:
    """Open, start (or take over table ``table_id``) and finish a game: moves by `/move`, every
    fifth by the Act menu, a hand now and then; returns the words of the notation that was
    played (not text to translate), and adds every legal action and its prefixes to
    ``actions``."""
    rng = random.Random(seed)
    table = await (open_table(h, game, PLAYERS) if table_id is None else h.table_by_id(table_id))
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
            if actions is not None:
                words = action_text.split()
                actions.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
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


#: The seed of each title's whole game (any other title plays seed 1).
WHOLE_GAME_SEEDS = {"tigris": 3, "targi": 5}


@pytest.mark.parametrize("lang", [PSEUDO, "ko", "tr"])
@pytest.mark.parametrize(
    ("game", "seed"), [(name, WHOLE_GAME_SEEDS.get(name, 1)) for name in titles.title_names()]
)
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
    await h.bot.sync_commands(force=True)  # command ids known: texts could mention commands
    notation = await play_a_whole_game(h, game, seed)
    table = await h.table_by_id(1)
    assert table.status == "finished" and table.language == lang

    await h.bot.sync_commands(force=True)
    synced = fake_discord.command_syncs()[-1].json

    texts = [text for call in _calls_shown(fake_discord) for text in shown_texts(call)]
    allowed = {word.lower() for word in [*NAMES, *notation, "AI"]}
    problems = [f"message: {text!r}" for text in _leftovers(texts, lang, allowed)]
    if lang != PSEUDO:
        problems += [f"command mention: {t!r}" for t in texts if COMMAND_MENTION.search(t)]
        problems += [f"conflict told twice: {t!r}" for t in texts if conflicts_told_twice(t)]
    # The pseudo-locale is no Discord locale: there the Korean definitions must exist.
    for english, shown in _command_texts(synced, "ko" if lang == PSEUDO else lang):
        if shown is None:
            problems.append(f"command text without a translation: {english!r}")
        elif lang != PSEUDO and _leftovers([shown], lang, allowed | COMMAND_WORDS, 0.3):
            problems.append(f"command text not in {lang}: {english!r} -> {shown!r}")
    drawn = {language for _kind, language in images.seen}
    if game in titles.title_names():
        assert images.seen, "no image was drawn"
        if drawn != {lang}:
            problems.append(f"images drawn in {sorted(drawn)}, not {lang}")
    if lang in ("ko", "tr"):
        letters = "".join(outside_marks(text) for text in texts)
        if lang == "tr" and not TURKISH_LETTERS & set(letters):
            problems.append("no Turkish letter in the whole game")
    assert not problems, f"{len(problems)} texts not in {lang}:\n" + "\n".join(problems[:300])


# --- the acceptance scan: a scripted game with its extras, in Korean and in Turkish ------------

#: Leaks that belong to another branch's files (issue 18 is split over three helpers): each is a
#: pattern of the leaking text and who fixes it. The lead empties this list after the merge; a
#: pattern that no longer matches anything fails the test, so the list cannot go stale.
OWNED_ELSEWHERE: list[tuple[str, str, set[str]]] = []


#: Latin-script words a Korean or Turkish text may hold, and why: brand and unit names the
#: languages write in Latin letters, and "AI"/"YZ"/"ZP"/"ID" abbreviations of their own.
LATIN_OK = {
    "ai",  # 한국어 writes "AI" (Korean AI seats: "AI (보통)")
    "yz",  # Turkish "yapay zekâ"
    "zp",  # Turkish "zafer puanı"
    "id",  # "오류 ID": Korean keeps the abbreviation
    "discord",  # the brand, in both languages' own texts
    "ctrl",  # a key name
}
#: Brackets inside brackets: a name carries its dynasty or colour ("Alice (궁수)", "Bob (beyaz)"),
#: so a name inside a parenthesis reads nested ("(Alice (궁수) 님 기권)"): say it after a dash, or
#: drop the name the sentence already gave ("(본인만 볼 수 있어요)").
NESTED = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")
#: A Korean particle written for both endings (the grammar helper chooses one instead).
FALLBACK = re.compile(r"\((?:을|를|이|가|은|는|과|와|으|로)\)")
_SPANS = re.compile(r"</[^:>]+:\d+>|<(?:@[!&]?|#|t:)\d+(?::[a-zA-Z])?>|`[^`]*`|https?://\S+")


def _english_vocabulary() -> set[str]:
    """Words of the English source texts that no Turkish translation uses (outside code spans):
    a Turkish text holding one shows English."""
    english: set[str] = set()
    turkish: set[str] = set()
    for domain in catalog.DOMAINS:
        for entry in catalog.read("tr", domain):
            if not entry.id:
                continue
            sources = entry.id if isinstance(entry.id, tuple | list) else (entry.id,)
            targets = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
            for text in sources:
                english.update(w.lower() for w in _words(re.sub(r"\{[^}]*\}", " ", text)))
            for text in targets:
                turkish.update(w.lower() for w in _words(re.sub(r"\{[^}]*\}", " ", text or "")))
    return english - turkish


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-zÇĞİÖŞÜçğıöşüâîû]{2,}", _SPANS.sub(" ", text))


def foreign_words(text: str, lang: str, allowed: set[str], english: set[str]) -> list[str]:
    """The words of ``text`` that show English in a ``lang`` text: in Korean any Latin word, in
    Turkish a word only the English texts use; mentions, code spans, links, ``allowed`` (names,
    the notation) and :data:`LATIN_OK` do not count."""
    words = [w for w in _words(text) if w.lower() not in allowed and w.lower() not in LATIN_OK]
    if lang == "ko":
        return [w for w in words if re.fullmatch(r"[A-Za-z]+", w)]
    return [w for w in words if w.lower() in english]


def _autocomplete_names(fake: FakeDiscord) -> Iterator[str]:
    for call in fake.calls:
        if call.callback_type == 8:
            for choice in (call.json.get("data") or {}).get("choices") or []:
                yield str(choice["name"])


def _without_notation(text: str, notation: set[str]) -> str:
    """A text minus the notation it names: a whole legal action (a menu option's description, a
    suggestion's head before " — ") or the start of one ("tile red …", "catastrophe P …")."""
    head, dash, rest = text.partition(" — ")
    if dash and head in notation:
        text = rest
    start = text.removesuffix(" …")
    if start in notation or any(action.startswith(start) for action in notation):
        return ""
    return text


@pytest_asyncio.fixture
async def timed_harness(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, ManualClock]]:
    clock = ManualClock(1_800_000_000.0)
    path = tmp_path / "bot.sqlite3"
    async with running_bot(
        fake_discord, login_bot, path, seed=11, clock=clock, scheduler_interval=None
    ) as h:
        yield h, clock


async def _tick(h: Harness, clock: ManualClock, hours: float) -> None:
    """Move the clock; the scheduler must post something (a reminder, warning or decision)."""
    clock.advance(hours * 3600)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    await h.settle()
    assert any(c.method == "POST" and c.content for c in h.fake.calls[mark:]), "nothing posted"


async def _to_act(h: Harness, table_id: int) -> tuple[Person, Person]:
    table = await h.table_by_id(table_id)
    view = await h.service.public_view(table_id)
    first = table.players[int(view["to_act"][0])].user_id
    return (ALICE, BOB) if first == ALICE.uid else (BOB, ALICE)


async def _confirm(h: Harness, who: Person, sub: str, channel: JSON | None = None) -> None:
    """`/game resign` or `/game abort`, then the confirmation button."""
    asked = await h.slash(who, "game", sub=sub, channel=channel)
    assert asked.custom_ids(), asked.content
    await h.click(who, h.message_of(asked), asked.custom_ids()[0])


async def play_with_extras(h: Harness, clock: ManualClock, game: str, notation: set[str]) -> None:
    """Settings, rules, a lobby, refusals, a take-back, timing with a reminder, a warning and a
    timer decision, the log, suggestions, a watcher and a DM, the whole game by `/move` and the
    Act menu, ratings, a rematch and its abort, and a solo game against the AI that is resigned."""
    await h.slash(MODERATOR, "settings")
    await h.slash(ALICE, "rules", {"game": game})
    await h.slash(ALICE, "game", sub="list")
    table = await open_table(h, game, PLAYERS)
    await h.slash(MALLORY, "game", {"on": "on"}, sub="watch")
    await h.slash(ALICE, "notify", {"dm": "on"})
    await h.slash(BOB, "notify", {"dm": "on"})
    await h.slash(BOB, "game", {"game": game, "seats": 2}, sub="new")  # busy: a thread offered
    await h.slash(MALLORY, "move", {"action": "pass"})  # not seated
    mover, other = await _to_act(h, table.id)
    await h.slash(other, "move", {"action": "pass"})  # not their turn
    await h.slash(mover, "move", {"action": "nonsense 99"})  # no such action
    legal = await h.service.legal_actions(table.id, mover.uid)
    await h.complete(mover, "move", "action", legal[0][:3])
    await h.slash(mover, "move", {"action": legal[0]})
    asked = await h.slash(mover, "game", sub="takeback")
    assert asked.ephemeral, asked.content
    [request] = [c for c in h.public_posts() if any(i.endswith(":approve") for i in c.custom_ids())]
    approve = next(i for i in request.custom_ids() if i.endswith(":approve"))
    await h.click(other, h.fake.message(request.response["id"]), approve)
    await h.slash(
        ALICE, "game", {"reminder_hours": 2, "timer_hours": 6, "consequence": "skip"}, sub="timing"
    )
    await _tick(h, clock, 2.5)  # a reminder
    await _tick(h, clock, 2.0)  # the timer's warning
    await _tick(h, clock, 2.0)  # time ran out: the bot decides
    await h.slash(BOB, "game", {"page": 1}, sub="log")
    await h.slash(ALICE, "game", {"reminder_hours": 0, "timer_hours": 0}, sub="timing")
    await play_a_whole_game(h, game, seed=7, table_id=table.id, actions=notation)
    await h.slash(ALICE, "game", {"page": 1}, sub="log")
    await h.slash(ALICE, "leaderboard", {"game": game})
    await h.slash(ALICE, "rating")
    await h.slash(BOB, "history")
    final = [c for c in h.public_posts() if f"rematch:{table.id}" in c.custom_ids()][-1]
    await h.click(BOB, h.fake.message(final.response["id"]), f"rematch:{table.id}")
    await _confirm(h, BOB, "abort")
    solo = p.channel("800000000000000077")
    await h.slash(ALICE, "game", {"game": game, "ai": "easy"}, sub="new", channel=solo)
    await h.slash(ALICE, "game", sub="status", channel=solo)
    await _confirm(h, ALICE, "resign", channel=solo)


@pytest.mark.parametrize("lang", ["ko", "tr"])
@pytest.mark.parametrize("game", ["tigris", "targi"])
async def test_a_scripted_game_and_its_extras_show_no_english_and_no_particle_fallback(
    timed_harness: tuple[Harness, ManualClock], fake_discord: FakeDiscord, game: str, lang: str
) -> None:
    if game not in game_names():
        pytest.skip(f"the {game} engine is not installed")
    h, clock = timed_harness
    localize(h, lang, guild_locale=lang)
    await h.bot.sync_commands(force=True)  # command ids known: texts could mention commands
    notation: set[str] = set()
    await play_with_extras(h, clock, game, notation)
    texts = [text for call in _calls_shown(fake_discord) for text in shown_texts(call)]
    texts += list(_autocomplete_names(fake_discord))
    allowed = {w.lower() for w in [*NAMES, "Mallory", "Mod", "Targi"]}
    english = _english_vocabulary()
    here = f"{game}-{lang}"
    owned = [
        (re.compile(pattern), owner) for pattern, owner, where in OWNED_ELSEWHERE if here in where
    ]
    used: set[str] = set()
    problems = []
    for text in dict.fromkeys(texts):
        text = _without_notation(text, notation)
        bad = foreign_words(text, lang, allowed, english)
        fallback = FALLBACK.search(text) if lang == "ko" else None
        if COMMAND_MENTION.search(text) or conflicts_told_twice(text) or NESTED.search(text):
            problems.append(f"command mention, conflict told twice or nested brackets: {text!r}")
        if not bad and not fallback:
            continue
        elsewhere = [pattern.pattern for pattern, _owner in owned if pattern.search(text)]
        if elsewhere:
            used.update(elsewhere)
            continue
        problems.append(f"{bad or fallback.group()}: {text!r}")  # type: ignore[union-attr]
    if os.environ.get("I18N_DUMP"):  # the leftovers, one per line, for whoever fixes them
        Path(os.environ["I18N_DUMP"]).write_text("\n".join(problems), encoding="utf-8")
    stale = [
        pattern
        for pattern, _owner, where in OWNED_ELSEWHERE
        if here in where and pattern not in used
    ]
    assert not stale, f"fixed elsewhere, drop from OWNED_ELSEWHERE: {stale}"
    assert not problems, f"{len(problems)} texts not in {lang}:\n" + "\n".join(problems[:200])


def test_the_scanner_finds_english_and_fallbacks_but_not_names_notation_or_mentions() -> None:
    english = _english_vocabulary()
    allowed = {"alice", "bob"}
    assert foreign_words("Alice played the board", "tr", allowed, english) == [
        "played",
        "the",
        "board",
    ]
    assert (
        foreign_words("Sıra sende: `tile red F4`, <@1> </game new:12>", "tr", allowed, english)
        == []
    )
    assert foreign_words("Alice 님이 `done`을 했어요. Open it", "ko", allowed, english) == [
        "Open",
        "it",
    ]
    assert foreign_words("AI (보통) 2 – 궁수, 오류 ID", "ko", allowed, english) == []
    assert FALLBACK.search("타일을(를) 놓았어요") and not FALLBACK.search("타일을 놓았어요 (3개)")
    assert _without_notation("tile red F4 — 사원 타일 → F4", {"tile red F4"}) == "사원 타일 → F4"
    assert _without_notation("catastrophe P …", {"catastrophe P4"}) == ""
    assert COMMAND_MENTION.search(
        "행동을 고르세요. </move:12> 명령어로"
    ) and not COMMAND_MENTION.search("행동을 고르세요. `/행동` 명령어로")
    twice = (
        "농부 반란(내부 분쟁): 공격 Carol 님, 방어 Dave 님. "
        "진행 중: A8 칸의 농부 반란(내부 분쟁): 공격 Carol 님, 방어 Dave 님."
    )
    assert conflicts_told_twice(twice)
    assert conflicts_told_twice(
        "Tüccar isyanı: saldıran Bob, savunan Dave. "
        "Sırada: B3 karesinde tüccar isyanı: saldıran Bob, savunan Dave."
    )
    assert NESTED.search("**타르기: 최종 순위** (Alice (파랑) 님 기권)")
    assert NESTED.search("bir kabile kartı çekti (yalnızca Bob (beyaz) görüyor).")
    assert not NESTED.search("**타르기: 최종 순위** – Alice (파랑) 님이 기권했어요.")
    assert not NESTED.search("「타르기아: 능력 없음 (승점 1)」 카드 처리 (내려놓기 / 버리기)")
    once = "농부 반란(내부 분쟁): 공격 Carol 님, 방어 Dave 님. 진행 중: 지원 타일 내기."
    assert not conflicts_told_twice(once)
    assert not conflicts_told_twice("Tüccar isyanı: saldıran Bob, savunan Dave. Sırada: destek.")
