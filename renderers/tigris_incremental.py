"""The T&E board redrawn in part (:mod:`renderers.incremental`): each square of the map, the four
margins around it and the strip of players under it are cells."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers import tigris
from renderers.incremental import Box, Cells, Grid, Plan, cells_of

_T = tigris


@lru_cache(maxsize=8)
def _grid(height: int) -> Grid:
    """The cells of a board ``height`` pixels tall: each square, the four margins around the map
    and the strip of players under it."""
    return Grid(
        [_T.BOARD_X + c * _T.CELL for c in range(_T.COLUMNS + 1)],
        [_T.BOARD_Y + r * _T.CELL for r in range(_T.ROWS + 1)],
        {
            "top": (0, 0, _T.WIDTH, _T.BOARD_Y),
            "bottom": (0, _T.BOARD_Y + _T.BOARD_H, _T.WIDTH, _T.STRIP_Y),
            "left": (0, _T.BOARD_Y, _T.BOARD_X, _T.BOARD_Y + _T.BOARD_H),
            "right": (_T.BOARD_X + _T.BOARD_W, _T.BOARD_Y, _T.WIDTH, _T.BOARD_Y + _T.BOARD_H),
            "panel": (0, _T.STRIP_Y, _T.WIDTH, height),
        },
    )


def _height(view: dict[str, Any]) -> int:
    return _T.height_for(_T._seats(view), _T.open_scoring(view))


def _square_box(label: str, span: int = 1, reach: int = 0) -> Box:
    x, y = _T.square_xy(label)
    return (x - reach, y - reach, x + span * _T.CELL + reach, y + span * _T.CELL + reach)


def _tigris_cells(view: dict[str, Any]) -> Cells:
    """What :func:`tigris._draw_pieces` and :func:`tigris._highlight` draw, square by square."""
    board = view.get("board", {})
    dynasties = _T._dynasties(view)
    drawn: list[tuple[Box, Any]] = []
    ghosts = view.get("ghosts") or {}
    for entry in ghosts.get("tiles", []):
        drawn.append((_square_box(entry["square"]), ["ghost", entry]))
    for leader in ghosts.get("leaders", []):
        dynasty = dynasties.get(int(leader["seat"]), "?")
        drawn.append((_square_box(leader["square"]), ["ghost leader", leader, dynasty]))
    for entry in board.get("tiles", []):
        drawn.append((_square_box(entry["square"]), ["tile", entry]))
    for monument in board.get("monuments", []):  # also hides the face-down tiles under it
        drawn.append((_square_box(monument["square"], 2), ["monument", monument]))
    for square in board.get("catastrophes", []):
        drawn.append((_square_box(square), ["catastrophe", square]))
    fighting = _T.fighters(view)
    for leader in board.get("leaders", []):
        dynasty = dynasties.get(int(leader["seat"]), "?")
        side = fighting.get(leader["square"])
        drawn.append((_square_box(leader["square"]), ["leader", leader, dynasty, side]))
    if board.get("unification"):
        drawn.append((_square_box(board["unification"]), ["unification", board["unification"]]))
    for square, span in _T.changed_marks(view):
        drawn.append((_square_box(square, span), ["frame", square, span]))
    for square, span in _T.pending_marks(view.get("pending")):
        # corner brackets: lines 9 px wide centred on the square's edges
        drawn.append((_square_box(square, span, reach=5), ["brackets", square, span]))
    return cells_of(_grid(_height(view)), drawn, view)


def _tigris_draw(image: Image.Image, view: dict[str, Any], lang: str, dirty: set[Hashable]) -> None:
    """Draw the ``dirty`` cells of the board onto its static layer (other cells may be left
    unfinished: only the dirty ones are taken)."""
    board = view.get("board", {})

    def on_dirty(square: str) -> bool:
        return (ord(square[0]) - ord("A"), int(square[1:]) - 1) in dirty

    ghosts = view.get("ghosts") or {}
    pieces = {
        **board,
        "tiles": [t for t in board.get("tiles", []) if on_dirty(t["square"])],
        "catastrophes": [s for s in board.get("catastrophes", []) if on_dirty(s)],
        "leaders": [x for x in board.get("leaders", []) if on_dirty(x["square"])],
        "unification": board.get("unification")
        if board.get("unification") and on_dirty(board["unification"])
        else None,
    }
    shown = {
        "tiles": [t for t in ghosts.get("tiles", []) if on_dirty(t["square"])],
        "leaders": [x for x in ghosts.get("leaders", []) if on_dirty(x["square"])],
    }
    _T._draw_pieces(image, {**view, "board": pieces, "ghosts": shown})
    _T._highlight(image, view)
    if "panel" in dirty:
        _T._draw_panel(image, view, lang)


PLAN = Plan(
    lambda view, lang: _T.base_board(_height(view)), _T.board_image, _tigris_cells, _tigris_draw
)
