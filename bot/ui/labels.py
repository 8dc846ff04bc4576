"""Short human labels for actions in the game's notation: what the Act buttons and menus and the
`/move` suggestions show a player, in the reader's language.

The value behind each button, option and suggestion stays the notation (``tile red F4``); only
what is read changes (``사원 타일 → F4``, ``Bitir``, ``2번 대추야자에 타르기 놓기``). A partial
action (an Act menu group such as ``tile red``) gets a label too. Anything this module does not
recognise is shown as its notation, never refused: a label is a courtesy, the notation the truth.
Words come from the presenters (colours, leaders, tiles, goods, Targi cards), so a label and the
sentences around it use one term per concept.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from bot import presenters
from bot.i18n import C_, N_, Text, _, listing, tr

__all__ = ["MAX_CHOICE_NAME", "action_label", "choice_name", "prefix_label"]

#: Discord's limit for an autocomplete choice's name.
MAX_CHOICE_NAME = 100

_GOODS = {"D": "dates", "S": "salt", "P": "pepper", "G": "gold"}
_AMOUNT = re.compile(r"^(\d+)(VP|D|S|P|G)$", re.IGNORECASE)


def _goods(words: list[str]) -> object:
    """A goods bundle (``1D 2S``, ``2VP``, ``stored``, ``free``) in words: "대추야자 1, 소금 2"."""
    parts: list[Text | str] = []
    for word in words:
        amount = _AMOUNT.match(word)
        if word.lower() == "free":
            parts.append(C_("goods", "nothing"))
        elif word.lower() == "stored":
            parts.append(C_("goods", "the stored gold"))
        elif amount is None:
            parts.append(word)
        elif amount[2].upper() == "VP":
            parts.append(N_("{n} VP token", "{n} VP tokens", int(amount[1])))
        else:
            good = presenters._word(presenters._GOOD_WORDS, _GOODS[amount[2].upper()])
            parts.append(C_("goods", "{n} {good}", n=int(amount[1]), good=good))
    return listing(parts) if len(parts) != 1 else parts[0]


def _one_good(letter: str) -> Text | str:
    return presenters._word(presenters._GOOD_WORDS, _GOODS.get(letter.upper(), letter))


def _slot_moves(words: list[str]) -> Text:
    pairs = " ".join(words).split(" and ")
    moves = [" → ".join(pair.split()) for pair in pairs]
    return _("Move displayed cards: {moves}", moves=", ".join(moves))


def _targi(words: list[str]) -> Text | str | None:
    verb, args = words[0], words[1:]
    simple = {
        "done": C_("action", "Done"),
        "discard": C_("action", "Discard"),
        "hand": C_("action", "Take into your hand"),
        "keep": C_("action", "Keep the display as it is"),
    }
    if verb in simple and not args:
        return simple[verb]
    if not args:
        return {
            "place": _("Place a Targi"),
            "use": _("Use a card"),
            "display": _("Display"),
            "play": _("Play your hand card"),
            "pay": _("Pay"),
            "take": _("Take"),
            "drop": _("Drop goods"),
            "smith": _("Exchange at the Silversmith"),
            "trade": _("Trade at the Merchant"),
            "move": _("Move"),
            "swap": _("Swap displayed cards"),
        }.get(verb)
    if verb == "place" and len(args) == 1 and args[0].isdecimal():
        card = presenters._border(args[0])
        return _("Place a Targi on {n} {card}", n=args[0], card=card)
    if verb == "use" and len(args) == 1:
        if args[0].isdecimal():
            return _("Use {n} {card}", n=args[0], card=presenters._border(args[0]))
        return _("Use the centre card at {cell}", cell=args[0])
    if verb in ("display", "play") and args[0].isdecimal():
        if len(args) == 1:
            if verb == "display":
                return _("Display in row {row} …", row=args[0])
            return _("Play your hand card into row {row} …", row=args[0])
        goods = _goods(args[1:])
        if verb == "display":
            return _("Display in row {row}, paying {goods}", row=args[0], goods=goods)
        return _("Play your hand card into row {row}, paying {goods}", row=args[0], goods=goods)
    if verb == "pay":
        return _("Pay {goods}", goods=_goods(args))
    if verb == "take":
        return _("Take {goods}", goods=_goods(args))
    if verb == "drop":
        return _("Drop {goods}", goods=_goods(args))
    if verb == "smith":
        return _("Silversmith: give {goods}", goods=_goods(args))
    if verb == "trade" and len(args) >= 2:
        return _(
            "Merchant: give {goods}, get 1 {good}",
            goods=_goods(args[:-1]),
            good=_one_good(args[-1]),
        )
    if verb == "move" and any("." in a for a in args):
        return _slot_moves(args)
    if verb == "move" and len(args) == 2:
        return _("Move your tribe marker {a} → {b}", a=args[0], b=args[1])
    if verb == "swap" and len(args) == 2:
        return _("Swap displayed cards {a} ↔ {b}", a=args[0], b=args[1])
    return None


def _tigris(words: list[str]) -> Text | str | None:
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


_GAMES: dict[str, Callable[[list[str]], Text | str | None]] = {
    "tigris": _tigris,
    "targi": _targi,
}


def _label(game: str, notation: str) -> Text | str | None:
    words = notation.split()
    if not words:
        return None
    label = _GAMES.get(game)
    return label(words) if label is not None else None


def action_label(game: str, action: str, *, lang: str) -> str:
    """The short label of a whole action in ``lang`` (its notation if unknown)."""
    label = _label(game, action)
    return action if label is None else tr(label, lang)


def prefix_label(game: str, prefix: str, count: int, *, lang: str) -> str:
    """The label of an Act menu group: the actions starting with ``prefix`` (``count`` of them),
    e.g. "사원 타일 … (102)"; a prefix ending in a partial word ("tile red A") shows it."""
    label = _label(game, prefix)
    shown = f"{prefix} …" if label is None else tr(label, lang)
    return tr(_("{label} ({n})", label=shown, n=count), lang)


def choice_name(game: str, action: str, *, lang: str) -> str:
    """An autocomplete suggestion's name: the notation to type, then the label
    (``tile red F4 — 사원 타일 → F4``), within Discord's 100 characters."""
    label = _label(game, action)
    if label is None:
        return action[:MAX_CHOICE_NAME]
    text = f"{action} — {tr(label, lang)}"
    return text if len(text) <= MAX_CHOICE_NAME else action[:MAX_CHOICE_NAME]
