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
    HEADER_H,
    HEAVY,
    MARGIN,
    PLOT_PAD,
    PLOT_W,
    PLOT_X,
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
    ordinal_rank,
    spread,
)
from renderers.targi import SEAT_TITLES

TARGI_PLOT_H = 380
#: Each player's points carry a shape of their own (Blue round, White square), on the lines
#: and in the labels: the players are told apart without seeing colour.
SHAPES = ("circle", "square")
POINT = 11


def _point(
    draw: ImageDraw.ImageDraw, x: float, y: float, shape: str, fill: P.RGB, size: int = POINT
) -> None:
    box = (x - size / 2, y - size / 2, x + size / 2, y + size / 2)
    if shape == "circle":
        draw.ellipse(box, fill=fill, outline=P.OUTLINE, width=2)
    else:
        draw.rectangle(box, fill=fill, outline=P.OUTLINE, width=2)


def chart(story: dict[str, Any], lang: str) -> Image.Image:
    """Both players' victory points (thick, each round a point in the player's shape, the
    final points at the line's end) and goods (thin) after each round, raids marked, and each
    player's final place and score."""
    players = story["players"]
    turns = int(story["turns"])
    highest = _nice_top(
        max([0] + [max(p["series"][k]) for p in players for k in ("vp", "goods") if p["series"][k]])
    )
    height = HEADER_H + TARGI_PLOT_H + AXIS_H + 2 * MARGIN
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    legend = [
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
    _header(draw, tr(C_("chart image", "Score story"), lang), legend)
    robots = ai_seats_of(story)
    top = HEADER_H + 24
    plot_h = TARGI_PLOT_H - 30
    draw.rectangle((PLOT_X, top, PLOT_X + PLOT_W, top + plot_h), fill=P.SAND, outline=P.SAND_DARK)
    _grid(draw, top, plot_h, highest, turns, P.SAND_DARK)
    for mark in story.get("marks") or []:
        x = _x(mark["turn"], turns)
        draw.line([(x, top), (x, top + plot_h)], fill=P.RAID, width=2)
        draw_text(draw, (x, top - 4), WAR_GLYPH, 16, fill=P.TEXT, anchor="md")
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
    placed = spread([y for y, _ in ends], 26, top + PLOT_PAD, top + plot_h - PLOT_PAD)
    for index, ((_, seat_colour), y, player) in enumerate(zip(ends, placed, players, strict=False)):
        _point(draw, END_X + 7, y, SHAPES[index % len(SHAPES)], P.TARGI_PLAYERS[seat_colour], 14)
        vp = str(player["series"]["vp"][-1])
        draw_text(draw, (END_X + 19, y), vp, 18, "bold", P.TEXT, anchor="lm")
    for index, (seat_colour, player) in enumerate(zip(("blue", "white"), players, strict=False)):
        seat = int(player["seat"])
        y = top + 10 + 130 * index
        _point(
            draw, MARGIN + 7, y + 11, SHAPES[index % len(SHAPES)], P.TARGI_PLAYERS[seat_colour], 14
        )
        series = player["series"]
        lines = [
            tr(C_("chart image", "victory points: {n}", n=series["vp"][-1]), lang),
            tr(C_("chart image", "goods: {n}", n=series["goods"][-1]), lang),
        ]
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
        _player_label(image, MARGIN + 20, y, title, lines, seat in robots, headline)
    _axis(draw, top + plot_h + 4, turns, tr(C_("chart image", "round"), lang))
    return image
