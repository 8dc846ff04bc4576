"""The T&E score story (:func:`renderers.replay.render_chart`): per player the four colours'
points after each turn, the treasures, and the wars and revolts fought."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, tr
from renderers import palette as P
from renderers._draw import ai_seats_of, draw_text
from renderers.replay import (
    AXIS_H,
    END_X,
    HEAVY,
    LOST_GLYPH,
    MARGIN,
    PLOT_W,
    PLOT_X,
    TEXT,
    WAR_GLYPH,
    WIDTH,
    WON_GLYPH,
    _axis,
    _grid,
    _header,
    _nice_top,
    _player_label,
    _x,
    _y,
    conflict_mark,
    dashed_line,
    header_height,
    legend_rows,
    ordinal_rank,
    spread,
)
from renderers.tigris import COLOURS, _name, final_score_now, tile_sprite

#: One player's band: the name column beside the plot, the conflicts' marks above it.
TIGRIS_PANEL_H = 132
MARKS_H = 28  # above the plot: the conflicts' glyphs
PLOT_H = TIGRIS_PANEL_H - MARKS_H - 8
REVOLT_GLYPH = "⚑"
TREASURE_GLYPH = "◆"
#: Each colour's line has a dash pattern of its own (and its tile at its end): the four are
#: told apart without seeing colour.
DASHES: dict[str, tuple[int, ...]] = {
    "red": (),
    "blue": (14, 6),
    "green": (3, 5),
    "black": (14, 5, 3, 5),
}
LINE_W = 3
END_TILE = 22


def legend(lang: str) -> list[str]:
    """The legend's rows as drawn (wrapped) in ``lang``."""
    lines = [
        tr(
            C_(
                "chart image",
                "Points per colour after each turn; the thick line is the weakest colour, "
                "which decides.",
            ),
            lang,
        ),
        tr(
            C_(
                "chart image",
                "{treasure} treasure taken   {war} war   {revolt} revolt   {won} won   {lost} lost",
                treasure=TREASURE_GLYPH,
                war=WAR_GLYPH,
                revolt=REVOLT_GLYPH,
                won=WON_GLYPH,
                lost=LOST_GLYPH,
            ),
            lang,
        ),
    ]
    return legend_rows(lines)


def panel_top(lang: str, index: int) -> int:
    """Where player ``index``'s band begins (the plot is :data:`MARKS_H` lower)."""
    return header_height(legend(lang)) + TIGRIS_PANEL_H * index


def chart(story: dict[str, Any], lang: str) -> Image.Image:
    """Per player a plot of the four colours' points after each turn (each its own dash pattern
    and its tile with its final points at the line's end), the weakest colour heavy (it decides
    the game), the treasures taken, the wars and revolts the player won (▲) and lost (▽), and
    the player's final place and score."""
    players = story["players"]
    turns = int(story["turns"])
    colours = COLOURS
    highest = _nice_top(
        max([0] + [max(p["series"][c]) for p in players for c in colours if p["series"][c]])
    )
    rows = legend(lang)
    height = header_height(rows) + TIGRIS_PANEL_H * len(players) + AXIS_H
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(draw, tr(C_("chart image", "Score story"), lang), rows)
    robots = ai_seats_of(story)
    marks = story.get("marks") or []
    for index, player in enumerate(players):
        seat = int(player["seat"])
        top = panel_top(lang, index)
        series = player["series"]
        treasures = tr(C_("chart image", "treasures: {n}", n=series["treasures"][-1]), lang)
        name = _name(str(player.get("dynasty", "")), lang)
        score = final_score_now({c: series[c][-1] for c in colours}, series["treasures"][-1])
        rank = ordinal_rank(story, seat)
        headline = (
            ""
            if rank is None
            else tr(C_("chart image", "place {rank} · score {score}", rank=rank, score=score), lang)
        )
        _player_label(image, MARGIN, top + 4, name, [treasures], seat in robots, headline)
        plot_top = top + MARKS_H
        draw.rectangle(
            (PLOT_X, plot_top, PLOT_X + PLOT_W, plot_top + PLOT_H), fill=P.LAND, outline=P.LAND_GRID
        )
        _grid(draw, plot_top, PLOT_H, highest, turns, P.LAND_GRID)
        for mark in marks:
            if seat not in mark["seats"] or mark["kind"] == "treasure":
                continue
            glyph = WAR_GLYPH if mark["kind"] == "war" else REVOLT_GLYPH
            won = seat in (mark.get("won") or [])
            conflict_mark(draw, _x(mark["turn"], turns), plot_top, PLOT_H, glyph, won)
        _tigris_lines(draw, series, plot_top, PLOT_H, highest, turns)
        for mark in marks:
            if mark["kind"] == "treasure" and seat in mark["seats"]:
                x = _x(mark["turn"], turns)
                draw_text(
                    draw,
                    (x, plot_top + PLOT_H - 2),
                    TREASURE_GLYPH,
                    TEXT,
                    fill=P.TREASURE,
                    anchor="md",
                    stroke_width=1,
                    stroke_fill=P.TREASURE_EDGE,
                )
        _end_labels(image, series, plot_top, PLOT_H, highest)
    _axis(draw, height - AXIS_H + 4, turns, tr(C_("chart image", "turn"), lang))
    return image


def _tigris_lines(
    draw: ImageDraw.ImageDraw,
    series: dict[str, list[int]],
    top: int,
    height: int,
    highest: int,
    turns: int,
) -> None:
    """The four colours thin, then the weakest colour heavy, each stretch in the colour that
    was the weakest when the turn ended."""
    colours = COLOURS
    for colour in colours:
        points = [(_x(t, turns), _y(v, top, height, highest)) for t, v in enumerate(series[colour])]
        dashed_line(draw, points, P.TIGRIS_COLOURS[colour], LINE_W, DASHES[colour])
    for turn in range(1, len(series[colours[0]])):
        weakest = min(colours, key=lambda c: series[c][turn])
        before = min(series[c][turn - 1] for c in colours)
        now = series[weakest][turn]
        draw.line(
            [
                (_x(turn - 1, turns), _y(before, top, height, highest)),
                (_x(turn, turns), _y(now, top, height, highest)),
            ],
            fill=P.TIGRIS_COLOURS[weakest],
            width=HEAVY,
            joint="curve",
        )


def _end_labels(
    image: Image.Image, series: dict[str, list[int]], top: int, height: int, highest: int
) -> None:
    """Right of the plot, at the height where each colour's line ends: its tile (the colour's
    symbol) and its final points, moved apart where lines end together."""
    draw = ImageDraw.Draw(image)
    wanted = [_y(series[c][-1], top, height, highest) for c in COLOURS]
    half = END_TILE / 2
    placed = spread(wanted, END_TILE + 2, top - MARKS_H + half + 2, top + height + half)
    for colour, y in zip(COLOURS, placed, strict=True):
        tile = tile_sprite(colour, END_TILE)
        image.paste(tile, (END_X, round(y - half)), tile)
        value = str(series[colour][-1])
        draw_text(draw, (END_X + END_TILE + 5, y), value, TEXT, "bold", P.TEXT, anchor="lm")
