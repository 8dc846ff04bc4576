"""Several bot processes on one database: which process owns a table, and the leases that keep
two processes from doing one thing twice (no discord.py here).

Discord routes a server's events to shard ``(guild_id >> 22) % shard_count`` and direct messages
to shard 0; a process holds some shards (``SHARD_IDS``) and answers only what they receive. Its
timed work follows the same rule: it shows (``catch_up``), plays the AI seats of and runs the
league rounds of its own servers' tables only. Reminders, warnings and expiries are fired by one
process for every table, the scheduler's leader: the one holding the ``scheduler`` lease, which
it renews on every tick and which another process takes once it has not been renewed for
:data:`LEADER_TICKS` ticks (its holder died). Any process may post in any channel (REST), so the
leader posts what it fires; a table's posts still never overlap, because they are made under the
table's ``board:<id>`` lease.
"""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from bot.running.ids import short_id
from bot.storage.leases import LeaseQueries
from bot.storage.tables import Database

__all__ = ["LEADER_TICKS", "BoardLeases", "Leases", "Shards", "shard_of"]

#: The scheduler lease runs this many ticks past its last renewal: a leader that died is replaced
#: at the first tick of another process after that, so within two ticks of the missed one.
LEADER_TICKS = 1.5
#: A table's board lease: longer than any post takes; it only matters when its holder died
#: while posting (the next post of that table then waits at most this long).
BOARD_LEASE = 20.0
#: How soon a process waiting for another one's board lease looks again, doubling up to the
#: second figure (each look is a write transaction: a dead holder's lease is not polled hard).
BOARD_POLL = (0.05, 0.5)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends ``guild_id``'s events to (direct messages: shard 0)."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards of one process: ``count`` in all (None: not sharded), ``ids`` held here."""

    count: int | None = None
    ids: tuple[int, ...] = (0,)

    @property
    def sharded(self) -> bool:
        """Whether other processes may share the database (leases needed)."""
        return self.count is not None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process receives ``guild_id``'s interactions (a table's server decides;
        a table without one belongs to shard 0, like direct messages)."""
        if self.count is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def own(self, guild_ids: Iterable[tuple[int, int | None]]) -> list[int]:
        """The ids of ``(id, guild id)`` pairs this process owns, in order."""
        return [item for item, guild in guild_ids if self.owns(guild)]


def process_name() -> str:
    """A holder name unique to this process (host, pid and a random part: pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{short_id()}"


class Leases:
    """Named leases in the shared database, held in this process's name."""

    def __init__(
        self, db: Database, *, holder: str | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.db = db
        self.holder = holder or process_name()
        self.clock = clock

    async def claim(self, name: str, seconds: float) -> bool:
        """Take (or renew) ``name`` for ``seconds``; False while another process holds it."""
        now = self.clock()
        async with self.db.write() as q:
            return await LeaseQueries(q).claim(name, self.holder, now, now + seconds)

    async def release(self, name: str) -> None:
        async with self.db.write() as q:
            await LeaseQueries(q).release(name, self.holder)

    async def holder_of(self, name: str) -> str | None:
        async with self.db.read() as q:
            return await LeaseQueries(q).holder(name, self.clock())

    async def lead(self, interval: float) -> bool:
        """Claim or renew the scheduler's leadership for this tick (``interval`` seconds apart):
        True if this process fires the reminders, warnings and expiries now."""
        return await self.claim("scheduler", LEADER_TICKS * interval)


class BoardLeases:
    """A table's board lease, waited for: the cross-process half of ``BoardBot.board_lock``."""

    def __init__(self, leases: Leases, *, seconds: float = BOARD_LEASE) -> None:
        self.leases = leases
        self.seconds = seconds

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        name = f"board:{table_id}"
        pause, longest = BOARD_POLL
        while not await self.leases.claim(name, self.seconds):
            await asyncio.sleep(pause)
            pause = min(2 * pause, longest)
        try:
            yield
        finally:
            await self.leases.release(name)
