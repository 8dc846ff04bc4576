"""Targi images: golden tables for a few positions, private images, the public/private guard."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers import render_board, render_private
from tests.renderers import targi_views
from tests.renderers.golden import (
    MAX_STRONG_PIXELS,
    TOLERANCE,
    assert_matches_golden,
    mean_difference,
    strongly_changed_pixels,
)

POSITIONS = {
    "targi_start": targi_views.start,
    "targi_mid_game": targi_views.mid_game,
    "targi_end": targi_views.end,
}


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_table_matches_golden(name):
    png = render_board("targi", POSITIONS[name]())
    assert 1200 <= _image(png).width <= 1600
    assert len(png) < 1_000_000
    assert_matches_golden(png, name)


@pytest.mark.parametrize("name", ["private", "private_drawn"])
def test_private_image_matches_golden(name):
    png = render_private("targi", getattr(targi_views, name)())
    assert len(png) < 1_000_000
    assert_matches_golden(png, f"targi_{name}")


def test_the_tolerance_tells_positions_apart():
    start = _image(render_board("targi", targi_views.start()))
    mid = _image(render_board("targi", targi_views.mid_game()))
    assert mean_difference(start, mid) > 5 * TOLERANCE


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v["border"][4].update(targi=0),  # a Targi on the Merchant
        lambda v: v["centre"][0].update(marker=1),  # a tribe marker on A1
        lambda v: v["players"][1].update(pepper=4),  # one digit in a camp
        lambda v: v["centre"][1].update(card="face_down"),  # a card turned down
    ],
    ids=["targi", "marker", "goods digit", "face down"],
)
def test_the_golden_check_notices_one_small_change(change):
    changed = targi_views.mid_game()
    change(changed)
    before = _image(render_board("targi", targi_views.mid_game()))
    after = _image(render_board("targi", changed))
    assert strongly_changed_pixels(before, after) > MAX_STRONG_PIXELS


def test_a_secret_hand_is_not_drawn():
    """With hidden hands the public view lacks the card; the table says only that one is held."""
    shown = targi_views.mid_game()
    hidden = targi_views.mid_game()
    del hidden["players"][0]["hand"]
    assert render_board("targi", shown) != render_board("targi", hidden)
    # the secret card's own name never reaches the image: the hidden view is drawn the same
    # whatever the hand held
    other = targi_views.mid_game()
    other["players"][0]["hand"] = targi_views.tribe("oasis_09")
    del other["players"][0]["hand"]
    assert render_board("targi", hidden) == render_board("targi", other)


def test_the_public_table_refuses_a_seats_view():
    with pytest.raises(ValueError, match="public view"):
        render_board("targi", targi_views.private(0))


def test_the_private_image_needs_a_seats_view():
    with pytest.raises(ValueError, match="seat's own view"):
        render_private("targi", targi_views.mid_game())
