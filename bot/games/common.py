"""Vocabulary shared by every rules engine: the errors a player's input can raise."""

from __future__ import annotations

__all__ = ["GameError", "GameOver", "IllegalAction", "InvalidNotation", "NotYourTurn"]


class GameError(ValueError):
    """Base of every error an engine raises for a player's input; the message is for players."""


class InvalidNotation(GameError):
    """The text is not an action in the game's notation ("tile purple Z9")."""


class NotYourTurn(GameError):
    """The seat is not among the seats that must decide now (or the game is over)."""


class IllegalAction(GameError):
    """Well-formed, the seat's decision, but not allowed in this position."""


class GameOver(NotYourTurn):
    """Nobody may act: the game has ended."""
