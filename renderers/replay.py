"""After the game: the replay (one board per turn, animated) and the score story (a chart).

``render_replay(game, frames)`` draws each frame (a public view after a turn) exactly as the
board image is drawn and joins them into an animated GIF (or APNG); every frame is reduced to
the 256 colours of the last one, which are the colours the final board image takes, so the last
frame shows exactly the final board. ``render_chart(game, story)`` draws the score story from
plain numbers per turn (``bot.replays.story`` builds them once the game has ended: T&E's hidden
scores are revealed only then). Both are pure functions of their arguments.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import C_, Text, tr
from renderers import palette as P
from renderers import targi, tigris
from renderers._draw import (
    ai_seats_of,
    draw_text,
    fit_size,
    png_bytes,
    robot_sprite,
)
from renderers.indexed import indexed

__all__ = [
    "REPLAY_BUDGET",
    "frame_durations",
    "render_chart",
    "render_replay",
]

#: The whole replay plays in about this long (ms), whatever the number of turns ...
REPLAY_MS = 6000
#: ... each frame shown at least and at most this long (ms) ...
FRAME_MS = (60, 700)
#: ... and the final board held this long before it starts again.
LAST_FRAME_MS = 3000
#: A replay larger than this (bytes) is drawn again at half the size (Discord's own limit is
#: 25 MB; 8 MB stays under the smallest upload limit a server can have had).
REPLAY_BUDGET = 8 * 1024 * 1024

_BOARDS: dict[str, Callable[[dict[str, Any], str], Image.Image]] = {
    "tigris": tigris.board_image,
    "targi": targi.board_image,
}


def frame_durations(frames: int) -> list[int]:
    """Milliseconds per frame: the turns share :data:`REPLAY_MS`, the last frame is held."""
    if frames <= 0:
        return []
    low, high = FRAME_MS
    each = max(low, min(high, REPLAY_MS // max(1, frames - 1)))
    each -= each % 10  # GIF counts in hundredths of a second
    return [each] * (frames - 1) + [LAST_FRAME_MS]


def render_replay(
    game: str, frames: Sequence[dict[str, Any]], lang: str = "en", fmt: str = "gif"
) -> bytes:
    """The animated replay: ``frames`` (public views, one per turn) as GIF or ``"apng"`` bytes.

    Raises ValueError for a seat's own view (a frame is posted in the channel) or no frame.
    """
    if game not in _BOARDS:
        raise ValueError(f"no replay for game {game!r}")
    if not frames:
        raise ValueError("a replay needs at least one turn")
    if any(frame.get("viewer") is not None for frame in frames):
        raise ValueError("a replay is drawn from public views only (viewer None)")
    if fmt not in ("gif", "apng"):
        raise ValueError(f"unknown replay format {fmt!r}")
    images = [_BOARDS[game](frame, lang) for frame in frames]
    data = _animation(images, fmt)
    while len(data) > REPLAY_BUDGET and images[0].width > 200:
        images = [i.resize((i.width // 2, i.height // 2), Image.Resampling.BOX) for i in images]
        data = _animation(images, fmt)
    return data


def _animation(images: Sequence[Image.Image], fmt: str) -> bytes:
    """``images`` joined into one looping animation in the boards' fixed palette, so the last
    frame is, pixel for pixel, the board the channel shows."""
    frames = [indexed(i) for i in images]
    buffer = io.BytesIO()
    durations = frame_durations(len(frames))
    if fmt == "gif":
        frames[0].save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            disposal=1,
        )
    else:
        frames[0].save(
            buffer,
            format="PNG",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            compress_level=1,
        )
    return buffer.getvalue()


# ---- the score story ----------------------------------------------------------------------------

WIDTH = 1200
MARGIN = 16
LABEL_W = 210  # the player's name column left of each plot
PLOT_X = MARGIN + LABEL_W
PLOT_W = WIDTH - PLOT_X - MARGIN - 36  # room for the y labels on the right
HEADER_H = 86
TIGRIS_PANEL_H = 170
TARGI_PLOT_H = 380
AXIS_H = 36
THIN, HEAVY = 2, 7
PLOT_PAD = 6  # pixels between the plot's frame and its 0 and top lines

WAR_GLYPH = "⚔"
REVOLT_GLYPH = "⚑"
TREASURE_GLYPH = "◆"

COLOUR_NAMES: dict[str, Text] = {
    "red": C_("chart image", "red"),
    "blue": C_("chart image", "blue"),
    "green": C_("chart image", "green"),
    "black": C_("chart image", "black"),
}


def render_chart(game: str, story: dict[str, Any], lang: str = "en") -> bytes:
    """PNG of the score story (see ``bot.replays.story`` for its fields)."""
    if game == "tigris":
        return png_bytes(_tigris_chart(story, lang))
    if game == "targi":
        return png_bytes(_targi_chart(story, lang))
    raise ValueError(f"no score story for game {game!r}")


def _x(turn: float, turns: int) -> float:
    return PLOT_X + PLOT_W * turn / max(1, turns)


def _y(value: float, top: int, height: int, highest: int) -> float:
    """Inside the plot with a few pixels to spare, so a heavy line at 0 is not cut."""
    inner = height - 2 * PLOT_PAD
    return top + PLOT_PAD + inner - inner * value / max(1, highest)


def _nice_top(value: int) -> int:
    """The y axis ends at the next multiple of 5 above ``value`` (at least 5)."""
    return max(5, (value + 4) // 5 * 5)


def _header(draw: ImageDraw.ImageDraw, title: str, legend: Sequence[str]) -> None:
    draw_text(draw, (MARGIN, 12), title, 26, "bold", P.TEXT)
    y = 48
    for line in legend:
        size = fit_size(line, WIDTH - 2 * MARGIN, 16)
        draw_text(draw, (MARGIN, y), line, size, fill=P.TEXT_DIM)
        y += 20


def _grid(
    draw: ImageDraw.ImageDraw, top: int, height: int, highest: int, turns: int, line: P.RGB
) -> None:
    """Horizontal lines every 5 points (labelled on the right), vertical ones every 5 turns."""
    for value in range(0, highest + 1, 5):
        y = _y(value, top, height, highest)
        draw.line([(PLOT_X, y), (PLOT_X + PLOT_W, y)], fill=line, width=1)
        draw_text(draw, (PLOT_X + PLOT_W + 6, y), str(value), 13, fill=P.TEXT_DIM, anchor="lm")
    step = 5 if turns <= 60 else 10
    for turn in range(step, turns + 1, step):
        x = _x(turn, turns)
        draw.line([(x, top), (x, top + height)], fill=line, width=1)


def _axis(draw: ImageDraw.ImageDraw, y: int, turns: int, label: str) -> None:
    """Turn numbers under the last plot and what they count."""
    step = 5 if turns <= 60 else 10
    for turn in [1, *range(step, turns + 1, step)]:
        draw_text(draw, (_x(turn, turns), y + 4), str(turn), 13, fill=P.TEXT_DIM, anchor="ma")
    draw_text(draw, (PLOT_X + PLOT_W, y + 20), label, 14, fill=P.TEXT_DIM, anchor="ra")


def _player_label(
    image: Image.Image, x: int, y: int, title: str, lines: Sequence[str], robot: bool
) -> None:
    """A player's name (with the robot mark for an AI seat) and a line or two under it."""
    draw = ImageDraw.Draw(image)
    width = LABEL_W - 16
    if robot:
        image.paste(robot_sprite(22), (x, y), robot_sprite(22))
        x, width = x + 28, width - 28
    draw_text(draw, (x, y + 2), title, fit_size(title, width, 20), "bold", P.TEXT)
    for i, line in enumerate(lines):
        draw_text(draw, (x, y + 30 + 20 * i), line, fit_size(line, width, 15), fill=P.TEXT_DIM)


