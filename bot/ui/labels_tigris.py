"""Tigris & Euphrates' action labels for the Act menus and `/move` suggestions (see
:mod:`bot.ui.labels`): ``label(words)`` of an action or a partial one in the notation, None
where it has none."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot import action_menus
from bot.i18n import C_, N_, Text, _, listing
from bot.titles.tigris_words import COLOURS, colour_word, leader_word, tile_word

# ---- the Act picker (bot.ui.picker) ----

#: Words naming a piece on the picker's first screen: a tile or a leader is one per colour.
PIECE_WORDS = {"tile": 2, "leader": 2}
#: The pieces' order: tiles, leaders, then the other moves.
PIECE_ORDER = tuple(
    [f"{piece} {c}" for piece in ("tile", "leader") for c in COLOURS]
    + ["catastrophe", "swap", "withdraw", "pass"]
)
#: The first screen's rows (the rest fill the rows after them).
PIECE_ROWS = (("tile",), ("leader",), ("catastrophe", "swap", "withdraw", "pass"))

#: The pieces' marks on the first screen: the tiles' and leaders' colours as on the board.
EMOJI = {
    "tile red": "🟥",
    "tile blue": "🟦",
    "tile green": "🟩",
    "tile black": "⬛",
    "leader red": "🔴",
    "leader blue": "🔵",
    "leader green": "🟢",
    "leader black": "⚫",
    "catastrophe": "💥",
    "swap": "🔄",
    "withdraw": "↩️",
    "pass": "⏭️",
}


def sort_key(action: str) -> tuple[Any, ...]:
    """The picker's order of a screen: swaps by how many tiles, then red, blue, green, black;
    anything else as the notation sorts naturally."""
    words = action.split()
    if words[0] == "swap":
        colours = tuple(COLOURS.index(c) if c in COLOURS else 9 for c in words[1:])
        return (1, len(colours), colours)
    return (0, action_menus.natural_key(action))


def short(words: list[str]) -> str | None:
    """A picker button's label where the screen already names the move: a swap as its tiles'
    marks (``swap blue blue black`` -> 🟦🟦⬛), short enough for a phone's row of five."""
    if words[0] == "swap" and len(words) > 1:
        return "".join(EMOJI.get(f"tile {colour}", colour) for colour in words[1:])
    return None


def _square(label: str) -> tuple[int, int] | None:
    """Column and row of a square label ("F4" -> (5, 4)); None if it is not one."""
    if len(label) < 2 or not label[0].isalpha() or not label[1:].isdecimal():
        return None
    return ord(label[0].upper()) - 65, int(label[1:])


def near(view: Mapping[str, Any], seat: int) -> Any:
    """The picker's "near your pieces" ranking: how many steps an action's square lies from
    ``seat``'s kingdoms (its leaders and the tiles joined to them), then from its leaders
    (None without leaders on the board, or for an action without a square)."""
    board = view.get("board") or {}
    leaders = [
        at
        for leader in board.get("leaders") or []
        if leader.get("seat") == seat and (at := _square(str(leader.get("square")))) is not None
    ]
    occupied = {
        at
        for piece in [*(board.get("tiles") or []), *(board.get("leaders") or [])]
        if (at := _square(str(piece.get("square")))) is not None
    }
    kingdoms = set(leaders)
    todo = list(leaders)
    while todo:  # the own leaders' kingdoms: everything joined to them, side by side
        c, r = todo.pop()
        for step in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if step in occupied and step not in kingdoms:
                kingdoms.add(step)
                todo.append(step)

    def distance(action: str) -> float | None:
        at = _square(action.split()[-1])
        if not leaders or at is None:
            return None
        to_kingdom = min(abs(at[0] - c) + abs(at[1] - r) for c, r in kingdoms)
        to_leader = min(abs(at[0] - c) + abs(at[1] - r) for c, r in leaders)
        return to_kingdom + to_leader / 100

    return distance


def label(words: list[str]) -> Text | str | None:
    verb, args = words[0], words[1:]
    if verb == "pass" and not args:
        return C_("action", "Pass")
    if not args:
        return {
            "tile": _("Place a tile"),
            "leader": _("Place or move a leader"),
            "withdraw": _("Withdraw a leader"),
            "catastrophe": _("Catastrophe tile"),
            "swap": _("Swap tiles"),
            "support": _("Support"),
            "war": _("Next war"),
            "monument": _("Monument"),
            "treasure": _("Take a treasure"),
        }.get(verb)
    colour = args[0]
    if verb == "tile":
        tile = tile_word(colour)
        if len(args) == 1:
            return _("{tile} tile …", tile=tile)
        return _("{tile} tile → {square}", tile=tile, square=args[1])
    if verb == "leader":
        leader = leader_word(colour)
        if len(args) == 1:
            return _("{leader} leader …", leader=leader)
        return _("{leader} leader → {square}", leader=leader, square=args[1])
    if verb == "withdraw":
        return _("Withdraw the {leader} leader", leader=leader_word(colour))
    if verb == "catastrophe":
        return _("Catastrophe tile → {square}", square=args[0])
    if verb == "swap":
        counts = Counter(args)  # in the order typed: "swap red red black" is 2 red, 1 black
        tiles = listing(
            C_("goods", "{n} {good}", n=n, good=colour_word(c)) for c, n in counts.items()
        )
        return _("Swap: {tiles}", tiles=tiles)
    if verb == "support" and args[0].isdecimal():
        n = int(args[0])
        if n == 0:
            return _("No support tiles")
        return N_("Support with {n} tile", "Support with {n} tiles", n)
    if verb == "war":
        return _("{leader} war first", leader=leader_word(colour))
    if verb == "monument":
        if colour == "none":
            return _("No monument")
        if len(args) == 1:
            return _("Monument at {square} …", square=args[0])
        pair = args[1].split("-")
        colours = listing(colour_word(c) for c in pair)
        return _("Monument at {square}: {colours}", square=args[0], colours=colours)
    if verb == "treasure":
        return _("Treasure at {square}", square=args[0])
    return None
