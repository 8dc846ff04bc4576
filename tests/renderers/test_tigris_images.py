"""T&E images from real engine views: golden boards, the private image, the public/private guard."""

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


@pytest.mark.parametrize("name", sorted(positions.TIGRIS_BOARDS))
def test_board_matches_golden(name):
    png = render_board("tigris", positions.TIGRIS_BOARDS[name](), "en")
    assert png.startswith(b"\x89PNG")
    width, height = decode(png).size
    # sharp when zoomed, and about square: a phone fits it into 400 x 400 CSS px
    assert 1000 <= width <= 1600 and 0.8 * width <= height <= 1.1 * width
    assert len(png) < 1_000_000
    assert_matches_golden(png, name)


def test_private_image_matches_golden():
    png = render_private("tigris", positions.tigris_private(), "en")
    assert len(png) < 1_000_000
    assert_matches_golden(png, "tigris_private")


def test_the_tolerance_tells_positions_apart():
    start = decode(render_board("tigris", positions.tigris_start(), "en"))
    war = decode(render_board("tigris", positions.tigris_war_pending(), "en"))
    assert mean_difference(start, war) > 5 * TOLERANCE


def _first_treasure(view):
    return next(t for t in view["board"]["tiles"] if t["treasure"])


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v["board"]["leaders"][0].update(seat=(v["board"]["leaders"][0]["seat"] + 1) % 4),
        lambda v: _first_treasure(v).update(treasure=False),
        lambda v: v.update(bag_size=v["bag_size"] - 1),
        lambda v: v["players"][1].update(hand_size=v["players"][1]["hand_size"] - 1),
    ],
    ids=["leader owner", "treasure", "bag digit", "hand digit"],
)
def test_the_golden_check_notices_one_small_change(change):
    view = positions.tigris_war_pending()
    changed = copy.deepcopy(view)
    change(changed)
    before = decode(render_board("tigris", view, "en"))
    after = decode(render_board("tigris", changed, "en"))
    assert strongly_changed_pixels(before, after) > MAX_STRONG_PIXELS


def test_rendering_is_deterministic():
    view = positions.tigris_late_game()
    assert render_board("tigris", view, "en") == render_board("tigris", view, "en")


def test_scores_are_drawn_only_where_the_view_carries_them():
    open_view = positions.tigris_late_game()
    hidden = copy.deepcopy(open_view)
    for player in hidden["players"]:
        del player["score"], player["treasures"]
    shown = decode(render_board("tigris", open_view, "en"))
    assert strongly_changed_pixels(shown, decode(render_board("tigris", hidden, "en"))) > 100


def test_the_public_board_refuses_a_seats_view():
    with pytest.raises(ValueError, match="public view"):
        render_board("tigris", positions.tigris_private(), "en")


def test_the_private_image_needs_a_seats_view():
    with pytest.raises(ValueError, match="seat's own view"):
        render_private("tigris", positions.tigris_start(), "en")


def test_unknown_game_and_mismatched_view_are_refused():
    with pytest.raises(ValueError, match="no images"):
        render_board("chess", positions.tigris_start(), "en")
    with pytest.raises(ValueError, match="cannot be drawn"):
        render_board("targi", positions.tigris_start(), "en")
