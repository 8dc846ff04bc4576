"""Boards redrawn in part: only the squares, cards and panel a move changed.

The image of a board is cut into cells that tile it, each title its own way (its
``drawing.incremental`` module's :class:`Plan`: e.g. each square of a map, its margins and the side
panel). Each cell has a signature: everything drawn over it (the
tiles, leaders, cards, pieces and the frames of the last action or a pending decision whose
outline reaches into it; for the panel, the whole view). A table's last board is kept per
process (:data:`CACHED_TABLES`) as its encoded bands only (:mod:`renderers.indexed`); the next
board of that table redraws the cells whose signature changed with the games' own drawing
functions, onto the cached static layer, maps just those cells onto the palette, and re-deflates
just the bands of rows they changed. A table not cached, another language or another static
layer is drawn in full. Either way the file is byte for byte what :func:`renderers.
render_board` gives (``tests/renderers/test_incremental.py`` checks it for every move of random
games of both games in every language).
"""

from __future__ import annotations

import importlib
import threading
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot import titles
from renderers import indexed

#: Tables whose last board a process keeps (about 1.4 MB each: its palette indices, deflated).
CACHED_TABLES = 64

Box = tuple[int, int, int, int]
Cells = dict[Hashable, tuple[Box, str]]


def _signature(*parts: Any) -> str:
    # repr, not JSON (twice as fast): views are plain data built in a fixed order, and two
    # equal views written differently would only cost a redraw, never a wrong pixel
    return repr(parts)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Grid:
    """Cells of a map or table: the rectangles of a grid plus a few free boxes (margins, panel)."""

    def __init__(self, columns: list[int], rows: list[int], extra: dict[str, Box]) -> None:
        self.columns = columns  # the cells' left edges, then the last right edge
        self.rows = rows
        self.extra = extra
        self.boxes: dict[Hashable, Box] = {
            (c, r): (columns[c], rows[r], columns[c + 1], rows[r + 1])
            for r in range(len(rows) - 1)
            for c in range(len(columns) - 1)
        }
        self.boxes.update(extra)
        # a board's drawings sit on a few hundred boxes (squares, cards, their frames): each
        # box's cells are worked out once per process
        self._touching: dict[Box, tuple[Hashable, ...]] = {}

    def touching(self, box: Box) -> tuple[Hashable, ...]:
        """The cells a drawing inside ``box`` may reach."""
        found = self._touching.get(box)
        if found is None:
            found = self._touching[box] = tuple(self._reached(box))
        return found

    def _reached(self, box: Box) -> Iterable[Hashable]:
        first_column = max(0, bisect_right(self.columns, box[0]) - 1)
        last_column = min(len(self.columns) - 1, bisect_left(self.columns, box[2]))
        first_row = max(0, bisect_right(self.rows, box[1]) - 1)
        last_row = min(len(self.rows) - 1, bisect_left(self.rows, box[3]))
        for r in range(first_row, last_row):
            for c in range(first_column, last_column):
                yield (c, r)
        for name, extra in self.extra.items():
            if _overlaps(extra, box):
                yield name


def cells_of(grid: Grid, drawn: list[tuple[Box, Any]], panel: Any) -> Cells:
    """The box and signature of each cell something is drawn over (in drawing order), and of
    the panel. A cell left out has nothing drawn over its static layer."""
    over: dict[Hashable, list[str]] = {}
    for box, what in drawn:
        signature = _signature(what)
        for cell in grid.touching(box):
            over.setdefault(cell, []).append(signature)
    boxes = grid.boxes
    cells: Cells = {cell: (boxes[cell], "\n".join(signatures)) for cell, signatures in over.items()}
    cells["panel"] = (boxes["panel"], _signature(panel))
    return cells


# ---- the cache -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """How a title's board is cut into cells and redrawn: its static layer, the full drawing,
    each cell's box and signature, and the drawing of the dirty cells."""

    base: Callable[[dict[str, Any], str], Image.Image]
    full: Callable[[dict[str, Any], str], Image.Image]
    cells: Callable[[dict[str, Any]], Cells]
    draw: Callable[[Image.Image, dict[str, Any], str, set[Hashable]], None]


class _Plans(dict[str, "Plan"]):
    """Each title's plan (its ``drawing.incremental`` module's ``PLAN``), looked up on first use."""

    def __missing__(self, game: str) -> Plan:
        title = titles.title(game)
        if title is None or title.drawing.incremental is None:
            raise KeyError(game)
        plan: Plan = importlib.import_module(title.drawing.incremental).PLAN
        self[game] = plan
        return plan


