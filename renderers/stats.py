"""The statistics image of `/stats`: a player's totals and averages per game title.

A pure function from plain data to PNG bytes, in the boards' fonts and colours. Nothing here is
secret; the name arrives as the player chose it and is drawn as text. Every word is a
:class:`bot.i18n.Text` drawn in the image's language; :data:`STAT_LABELS` also serves the
text reply, so the image and the text name a statistic alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot import titles
from bot.i18n import C_, N_, Text, decimal, tr
from renderers import _table
from renderers import palette as P
from renderers._draw import clipped, draw_text, fit_size, png_bytes, robot_sprite, text_width

__all__ = [
    "LEAGUE_LABELS",
    "STAT_LABELS",
    "StatsBlock",
    "StatsLine",
    "average_text",
    "label_of",
    "render_stats",
]


class _ByTitle(Mapping[str, Any]):
    """One field of every title that has it, by game name (read from ``bot.titles``)."""

    def __init__(self, field: Callable[[titles.Title], Any]) -> None:
        self._field = field

    def __getitem__(self, game: str) -> Any:
        title = titles.title(game)
        value = self._field(title) if title is not None else None
        if value is None:
            raise KeyError(game)
        return value

    def __iter__(self) -> Iterator[str]:
        return (t.name for t in titles.titles() if self._field(t) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: What each statistic is called, per game (the names of the engines' ``STATISTICS``): each
#: title's ``statistics.labels``.
STAT_LABELS: Mapping[str, Mapping[str, Text]] = _ByTitle(lambda t: t.statistics.labels)
#: The heading of the league standings' statistic column, per game (what it sums:
#: ``bot.stats.league_statistic``): each title's ``statistics.league_label``.
LEAGUE_LABELS: Mapping[str, Text] = _ByTitle(lambda t: t.statistics.league_label)


def label_of(game: str, name: str) -> Any:
    """A statistic's label (its name itself for a game without labels)."""
    return STAT_LABELS.get(game, {}).get(name, name)


@dataclass(frozen=True)
class StatsLine:
    """One statistic: its label, the total and the average per game."""

    label: Any  # a Text or a plain string
    total: int
    average: float


@dataclass(frozen=True)
class StatsBlock:
    """One game title of the player."""

    title: Any  # the game's title: a Text or a plain string
    games: int
    with_ai: int  # games with an AI seat among the others
    lines: tuple[StatsLine, ...]


WIDTH = _table.WIDTH
MARGIN = _table.MARGIN
PAD = 16  # inside a title's panel
HEADER = 62
TITLE_PX = 30
BLOCK_HEAD = 54
BLOCK_PX = 28  # the game's title
COLUMNS = 3
CELL_GAP = 12
CELL_W = (WIDTH - 2 * MARGIN - 2 * PAD - (COLUMNS - 1) * CELL_GAP) // COLUMNS
CELL_H = 66  # a label above the total and the average
LABEL_PX = _table.PHONE_PX
TOTAL_PX = 28
BLOCK_GAP = 12


def average_text(value: float, lang: str) -> str:
    """An average with one decimal, written the language's way ("2.5", Turkish "2,5")."""
    return decimal(value, lang, "0.0")


def _block_height(block: StatsBlock) -> int:
    rows = -(-len(block.lines) // COLUMNS)
    return BLOCK_HEAD + rows * CELL_H + PAD


def fitted(text: str, room: float, size: int = LABEL_PX) -> tuple[str, str]:
    """``text`` as drawn in ``room`` at ``size`` and its weight: condensed when the regular cut
    is too wide, clipped only when even that is."""
    if text_width(text, size) <= room:
        return text, "regular"
    return clipped(text, room, size, "condensed"), "condensed"


def _block(
    draw: ImageDraw.ImageDraw, image: Image.Image, top: int, block: StatsBlock, lang: str
) -> None:
    bottom = top + _block_height(block)
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, bottom), radius=12, fill=P.PANEL)
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    middle = top + BLOCK_HEAD // 2 + 2
    games = tr(N_("{n} game", "{n} games", block.games), lang)
    x = right
    if block.with_ai:
        ai = tr(C_("stats image", "with AI seats: {n}", n=block.with_ai), lang)
        draw_text(draw, (x, middle), ai, LABEL_PX, fill=P.TEXT_DIM, anchor="rm")
        x -= round(text_width(ai, LABEL_PX)) + 8
        sprite = robot_sprite(26)
        image.paste(sprite, (x - 26, middle - 14), sprite)
        x -= 26 + 20
    draw_text(draw, (x, middle), games, 26, "bold", P.ACCENT, "rm")
    x -= round(text_width(games, 26, "bold")) + 20
    title = clipped(tr(block.title, lang), x - left, BLOCK_PX, "bold")
    draw_text(draw, (left, middle), title, BLOCK_PX, "bold", P.TEXT, "lm")
    line_y = top + BLOCK_HEAD
    draw.line((left, line_y, right, line_y), fill=P.PANEL_LINE, width=2)
    for index, line in enumerate(block.lines):
        row, column = divmod(index, COLUMNS)
        x = left + column * (CELL_W + CELL_GAP)
        y = line_y + 8 + row * CELL_H
        label, weight = fitted(tr(line.label, lang), CELL_W)
        draw_text(draw, (x, y + 24), label, LABEL_PX, weight, P.TEXT_DIM, "ls")
        total = str(line.total)
        draw_text(draw, (x, y + 56), total, TOTAL_PX, "bold", P.TEXT, "ls")
        per_game = tr(
            C_("stats image", "{average}/game", average=average_text(line.average, lang)),
            lang,
        )
        after = x + text_width(total, TOTAL_PX, "bold") + 10
        shown, weight = fitted(per_game, x + CELL_W - after)
        draw_text(draw, (after, y + 56), shown, LABEL_PX, weight, P.TEXT_DIM, "ls")


def render_stats(name: str, blocks: Sequence[StatsBlock], lang: str = "en") -> bytes:
    """``name``'s statistics, one panel per game title: each statistic's total and average per
    game (what counts is said in the message under the image)."""
    height = HEADER + sum(_block_height(b) + BLOCK_GAP for b in blocks) + MARGIN - BLOCK_GAP
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = tr(C_("stats image", "{name} · statistics", name=name), lang)
    room = WIDTH - 2 * MARGIN
    size = fit_size(title, room, TITLE_PX, "bold", minimum=LABEL_PX + 4)
    shown = clipped(title, room, size, "bold")
    draw_text(draw, (MARGIN, HEADER // 2 + 2), shown, size, "bold", P.TEXT, "lm")
    top = HEADER
    for block in blocks:
        _block(draw, image, top, block, lang)
        top += _block_height(block) + BLOCK_GAP
    return png_bytes(image)
