"""Tigris & Euphrates' action labels for the Act menus and `/move` suggestions (see
:mod:`bot.ui.labels`): ``label(words)`` of an action or a partial one in the notation, None
where it has none."""

from __future__ import annotations

from collections import Counter

from bot import presenters
from bot.i18n import C_, N_, Text, _, listing


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
        tile = presenters.tile_word(colour)
        if len(args) == 1:
            return _("{tile} tile …", tile=tile)
        return _("{tile} tile → {square}", tile=tile, square=args[1])
    if verb == "leader":
        leader = presenters.leader_word(colour)
        if len(args) == 1:
            return _("{leader} leader …", leader=leader)
        return _("{leader} leader → {square}", leader=leader, square=args[1])
    if verb == "withdraw":
        return _("Withdraw the {leader} leader", leader=presenters.leader_word(colour))
    if verb == "catastrophe":
        return _("Catastrophe tile → {square}", square=args[0])
    if verb == "swap":
        counts = Counter(args)  # in the order typed: "swap red red black" is 2 red, 1 black
        tiles = listing(
            C_("goods", "{n} {good}", n=n, good=presenters.colour_word(c))
            for c, n in counts.items()
        )
        return _("Swap: {tiles}", tiles=tiles)
    if verb == "support" and args[0].isdecimal():
        n = int(args[0])
        if n == 0:
            return _("No support tiles")
        return N_("Support with {n} tile", "Support with {n} tiles", n)
    if verb == "war":
        return _("{leader} war first", leader=presenters.leader_word(colour))
    if verb == "monument":
        if colour == "none":
            return _("No monument")
        if len(args) == 1:
            return _("Monument at {square} …", square=args[0])
        pair = args[1].split("-")
        colours = listing(presenters.colour_word(c) for c in pair)
        return _("Monument at {square}: {colours}", square=args[0], colours=colours)
    if verb == "treasure":
        return _("Treasure at {square}", square=args[0])
    return None
