"""The standings image: golden comparison and what the data changes."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.i18n import LANGUAGES, tr
from renderers import league
from renderers._draw import text_width
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_column_headings_stay_full_size_and_apart(lang: str, monkeypatch: pytest.MonkeyPatch):
    """Turkish "Oynanan" and "Galibiyet" were shrunk and ran into each other: every heading is
    drawn at its full size, at least 12 px from the next."""
    headings = {tr(heading, lang) for _, heading, _ in league.COLUMNS}
    drawn: list[tuple[float, float, int]] = []
    real = league.draw_text

    def record(
        draw: Any, xy: Any, text: str, size: int, weight: str = "regular", *a: Any, **k: Any
    ) -> None:
        if text in headings and weight == "bold" and xy[1] < league.HEAD_H + 20:
            drawn.append((xy[0], xy[0] + text_width(text, size, weight), size))
        real(draw, xy, text, size, weight, *a, **k)

    monkeypatch.setattr(league, "draw_text", record)
    render_standings(standings(), lang)
    assert len(drawn) == len(league.COLUMNS)
    assert {size for _, _, size in drawn} == {16}
    spans = sorted(drawn)
    assert all(b[0] - a[1] >= 12 for a, b in itertools.pairwise(spans))


def test_half_points_are_written_the_languages_way_as_in_the_statistics() -> None:
    """One locale-aware format for decimals: the league table says "7,5" in Turkish, as the
    statistics panel's averages do, and "7.5" in English and Korean."""
    from renderers import _draw
    from renderers.stats import average_text

    for lang, half in (("en", "7.5"), ("ko", "7.5"), ("tr", "7,5")):
        with _draw.recording() as texts:
            render_standings(standings(), lang)
        assert half in texts and "9" in texts, (lang, texts)
        assert average_text(5.5, lang) == half.replace("7", "5")
