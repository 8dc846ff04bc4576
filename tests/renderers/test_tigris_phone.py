"""The T&E images on a phone (issue 26 §4-§6, issue 25 §4-§5): every text reads at 11 CSS px or
more once fitted into 400 x 400; the board shows what changed since the previous one (ghosts of
removed pieces, frames of changed squares), both leaders of a revolt or war, a monument's whole
2x2; players are called by their display names; the private image tells the final score once the
game is over."""

from __future__ import annotations

import io
import itertools
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot import presenters
from bot.games import get_game
from bot.games.playout import play
from renderers import _draw, legibility, render_board, render_private, tigris
from tests.renderers import positions

LANGS = ("en", "ko", "tr")
LONG_NAMES = ["이서연🌸", "Bartholomew the Magnificent III", "Ayşe Yılmaz 🇹🇷", "👨‍👩‍👧 Family"]


@cache
def _game(seats: int, seed: int) -> tuple[dict[str, Any], ...]:
    game = get_game("tigris")
    return tuple(game.view(s, None) for s in play(game, seats, seed, keep_states=True).states)


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


# ---- legibility ------------------------------------------------------------------------------
def test_the_feed_scale_is_the_phones_fit():
    assert legibility.fitted_scale(1560, 816) == pytest.approx(400 / 1560)
    assert legibility.fitted_scale(800, 1600) == pytest.approx(0.25)
    assert legibility.fitted_scale(300, 200) == 1.0  # a small image is not enlarged


def test_the_measure_notices_small_text():
    """The panel of the board before issue 26 drew event lines at 16 px on a 1560-px image."""
    found = legibility.smallest_text(
        "tigris", lambda: _tiny_text_png(width=1560, height=816, size=16)
    )
    assert found.css_px == pytest.approx(16 * 400 / 1560)
    assert found.css_px < legibility.READABLE


def _tiny_text_png(width: int, height: int, size: int) -> bytes:
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    _draw.draw_text(draw, (0, 0), "Turn 3", 40)
    _draw.draw_text(draw, (0, 60), "• Lion places a settlement", size)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(positions.TIGRIS_BOARDS))
def test_every_board_text_reads_at_11_css_px_on_a_phone(name: str, lang: str):
    view = presenters.localize_view("tigris", positions.TIGRIS_BOARDS[name](), lang=lang)
    for shown in (view, {**view, "seat_names": LONG_NAMES[: len(view["players"])]}):
        found = legibility.smallest_of_board("tigris", shown, lang)
        assert found.css_px >= legibility.READABLE, found


