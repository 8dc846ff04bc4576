"""T&E images: golden boards, the private image, the public/private guard."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers import render_board, render_private
from tests.renderers import tigris_views
from tests.renderers.golden import (
    MAX_STRONG_PIXELS,
    TOLERANCE,
    assert_matches_golden,
    mean_difference,
    strongly_changed_pixels,
)

POSITIONS = {
    "tigris_start": tigris_views.start,
    "tigris_war_pending": tigris_views.war_pending,
    "tigris_monuments": tigris_views.monuments_built,
    "tigris_late_game": tigris_views.late_game,
}


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_board_matches_golden(name):
    png = render_board("tigris", POSITIONS[name]())
    assert png.startswith(b"\x89PNG")
    width = _image(png).width
    assert 1200 <= width <= 1600
    assert len(png) < 1_000_000
    assert_matches_golden(png, name)


def test_private_image_matches_golden():
    png = render_private("tigris", tigris_views.private(0))
    assert len(png) < 1_000_000
    assert_matches_golden(png, "tigris_private")


def test_the_tolerance_tells_positions_apart():
    start = _image(render_board("tigris", tigris_views.start()))
    war = _image(render_board("tigris", tigris_views.war_pending()))
    assert mean_difference(start, war) > 5 * TOLERANCE


def _changes(change) -> int:
    """Strongly changed pixels between the war position and the same with one small change."""
    changed = tigris_views.war_pending()
    change(changed)
    before = _image(render_board("tigris", tigris_views.war_pending()))
    return strongly_changed_pixels(before, _image(render_board("tigris", changed)))


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v["board"]["leaders"][0].update(seat=1),  # another dynasty's king
        lambda v: v["board"]["tiles"][0].update(treasure=False),  # a treasure taken
        lambda v: v.update(bag_size=83),  # one digit in the panel
        lambda v: v["players"][1].update(hand_size=4),  # one dim digit
    ],
    ids=["leader owner", "treasure", "bag digit", "hand digit"],
)
def test_the_golden_check_notices_one_small_change(change):
    assert _changes(change) > MAX_STRONG_PIXELS


def test_rendering_is_deterministic():
    view = tigris_views.late_game()
    assert render_board("tigris", view) == render_board("tigris", view)


def test_the_public_board_refuses_a_seats_view():
    with pytest.raises(ValueError, match="public view"):
        render_board("tigris", tigris_views.private(0))


def test_the_private_image_needs_a_seats_view():
    with pytest.raises(ValueError, match="seat's own view"):
        render_private("tigris", tigris_views.late_game())


def test_unknown_game_and_mismatched_view_are_refused():
    with pytest.raises(ValueError, match="no images"):
        render_board("chess", tigris_views.start())
    view = tigris_views.start()
    view["game"] = "targi"
    with pytest.raises(ValueError, match="cannot be drawn"):
        render_board("tigris", view)


def test_hidden_scores_are_not_drawn_when_the_view_lacks_them():
    hidden = tigris_views.late_game()
    for player in hidden["players"]:
        del player["score"], player["treasures"]
    shown = _image(render_board("tigris", tigris_views.late_game()))
    assert mean_difference(shown, _image(render_board("tigris", hidden))) > 0
