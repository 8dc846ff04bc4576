"""The Targi score story (:func:`renderers.replay.render_chart`): victory points and goods after
each round, and the raids."""

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
    MARGIN,
    PLOT_PAD,
    PLOT_W,
    PLOT_X,
    TEXT,
    THIN,
    WAR_GLYPH,
    WIDTH,
    _axis,
    _grid,
    _header,
    _nice_top,
    _player_label,
    _x,
    _y,
    header_height,
    legend_rows,
    ordinal_rank,
    spread,
)
from renderers.targi import SEAT_TITLES

TARGI_PLOT_H = 330  # with the raids' marks above the plot
MARKS_H = 30
#: Each player's points carry a shape of their own (Blue round, White square), on the lines
#: and in the labels: the players are told apart without seeing colour.
SHAPES = ("circle", "square")
POINT = 12


def _point(
    draw: ImageDraw.ImageDraw, x: float, y: float, shape: str, fill: P.RGB, size: int = POINT
) -> None:
    box = (x - size / 2, y - size / 2, x + size / 2, y + size / 2)
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline=P.OUTLINE, width=2)
    else:
        draw.rectangle(box, fill=fill, outline=P.OUTLINE, width=2)


def legend(lang: str) -> list[str]:
    """The legend's rows as drawn (wrapped) in ``lang``."""
    lines = [
        tr(
            C_(
                "chart image",
                "After each round: victory points (thick line) and goods, dates, salt and "
                "pepper (thin line).",
            ),
            lang,
        ),
        tr(C_("chart image", "{raid} a raid", raid=WAR_GLYPH), lang),
    ]
    return legend_rows(lines)


def chart(story: dict[str, Any], lang: str) -> Image.Image:
    """Both players' victory points (thick, each round a point in the player's shape, the
    final points at the line's end) and goods (thin) after each round, raids marked, and each
    player's final place and score."""
    players = story["players"]
    turns = int(story["turns"])
    highest = _nice_top(
        max([0] + [max(p["series"][k]) for p in players for k in ("vp", "goods") if p["series"][k]])
    )
    rows = legend(lang)
    height = header_height(rows) + TARGI_PLOT_H + AXIS_H
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(draw, tr(C_("chart image", "Score story"), lang), rows)
    robots = ai_seats_of(story)
    top = header_height(rows) + MARKS_H
    plot_h = TARGI_PLOT_H - MARKS_H - 8
    draw.rectangle((PLOT_X, top, PLOT_X + PLOT_W, top + plot_h), fill=P.SAND, outline=P.SAND_DARK)
    _grid(draw, top, plot_h, highest, turns, P.SAND_DARK)
    for mark in story.get("marks") or []:
        x = _x(mark["turn"], turns)
        draw.line([(x, top), (x, top + plot_h)], fill=P.RAID, width=2)
        draw_text(draw, (x, top - 4), WAR_GLYPH, TEXT, fill=P.TEXT, anchor="md")
    ends: list[tuple[float, str]] = []
    for index, (seat_colour, player) in enumerate(zip(("blue", "white"), players, strict=False)):
        fill = P.TARGI_PLAYERS[seat_colour]
        edge = P.TARGI_PLAYER_EDGE[seat_colour]
        shape = SHAPES[index % len(SHAPES)]
        for key, width in (("goods", THIN + 1), ("vp", HEAVY)):
            points = [
                (_x(t, turns), _y(v, top, plot_h, highest))
                for t, v in enumerate(player["series"][key])
            ]
            draw.line(points, fill=edge, width=width + 2, joint="curve")
            draw.line(points, fill=fill, width=width, joint="curve")
            if key == "vp":  # the victory points, each round, in the player's shape
                for x, y in points:
                    _point(draw, x, y, shape, fill)
        ends.append((_y(player["series"]["vp"][-1], top, plot_h, highest), seat_colour))
    placed = spread([y for y, _ in ends], 28, top + PLOT_PAD, top + plot_h - PLOT_PAD)
    for index, ((_, seat_colour), y, player) in enumerate(zip(ends, placed, players, strict=False)):
        _point(draw, END_X + 8, y, SHAPES[index % len(SHAPES)], P.TARGI_PLAYERS[seat_colour], 16)
        vp = str(player["series"]["vp"][-1])
        draw_text(draw, (END_X + 21, y), vp, TEXT, "bold", P.TEXT, anchor="lm")
    for index, (seat_colour, player) in enumerate(zip(("blue", "white"), players, strict=False)):
        seat = int(player["seat"])
        y = top + 10 + 130 * index
        _point(
            draw, MARGIN + 7, y + 11, SHAPES[index % len(SHAPES)], P.TARGI_PLAYERS[seat_colour], 14
        )
        series = player["series"]
        # the score is the victory points; the goods break a tie
        lines = [tr(C_("chart image", "goods: {n}", n=series["goods"][-1]), lang)]
        title = tr(SEAT_TITLES[seat], lang) if seat < len(SEAT_TITLES) else str(seat)
        rank = ordinal_rank(story, seat)
        headline = (
            ""
            if rank is None
            else tr(
                C_(
                    "chart image", "place {rank} · score {score}", rank=rank, score=series["vp"][-1]
                ),
                lang,
            )
        )
        _player_label(image, MARGIN, y, title, lines, seat in robots, headline, indent=24)
    _axis(draw, height - AXIS_H + 4, turns, tr(C_("chart image", "round"), lang))
    return image