@pytest.mark.parametrize("lang", LANGS)
def test_every_private_text_reads_at_11_css_px_on_a_phone(lang: str):
    game = get_game("tigris")
    states = play(game, 3, 2, keep_states=True).states
    for state in (states[0], states[len(states) // 2], states[-1]):
        view = {**game.view(state, 1), "seat_names": LONG_NAMES[:3]}
        found = legibility.smallest_of_private("tigris", view, lang)
        assert found.css_px >= legibility.READABLE, found


# ---- what changed since the previous board -----------------------------------------------------
def test_pieces_removed_since_the_previous_board_are_ghosts_where_they_stood():
    """Over a whole 4-player game: each tile or leader gone from a square that is empty now
    is a ghost there, and every ghost is such a piece; its square is framed as changed."""
    views = _game(4, 0)
    wars = withdrawals = revolts = 0
    for before, after in itertools.pairwise(views):
        found = tigris.changes(before, after)
        now = tigris._squares_by_piece(after["board"])
        gone_tiles = {
            t["square"]
            for t in before["board"]["tiles"]
            if not t["face_down"] and t["square"] not in now
        }
        gone_leaders = {x["square"] for x in before["board"]["leaders"] if x["square"] not in now}
        assert {t["square"] for t in found["ghosts"]["tiles"]} == gone_tiles
        assert {x["square"] for x in found["ghosts"]["leaders"]} == gone_leaders
        assert gone_tiles | gone_leaders <= set(found["changed"])
        keys = {event["key"] for event in after["events"]}
        if "war_won" in keys and gone_tiles:
            wars += 1
        if "withdraw" in keys:
            withdrawals += 1
            assert gone_leaders
        if "revolt_won" in keys:
            revolts += 1
            assert gone_leaders  # the loser's leader
    assert wars > 0 and withdrawals > 0 and revolts > 0  # the game shows each


def test_a_ghost_is_drawn_only_on_its_own_square():
    views = _game(3, 21)
    for before, after in itertools.pairwise(views):
        found = tigris.changes(before, after)
        if found["ghosts"]["tiles"]:
            break
    else:
        pytest.fail("no tile was removed in the game")
    plain = _image(render_board("tigris", {**after, "changed": []}, "en"))
    ghosts = _image(
        render_board("tigris", {**after, "changed": [], "ghosts": found["ghosts"]}, "en")
    )
    box = ImageChops.difference(plain, ghosts).getbbox()
    assert box is not None
    squares = [t["square"] for t in found["ghosts"]["tiles"]] + [
        x["square"] for x in found["ghosts"]["leaders"]
    ]
    corners = [tigris.square_xy(s) for s in squares]
    assert (
        min(x for x, _ in corners) <= box[0] and box[2] <= max(x for x, _ in corners) + tigris.CELL
    )
    assert (
        min(y for _, y in corners) <= box[1] and box[3] <= max(y for _, y in corners) + tigris.CELL
    )


def test_a_monument_just_built_is_framed_whole():
    views = _game(2, 24)
    for before, after in itertools.pairwise(views):
        if len(after["board"]["monuments"]) > len(before["board"]["monuments"]):
            break
    else:
        pytest.fail("no monument was built")
    new = {m["square"] for m in after["board"]["monuments"]} - {
        m["square"] for m in before["board"]["monuments"]
    }
    marks = tigris.changed_marks({**after, **tigris.changes(before, after)})
    assert [(square, 2) for square in new] == [m for m in marks if m[1] == 2]


def test_without_a_previous_board_the_squares_of_the_last_action_are_framed():
    view = positions.tigris_monuments()
    action = view["last_action"]["action"]
    marks = tigris.changed_marks(view)
    assert marks and all(square in action for square, _ in marks)


def test_a_pending_monument_brackets_its_whole_2x2():
    views = _game(2, 24)
    view = next(v for v in views if (v["pending"] or {}).get("kind") == "monument")
    marks = tigris.pending_marks(view["pending"])
    assert marks and all(span == 2 for _, span in marks)
    image = _image(render_board("tigris", view, "en"))
    x, y = tigris.square_xy(marks[0][0])
    far = (x + 2 * tigris.CELL - 3, y + 2 * tigris.CELL - 3)  # the block's bottom-right corner
    assert image.getpixel(far) in {tigris.P.PENDING, tigris.P.OUTLINE} or _near(
        image.getpixel(far), tigris.P.PENDING
    )


def _near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) < 40


@pytest.mark.parametrize("position", ["tigris_war_pending", "tigris_traders_revolt"])
def test_both_leaders_of_a_revolt_or_war_are_marked(position: str):
    view = getattr(positions, position)()
    pending = view["pending"]
    marked = tigris.fighters(view)
    assert sorted(marked.values()) == ["attacker", "defender"]
    colour = pending["leader_colour"]
    for square, side in marked.items():
        [leader] = [x for x in view["board"]["leaders"] if x["square"] == square]
        assert leader["colour"] == colour
        assert leader["seat"] == pending[side]
    calm = _image(render_board("tigris", {**view, "pending": None}, "en"))
    fight = _image(render_board("tigris", view, "en"))
    for square in marked:  # the ring of the pending colour around each of them
        x, y = tigris.square_xy(square)
        ring = (x + 7, y + tigris.CELL // 2)  # inside a frame of the last action
        assert _near(fight.getpixel(ring), tigris.P.PENDING)
        assert not _near(calm.getpixel(ring), tigris.P.PENDING)


# ---- names -------------------------------------------------------------------------------------
def test_players_are_called_by_their_display_names_with_emoji_shown():
    view = positions.tigris_war_pending()
    with _draw.recording() as drawn:
        render_board("tigris", {**view, "seat_names": ["이서연🌸", "Ayşe", "Bo", "민준"]}, "ko")
    assert {"이서연✿", "Ayşe", "Bo", "민준"} <= set(drawn)
    with _draw.recording() as drawn:
        render_board("tigris", view, "ko")
    assert {"궁수", "황소", "항아리", "사자"} <= set(drawn)  # without names: the dynasties


def test_an_emoji_never_vanishes_from_a_name():
    assert tigris.drawable_name("이서연🌸") == "이서연✿"
    assert tigris.drawable_name("Zed👍🏽") == "Zed◆"
    assert tigris.drawable_name("🇹🇷 Ali") == "◆ Ali"  # a flag: one stand-in
    assert tigris.drawable_name("👨‍👩‍👧 fam") == "◆ fam"  # a family: one stand-in
    assert tigris.drawable_name("❤️ Bo") == "❤ Bo"
    assert _draw.missing_glyphs(tigris.drawable_name("🦄🐉🍕 x", "bold"), "bold") == set()


# ---- the private image after the game -----------------------------------------------------------
def test_the_private_image_tells_the_final_score_once_the_game_is_over():
    game = get_game("tigris")
    states = play(game, 3, 2, keep_states=True).states
    end = game.view(states[-1], 0)
    assert end["game_over"]
    with _draw.recording() as drawn:
        render_private("tigris", end, "en")
    final = end["final"]["final_score"][0]
    assert f"Final score: {final}" in " ".join(drawn)
    assert not [text for text in drawn if "ended now" in text]
    with _draw.recording() as drawn:
        render_private("tigris", game.view(states[len(states) // 2], 0), "en")
    assert "ended now" in " ".join(drawn)
