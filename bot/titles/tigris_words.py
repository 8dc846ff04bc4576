"""Tigris & Euphrates' words: its engine ids (colours, dynasties, score parts) as texts of the
reader's language, for its title's texts, its Act menu labels and its review's sentences."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import C_, N_, Text
from bot.presenters import commas

__all__ = [
    "COLOURS",
    "DYNASTY_WORDS",
    "SCORE_WORDS",
    "colour_counts",
    "colour_word",
    "dynasty_word",
    "leader_word",
    "tile_word",
    "tiles_of",
]

#: The four colours in the game's order (tiles, leaders, score).
COLOURS = ("red", "blue", "green", "black")

_COLOUR_WORDS = {
    "red": C_("colour", "red"),
    "blue": C_("colour", "blue"),
    "green": C_("colour", "green"),
    "black": C_("colour", "black"),
}
_LEADER_WORDS = {
    "red": C_("leader", "priest"),
    "blue": C_("leader", "farmer"),
    "green": C_("leader", "trader"),
    "black": C_("leader", "king"),
}
_TILE_WORDS = {
    "red": C_("tile", "temple"),
    "blue": C_("tile", "farm"),
    "green": C_("tile", "market"),
    "black": C_("tile", "settlement"),
}
#: The dynasties (a player's symbol on the board) in the board's order, named as the images
#: name them.
DYNASTY_WORDS = {
    "archer": C_("dynasty", "archer"),
    "bull": C_("dynasty", "bull"),
    "pot": C_("dynasty", "pot"),
    "lion": C_("dynasty", "lion"),
}
#: The parts of a seat's score table: its colours and its treasures.
SCORE_WORDS: Mapping[str, Text] = {
    **_COLOUR_WORDS,
    "treasures": C_("score", "treasures"),
}


def _word(words: Mapping[str, Text], value: object) -> Text | str:
    return words.get(str(value), str(value))


def colour_word(colour: object) -> Text | str:
    """A colour ("red") as a word of the reader's language."""
    return _word(_COLOUR_WORDS, colour)


def leader_word(colour: object) -> Text | str:
    """The leader of a colour ("black" -> king)."""
    return _word(_LEADER_WORDS, colour)


def tile_word(colour: object) -> Text | str:
    """The tile of a colour ("red" -> temple)."""
    return _word(_TILE_WORDS, colour)


def dynasty_word(dynasty: object) -> Text | str:
    """A dynasty ("archer") as a word of the reader's language."""
    return _word(DYNASTY_WORDS, dynasty)


def tiles_of(colour: object, n: int) -> Text:
    """``n`` tiles of a colour, counted the language's way ("2 temples")."""
    if colour == "blue":
        return N_("{n} farm", "{n} farms", n)
    if colour == "green":
        return N_("{n} market", "{n} markets", n)
    if colour == "black":
        return N_("{n} settlement", "{n} settlements", n)
    return N_("{n} temple", "{n} temples", n)


def colour_counts(items: Sequence[Any]) -> Text | str:
    """Tiles by colour, counted the language's way ("red, 2 blue"; "빨강 1, 파랑 2")."""
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return commas(
        [
            N_("{colour}", "{n} {colour}", n, colour=colour_word(colour))
            for colour, n in counts.items()
        ]
    )
