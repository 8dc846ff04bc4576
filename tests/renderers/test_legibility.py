"""The server's images (`/stats`, league standings, rating leaderboard and cards) and the replay's
banner on a phone: every text reads at 11 CSS px or more once fitted into 400 x 400, in every
language, and ``python -m renderers legibility`` reports them."""

from __future__ import annotations

import pytest

from bot import presenters
from renderers import league, legibility
from renderers.samples import sample_views

LANGS = ("en", "ko", "tr")


@pytest.mark.parametrize("lang", LANGS)
def test_every_server_image_text_reads_at_11_css_px_on_a_phone(lang: str):
    samples = legibility.server_samples(lang)
    assert [kind for kind, _ in samples] == ["stats", "league", "leaders", "rating"]
    for kind, draw in samples:
        found = legibility.smallest_text(None, draw)
        assert found.css_px >= legibility.READABLE, (kind, found)
        assert found.size[0] == 800 and found.size[1] <= 800, (kind, found)


def test_a_league_larger_than_the_phone_rows_reads_smaller():
    """The limit the standings image documents: past :data:`league.PHONE_ROWS` players the image
    grows taller than 800 px and a phone shows it smaller (a tap shows it whole)."""
    rows = [
        {"rank": i + 1, "name": f"Player {i + 1}", "points": 3, "wins": 1, "buchholz": 4}
        for i in range(league.PHONE_ROWS + 4)
    ]
    data = {"title": "League", "subtitle": "round 1 of 5", "champion": None}
    fits = legibility.smallest_text(
        None,
        lambda: league.render_standings({**data, "rows": rows[: league.PHONE_ROWS]}, "en"),
    )
    larger = legibility.smallest_text(
        None, lambda: league.render_standings({**data, "rows": rows}, "en")
    )
    assert fits.css_px >= legibility.READABLE > larger.css_px


@pytest.mark.parametrize("game", ["tigris", "targi"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_banner_reads_on_the_current_board(game: str, lang: str):
    view = presenters.localize_view(game, sample_views(game, 1, 1)[-1][0], lang=lang)
    found = legibility.smallest_of_banner(game, view, lang)
    assert found.text  # the caption was measured, not nothing
    assert found.css_px >= legibility.READABLE, found


def test_the_report_lists_the_banner_and_the_server_images(capsys: pytest.CaptureFixture[str]):
    assert legibility.main(["--games", "tigris", "--positions", "1"]) == 0
    kinds = {tuple(line.split()[:2]) for line in capsys.readouterr().out.splitlines()[1:]}
    assert kinds == {
        ("tigris", "board"),
        ("tigris", "private"),
        ("tigris", "banner"),
        ("server", "stats"),
        ("server", "league"),
        ("server", "leaders"),
        ("server", "rating"),
    }
