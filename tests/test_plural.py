"""Counts and nouns agree in every sentence players see: "1 hour", "2 hours", "1 tile"."""

from __future__ import annotations

import re

import pytest

from bot.games import get_game
from bot.games.playout import steps
from bot.games.text import plural
from bot.games.tigris.rules import UNIT_NAMES


@pytest.mark.parametrize(
    ("count", "noun", "expected"),
    [
        (1, "hour", "1 hour"),
        (2, "hour", "2 hours"),
        (0, "tile", "0 tiles"),
        (1.0, "day", "1 day"),
        (14.0, "day", "14 days"),
        (1.5, "day", "1.5 days"),
        (0.25, "hour", "0.25 hours"),
        (1, "red tile", "1 red tile"),
        (3, "good", "3 goods"),
        (2, "die", "2 dice"),
    ],
)
def test_plural(count: float, noun: str, expected: str) -> None:
    irregular = "dice" if noun == "die" else None
    assert plural(count, noun, irregular) == expected


# "1" followed by a plural noun (optionally after one word, as in "1 red tiles").
_ONE_PLURAL = re.compile(
    r"(?<![\d.])1 (?:\w+ )?(?:tiles|treasures|temples|farms|markets|settlements|hours|days|"
    r"actions|pages|goods|cards|players|seats)\b"
)


@pytest.mark.parametrize(("name", "seats", "games"), [("tigris", 2, 12), ("tigris", 4, 6)])
def test_no_event_says_one_of_a_plural_in_random_games(name: str, seats: int, games: int) -> None:
    game = get_game(name)
    seen: set[str] = set()
    for seed in range(games):
        for state, seat, _, _ in steps(game, seats, seed):
            view = game.view(state, seat)
            texts = [str(e.get("text", "")) for e in view.get("events") or []]
            last = view.get("last_action") or {}
            texts.append(str(last.get("action", "")))
            for text in texts:
                assert not _ONE_PLURAL.search(text), text
                seen.add(text)
    # The sentences with counts did occur (so the check above saw them).
    assert any(re.search(r"loses 1 \w+", t) for t in seen), "no war lost a single unit"
    assert any("swaps 1 tile" in t for t in seen) or any("swap 1 tile" in t for t in seen)


def test_unit_names_are_singular() -> None:
    assert [plural(1, n) for n in UNIT_NAMES] == ["1 temple", "1 farm", "1 market", "1 settlement"]
