"""The service's refusals: each a short sentence for the player, changing nothing."""

from __future__ import annotations

from bot import titles
from bot.i18n import C_, Text, _
from bot.service.records import Table
from bot.storage.tables import TableStatus

__all__ = [
    "NO_AI",
    "AlreadySeated",
    "BadOption",
    "ChannelBusy",
    "GameNotActive",
    "NotAllowed",
    "NotFinished",
    "NotInLobby",
    "NotSeated",
    "NotStarted",
    "ServiceError",
    "StaleBoard",
    "TableFull",
    "UnknownGame",
    "UnknownTable",
    "WrongPlayerCount",
]


class ServiceError(Exception):
    """An expected refusal; the message is a short sentence for the user: ``text`` to show in
    the reader's language (a :class:`bot.i18n.Text`, see :func:`bot.presenters.refusal`),
    ``message`` and ``str(error)`` its English."""

    def __init__(self, message: Text | str) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.text = message


class UnknownTable(ServiceError):
    """No table has that id (or no game in this channel)."""


class UnknownGame(ServiceError):
    """The game name is not one of the installed games."""


class BadOption(ServiceError):
    """A table option (or seat order) the game does not have, or a value it refuses."""


#: A table's status as a refusal names it ("a lobby table for ...").
_TABLE_STATUS = {
    TableStatus.LOBBY: C_("table status", "lobby"),
    TableStatus.ACTIVE: C_("table status", "active"),
}


def _game_id(game: str) -> Text | str:
    """The game id as a refusal names it (its title's ``game_id``)."""
    title = titles.title(game)
    return title.game_id if title is not None else game


#: The refusal of an AI seat for a title without an AI.
NO_AI = _("This game has no AI players: invite people to its seats.")


class ChannelBusy(ServiceError):
    """The channel already has a lobby or running game: ``table``."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            _(
                "This channel already has a {status} table for {game}; "
                "finish it or open the game in a new thread.",
                status=_TABLE_STATUS.get(table.status, table.status),
                game=_game_id(table.game),
            )
        )
        self.table = table


class NotSeated(ServiceError):
    """The user has no seat at this table."""


class AlreadySeated(ServiceError):
    """The user already sits at this table."""


class TableFull(ServiceError):
    """Every seat of the lobby is taken."""


class NotInLobby(ServiceError):
    """The table has left the lobby (started, finished or cancelled)."""


class NotAllowed(ServiceError):
    """Only the table's creator or a server manager may do this."""


class WrongPlayerCount(ServiceError):
    """The game cannot be played by that many players."""


class GameNotActive(ServiceError):
    """The game is not running (over, aborted, or not started)."""


class NotStarted(GameNotActive):
    """The table is still a lobby (or was cancelled there): there is no board yet."""


class NotFinished(ServiceError):
    """The record and the revealed summary exist only once the game has ended."""


class StaleBoard(ServiceError):
    """The board changed since the caller saw it; ``table`` is the current one."""

    def __init__(self, table: Table) -> None:
        super().__init__(_("The board has changed since you looked; here is the current state."))
        self.table = table
