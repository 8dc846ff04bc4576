"""After the game: the replay (one board per turn, animated) and the score story (a chart).

``render_replay(game, frames)`` draws each frame (a public view after a turn) exactly as the
board image is drawn and joins them into an animated GIF (or APNG); every frame is reduced to
the 256 colours of the last one, which are the colours the final board image takes, so the last
frame shows exactly the final board. ``render_chart(game, story)`` draws the score story from
plain numbers per turn (``bot.replays.story`` builds them once the game has ended: T&E's hidden
scores are revealed only then). Both are pure functions of their arguments.
"""

from __future__ import annotations

import importlib
import io
import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot import titles
from bot.i18n import C_, tr
from renderers import palette as P
from renderers._draw import (
    draw_text,
    fit_size,
    png_bytes,
    robot_sprite,
    wrap,
)
from renderers.indexed import indexed

__all__ = [
    "REPLAY_BUDGET",
    "conflict_mark",
    "dashed_line",
    "frame_durations",
    "header_height",
    "legend_rows",
    "ordinal_rank",
    "render_chart",
    "render_replay",
    "render_turn",
    "replay_frame",
    "spread",
    "turn_caption",
]

#: Each frame shows one turn this long (ms): slow enough to see what the turn changed ...
FRAME_MS = 900
#: ... but a long game's replay plays in at most about this long (ms), each frame then shown
#: no shorter than :data:`SHORTEST_FRAME_MS` (a pace a person follows) ...
REPLAY_MS = 60_000
SHORTEST_FRAME_MS = 400
#: ... and the final board held this long before it starts again.
LAST_FRAME_MS = 3000
#: A replay larger than this (bytes) is drawn again at half the size (Discord's own limit is
#: 25 MB; 8 MB stays under the smallest upload limit a server can have had).
REPLAY_BUDGET = 8 * 1024 * 1024
#: The band above each frame with "turn N of M", tall enough to read at a phone's ~400 px.
BANNER_H = 76
BANNER_TEXT = 52
#: The squares a turn changed are framed in this colour on its frame.
CHANGED: P.RGB = P.ACCENT


