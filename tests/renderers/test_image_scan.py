"""The words on the images, read back: seeded random games of both titles (boards, conflict
panels, final boards, each seat's own image) and the league, leaderboard and rating images,
drawn in Korean and Turkish, must not show an English word (outside the notation and the
players' names) nor a Korean particle written both ways (``을(를)``)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot import i18n, presenters
from bot.games import get_game
from bot.games.playout import play
from bot.i18n import catalog
from renderers import _draw, league, ratings, render_board, render_private, targi, tigris

View = dict[str, Any]

#: Squares (T&E A1-P11, Targi's centre cells A1-C3) stay notation in every language.
SQUARE = re.compile(r"\b[A-P](?:1[01]|[1-9])\b")
#: Targi goods in notation ("2S", "1VP") belong in what a player types, not in sentences.
GOODS_CODE = re.compile(r"\b\d+(?:VP|[DSPG])\b")
#: A Korean particle written both ways because the word before it was not known.
BOTH_PARTICLES = re.compile(r"\((?:을|를|이|가|은|는|과|와|으|이에요|예요)\)")
#: Latin words an image may show in any language: the games' own names for things (a Targi
#: piece is "Targi" in every catalogue, "Targia" a tribe symbol).
EVERYWHERE = {"targi", "targia"}
#: English words that are also Turkish words ("at": throw away, "an": moment, "on": ten).
TURKISH_TOO = {"an", "at", "bonus", "normal", "on", "son", "tur"}
NAMES = ("Ayşe", "민준", "Carol Danvers-Smith")


@cache
def english_words() -> frozenset[str]:
    """Every word of the bot's English texts (all domains' templates)."""
    words: set[str] = set()
    for domain in catalog.DOMAINS:
        with (catalog.locale_dir() / f"{domain}.pot").open("rb") as pot:
            for message in read_po(pot):
                ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
                for text in ids:
                    words.update(w.lower() for w in re.findall(r"[A-Za-z]{2,}", str(text)))
    return frozenset(words - EVERYWHERE)


def unwanted(text: str, lang: str, notation: tuple[str, ...] = ()) -> list[str]:
    """What in one drawn ``text`` a ``lang`` reader should not meet: English words (outside
    ``notation`` shown as such, squares and names) and particles written both ways."""
    rest = text
    for shown in (*notation, *NAMES):
        if shown:
            rest = rest.replace(shown, " ")
    rest = SQUARE.sub(" ", rest)
    found = [m.group(0) for m in BOTH_PARTICLES.finditer(rest)]
    found += [m.group(0) for m in GOODS_CODE.finditer(rest)]
    for word in re.findall(r"[^\W\d_]{2,}", rest):
        low = word.lower()
        if not word.isascii() or low in EVERYWHERE or (lang == "tr" and low in TURKISH_TOO):
            continue
        if lang == "ko" or low in english_words():  # Korean has no Latin words of its own
            found.append(word)
    return found


def _notation(view: View) -> tuple[str, ...]:
    """The last action as the player typed it (drawn as notation), unless it is the redacted
    English summary of a hidden swap."""
    action = str((view.get("last_action") or {}).get("action", ""))
    return () if re.fullmatch(r"swap \d+ tiles?", action) else (action,)


def _clear_caches() -> None:
    """Texts inside cached sprites are drawn (and so recorded) only when first drawn."""
    for module in (_draw, tigris, targi, league, ratings):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def drawn(renderer: Callable[..., bytes], *args: Any) -> list[str]:
    """The texts ``renderer(*args)`` puts on its image."""
    _clear_caches()
    with _draw.recording() as texts:
        renderer(*args)
    return texts


# ---- positions from seeded random games ------------------------------------------------------
def _kind(view: View) -> str:
    pending = view.get("pending") or {}
    return f"{pending.get('kind', '')} {pending.get('conflict', '')}".strip()


@cache
def positions(game: str) -> tuple[tuple[str, View, tuple[View, ...]], ...]:
    """Board views of seeded random games: in each game the first of each kind of decision it
    waits for (conflicts, monuments, treasures, Targi's card decisions), a few ordinary turns
    and the final board, each with its seats' own views."""
    engine = get_game(game)
    games = ((1, 2), (2, 3), (3, 3), (6, 4)) if game == "tigris" else ((1, 2), (2, 2))
    chosen: list[tuple[str, View, tuple[View, ...]]] = []
    for seed, seats in games:
        states = play(engine, seats, seed, keep_states=True).states
        kinds: set[str] = set()
        for index, state in enumerate(states):
            public = engine.view(state, None)
            kind = _kind(public)
            if kind not in kinds or index % 61 == 30 or index == len(states) - 1:
                kinds.add(kind)
                mine = tuple(engine.view(state, seat) for seat in range(seats))
                chosen.append((f"seed {seed} #{index} {kind}", public, mine))
    return tuple(chosen)


def _event_lines(game: str, view: View, lang: str) -> list[str]:
    """The view's event sentences as the image words them (the engine catalogue's texts)."""
    texts = [str(event.get("text", "")) for event in view.get("events", [])]
    if game == "tigris":
        dynasties = tigris._dynasties(view)
        return ["• " + tigris._seat_text(text, dynasties, lang) for text in texts]
    return ["• " + targi._seat_text(text, lang) for text in texts]


@cache
def _board_texts(game: str, lang: str) -> tuple[tuple[str, str, tuple[str, ...], bool], ...]:
    """Each text drawn on the images of :func:`positions` in ``lang``: where, the text, the
    notation it may show, and whether it is (a line of) an engine event sentence."""
    return tuple(_texts_drawn(game, lang))


def _texts_drawn(game: str, lang: str) -> Iterator[tuple[str, str, tuple[str, ...], bool]]:
    for where, public, mine in positions(game):
        notation = _notation(public)
        for view in (public, *mine[:2]):
            shown = presenters.localize_view(game, view, lang=lang)
            events = _event_lines(game, shown, lang)
            public = view.get("viewer") is None
            renderer = render_board if public else render_private
            # The hand's "tile red" hints are English-only: /move finds a tile by its word.
            for text in drawn(renderer, game, shown, lang):
                event = any(text.removesuffix("…") in line for line in events)
                yield f"{where} seat {view.get('viewer')}", text, notation, event


def _scan(game: str, lang: str, events: bool) -> tuple[int, dict[str, tuple[str, list[str]]]]:
    found = {}
    texts = 0
    for where, text, notation, event in _board_texts(game, lang):
        if event == events:
            texts += 1
            if bad := unwanted(text, lang, notation):
                found[text] = (where, bad)
    return texts, found


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
@pytest.mark.parametrize("game", ["tigris", "targi"])
def test_images_of_random_games_speak_the_tables_language(game: str, lang: str):
    """Every word the renderers write (headers, panels, conflicts, cards, hands)."""
    texts, found = _scan(game, lang, events=False)
    assert texts > 300
    assert found == {}


@pytest.mark.parametrize(("game", "lang"), [("targi", "ko"), ("targi", "tr")])
def test_event_sentences_on_the_images_speak_the_tables_language(game: str, lang: str):
    """The last events under the panel, as the image words them (T&E's board leaves them to
    the message beside it, whose text a phone shows at the reader's size)."""
    texts, found = _scan(game, lang, events=True)
    assert texts > 20
    assert found == {}


def test_the_random_games_reach_every_kind_of_decision():
    kinds = {_kind(view) for _, view, _ in positions("tigris")}
    assert {"support revolt", "support war", "war_order", "monument", "treasure"} <= kinds
    assert any(view.get("game_over") for _, view, _ in positions("tigris"))
    assert any(view.get("game_over") for _, view, _ in positions("targi"))
    assert len({_kind(view) for _, view, _ in positions("targi")}) > 5


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
def test_league_leaderboard_and_rating_images_speak_the_readers_language(lang: str):
    rows = [
        {"rank": 1, "name": "Ayşe", "points": 3, "played": 3, "wins": 3, "buchholz": 4.5},
        {"rank": 2, "name": "민준", "points": 1.5, "played": 3, "wins": 1, "buchholz": 6},
        {
            "rank": 3,
            "name": "Carol Danvers-Smith",
            "points": 0,
            "played": 2,
            "wins": 0,
            "buchholz": 3,
            "note": i18n.C_("standings", "left"),
        },
    ]
    # the bot's own texts (titles, subtitles, footers) are scanned where the bot writes them
    standings = {
        "title": i18n.C_("game", "Targi"),
        "subtitle": "",
        "champion": "Ayşe",
        "rows": rows,
    }
    line = ratings.BoardLine(1, "Ayşe", 1500.0, 12, 50.0, 3.0, False)
    mine = ratings.BoardLine(9, "민준", 1380.0, 4, 25.0, -8.0, True, True)
    card = ratings.CardData(
        i18n.C_("game", "Targi"),
        "민준",
        1480.0,
        2,
        9,
        True,
        5,
        12,
        6,
        ((1, 12.0), (3, -8.0)),
        (1500.0, 1480.0),
    )
    texts = drawn(league.render_standings, standings, lang)
    texts += drawn(league.render_standings, {"rows": []}, lang)
    texts += drawn(ratings.render_leaderboard, i18n.C_("game", "Targi"), [line], mine, lang)
    texts += drawn(ratings.render_leaderboard, "", [], None, lang)
    texts += drawn(ratings.render_cards, [card, dataclasses.replace(card, chart=())], lang)
    assert len(texts) > 30
    assert {text: bad for text in texts if (bad := unwanted(text, lang))} == {}


def test_the_scan_notices_english_and_both_particles():
    assert unwanted("Torba: 3 taş", "tr") == []
    assert unwanted("Son hamle: Okçu: tile red F4", "tr", ("tile red F4",)) == []
    assert unwanted("Son hamle: Okçu: swap 2 tiles", "tr") == ["swap", "tiles"]
    assert unwanted("F4 karesinde rahipler (red) isyanı", "tr") == ["red"]
    assert unwanted("B1에서 제사장(red) 반란", "ko") == ["red"]
    assert unwanted("Ayşe 님의 수: 타일을(를) 놓았어요", "ko") == ["(를)"]
    assert unwanted("궁수: 12 VP", "ko") == ["VP"]
    assert unwanted("Mavi, 3S verip 1 altın aldı", "tr") == ["3S"]
    assert unwanted("tile red", "ko") == ["tile", "red"]
