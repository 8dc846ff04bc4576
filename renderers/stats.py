"""The statistics image of `/stats`: a player's totals and averages per game title.

A pure function from plain data to PNG bytes, in the boards' fonts and colours. Nothing here is
secret; the name arrives as the player chose it and is drawn as text. Every word is a
:class:`bot.i18n.Text` drawn in the image's language; :data:`STAT_LABELS` also serves the
text reply, so the image and the text name a statistic alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot import titles
from bot.i18n import C_, N_, Text, decimal, tr
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

    def __init__(self, field: str) -> None:
        self._field = field

    def __getitem__(self, game: str) -> Any:
        title = titles.title(game)
        value = getattr(title, self._field, None) if title is not None else None
        if value is None:
            raise KeyError(game)
        return value

    def __iter__(self) -> Iterator[str]:
        return (t.name for t in titles.titles() if getattr(t, self._field) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: What each statistic is called, per game (the names of the engines' ``STATISTICS``): each
#: title's ``statistic_labels``.
STAT_LABELS: Mapping[str, Mapping[str, Text]] = _ByTitle("statistic_labels")
#: The heading of the league standings' statistic column, per game (what it sums:
#: ``bot.stats.league_statistic``): each title's ``league_label``.
LEAGUE_LABELS: Mapping[str, Text] = _ByTitle("league_label")


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


WIDTH = 760
MARGIN = 20
HEADER = 60
BLOCK_HEAD = 64
ROW = 28
HALF = (WIDTH - 2 * MARGIN) // 2
LABEL_W = 184  # a label's room; the numbers follow in two right-aligned columns
TOTAL_RIGHT = 250
AVERAGE_RIGHT = 345
FOOTER = 40


def average_text(value: float, lang: str) -> str:
    """An average with one decimal, written the language's way ("2.5", Turkish "2,5")."""
    return decimal(value, lang, "0.0")


def _block_height(block: StatsBlock) -> int:
    rows = (len(block.lines) + 1) // 2
    return BLOCK_HEAD + 26 + rows * ROW + 12


def _block(
    draw: ImageDraw.ImageDraw, image: Image.Image, top: int, block: StatsBlock, lang: str
) -> None:
    bottom = top + _block_height(block) - 8
    draw.rectangle((MARGIN - 8, top, WIDTH - MARGIN + 8, bottom), fill=P.PANEL)
    title = tr(block.title, lang)
    draw_text(draw, (MARGIN, top + 24), clipped(title, HALF, 22, "bold"), 22, "bold", P.TEXT, "lm")
    games = tr(N_("{n} game", "{n} games", block.games), lang)
    x = WIDTH - MARGIN
    if block.with_ai:
        ai = tr(C_("stats image", "with AI seats: {n}", n=block.with_ai), lang)
        draw_text(draw, (x, top + 24), ai, 15, fill=P.TEXT_DIM, anchor="rm")
        x -= round(text_width(ai, 15)) + 6
        sprite = robot_sprite(20)
        image.paste(sprite, (x - 20, top + 14), sprite)
        x -= 20 + 16
    draw_text(draw, (x, top + 24), games, 17, "bold", P.ACCENT, "rm")
    heads_y = top + BLOCK_HEAD - 12
    total = tr(C_("stats image", "Total"), lang)
    average = tr(C_("stats image", "Per game"), lang)
    for half in range(2 if len(block.lines) > 1 else 1):
        left = MARGIN + half * HALF
        for text, right in ((total, TOTAL_RIGHT), (average, AVERAGE_RIGHT)):
            size = fit_size(text, AVERAGE_RIGHT - TOTAL_RIGHT - 8, 13, "bold")
            draw_text(draw, (left + right, heads_y), text, size, "bold", P.TEXT_DIM, "rm")
    line_y = top + BLOCK_HEAD
    draw.line((MARGIN, line_y, WIDTH - MARGIN, line_y), fill=P.PANEL_LINE, width=2)
    rows = (len(block.lines) + 1) // 2
    for index, line in enumerate(block.lines):
        half, row = divmod(index, rows)
        left = MARGIN + half * HALF
        y = line_y + 8 + row * ROW + ROW // 2
        label = tr(line.label, lang)
        size = fit_size(label, LABEL_W, 16)
        draw_text(draw, (left, y), label, size, fill=P.TEXT, anchor="lm")
        draw_text(draw, (left + TOTAL_RIGHT, y), str(line.total), 16, "bold", P.TEXT, "rm")
        shown = average_text(line.average, lang)
        draw_text(draw, (left + AVERAGE_RIGHT, y), shown, 16, fill=P.TEXT_DIM, anchor="rm")


def render_stats(name: str, blocks: Sequence[StatsBlock], lang: str = "en") -> bytes:
    """``name``'s statistics, one block per game title, then a footer saying what counts."""
    height = HEADER + sum(_block_height(b) for b in blocks) + FOOTER
    image = Image.new("RGB", (WIDTH, height), P.BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = tr(C_("stats image", "{name} · statistics", name=name), lang)
    size = fit_size(title, WIDTH - 2 * MARGIN, 26, "bold")
    draw_text(
        draw,
        (MARGIN, HEADER // 2 + 2),
        clipped(title, WIDTH - 2 * MARGIN, size, "bold"),
        size,
        "bold",
        P.TEXT,
        "lm",
    )
    top = HEADER
    for block in blocks:
        _block(draw, image, top, block, lang)
        top += _block_height(block)
    footer = tr(
        C_(
            "stats image",
            "Finished games on this server, games with AI seats included. Per game: the average.",
        ),
        lang,
    )
    shown = clipped(footer, WIDTH - 2 * MARGIN, 14)
    draw_text(draw, (MARGIN, top + FOOTER // 2 - 4), shown, 14, fill=P.TEXT_DIM, anchor="lm")
    return png_bytes(image)
