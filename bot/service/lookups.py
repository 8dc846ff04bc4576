"""Reading tables: by id, channel, server or waiting player; who must decide and since when;
the reminders due; the server's language."""

from __future__ import annotations

from bot.service.core import ServiceCore
from bot.service.records import Reminder, Table, to_table
from bot.storage.tables import TableStatus

__all__ = ["Lookups"]


class Lookups(ServiceCore):
    """Tables and decisions as they stand; nothing here changes a game."""

    async def get(self, table_id: int) -> Table:
        return (await self._read(table_id))[1]

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a manager set for the server with `/settings language:` (None: none)."""
        async with self._db.read() as q:
            return await q.guild_language(guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """Set (or, with None, clear) the server's language for new tables and league posts."""
        async with self._db.write() as q:
            await q.set_guild_language(guild_id, language)

    async def in_channel(self, channel_id: int) -> Table | None:
        """The lobby or running table in the channel, if any."""
        async with self._db.read() as q:
            row, seats = await q.open_table_and_seats_in_channel(channel_id)
            return None if row is None else to_table(row, seats)

    async def finished_in_channel(self, channel_id: int) -> Table | None:
        """The channel's most recently created table that finished, if any."""
        async with self._db.read() as q:
            row = await q.last_finished_in_channel(channel_id)
            return None if row is None else to_table(row, await q.seats(row.id))

    async def list_guild(self, guild_id: int) -> list[Table]:
        """Lobbies and running games in the server, oldest first."""
        async with self._db.read() as q:
            rows = await q.open_tables_in_guild(guild_id)
            return [to_table(row, await q.seats(row.id)) for row in rows]

    async def list_waiting_on(self, user_id: int) -> list[Table]:
        """Running games (in every server) where ``user_id`` must decide now."""
        async with self._db.read() as q:
            ids = await q.waiting_on(user_id)
            return [(await self._load(q, table_id))[1] for table_id in ids]

    async def to_act(self, table_id: int) -> tuple[int, ...]:
        """Seats that must decide now (empty unless the game is running)."""
        async with self._db.read() as q:
            _row, table = await self._load(q, table_id)
            if table.status != TableStatus.ACTIVE:
                return ()
            return tuple(sorted(await q.pending(table_id)))

    async def pending_since(self, table_id: int) -> dict[int, float]:
        """Since when (clock time) each seat to act has been waiting; {} unless running."""
        async with self._db.read() as q:
            _row, table = await self._load(q, table_id)
            return {} if table.status != TableStatus.ACTIVE else await q.pending(table_id)

    # -- reminders (play-by-post groundwork) --------------------------------------------------

    async def due_reminders(self, now: float, interval: float) -> list[Reminder]:
        """Decisions in running games that waited ``interval`` seconds since they became
        pending and since their last reminder (so a seat is reminded at most once per
        ``interval``); oldest first. Call :meth:`mark_reminded` after sending each one."""
        if interval <= 0:
            raise ValueError("the reminder interval must be positive")
        async with self._db.read() as q:
            rows = await q.due_reminders(now, interval)
            tables = {t: (await self._load(q, t))[1] for t in sorted({r[0] for r in rows})}
        return [Reminder(tables[t], seat, user, since, at) for t, seat, user, since, at in rows]

    async def mark_reminded(self, table_id: int, seat: int, at: float) -> None:
        """Record that ``seat`` was reminded at ``at``; a decision no longer pending is ignored."""
        async with self._db.write() as q:
            await q.mark_reminded(table_id, seat, at)
