"""A new table's settings checked against its game: seat count, seat order and options."""

from __future__ import annotations

from typing import Any

from bot.games.contract import GameEngine
from bot.i18n import C_, Text, _
from bot.presenters import game_name
from bot.service.errors import BadOption, WrongPlayerCount

__all__ = ["SEAT_ORDERS", "check_seat_count", "counts_text", "merge_options"]

SEAT_ORDERS = ("join", "random")


def counts_text(counts: tuple[int, ...]) -> Text | str:
    """The seat counts a game is played by, in the reader's words ("2 to 4", "2, 3 or 5")."""
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return _("{low} to {high}", low=ordered[0], high=ordered[-1])
    return _("{counts} or {last}", counts=", ".join(map(str, ordered[:-1])), last=ordered[-1])


def check_seat_count(game: GameEngine, seats: int) -> None:
    """WrongPlayerCount unless ``game`` is played by ``seats`` players."""
    counts = tuple(game.SEAT_COUNTS)
    if seats not in counts:
        raise WrongPlayerCount(
            _(
                "{game} is played by {counts} players, not {n}.",
                game=game_name(game.NAME),
                counts=counts_text(counts),
                n=seats,
            )
        )


#: What kind of value an option takes, by the type of its default, in the reader's words.
_OPTION_KINDS: dict[type, Text] = {
    bool: C_("option kind", "yes or no"),
    int: C_("option kind", "whole number"),
    float: C_("option kind", "number"),
    str: C_("option kind", "word"),
}


def merge_options(game: GameEngine, given: dict[str, Any]) -> dict[str, Any]:
    """The game's default options overridden by ``given``; unknown names or types are refused."""
    defaults: dict[str, Any] = dict(game.OPTIONS)
    merged = dict(defaults)
    for name, value in given.items():
        if name not in defaults:
            known: Text | str = ", ".join(sorted(defaults)) or _("none")
            raise BadOption(
                _(
                    "{game} has no option {name} (options: {known}).",
                    game=game_name(game.NAME),
                    name=repr(name),
                    known=known,
                )
            )
        default = defaults[name]
        if type(default) is float and type(value) is int:
            value = float(value)
        if default is not None and type(value) is not type(default):
            raise BadOption(
                _(
                    "Option {name} takes a {kind}, not {value}.",
                    name=repr(name),
                    kind=_OPTION_KINDS.get(type(default), type(default).__name__),
                    value=repr(value),
                )
            )
        merged[name] = value
    return merged
