"""Boards redrawn in part are the boards a full redraw gives, byte for byte.

Random games of both games, every position from the first to the last, each language: the
board drawn from the table's previous board (``render_board(..., table=...)``) equals the board
drawn from nothing. The AI mark comes and goes on some tables, the language changes between
tables, and the cache is emptied now and then, so every path of ``renderers.incremental`` runs;
most T&E boards carry what changed since the one before (ghosts and frames), some the players'
display names, as the bot draws them.
"""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

from bot import presenters
from bot.games import get_game
from bot.games.playout import play
from renderers import images, incremental, indexed, render_board
from tests.renderers.golden import mean_difference, strongly_changed_pixels
from tests.renderers.positions import targi_end, targi_mid_game, tigris_war_pending

GAMES = [
    ("tigris", 2, 11),
    ("tigris", 3, 21),
    ("tigris", 4, 12),
    ("targi", 2, 13),
    ("targi", 2, 23),
]


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
@pytest.mark.parametrize(("game_name", "seats", "seed"), GAMES)
def test_a_board_redrawn_in_part_is_the_full_board(game_name, seats, seed, lang):
    incremental.forget()
    game = get_game(game_name)
    rng = random.Random(seed)
    states = play(game, seats, seed, keep_states=True).states
    redrawn = 0
    changes = getattr(images(game_name), "changes", None)
    previous = None
    for number, state in enumerate(states):
        view = presenters.localize_view(game_name, game.view(state, None), lang=lang)
        if changes is not None and previous is not None and rng.random() < 0.8:
            view = {**view, **changes(previous, view)}  # the ghosts and frames of the move
        previous = view
        if rng.random() < 0.1:  # a seat handed to the AI or back: the panel's robot mark
            view = {**view, "ai_seats": [rng.randrange(seats)]}
        if rng.random() < 0.2:  # the players' display names, or their dynasties
            view = {**view, "seat_names": [f"이서연🌸{n}" for n in range(seats)]}
        if rng.random() < 0.03:
            incremental.forget()
        full = render_board(game_name, view, lang)
        assert render_board(game_name, view, lang, table="t") == full, f"position {number}"
        redrawn += 1
    assert redrawn == len(states) > 50


def test_an_open_scoring_board_redrawn_in_part_is_the_full_board():
    """Open scoring gives T&E's player boxes a row of points (a taller image)."""
    incremental.forget()
    game = get_game("tigris")
    states = play(game, 3, 31, options={"open_scoring": True}, keep_states=True).states
    changes = images("tigris").changes
    previous = None
    for number, state in enumerate(states[::3]):
        view = game.view(state, None)
        shown = view if previous is None else {**view, **changes(previous, view)}
        previous = view
        full = render_board("tigris", shown, "tr")
        assert render_board("tigris", shown, "tr", table="open") == full, f"position {number}"


def test_a_table_in_another_language_or_a_new_table_is_drawn_in_full():
    incremental.forget()
    view = tigris_war_pending()
    english = render_board("tigris", view, "en", table=1)
    assert render_board("tigris", view, "ko", table=1) == render_board("tigris", view, "ko")
    assert render_board("tigris", view, "en", table=2) == english
    assert render_board("tigris", view, "en", table=2) == english  # nothing changed


def test_only_the_cells_a_move_changed_are_redrawn():
    incremental.forget()
    game = get_game("tigris")
    states = play(game, 2, 5, keep_states=True).states
    before, after = (game.view(s, None) for s in states[10:12])
    render_board("tigris", before, "en", table=1)
    dirty: set[object] = set()
    plan = incremental.PLANS["tigris"]
    original = plan.draw

    def spy(image, view, lang, cells):
        dirty.update(cells)
        original(image, view, lang, cells)

    incremental.PLANS["tigris"] = incremental.Plan(plan.base, plan.full, plan.cells, spy)
    try:
        assert render_board("tigris", after, "en", table=1) == render_board("tigris", after, "en")
    finally:
        incremental.PLANS["tigris"] = plan
    squares = {cell for cell in dirty if isinstance(cell, tuple)}
    assert "panel" in dirty
    assert 1 <= len(squares) <= 20  # a tile placed, the frames moved: not 176 squares


