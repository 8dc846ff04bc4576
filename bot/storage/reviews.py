"""Queries for post-game reviews: one stored review per finished table (migration 0014), and
the reviews in flight, each holding one of its server's numbered slots (migration 0016)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.tables import Queries, Statements

__all__ = ["ReviewQueries"]


class ReviewQueries(Statements):
    """Statements over ``game_reviews``; run inside ``Database.read``/``write``."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    async def get(self, table_id: int) -> dict[str, Any] | None:
        """The stored review of the table (as :meth:`bot.ai.review.Review.to_json` wrote it)."""
        row = await self._one("SELECT review FROM game_reviews WHERE table_id = ?", [table_id])
        if row is None:
            return None
        data: dict[str, Any] = json.loads(row[0])
        return data

    async def put(
        self, table_id: int, guild_id: int | None, game: str, review: dict[str, Any], cpu: float
    ) -> None:
        """Store a table's review (``cpu``: the seconds it took); one stored already (another
        process was faster) stays: both computed the same review from the same log and seed."""
        await self._change(
            "INSERT INTO game_reviews (table_id, guild_id, game, review, cpu_ms) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) DO NOTHING",
            [table_id, guild_id, game, json.dumps(review, sort_keys=True), round(cpu * 1000)],
        )

    async def forget(self, table_id: int) -> float | None:
        """Delete the table's stored review (the bot bench, asking for it again); the CPU
        seconds it had taken, None if none was stored."""
        row = await self._one("SELECT cpu_ms FROM game_reviews WHERE table_id = ?", [table_id])
        await self._change("DELETE FROM game_reviews WHERE table_id = ?", [table_id])
        return None if row is None else int(row[0]) / 1000

    # -- reviews in flight: every process's, one slot each ------------------------------------

    async def take_slot(
        self, guild_id: int | None, table_id: int, holder: str, now: float, until: float, limit: int
    ) -> int | None:
        """Give the table's review one of its server's ``limit`` slots (0, 1, ...) until
        ``until`` in ``holder``'s name, after freeing the slots that expired before ``now``; the
        slot, or None if all are taken (or the table's review holds one already: see
        :meth:`slot_holder`). Each try is one insert guarded by the primary key, so two
        processes never get the same slot, whichever database."""
        await self._change("DELETE FROM review_slots WHERE expires < ?", [now])
        for slot in range(limit):
            taken = await self._change(
                "INSERT INTO review_slots (guild_id, slot, table_id, holder, expires) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [guild_id or 0, slot, table_id, holder, until],
            )
            if taken:
                return slot
        return None

    async def slot_holder(self, table_id: int, now: float) -> str | None:
        """The process computing the table's review now (None: nobody, or its slot expired)."""
        row = await self._one(
            "SELECT holder FROM review_slots WHERE table_id = ? AND expires >= ?", [table_id, now]
        )
        return None if row is None else str(row[0])

    async def renew_slot(self, table_id: int, holder: str, until: float) -> bool:
        """Keep ``holder``'s slot for the table until ``until``; False if it is no longer
        theirs (it expired and was taken)."""
        changed = await self._change(
            "UPDATE review_slots SET expires = ? WHERE table_id = ? AND holder = ?",
            [until, table_id, holder],
        )
        return changed == 1

    async def free_slot(self, table_id: int, holder: str) -> None:
        """The review is stored (or failed): ``holder``'s slot for the table is free."""
        await self._change(
            "DELETE FROM review_slots WHERE table_id = ? AND holder = ?", [table_id, holder]
        )

    async def in_flight(self, guild_id: int | None, now: float) -> int:
        """Reviews of the server being computed now, by every process."""
        row = await self._one(
            "SELECT COUNT(*) FROM review_slots WHERE guild_id = ? AND expires >= ?",
            [guild_id or 0, now],
        )
        return int(row[0]) if row else 0
