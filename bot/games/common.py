"""Vocabulary shared by every rules engine: the errors a player's input can raise, and one step
of a replayed game."""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = [
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidNotation",
    "NotYourTurn",
    "Step",
    "typed",
]


class GameError(ValueError):
    """Base of every error an engine raises for a player's input.

    The message is today's English sentence; ``key`` and ``params`` say the same in data (seat
    references ``@N``, colour ids, square labels, card ids, numbers) so the presenters can say
    it in the player's language. An error without a key is shown by its English text.
    """

    def __init__(self, text: str = "", key: str = "", **params: Any) -> None:
        super().__init__(text)
        self.key = key
        self.params: dict[str, Any] = params


class InvalidNotation(GameError):
    """The text is not an action in the game's notation ("tile purple Z9")."""


class NotYourTurn(GameError):
    """The seat is not among the seats that must decide now (or the game is over)."""


class IllegalAction(GameError):
    """Well-formed, the seat's decision, but not allowed in this position."""


class GameOver(NotYourTurn):
    """Nobody may act: the game has ended."""


def typed(word: str) -> str:
    """A word the player typed, as a refusal shows it inside a code span (`` `{word}` ``):
    without backticks, which would end the span early."""
    return word.replace("`", "")


class Step(NamedTuple):
    """One logged decision of a replayed game: who took which action, and the states around it
    (what the statistics of a finished game are read from)."""

    seat: int
    action: str
    before: Any
    after: Any
