"""Queries for post-game reviews (migration 0014): one stored review per finished table."""

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