def frame_durations(frames: int) -> list[int]:
    """Milliseconds per frame: :data:`FRAME_MS` each (less in a long game, never under
    :data:`SHORTEST_FRAME_MS`), the last frame held."""
    if frames <= 0:
        return []
    each = max(SHORTEST_FRAME_MS, min(FRAME_MS, REPLAY_MS // max(1, frames - 1)))
    each -= each % 10  # GIF counts in hundredths of a second
    return [each] * (frames - 1) + [LAST_FRAME_MS]


def turn_caption(game: str, number: int, total: int, lang: str) -> str:
    """ "Turn 3 of 21" (Targi: "Round 3 of 12"), as the banner and the caption write it."""
    if titles.title(game) is not None and titles.title(game).replay.turn_key == "round":  # type: ignore[union-attr]
        return tr(C_("replay", "Round {n} of {total}", n=number, total=total), lang)
    return tr(C_("replay", "Turn {n} of {total}", n=number, total=total), lang)


def render_replay(
    game: str,
    frames: Sequence[dict[str, Any]],
    lang: str = "en",
    fmt: str = "gif",
    turns: Sequence[int] | None = None,
    changed: Sequence[Sequence[str]] | None = None,
) -> bytes:
    """The animated replay: ``frames`` (public views) as GIF or ``"apng"`` bytes, each under a
    banner naming its turn (``turns[i]``, default one turn per frame) with the squares
    ``changed[i]`` framed.

    Drawn one frame at a time: each board is reduced to palette indices as soon as it is drawn,
    so a long game's replay holds a byte per pixel per frame, not the four of a drawing.
    Raises ValueError for a seat's own view (a frame is posted in the channel) or no frame.
    """
    if titles.title(game) is None:
        raise ValueError(f"no replay for game {game!r}")
    if not frames:
        raise ValueError("a replay needs at least one turn")
    if any(frame.get("viewer") is not None for frame in frames):
        raise ValueError("a replay is drawn from public views only (viewer None)")
    if fmt not in ("gif", "apng"):
        raise ValueError(f"unknown replay format {fmt!r}")
    numbers = list(turns) if turns is not None else list(range(1, len(frames) + 1))
    if len(numbers) != len(frames):
        raise ValueError("one turn number per frame")
    marked = list(changed) if changed is not None else [[] for _ in frames]
    total = max(numbers)

    def drawn(halve: bool) -> Iterator[Image.Image]:
        for frame, number, squares in zip(frames, numbers, marked, strict=True):
            image = replay_frame(game, frame, number, total, squares, lang)
            if halve:
                image = image.resize((image.width // 2, image.height // 2), Image.Resampling.BOX)
            yield indexed(image)  # the drawing (RGB) is dropped here

    data = _animation(drawn(False), len(frames), fmt)
    if len(data) > REPLAY_BUDGET:
        data = _animation(drawn(True), len(frames), fmt)
    return data


def replay_frame(
    game: str,
    view: dict[str, Any],
    number: int,
    total: int,
    changed: Sequence[str],
    lang: str,
) -> Image.Image:
    """One frame: the board as the channel shows it, the ``changed`` squares framed, under a
    banner "turn ``number`` of ``total``"."""
    import renderers

    module = renderers.images(game)
    board = module.board_image(view, lang)
    # A title whose board is a grid of squares says where one is (``square_xy``, ``CELL``).
    locate, cell = getattr(module, "square_xy", None), getattr(module, "CELL", None)
    if changed and callable(locate) and isinstance(cell, int):
        draw = ImageDraw.Draw(board)
        for square in changed:
            x, y = locate(square)
            draw.rectangle((x + 1, y + 1, x + cell - 2, y + cell - 2), outline=P.OUTLINE, width=7)
            draw.rectangle((x + 2, y + 2, x + cell - 3, y + cell - 3), outline=CHANGED, width=4)
    image = Image.new("RGB", (board.width, board.height + BANNER_H), P.BACKGROUND)
    image.paste(board, (0, BANNER_H))
    caption = turn_caption(game, number, total, lang)
    draw = ImageDraw.Draw(image)
    size = fit_size(caption, board.width - 2 * MARGIN, BANNER_TEXT, "bold")
    draw_text(draw, (MARGIN, BANNER_H // 2), caption, size, "bold", P.TEXT, anchor="lm")
    return image


def render_turn(
    game: str,
    view: dict[str, Any],
    number: int,
    total: int,
    changed: Sequence[str],
    lang: str = "en",
) -> bytes:
    """One turn's still as PNG bytes: its replay frame (the board after it under the banner
    "turn ``number`` of ``total``", the squares it changed framed)."""
    if view.get("viewer") is not None:
        raise ValueError("a replay is drawn from public views only (viewer None)")
    return png_bytes(replay_frame(game, view, number, total, changed, lang))


def _animation(frames: Iterator[Image.Image], count: int, fmt: str) -> bytes:
    """``count`` frames (palette indices, drawn as the encoder asks for them: never all at
    once) joined into one looping animation in the boards' fixed palette, so the last frame
    is, pixel for pixel, the board the channel shows."""
    buffer = io.BytesIO()
    durations = frame_durations(count)
    first = next(frames)
    if fmt == "gif":
        first.save(
            buffer,
            format="GIF",
            save_all=True,
            append_images=frames,
            duration=durations,
            loop=0,
            disposal=1,
        )
    else:  # APNG reads its frames twice (sizes first): only the bench draws one, to compare
        rest = list(frames)
        first.save(
            buffer,
            format="PNG",
            save_all=True,
            append_images=rest,
            duration=durations,
            loop=0,
            compress_level=1,
        )
    return buffer.getvalue()


# ---- the score story ----------------------------------------------------------------------------

# Drawn for the size Discord shows an image on a phone, fitted into about 400x400 CSS px: at 800
# px wide (and at most 800 tall for four T&E players) every text a player reads is at least
# TEXT px = 11 CSS px.
WIDTH = 800
MARGIN = 14
TEXT = 22  # legend, labels, numbers
NAME = 26  # a player's name and their final place and score
SMALLEST = 20  # a label too long is shrunk down to this, never further (10 CSS px)
LABEL_W = 240  # the player's name column left of each plot
PLOT_X = MARGIN + LABEL_W
Y_LABELS_W = 36  # the y labels right of each plot
END_LABELS_W = 66  # then each line's label at its end (its marker and final value)
PLOT_W = WIDTH - PLOT_X - MARGIN - Y_LABELS_W - END_LABELS_W
END_X = PLOT_X + PLOT_W + Y_LABELS_W
AXIS_H = 58
THIN, HEAVY = 2, 7
PLOT_PAD = 6  # pixels between the plot's frame and its 0 and top lines
LEGEND_Y = 52  # the legend's first row, under the title
LEGEND_ROW = 27

WAR_GLYPH = "⚔"
#: A conflict the player won is marked ▲ on a solid line, one they lost ▽ on a dashed line:
#: told apart by shape, not colour.
WON_GLYPH = "▲"
LOST_GLYPH = "▽"


def render_chart(game: str, story: dict[str, Any], lang: str = "en") -> bytes:
    """PNG of the score story (see ``bot.replays.story`` for its fields)."""
    title = titles.title(game)
    if title is None or title.replay.chart is None:
        raise ValueError(f"no score story for game {game!r}")
    image: Image.Image = importlib.import_module(title.replay.chart).chart(story, lang)
    return png_bytes(image)


def _x(turn: float, turns: int) -> float:
    return PLOT_X + PLOT_W * turn / max(1, turns)


def _y(value: float, top: int, height: int, highest: int) -> float:
    """Inside the plot with a few pixels to spare, so a heavy line at 0 is not cut."""
    inner = height - 2 * PLOT_PAD
    return top + PLOT_PAD + inner - inner * value / max(1, highest)


def _nice_top(value: int) -> int:
    """The y axis ends at the next multiple of 5 above ``value`` (at least 5)."""
    return max(5, (value + 4) // 5 * 5)


def legend_rows(legend: Sequence[str]) -> list[str]:
    """The legend's lines wrapped to the chart's width at :data:`TEXT` px."""
    return [row for line in legend for row in wrap(line, WIDTH - 2 * MARGIN, TEXT)]


def header_height(rows: Sequence[str]) -> int:
    """Where the plots begin under the title and ``rows`` of legend."""
    return LEGEND_Y + LEGEND_ROW * len(rows) + 10


def _header(draw: ImageDraw.ImageDraw, title: str, rows: Sequence[str]) -> None:
    draw_text(draw, (MARGIN, 10), title, 30, "bold", P.TEXT)
    for i, row in enumerate(rows):
        draw_text(draw, (MARGIN, LEGEND_Y + LEGEND_ROW * i), row, TEXT, fill=P.TEXT_DIM)


def _grid(
    draw: ImageDraw.ImageDraw, top: int, height: int, highest: int, turns: int, line: P.RGB
) -> None:
    """Horizontal lines every 5 points (labelled on the right), vertical ones every 5 turns."""
    for value in range(0, highest + 1, 5):
        y = _y(value, top, height, highest)
        draw.line([(PLOT_X, y), (PLOT_X + PLOT_W, y)], fill=line, width=1)
        draw_text(draw, (PLOT_X + PLOT_W + 5, y), str(value), TEXT, fill=P.TEXT_DIM, anchor="lm")
    step = 5 if turns <= 60 else 10
    for turn in range(step, turns + 1, step):
        x = _x(turn, turns)
        draw.line([(x, top), (x, top + height)], fill=line, width=1)


def _axis(draw: ImageDraw.ImageDraw, y: int, turns: int, label: str) -> None:
    """Turn numbers under the last plot (every 10th, 20th in a long game) and what they count."""
    step = 5 if turns <= 20 else 10 if turns <= 60 else 20
    ticks = [1, *range(step, turns + 1, step)]
    if turns - ticks[-1] >= step // 2:
        ticks.append(turns)  # the last turn, unless it would touch the last tick
    for turn in ticks:
        draw_text(draw, (_x(turn, turns), y + 4), str(turn), TEXT, fill=P.TEXT_DIM, anchor="ma")
    draw_text(draw, (PLOT_X + PLOT_W, y + 30), label, TEXT, fill=P.TEXT_DIM, anchor="ra")


def _player_label(
    image: Image.Image,
    x: int,
    y: int,
    title: str,
    lines: Sequence[str],
    robot: bool,
    headline: str = "",
    indent: int = 0,
) -> None:
    """A player's name (``indent`` px in, after the player's mark, and the robot mark for an AI
    seat), their ``headline`` (final place and score), and a line or two under it, all large
    enough to read on a phone."""
    draw = ImageDraw.Draw(image)
    room = PLOT_X - 10 - x
    shift = indent
    if robot:
        image.paste(robot_sprite(24), (x + shift, y + 2), robot_sprite(24))
        shift += 30
    size = fit_size(title, room - shift, NAME, "bold", SMALLEST)
    draw_text(draw, (x + shift, y), title, size, "bold", P.TEXT)
    y += 32
    if headline:
        size = fit_size(headline, room, NAME, "bold", SMALLEST)
        draw_text(draw, (x, y), headline, size, "bold", P.ACCENT)
        y += 32
    for i, line in enumerate(lines):
        size = fit_size(line, room, TEXT, minimum=SMALLEST)
        draw_text(draw, (x, y + 28 * i), line, size, fill=P.TEXT_DIM)


def dashed_line(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    fill: P.RGB,
    width: int,
    pattern: Sequence[int] = (),
) -> None:
    """A polyline, solid (no ``pattern``) or dashed: ``pattern`` the lengths (pixels along the
    line) of dash, gap, dash, gap ... repeated; lines told apart without their colour."""
    if not pattern:
        draw.line(list(points), fill=fill, width=width, joint="curve")
        return
    step, on, left = 0, True, float(pattern[0])
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        done = 0.0
        while done < length:
            run = min(left, length - done)
            if on:
                a, b = done / length, (done + run) / length
                draw.line(
                    [
                        (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    ],
                    fill=fill,
                    width=width,
                )
            done += run
            left -= run
            if left <= 0:
                step = (step + 1) % len(pattern)
                on = step % 2 == 0
                left = float(pattern[step])


def spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """The ``wanted`` heights moved apart just enough that neighbours are ``gap`` apart, kept
    within ``low``..``high`` (end labels of lines that end close together)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    last = low - gap
    for i in order:
        last = max(wanted[i], last + gap)
        placed[i] = last
    overflow = last - high
    if overflow > 0:
        for i in order:
            placed[i] = max(low, placed[i] - overflow)
        last = low - gap
        for i in order:
            last = max(placed[i], last + gap)
            placed[i] = last
    return placed


def conflict_mark(
    draw: ImageDraw.ImageDraw, x: float, top: int, height: int, glyph: str, won: bool
) -> None:
    """A conflict at ``x`` above a plot: its glyph, ▲ and a solid line if the player won it,
    ▽ and a dashed line if they lost it."""
    if won:
        draw.line([(x, top), (x, top + height)], fill=P.TEXT_DIM, width=2)
    else:
        dashed_line(draw, [(x, top), (x, top + height)], P.CORNER_FRAME, 2, (4, 4))
    draw_text(draw, (x - 1, top - 3), glyph, TEXT, fill=P.TEXT, anchor="rd")
    shape = WON_GLYPH if won else LOST_GLYPH
    draw_text(draw, (x + 1, top - 3), shape, TEXT, fill=P.TEXT, anchor="ld")


def ordinal_rank(story: dict[str, Any], seat: int) -> int | None:
    """The seat's place in the final ranking (1 the winner; tied seats share it), if known."""
    place = 1
    for group in story.get("ranking") or []:
        if seat in group:
            return place
        place += len(group)
    return None
