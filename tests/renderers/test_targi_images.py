"""Targi images from real engine views: golden tables, private images, the public/private guard."""

from __future__ import annotations

import copy

import pytest

from renderers import render_board, render_private
from tests.renderers import positions
from tests.renderers.golden import (
    MAX_STRONG_PIXELS,
    TOLERANCE,
    assert_matches_golden,
    decode,
    mean_difference,
    strongly_changed_pixels,
)


@pytest.mark.parametrize("name", sorted(positions.TARGI_BOARDS))
def test_table_matches_golden(name):
    png = render_board("targi", positions.TARGI_BOARDS[name](), "en")
    assert decode(png).width == decode(png).height == 1200  # square: a phone fits it in 400x400
    assert len(png) < 1_000_000
    assert_matches_golden(png, name)


@pytest.mark.parametrize("name", ["targi_private", "targi_private_drawn"])
def test_private_image_matches_golden(name):
    game, view = positions.PRIVATE[name]
    png = render_private(game, view(), "en")
    assert len(png) < 1_000_000
    assert_matches_golden(png, name)


def test_the_tolerance_tells_positions_apart():
    start = decode(render_board("targi", positions.targi_start(), "en"))
    mid = decode(render_board("targi", positions.targi_mid_game(), "en"))
    assert mean_difference(start, mid) > 5 * TOLERANCE


def _border(view, name):
    return next(b for b in view["border"] if b["name"] == name)


@pytest.mark.parametrize(
    "change",
    [
        lambda v: _border(v, "Merchant").update(targi=0),
        lambda v: v["centre"][0].update(marker=1),
        lambda v: v["players"][1].update(pepper=v["players"][1]["pepper"] + 1),
        lambda v: v["centre"][1].update(card="face_down"),
    ],
    ids=["targi", "marker", "goods digit", "face down"],
)
def test_the_golden_check_notices_one_small_change(change):
    view = positions.targi_mid_game()
    changed = copy.deepcopy(view)
    change(changed)
    before = decode(render_board("targi", view, "en"))
    after = decode(render_board("targi", changed, "en"))
    assert strongly_changed_pixels(before, after) > MAX_STRONG_PIXELS


def test_the_public_table_of_a_secret_draw_gets_no_secret():
    """With hidden hands the public view the table is drawn from names neither secret card."""
    public = positions.targi_hidden_hands()
    assert "hand" not in public["players"][1] and "card" not in public["pending"]
    private = positions.targi_private_drawn()
    secret_names = [private["pending"]["card"]["name"], private["players"][1]["hand"]["name"]]
    assert all(name not in str(public) for name in secret_names)


def test_the_drawn_card_shows_in_the_drawing_seats_privatedecode():
    drawn = positions.targi_private_drawn()
    without = copy.deepcopy(drawn)
    del without["pending"]["card"]
    difference = strongly_changed_pixels(
        decode(render_private("targi", drawn, "en")), decode(render_private("targi", without, "en"))
    )
    assert difference > 1000


def test_the_public_table_refuses_a_seats_view():
    with pytest.raises(ValueError, match="public view"):
        render_board("targi", positions.targi_private(), "en")


def test_the_private_image_needs_a_seats_view():
    with pytest.raises(ValueError, match="seat's own view"):
        render_private("targi", positions.targi_mid_game(), "en")