def _tigris_chart(story: dict[str, Any], lang: str) -> Image.Image:
    """Per player a plot of the four colours' points after each turn, the weakest colour heavy
    (it decides the game), the treasures taken, and the wars and revolts the player fought."""
    players = story["players"]
    turns = int(story["turns"])
    colours = tigris.COLOURS
    highest = _nice_top(
        max([0] + [max(p["series"][c]) for p in players for c in colours if p["series"][c]])
    )
    height = HEADER_H + TIGRIS_PANEL_H * len(players) + AXIS_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    legend = [
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
                "{treasure} treasure taken   {war} war   {revolt} revolt",
                treasure=TREASURE_GLYPH,
                war=WAR_GLYPH,
                revolt=REVOLT_GLYPH,
            ),
            lang,
        ),
    ]
    _header(draw, tr(C_("chart image", "Score story"), lang), legend)
    robots = ai_seats_of(story)
    marks = story.get("marks") or []
    for index, player in enumerate(players):
        seat = int(player["seat"])
        top = HEADER_H + TIGRIS_PANEL_H * index + 8
        plot_h = TIGRIS_PANEL_H - 40
        series = player["series"]
        final = [f"{tr(COLOUR_NAMES[c], lang)} {series[c][-1]}" for c in colours]
        treasures = tr(C_("chart image", "treasures: {n}", n=series["treasures"][-1]), lang)
        name = tigris._name(str(player.get("dynasty", "")), lang)
        _player_label(
            image,
            MARGIN,
            top + 4,
            name,
            [", ".join(final[:2]), ", ".join(final[2:]), treasures],
            seat in robots,
        )
        plot_top = top + 24
        draw.rectangle(
            (PLOT_X, plot_top, PLOT_X + PLOT_W, plot_top + plot_h), fill=P.LAND, outline=P.LAND_GRID
        )
        _grid(draw, plot_top, plot_h, highest, turns, P.LAND_GRID)
        for mark in marks:
            if seat not in mark["seats"] or mark["kind"] == "treasure":
                continue
            x = _x(mark["turn"], turns)
            draw.line([(x, plot_top), (x, plot_top + plot_h)], fill=P.CORNER_FRAME, width=1)
            glyph = WAR_GLYPH if mark["kind"] == "war" else REVOLT_GLYPH
            draw_text(draw, (x, top + 20), glyph, 16, fill=P.TEXT, anchor="md")
        _tigris_lines(draw, series, plot_top, plot_h, highest, turns)
        for mark in marks:
            if mark["kind"] == "treasure" and seat in mark["seats"]:
                x = _x(mark["turn"], turns)
                draw_text(
                    draw,
                    (x, plot_top + plot_h - 2),
                    TREASURE_GLYPH,
                    16,
                    fill=P.TREASURE,
                    anchor="md",
                    stroke_width=1,
                    stroke_fill=P.TREASURE_EDGE,
                )
    _axis(draw, height - AXIS_H - MARGIN + 4, turns, tr(C_("chart image", "turn"), lang))
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
    colours = tigris.COLOURS
    for colour in colours:
        points = [(_x(t, turns), _y(v, top, height, highest)) for t, v in enumerate(series[colour])]
        draw.line(points, fill=P.TIGRIS_COLOURS[colour], width=THIN, joint="curve")
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


