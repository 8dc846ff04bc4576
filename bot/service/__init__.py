"""The use-case layer between Discord and the rules engines: tables, seats, moves, records.

Knows no discord.py. A *table* is one game in one channel, from lobby to end. Every move goes
through :meth:`Service.submit`, which checks in one fixed order (table exists -> game running ->
caller seated -> caller's seat must decide now -> the board they saw is current -> the engine
accepts the action) and commits the action and the new state snapshot in one transaction before
it returns. Secrets leave only through the engine's ``view``.

:class:`Service` is put together from one module per use case over a shared base
(:mod:`~bot.service.core`): :mod:`~bot.service.lobby`, :mod:`~bot.service.moves`,
:mod:`~bot.service.seats`, :mod:`~bot.service.posting`, :mod:`~bot.service.lookups` and
:mod:`~bot.service.results`; its records and refusals live in :mod:`~bot.service.records` and
:mod:`~bot.service.errors`. Callers import every name from here.
"""

from __future__ import annotations

from bot.service.errors import (
    NO_AI,
    AlreadySeated,
    BadOption,
    ChannelBusy,
    GameNotActive,
    NotAllowed,
    NotFinished,
    NotInLobby,
    NotSeated,
    NotStarted,
    ServiceError,
    StaleBoard,
    TableFull,
    UnknownGame,
    UnknownTable,
    WrongPlayerCount,
)
from bot.service.lobby import Lobby, has_ai
from bot.service.lookups import Lookups
from bot.service.moves import Moves
from bot.service.posting import Posting
from bot.service.records import MoveResult, Player, Reminder, Table
from bot.service.results import Results
from bot.service.seats import Seats

__all__ = [
    "NO_AI",
    "AlreadySeated",
    "BadOption",
    "ChannelBusy",
    "GameNotActive",
    "MoveResult",
    "NotAllowed",
    "NotFinished",
    "NotInLobby",
    "NotSeated",
    "NotStarted",
    "Player",
    "Reminder",
    "Service",
    "ServiceError",
    "StaleBoard",
    "Table",
    "TableFull",
    "UnknownGame",
    "UnknownTable",
    "WrongPlayerCount",
    "has_ai",
]


class Service(Lobby, Lookups, Moves, Seats, Posting, Results):
    """Tables, seats and moves over one database; one instance per bot process."""
