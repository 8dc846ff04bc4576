"""The standings image: golden comparison and what the data changes."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.i18n import LANGUAGES, tr
from renderers import _table, league
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
    assert small.width == large.width == 800
    assert large.height - small.height == 6 * league.ROW_H
    assert crowned.height > large.height
    empty = decode(render_standings({"title": "New", "subtitle": "sign-up", "rows": []}, "en"))
    assert empty.height == small.height - league.ROW_H


def test_up_to_the_phone_rows_the_image_stays_within_800_square() -> None:
    """A phone fits the image into 400 x 400 CSS px: at 800 x 800 the 22-px texts read at 11."""
    data = standings("Ann", rows=8)
    data["rows"] = [dict(data["rows"][i % 8], rank=i + 1) for i in range(league.PHONE_ROWS)]
    data["stat"] = "Conflicts won"
    for lang in LANGUAGES:
        width, height = decode(render_standings(data, lang)).size
        assert (width, height) == (800, height) and height <= 800, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_column_headings_stay_full_size_and_apart(lang: str, monkeypatch: pytest.MonkeyPatch):
    """Turkish "Oynanan" and "Galibiyet" were once shrunk and ran into each other: every heading
    is drawn at 22 px (11 CSS px on a phone), a long one on two lines, at least 12 px from the
    next."""
    data = standings()
    data["stat"] = "Conflicts won"
    for row in data["rows"]:
        row["stat"] = 140
    columns = league.columns_of(data, lang)
    headings = {line for column in columns for line in column.lines}
    drawn: list[tuple[str, int, str]] = []
    real = _table.draw_text

    def record(
        draw: Any, xy: Any, text: str, size: int, weight: str = "regular", *a: Any, **k: Any
    ) -> None:
        drawn.append((text, size, weight))
        real(draw, xy, text, size, weight, *a, **k)

    monkeypatch.setattr(_table, "draw_text", record)
    render_standings(data, lang)
    assert {text for text, _, _ in drawn} == headings
    assert {(size, weight) for _, size, weight in drawn} == {(_table.PHONE_PX, "bold")}
    assert all(len(column.lines) <= 2 for column in columns)
    spans = [
        (c.right - max(text_width(line, _table.PHONE_PX, "bold") for line in c.lines), c.right)
        for c in columns
    ]
    assert all(b[0] - a[1] >= 12 for a, b in itertools.pairwise(spans))
    name_heading = text_width(tr(league.COLUMNS[1][1], lang), _table.PHONE_PX, "bold")
    assert league.NAME_X + name_heading + 12 <= spans[0][0]


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