def _targi_chart(story: dict[str, Any], lang: str) -> Image.Image:
    """Both players' victory points (thick) and goods (thin) after each round, raids marked."""
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
    for seat_colour, player in zip(("blue", "white"), players, strict=False):
        fill = P.TARGI_PLAYERS[seat_colour]
        edge = P.TARGI_PLAYER_EDGE[seat_colour]
        for key, width in (("goods", THIN + 1), ("vp", HEAVY)):
            points = [
                (_x(t, turns), _y(v, top, plot_h, highest))
                for t, v in enumerate(player["series"][key])
            ]
            draw.line(points, fill=edge, width=width + 2, joint="curve")
            draw.line(points, fill=fill, width=width, joint="curve")
    for index, (seat_colour, player) in enumerate(zip(("blue", "white"), players, strict=False)):
        seat = int(player["seat"])
        y = top + 10 + 110 * index
        swatch = (MARGIN, y + 4, MARGIN + 14, y + 18)
        draw.rectangle(swatch, fill=P.TARGI_PLAYERS[seat_colour], outline=P.OUTLINE)
        series = player["series"]
        lines = [
            tr(C_("chart image", "victory points: {n}", n=series["vp"][-1]), lang),
            tr(C_("chart image", "goods: {n}", n=series["goods"][-1]), lang),
        ]
        title = tr(targi.SEAT_TITLES[seat], lang) if seat < len(targi.SEAT_TITLES) else str(seat)
        _player_label(image, MARGIN + 20, y, title, lines, seat in robots)
    _axis(draw, top + plot_h + 4, turns, tr(C_("chart image", "round"), lang))
    return image