def test_the_adler32_of_joined_bands_is_the_adler32_of_the_whole():
    rng = random.Random(1)
    for _ in range(200):
        first = rng.randbytes(rng.randrange(0, 3000))
        second = rng.randbytes(rng.randrange(0, 200_000))
        joined = indexed.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert joined == zlib.adler32(first + second)


def test_the_png_holds_each_pixel_s_nearest_palette_colour():
    image = Image.open(io.BytesIO(render_board("tigris", tigris_war_pending(), "en"))).convert(
        "RGB"
    )
    drawn = incremental.PLANS["tigris"].full(tigris_war_pending(), "en")
    png = indexed.png_bytes(drawn)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P" and decoded.getpalette()[: 3 * 256] == list(indexed.PALETTE)
    assert decoded.tobytes() == indexed.indexed(drawn).tobytes()
    assert decoded.convert("RGB").tobytes() == image.tobytes()
    # the fixed palette stays close to the drawing: no visible change, no colour lost
    assert mean_difference(decoded.convert("RGB"), drawn) < 0.8
    assert strongly_changed_pixels(decoded.convert("RGB"), drawn) == 0


@pytest.mark.parametrize("weight", ["regular", "bold", "condensed"])
def test_a_text_drawn_from_a_kept_mask_is_the_text_drawn_afresh(weight):
    from PIL import ImageDraw, ImageFont

    from renderers._draw import FONT_DIR, FONT_FILES, font, hangul_font

    rng = random.Random(weight)
    texts = ["Turn 12", "Bag: 41 tiles", "▶ to act", "Ann (you)", "Çağrı ışık", "♐ ♉ ⚱ ♌"]
    for _ in range(3):  # the second and third time come from the kept masks
        for text in texts:
            size = rng.choice([14, 17, 19, 24])
            xy = (rng.uniform(0, 40), rng.uniform(0, 20))
            anchor = rng.choice(["la", "mm", "ra", "ls", "lm"])
            stroke = rng.choice([0, 0, 1])
            fresh = ImageFont.truetype(
                str(FONT_DIR / FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC
            )
            images = []
            for face in (font(size, weight), fresh):
                image = Image.new("RGB", (300, 60), (20, 30, 40))
                ImageDraw.Draw(image).text(
                    xy, text, font=face, fill=(250, 240, 230), anchor=anchor, stroke_width=stroke
                )
                images.append(image.tobytes())
            assert images[0] == images[1], (text, size, xy, anchor, stroke)
    korean = Image.new("RGB", (300, 60))
    ImageDraw.Draw(korean).text((3.5, 4.25), "차례 3", font=hangul_font(20, weight))
    assert korean.getbbox() is not None


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
def test_camp_cards_pasted_from_tiles_are_the_cards_drawn_in_place(lang, monkeypatch):
    """Targi's panel pastes each camp card drawn once per process: pixel for pixel what drawing
    it in place gives, on both players' boxes (the one to act has another fill)."""
    from renderers import targi

    game = get_game("targi")
    views = [targi_mid_game(), targi_end()]  # full camps (random play displays few cards)
    for seed in (13, 23):
        views += [game.view(s, None) for s in play(game, 2, seed, keep_states=True).states[::4]]
    for number, view in enumerate(views):
        view = presenters.localize_view("targi", view, lang=lang)
        monkeypatch.setattr(targi, "CAMP_TILES", True)
        pasted = targi.board_image(view, lang).tobytes()
        monkeypatch.setattr(targi, "CAMP_TILES", False)
        assert targi.board_image(view, lang).tobytes() == pasted, f"view {number}"
    assert len({key[0] for key in targi._MINI_TILES}) > 10  # many cards, pasted from tiles
