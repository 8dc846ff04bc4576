"""Targi's action labels for the Act menus and `/move` suggestions (see :mod:`bot.ui.labels`):
``label(words)`` of an action or a partial one in the notation, None where it has none."""

from __future__ import annotations

import re

from bot.i18n import C_, N_, Text, _, listing
from bot.titles.targi_words import GOODS_LETTERS, border_name, good_word

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
            good = good_word(GOODS_LETTERS[amount[2].upper()])
            parts.append(C_("goods", "{n} {good}", n=int(amount[1]), good=good))
    return listing(parts) if len(parts) != 1 else parts[0]


def _one_good(letter: str) -> Text | str:
    return good_word(GOODS_LETTERS.get(letter.upper(), letter))


def _slot_moves(words: list[str]) -> Text:
    pairs = " ".join(words).split(" and ")
    moves = [" → ".join(pair.split()) for pair in pairs]
    return _("Move displayed cards: {moves}", moves=", ".join(moves))


def label(words: list[str]) -> Text | str | None:
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
        card = border_name(args[0])
        return _("Place a Targi on {n} {card}", n=args[0], card=card)
    if verb == "use" and len(args) == 1:
        if args[0].isdecimal():
            return _("Use {n} {card}", n=args[0], card=border_name(args[0]))
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
