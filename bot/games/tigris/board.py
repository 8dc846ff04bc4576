"""The standard Tigris & Euphrates map, read from ``data/tigris-board.json`` and checked on import.

Squares are numbered ``row * 16 + col`` (0..175); labels are column letter + row number ("F3").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.games.datafiles import data_file

WIDTH = 16
HEIGHT = 11
SIZE = WIDTH * HEIGHT
BOARD_FILE = data_file("tigris-board.json")

COLOURS = ("red", "blue", "green", "black")
RED, BLUE, GREEN, BLACK = range(4)
LEADER_NAMES = ("priest", "farmer", "trader", "king")
TILE_NAMES = ("temple", "farm", "market", "settlement")
COLOUR_ALIASES: dict[str, int] = {
    **{name: i for i, name in enumerate(COLOURS)},
    **{name: i for i, name in enumerate(LEADER_NAMES)},
    **{name: i for i, name in enumerate(TILE_NAMES)},
}
DYNASTIES = ("archer", "bull", "pot", "lion")


class BoardDataError(RuntimeError):
    """``data/tigris-board.json`` does not describe the verified standard board."""


def label(square: int) -> str:
    """The notation label of a square: ``label(37) == "F3"``."""
    return f"{chr(65 + square % WIDTH)}{square // WIDTH + 1}"


def parse_square(text: str) -> int | None:
    """The square of a label such as "F3" (any case), or None if it is not on the board."""
    if len(text) < 2 or len(text) > 3:
        return None
    col = ord(text[0].upper()) - 65
    digits = text[1:]
    if not (digits.isascii() and digits.isdigit()) or not 0 <= col < WIDTH:
        return None
    row = int(digits) - 1
    if not 0 <= row < HEIGHT or digits[0] == "0":
        return None
    return row * WIDTH + col


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, WIDTH)
    out = []
    if row > 0:
        out.append(square - WIDTH)
    if col > 0:
        out.append(square - 1)
    if col < WIDTH - 1:
        out.append(square + 1)
    if row < HEIGHT - 1:
        out.append(square + WIDTH)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in range(SIZE))
LABELS: tuple[str, ...] = tuple(label(sq) for sq in range(SIZE))
# Squares in the order their labels sort as strings ("A1" < "A10" < "A11" < "A2"): emitting
# actions in this order keeps ``legal_actions`` sorted without sorting it.
LABEL_ORDER: tuple[int, ...] = tuple(sorted(range(SIZE), key=lambda sq: LABELS[sq]))


def _block(top_left: int) -> tuple[int, int, int, int] | None:
    row, col = divmod(top_left, WIDTH)
    if row >= HEIGHT - 1 or col >= WIDTH - 1:
        return None
    return (top_left, top_left + 1, top_left + WIDTH, top_left + WIDTH + 1)


# The 2x2 blocks (by top-left square) that contain each square.
BLOCKS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        tl
        for tl in (sq, sq - 1, sq - WIDTH, sq - WIDTH - 1)
        if tl >= 0 and (b := _block(tl)) is not None and sq in b
    )
    for sq in range(SIZE)
)
BLOCK: dict[int, tuple[int, int, int, int]] = {
    tl: b for tl in range(SIZE) if (b := _block(tl)) is not None
}


def _load(path: Path) -> tuple[frozenset[int], tuple[int, ...], frozenset[int]]:
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BoardDataError(f"cannot read the board file {path}: {error}") from error
    if data.get("width") != WIDTH or data.get("height") != HEIGHT:
        raise BoardDataError("the board must be 16 x 11")
    river = frozenset(_square_of(pos) for pos in data["river"])
    temples = tuple(sorted(_square_of(t["pos"]) for t in data["temples"]))
    corners = frozenset(_square_of(t["pos"]) for t in data["temples"] if t.get("corner"))
    for t in data["temples"]:
        if label(_square_of(t["pos"])) != t["label"] or not t.get("treasure"):
            raise BoardDataError(f"temple {t} has a wrong label or no treasure")
    checks = {
        "41 river squares": len(river) == 41 == data.get("river_count"),
        "135 land squares": SIZE - len(river) == 135 == data.get("land_count"),
        "10 starting temples": len(set(temples)) == 10,
        "4 corner treasures": len(corners) == 4,
        "temples on land": not river & set(temples),
        "corners are temples": corners <= set(temples),
    }
    failed = [name for name, ok in checks.items() if not ok]
    if failed:
        raise BoardDataError(f"{path.name} fails: {', '.join(failed)}")
    return river, temples, corners


def _square_of(pos: list[int]) -> int:
    col, row = pos
    if not (0 <= col < WIDTH and 0 <= row < HEIGHT):
        raise BoardDataError(f"square {pos} is off the board")
    return row * WIDTH + col


RIVER, START_TEMPLES, CORNERS = _load(BOARD_FILE)
IS_RIVER: tuple[bool, ...] = tuple(sq in RIVER for sq in range(SIZE))
LAND_SQUARES: tuple[int, ...] = tuple(sq for sq in LABEL_ORDER if not IS_RIVER[sq])
RIVER_SQUARES: tuple[int, ...] = tuple(sq for sq in LABEL_ORDER if IS_RIVER[sq])
