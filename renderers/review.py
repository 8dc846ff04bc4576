"""The post-game review's chart: each player's estimated chance to win, turn by turn; and its
turning points' stills drawn in one go (:func:`render_stills`).

``render_review_chart(series, names, lang)`` is a pure function of plain numbers
(``series[seat][n]`` the chance after turn ``n``, 0 the deal) to PNG bytes. The lines are told
apart without colour: each player has a dash pattern and a marker shape of its own, repeated
in the legend and at the line's end.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

import renderers
from bot.i18n import C_, tr
from renderers import palette as P
from renderers._draw import clipped, draw_text, png_bytes

__all__ = ["MARKERS", "render_review_chart", "render_stills", "split_stills"]

WIDTH = 1000
MARGIN = 24
TITLE = 34
TEXT = 26
LEGEND_ROW = 40
PLOT_H = 420
AXIS_H = 84
LEFT = 92
RIGHT = 150
#: Per seat: (dash length, gap) in pixels (0: solid) and the marker's shape.
DASHES = ((0, 0), (18, 10), (4, 8), (24, 8))
MARKERS = ("circle", "triangle", "square", "diamond")
INK = P.TEXT_DARK


def _dashed(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    dash: tuple[int, int],
    width: int,
) -> None:
    """A polyline, solid or dashed (the pattern runs on across the corners)."""
    on, off = dash
    if on == 0:
        draw.line(list(points), fill=INK, width=width, joint="curve")
        return
    phase = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        at = 0.0
        while at < length:
            period = phase % (on + off)
            step = (on - period) if period < on else (on + off - period)
            end = min(length, at + step)
            if period < on and length:
                a, b = at / length, end / length
                draw.line(
                    [
                        (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    ],
                    fill=INK,
                    width=width,
                )
            phase += end - at
            at = end


def _marker(draw: ImageDraw.ImageDraw, x: float, y: float, shape: str, r: float) -> None:
    """A marker in ink with a light core, so crossing lines keep their shapes apart."""
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=P.LAND, outline=INK, width=3)
    elif shape == "triangle":
        draw.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=INK)
    elif shape == "square":
        draw.rectangle((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8), fill=INK)
    else:
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=P.LAND, outline=INK)


def render_review_chart(
    series: Sequence[Sequence[float]], names: Sequence[str], lang: str
) -> bytes:
    """The chance-to-win chart as PNG bytes in ``lang`` (one line per player)."""
    seats = len(series)
    turns = max(1, max(len(s) for s in series) - 1)
    legend_h = LEGEND_ROW * ((seats + 1) // 2)
    top = MARGIN + TITLE + 16 + legend_h + 12
    height = top + PLOT_H + AXIS_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = tr(C_("chart image", "Estimated chance to win, turn by turn"), lang)
    draw_text(draw, (MARGIN, MARGIN), title, TITLE, "bold", fill=P.TEXT)
    column = (WIDTH - 2 * MARGIN) // 2
    for seat, name in enumerate(names):
        x = MARGIN + column * (seat % 2)
        y = MARGIN + TITLE + 16 + LEGEND_ROW * (seat // 2) + LEGEND_ROW // 2
        draw.rectangle((x, y - 16, x + 96, y + 16), fill=P.LAND)
        _dashed(draw, [(x + 6, y), (x + 90, y)], DASHES[seat % 4], 4)
        _marker(draw, x + 48, y, MARKERS[seat % 4], 9)
        shown = clipped(name, column - 120, TEXT)
        draw_text(draw, (x + 108, y), shown, TEXT, fill=P.TEXT, anchor="lm")
    left, right = LEFT, WIDTH - RIGHT
    draw.rectangle((left, top, right, top + PLOT_H), fill=P.LAND, outline=P.LAND_GRID)

    def at(turn: int, chance: float) -> tuple[float, float]:
        return left + (right - left) * turn / turns, top + PLOT_H * (1.0 - chance)

    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        grid_y = top + PLOT_H * (1.0 - tick)
        draw.line([(left, grid_y), (right, grid_y)], fill=P.LAND_GRID, width=2)
        draw_text(
            draw, (left - 10, grid_y), f"{round(tick * 100)}%", TEXT, fill=P.TEXT, anchor="rm"
        )
    step = max(1, -(-turns // 8))
    for turn in range(0, turns + 1, step):
        tick_x = at(turn, 0)[0]
        draw_text(draw, (tick_x, top + PLOT_H + 8), str(turn), TEXT, fill=P.TEXT, anchor="ma")
    axis = tr(C_("chart image", "turn"), lang)
    draw_text(draw, (WIDTH // 2, height - MARGIN), axis, TEXT, fill=P.TEXT_DIM, anchor="md")
    every = max(1, turns // 12)
    ends = []
    for seat, values in enumerate(series):
        points = [at(turn, chance) for turn, chance in enumerate(values)]
        _dashed(draw, points, DASHES[seat % 4], 4)
        for turn in range(0, len(points), every):
            _marker(draw, *points[turn], MARKERS[seat % 4], 7)
        _marker(draw, *points[-1], MARKERS[seat % 4], 10)
        ends.append((points[-1][1], seat))
    # The names at the lines' ends, pushed apart where lines end together (a 0% for two).
    placed = -1e9
    for end_y, seat in sorted(ends):
        placed = max(end_y, placed + TEXT + 4)
        label = clipped(names[seat] if seat < len(names) else "", RIGHT - 24, TEXT)
        draw_text(draw, (right + 16, placed), label, TEXT, fill=P.TEXT, anchor="lm")
    return png_bytes(image)


def render_stills(game: str, views: Sequence[dict[str, Any]], lang: str) -> bytes:
    """The boards of a review's turning points (public views, localized), drawn in one call:
    the review's long lane draws them as one job, so they do not queue one by one behind other
    reviews. Each PNG is preceded by its length (4 bytes); :func:`split_stills` parts them."""
    out = bytearray()
    for view in views:
        png = renderers.render_board(game, view, lang, None)
        out += len(png).to_bytes(4, "big") + png
    return bytes(out)


def split_stills(data: bytes) -> list[bytes]:
    """The PNGs :func:`render_stills` drew, in order."""
    found, at = [], 0
    while at < len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        found.append(data[at + 4 : at + 4 + size])
        at += 4 + size
    return found
