"""The T&E board redrawn in part (:mod:`renderers.incremental`): each square of the map, the four
margins around it and the side panel are cells."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PIL import Image

from renderers import tigris
from renderers.incremental import Box, Cells, Grid, Plan, cells_of

_T = tigris
_TIGRIS_GRID = Grid(
    [_T.BOARD_X + c * _T.CELL for c in range(_T.COLUMNS + 1)],
    [_T.BOARD_Y + r * _T.CELL for r in range(_T.ROWS + 1)],
    {
        "top": (0, 0, _T.PANEL_X, _T.BOARD_Y),
        "bottom": (0, _T.BOARD_Y + _T.BOARD_H, _T.PANEL_X, _T.HEIGHT),
        "left": (0, _T.BOARD_Y, _T.BOARD_X, _T.BOARD_Y + _T.BOARD_H),
        "right": (_T.BOARD_X + _T.BOARD_W, _T.BOARD_Y, _T.PANEL_X, _T.BOARD_Y + _T.BOARD_H),
        "panel": (_T.PANEL_X, 0, _T.WIDTH, _T.HEIGHT),
    },
)


def _square_box(label: str, span: int = 1, reach: int = 0) -> Box:
    x, y = _T.square_xy(label)
    return (x - reach, y - reach, x + span * _T.CELL + reach, y + span * _T.CELL + reach)


def _tigris_cells(view: dict[str, Any]) -> Cells:
    """What :func:`tigris._draw_pieces` and :func:`tigris._highlight` draw, square by square."""
    board = view.get("board", {})
    dynasties = _T._dynasties(view)
    drawn: list[tuple[Box, Any]] = []
    for entry in board.get("tiles", []):
        drawn.append((_square_box(entry["square"]), ["tile", entry]))
    for monument in board.get("monuments", []):  # also hides the face-down tiles under it
        drawn.append((_square_box(monument["square"], 2), ["monument", monument]))
    for square in board.get("catastrophes", []):
        drawn.append((_square_box(square), ["catastrophe", square]))
    for leader in board.get("leaders", []):
        dynasty = dynasties.get(int(leader["seat"]), "?")
        drawn.append((_square_box(leader["square"]), ["leader", leader, dynasty]))
    if board.get("unification"):
        drawn.append((_square_box(board["unification"]), ["unification", board["unification"]]))
    last = view.get("last_action") or {}
    action = str(last.get("action", ""))
    monuments = {m["square"] for m in board.get("monuments", [])}
    for match in _T.SQUARE_PATTERN.finditer(action):
        square = match.group(0)
        span = 2 if action.startswith("monument") and square in monuments else 1
        drawn.append((_square_box(square, span), ["frame", square, span]))
    for square in _T._pending_squares(view.get("pending")):
        # corner brackets: lines 9 px wide centred on the square's edges
        drawn.append((_square_box(square, reach=5), ["brackets", square]))
    return cells_of(_TIGRIS_GRID, drawn, view)


def _tigris_draw(image: Image.Image, view: dict[str, Any], lang: str, dirty: set[Hashable]) -> None:
    """Draw the ``dirty`` cells of the board onto its static layer (other cells may be left
    unfinished: only the dirty ones are taken)."""
    board = view.get("board", {})

    def on_dirty(square: str) -> bool:
        return (ord(square[0]) - ord("A"), int(square[1:]) - 1) in dirty

    pieces = {
        **board,
        "tiles": [t for t in board.get("tiles", []) if on_dirty(t["square"])],
        "catastrophes": [s for s in board.get("catastrophes", []) if on_dirty(s)],
        "leaders": [x for x in board.get("leaders", []) if on_dirty(x["square"])],
        "unification": board.get("unification")
        if board.get("unification") and on_dirty(board["unification"])
        else None,
    }
    _T._draw_pieces(image, {**view, "board": pieces})
    _T._highlight(image, view)
    if "panel" in dirty:
        _T._draw_panel(image, view, lang)


PLAN = Plan(lambda view, lang: _T.base_board(), _T.board_image, _tigris_cells, _tigris_draw)
