"""Tables drawn for the phone's feed (the league standings, the rating leaderboard): every text at
least :data:`PHONE_PX` on an 800-px image, which a phone fits into 400 CSS px (11 CSS px).

A table is a rank, a name and right-aligned number columns; each number column is as wide as its
heading (wrapped onto at most two lines) or its widest number, and the name takes the rest, so
a longer heading in Korean or Turkish takes room from the names rather than shrinking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from renderers import palette as P
from renderers._draw import clipped, draw_text, fit_size, text_width, wrap

#: The images' width: a phone fits it into 400 CSS px, half as wide.
WIDTH = 800
#: The smallest text drawn: 11 CSS px once an image :data:`WIDTH` wide is fitted into 400.
PHONE_PX = 22
#: The numbers and names of a row, one step larger.
ROW_PX = 24
HEADING_PX = PHONE_PX
HEADING_LINE = 26  # a heading's second line sits this far below its first
GAP = 20  # the least room between two columns (so that two headings never read as one)
MARGIN = 20


@dataclass(frozen=True)
class Column:
    """A number column: its heading's lines, drawn right-aligned at ``right``."""

    key: str
    lines: tuple[str, ...]
    right: float
    width: float


def heading_lines(text: str, room: float, size: int = HEADING_PX) -> tuple[str, ...]:
    """A heading broken into lines no wider than ``room`` (a long word stays whole)."""
    return tuple(wrap(text, room, size, "bold")) or ("",)


def number_columns(
    columns: Sequence[tuple[str, str, Iterable[str], str]], right: float, room: float = 130
) -> list[Column]:
    """Lay out number columns ``(key, heading, cells, weight)`` from the right edge leftwards;
    a heading wider than ``room`` is wrapped."""
    laid: list[Column] = []
    for key, heading, cells, weight in reversed(columns):
        lines = heading_lines(heading, room)
        widest = max(
            [text_width(line, HEADING_PX, "bold") for line in lines]
            + [text_width(cell, ROW_PX, weight) for cell in cells]
        )
        laid.append(Column(key, lines, right, widest))
        right -= widest + GAP
    return list(reversed(laid))


def heading_height(columns: Sequence[Column]) -> int:
    """The heading row's height: one line, or two when a heading wraps."""
    lines = max((len(c.lines) for c in columns), default=1)
    return 16 + HEADING_PX + HEADING_LINE * (lines - 1)


def draw_headings(draw: ImageDraw.ImageDraw, top: float, columns: Sequence[Column]) -> None:
    """The headings, bottom-aligned above the rows, in the dim colour."""
    height = heading_height(columns)
    for column in columns:
        first = top + height - 8 - HEADING_LINE * (len(column.lines) - 1)
        for index, line in enumerate(column.lines):
            y = first + index * HEADING_LINE
            draw_text(draw, (column.right, y), line, HEADING_PX, "bold", P.TEXT_DIM, "rs")


def name_text(name: str, room: float, size: int = ROW_PX) -> tuple[str, int]:
    """A name at ``size``, shrunk down to :data:`PHONE_PX` and then clipped to fit ``room``."""
    fitted = fit_size(name, room, size, minimum=PHONE_PX)
    return clipped(name, room, fitted), fitted
