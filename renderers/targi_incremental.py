"""The Targi board redrawn in part (:mod:`renderers.incremental`): the 25 places of the 5x5
table (each card and the gaps around it) and the panel under the table are cells."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from renderers import targi
from renderers.incremental import Box, Cells, Grid, Plan, cells_of

_G = targi


def _edges(start: int, size: int, end: int) -> list[int]:
    """Cell edges across the table: the margin, then each of the five cards and the gap after
    it (the last gap runs to ``end``). Frames and brackets stay within a card's gaps, so a
    frame redraws the gaps around its card, never the next card."""
    edges = [0]
    for i in range(5):
        left = start + i * (size + _G.GAP)
        edges += [left, left + size]
    return [*edges, end]


_PANEL_TOP = _G.PANEL_Y - 4  # the acting player's outline is drawn 2 px above its box
_TARGI_GRID = Grid(
    _edges(_G.GRID_X, _G.CARD_W, _G.WIDTH),
    _edges(_G.GRID_Y, _G.CARD_H, _PANEL_TOP),
    {"panel": (0, _PANEL_TOP, _G.WIDTH, _G.HEIGHT)},
)
_FRAME_REACH = 8  # a frame 5 px outside its card, a bracket 3 px further: within the gap


def _card_box(x: int, y: int, reach: int = 0) -> Box:
    return (x - reach, y - reach, x + _G.CARD_W + reach, y + _G.CARD_H + reach)


def _targi_cells(view: dict[str, Any]) -> Cells:
    """What :func:`targi._draw_table` draws, place by place."""
    cells, numbers = _G._places(view)
    drawn: list[tuple[Box, Any]] = []
    for raid in view.get("raid_track", []):
        if raid.get("done") and int(raid["card"]) in numbers:
            drawn.append((_card_box(*numbers[int(raid["card"])]), ["raided", raid["card"]]))
    for entry in view.get("centre", []):
        drawn.append((_card_box(*_G.grid_xy(*entry["grid"])), ["centre", entry]))
    for entry in view.get("border", []):
        pieces = ["border", entry.get("grid"), entry.get("robber"), entry.get("targi")]
        drawn.append((_card_box(*_G.grid_xy(*entry["grid"])), pieces))
    last_cells, last_numbers = _G.changed_places(view)
    for cell in last_cells:
        if cell in cells:
            drawn.append((_card_box(*cells[cell], reach=_FRAME_REACH), ["frame", cell]))
    for number in last_numbers:
        if number in numbers:
            drawn.append((_card_box(*numbers[number], reach=_FRAME_REACH), ["frame", number]))
    pending = view.get("pending") or {}
    if pending.get("cell") in cells:
        drawn.append(
            (_card_box(*cells[str(pending["cell"])], reach=_FRAME_REACH), ["brackets", pending])
        )
    source = _G.PENDING_SOURCES.get(str(pending.get("kind")))
    if pending.get("source") == "expansion":
        source = "Tribal Expansion"
    for entry in view.get("border", []):
        if source and entry.get("name") == source:
            box = _card_box(*_G.grid_xy(*entry["grid"]), reach=_FRAME_REACH)
            drawn.append((box, ["brackets", source]))
    return cells_of(_TARGI_GRID, drawn, view)


def _targi_draw(image: Image.Image, view: dict[str, Any], lang: str, dirty: set[Hashable]) -> None:
    if dirty - {"panel"}:

        def wanted(x: int, y: int) -> bool:
            return any(cell in dirty for cell in _TARGI_GRID.touching(_card_box(x, y)))

        _G._draw_table(image, view, lang, wanted)
    if "panel" in dirty:
        _G._draw_panel(image, view, lang)


PLAN = Plan(_G.base_table, _G.board_image, _targi_cells, _targi_draw)
