"""Targi's words: its cards' names, its goods and its amount notation ("1D 2S", "3VP", "1D
stored") as texts of the reader's language, and the parts of its score tables, for its title's
texts and its Act menu labels."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from bot.games.targi.cards import CARDS
from bot.i18n import C_, Text, _, named
from bot.presenters import chained

__all__ = [
    "GOODS_LETTERS",
    "SCORE_WORDS",
    "border_name",
    "card_object_name",
    "data_names",
    "good_word",
    "goods_text",
    "targi_card_name",
]

#: The goods by the letter of the notation.
GOODS_LETTERS = {"D": "dates", "S": "salt", "P": "pepper", "G": "gold"}

_GOOD_WORDS = {
    "dates": C_("good", "dates"),
    "salt": C_("good", "salt"),
    "pepper": C_("good", "pepper"),
    "gold": C_("good", "gold"),
}
#: The parts of a seat's score table: the goods held and the points with what they are made of.
SCORE_WORDS: Mapping[str, Text] = {
    **_GOOD_WORDS,
    "vp": C_("score", "vp"),
    "tokens": C_("score", "tokens"),
    "cards": C_("score", "cards"),
    "bonus": C_("score", "bonus"),
}
#: The amount notation ("1D", "2VP") as counted words inside a sentence; the English text
#: keeps the notation (it is what the engine says and what a player types).
_AMOUNTS: dict[str, Callable[[int], Text]] = {
    "D": lambda n: C_("goods amount", "{n}D", n=n),
    "S": lambda n: C_("goods amount", "{n}S", n=n),
    "P": lambda n: C_("goods amount", "{n}P", n=n),
    "G": lambda n: C_("goods amount", "{n}G", n=n),
    "VP": lambda n: C_("goods amount", "{n}VP", n=n),
}
_AMOUNT = re.compile(r"(\d+)(D|S|P|G|VP)")
#: The other words of a payment label ("1D stored", "free").
_PAYMENT_WORDS = {
    "free": C_("payment", "free"),
    "stored": C_("payment", "stored"),
}


def good_word(code: object) -> Text | str:
    """A good by its engine id ("dates") as a word of the reader's language."""
    return _GOOD_WORDS.get(str(code), str(code))


def _spaced(items: list[Text | str]) -> Text | str:
    """The parts of one amount ("1D 2S"): a space in English (the notation), a comma in the
    languages that spell the goods out."""
    return chained(
        items,
        lambda first, second: C_("goods list", "{first} {second}", first=first, second=second),
    )


def goods_text(bundle: object) -> Text | str:
    """An amount in notation ("1D 2S", "3VP", a payment "1D stored" or "free") as words of the
    reader's language ("대추야자 1개, 소금 2개", "1 hurma, 2 tuz"); English keeps the
    notation. Anything else is returned as it is."""
    parts: list[Text | str] = []
    for word in str(bundle).split():
        amount = _AMOUNT.fullmatch(word)
        if amount is not None:
            parts.append(_AMOUNTS[amount.group(2)](int(amount.group(1))))
        elif word in _PAYMENT_WORDS:
            parts.append(_PAYMENT_WORDS[word])
        else:
            return str(bundle)
    return _spaced(parts) if parts else str(bundle)


def targi_card_name(card_id: object) -> Text | str:
    """A Targi card by id as the reader calls it: tribe and border cards by name
    (``named("targi card", name)``), goods cards as "goods card <name>"."""
    card = str(card_id)
    if card in CARDS.tribe:
        return named("targi card", CARDS.tribe[card].name)
    if card in CARDS.goods:
        return _("goods card {name}", name=named("targi card", CARDS.goods[card].name))
    return card


def border_name(number: object) -> Text | str:
    """A border card by its number (1-16) as the reader calls it; an unknown number as it is."""
    border = CARDS.border.get(int(str(number)))
    return named("targi card", border.name) if border is not None else str(number)


def data_names() -> Iterator[tuple[str, str | None]]:
    """Every name from the game data a player can be shown, with its context, for the
    ``engine`` catalogue: Targi's card names (``named("targi card", name)``) and its tribe
    symbols (``named("targi symbol", name)``)."""
    cards = CARDS
    names = [card.name for card in cards.border.values()]
    names += [card.name for card in cards.tribe.values()]
    names += [card.name for card in cards.goods.values()]
    for name in dict.fromkeys(names):
        yield name, "targi card"
    for symbol in dict.fromkeys(cards.symbols.values()):
        yield symbol, "targi symbol"
    # The cards' short texts (``named("targi card text", short)``) are the ``images``
    # catalogue's: drawn on the cards, they are translated to fit there, and one text has one
    # translation in the merged catalogue.


def card_object_name(card: Mapping[str, Any]) -> Text | str:
    """A card object of a view by its name, translated when it is a Targi card's name."""
    card_id, name = str(card.get("id")), card.get("name")
    known = CARDS.tribe.get(card_id) or CARDS.goods.get(card_id)
    if known is not None and name == known.name:
        return named("targi card", known.name)
    return str(name or card.get("id") or card)
