"""The standings image: golden comparison and what the data changes."""

from __future__ import annotations

from typing import Any

from renderers.league import render_standings
from tests.renderers.golden import assert_matches_golden, decode


def standings(champion: str | None = None, rows: int = 6) -> dict[str, Any]:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    return {
        "title": "Spring Targi league",
        "subtitle": "Targi, round robin: round 3 of 5, 6 players",
        "champion": champion,
        "rows": [
            {
                "rank": i + 1,
                "name": names[i],
                "points": max(0.0, 9.0 - 1.5 * i),
                "played": 3,
                "wins": max(0, 3 - i),
                "buchholz": 12 - i,
                "note": "left" if i == rows - 1 else "",
            }
            for i in range(rows)
        ],
    }


def test_standings_golden() -> None:
    assert_matches_golden(render_standings(standings(), "en"), "league_standings")


def test_final_standings_golden_with_champion() -> None:
    assert_matches_golden(render_standings(standings("Ann", rows=8), "en"), "league_final")


def test_image_grows_with_rows_and_champion() -> None:
    small = decode(render_standings(standings(rows=2), "en"))
    large = decode(render_standings(standings(rows=8), "en"))
    crowned = decode(render_standings(standings("Ann", rows=8), "en"))
    assert small.width == large.width == 760
    assert large.height - small.height == 6 * 34
    assert crowned.height > large.height
    empty = decode(render_standings({"title": "New", "subtitle": "sign-up", "rows": []}, "en"))
    assert empty.height == small.height - 34
