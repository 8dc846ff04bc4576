"""What the channel shows of each table: its lobby and board messages, the version its last
board shows, and the catch-up owed after a crash or a failed post (boards, replays, pings)."""

from __future__ import annotations

from bot.i18n import _
from bot.service.core import ServiceCore
from bot.service.errors import UnknownTable
from bot.service.records import Table

__all__ = ["Posting"]


class Posting(ServiceCore):
    """The bookkeeping that lets every state reach its channel exactly once."""

    async def set_lobby_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.write() as q:
            if not await q.set_message(table_id, "lobby", message_id):
                raise UnknownTable(_("There is no such game table."))

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        async with self._db.write() as q:
            if not await q.set_message(table_id, "board", message_id):
                raise UnknownTable(_("There is no such game table."))

    async def set_posted(
        self, table_id: int, version: int, message_id: int | None, to_act: tuple[int, ...]
    ) -> None:
        """The channel now shows ``version`` (a new board or result in ``message_id``; None
        keeps the current board link), waiting for the seats ``to_act``."""
        async with self._db.write() as q:
            if not await q.set_posted(table_id, version, message_id, to_act):
                raise UnknownTable(_("There is no such game table."))

    async def unposted(self) -> list[Table]:
        """Started tables whose current state the channel has not shown yet (a crash or a
        failed post between the commit and the board)."""
        async with self._db.read() as q:
            ids = await q.unposted_table_ids()
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def last_mover(self, table_id: int) -> int | None:
        """The user whose action is the last one logged (None before the first action)."""
        async with self._db.read() as q:
            log_rows = await q.actions(table_id)
        return log_rows[-1].user_id if log_rows else None

    async def replays_owed(self) -> list[Table]:
        """Finished tables whose final result is in the channel and whose replay and score
        story are still owed (see :mod:`bot.ui.replays`)."""
        async with self._db.read() as q:
            ids = await q.replay_owed_table_ids()
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def replay_owed(self, table_id: int) -> bool:
        """Whether the finished table still owes the channel its replay and score story."""
        async with self._db.read() as q:
            return await q.replay_owed(table_id)

    async def set_replay_posted(self, table_id: int) -> bool:
        """The channel has the table's replay (or the note); False if it was not owed."""
        async with self._db.write() as q:
            return await q.set_replay_posted(table_id)