PLANS = _Plans()


@dataclass
class _Drawn:
    """A table's last board as this process drew it: its palette indices as filtered rows
    (:func:`indexed.filtered`: each row a 0 filter byte, then its indices) and those rows
    encoded in bands."""

    lang: str
    base: Image.Image
    cells: Cells
    rows: Image.Image
    bands: list[indexed.Band]


# Boards are drawn in threads too (RENDER_WORKERS=0): a board taken from the cache belongs to
# the thread that took it, and each thread has canvases of its own.
_drawn: OrderedDict[Hashable, _Drawn] = OrderedDict()
_drawn_lock = threading.Lock()
_local = threading.local()


def forget() -> None:
    """Drop every cached board (tests; a process never needs to)."""
    with _drawn_lock:
        _drawn.clear()
    _local.__dict__.clear()


def _canvas(base: Image.Image, boxes: list[Box]) -> Image.Image:
    """This thread's scratch canvas of ``base`` with ``boxes`` restored from it. (One canvas
    per static layer: each redraw restores its dirty cells first, so what the last table left
    elsewhere on the canvas is never taken.)"""
    canvases: dict[int, tuple[Image.Image, Image.Image]] = _local.__dict__.setdefault(
        "canvases", {}
    )
    kept = canvases.get(id(base))
    if kept is None or kept[0] is not base:
        if len(canvases) > 8:
            canvases.clear()
        kept = canvases[id(base)] = (base, base.copy())
    canvas = kept[1]
    for box in boxes:
        canvas.paste(base.crop(box), box[:2])
    return canvas


def _patched(
    previous: _Drawn, canvas: Image.Image, boxes: list[Box]
) -> tuple[Image.Image, list[indexed.Band]]:
    """The previous board's rows with the pixels of ``boxes`` taken from ``canvas`` (mapped onto
    the palette; changed in place: the previous board is not kept), and its bands: those whose
    rows came out unchanged keep their bytes."""
    rows = previous.rows
    changed: set[int] = set()
    for box in boxes:
        x0, y0, x1, y1 = box
        pixels = indexed.indexed(canvas.crop(box))
        new = pixels.tobytes()
        old = rows.crop((x0 + 1, y0, x1 + 1, y1)).tobytes()  # column 0 holds the filter bytes
        if new == old:
            continue
        line = x1 - x0
        for number in range(y0 // indexed.BAND_ROWS, (y1 - 1) // indexed.BAND_ROWS + 1):
            top = (max(y0, number * indexed.BAND_ROWS) - y0) * line
            bottom = (min(y1, (number + 1) * indexed.BAND_ROWS) - y0) * line
            if number not in changed and new[top:bottom] != old[top:bottom]:
                changed.add(number)
        rows.paste(pixels, (x0 + 1, y0))
    bands = list(previous.bands)
    for number in changed:
        bands[number] = indexed.encode_band(rows.crop(indexed.band_box(rows, number)).tobytes())
    return rows, bands


def render_board(game: str, view: dict[str, Any], lang: str, table: Hashable) -> bytes:
    """The public board of ``table`` as PNG bytes, redrawn from its last board where cached.

    The bytes equal ``renderers.render_board(game, view, lang)``; ``view`` is the public view
    (checked there)."""
    plan = PLANS[game]
    base = plan.base(view, lang)
    cells = plan.cells(view)
    key = (game, table)
    with _drawn_lock:
        previous = _drawn.pop(key, None)
    if previous is None or previous.lang != lang or previous.base is not base:
        picture = indexed.indexed(plan.full(view, lang))
        rows = indexed.filtered(picture)
        bands = indexed.bands_of_rows(rows)
    else:
        before = previous.cells
        dirty = {cell for cell, drawn in cells.items() if before.get(cell) != drawn}
        dirty.update(cell for cell in before if cell not in cells)  # emptied
        rows, bands = previous.rows, previous.bands
        if dirty:
            boxes = [(cells.get(cell) or before[cell])[0] for cell in sorted(dirty, key=str)]
            canvas = _canvas(base, boxes)
            plan.draw(canvas, view, lang, dirty)
            rows, bands = _patched(previous, canvas, boxes)
    with _drawn_lock:
        _drawn[key] = _Drawn(lang, base, cells, rows, bands)
        while len(_drawn) > CACHED_TABLES:
            _drawn.popitem(last=False)
    return indexed.assemble(base.width, base.height, bands)
