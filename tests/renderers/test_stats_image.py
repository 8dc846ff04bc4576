"""The `/stats` image from plain data (goldens in English, Korean and Turkish, no English drawn
past the catalogue) and the league standings' statistic column."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import ImageDraw

from bot import i18n, presenters
from bot.games import targi, tigris
from renderers import _draw, _table, league, stats
from renderers.stats import StatsBlock, StatsLine, label_of, render_stats
from tests.renderers.golden import assert_matches_golden, decode
from tests.renderers.test_image_languages import _english_words, _pseudo_drawn
from tests.renderers.test_league_image import standings

LANGS = ("en", "ko", "tr")


def _blocks(lang: str) -> list[StatsBlock]:
    def lines(game: str, names: tuple[str, ...], games: int) -> tuple[StatsLine, ...]:
        return tuple(
            StatsLine(label_of(game, name), i * 17 + 3, (i * 17 + 3) / games)
            for i, name in enumerate(names)
        )

    return [
        StatsBlock(
            presenters.game_title("tigris", lang=lang),
            12,
            3,
            lines("tigris", tigris.STATISTICS, 12),
        ),
        StatsBlock(
            presenters.game_title("targi", lang=lang), 1, 0, lines("targi", targi.STATISTICS, 1)
        ),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_stats_image_matches_golden(lang: str) -> None:
    png = render_stats("Ayşe 민준", _blocks(lang), lang)
    assert decode(png).width == stats.WIDTH
    assert_matches_golden(png, f"stats_{lang}")


def test_every_statistic_of_every_game_has_a_label() -> None:
    for game in (tigris, targi):
        assert set(stats.STAT_LABELS[game.NAME]) == set(game.STATISTICS)


def test_stats_image_in_the_pseudo_locale_draws_no_english(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _pseudo_drawn(monkeypatch)
    monkeypatch.setattr(stats, "draw_text", drawn_too(drawn))
    title = i18n._("Targi")
    block = StatsBlock(title, 2, 1, (StatsLine(label_of("targi", "score"), 30, 15.0),))
    render_stats("Ayşe", [block], i18n.PSEUDO)
    assert len(drawn) >= 6
    assert _english_words(drawn, names=("Ayşe",)) == []


def drawn_too(drawn: list[str]) -> Callable[..., None]:
    """A ``draw_text`` that also records the text (as the other images' check does)."""

    def record(draw: ImageDraw.ImageDraw, xy: Any, text: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(text)
        _draw.draw_text(draw, xy, text, *args, **kwargs)

    return record


@pytest.mark.parametrize("lang", LANGS)
def test_league_standings_with_a_statistic_column_match_golden(lang: str) -> None:
    data = standings("Ann", rows=8)
    data["stat"] = stats.LEAGUE_LABELS["targi"]
    for index, row in enumerate(data["rows"]):
        row["stat"] = 14 - index
    png = league.render_standings(data, lang)
    plain = decode(league.render_standings(standings("Ann", rows=8), lang))
    # the same image, at most one line taller when the statistic's heading takes two
    assert decode(png).width == plain.width
    assert 0 <= decode(png).height - plain.height <= _table.HEADING_LINE
    assert_matches_golden(png, f"league_final_with_statistic_{lang}")
