"""Queries for the statistics of finished games (migration 0013): one row per (result, seat)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.tables import Queries, Statements

__all__ = ["SeatStatistics", "StatisticsQueries"]


@dataclass(frozen=True)
class SeatStatistics:
    """One seat's statistics in one finished game."""

    table_id: int
    seat: int
    user_id: int
    guild_id: int | None
    game: str
    counts: dict[str, int]
    players: tuple[int, ...] = ()  # every seat's user id (filled by reads that join results)


_COLUMNS = "s.table_id, s.seat, s.user_id, s.guild_id, s.game, s.counts, r.players"


def _row(row: Sequence[Any]) -> SeatStatistics:
    return SeatStatistics(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        None if row[3] is None else int(row[3]),
        str(row[4]),
        {str(k): int(v) for k, v in json.loads(row[5]).items()},
        tuple(int(u) for u in json.loads(row[6])),
    )


class StatisticsQueries(Statements):
    """Statements over ``game_statistics``; run inside ``Database.read``/``write``."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    async def missing(self, limit: int, guild_id: int | None = None) -> list[int]:
        """Finished games (with a result) whose statistics are not stored yet, oldest first;
        only the server's with ``guild_id``."""
        where = "" if guild_id is None else "r.guild_id = ? AND "
        rows = await self._all(
            f"SELECT r.table_id FROM results r WHERE {where}NOT EXISTS "
            "(SELECT 1 FROM game_statistics s WHERE s.table_id = r.table_id) "
            "ORDER BY r.finished_at, r.table_id LIMIT ?",
            [*([] if guild_id is None else [guild_id]), limit],
        )
        return [int(row[0]) for row in rows]

    async def put(self, rows: Sequence[SeatStatistics]) -> None:
        """Store a game's rows; rows already stored (another process was faster) stay as
        they are: both computed the same numbers from the same log."""
        for row in rows:
            await self._change(
                "INSERT INTO game_statistics (table_id, seat, user_id, guild_id, game, counts) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO NOTHING",
                [
                    row.table_id,
                    row.seat,
                    row.user_id,
                    row.guild_id,
                    row.game,
                    json.dumps(row.counts, sort_keys=True),
                ],
            )

    async def of_player(self, guild_id: int, user_id: int) -> list[SeatStatistics]:
        """Every game of ``user_id`` on the server with stored statistics, oldest first."""
        rows = await self._all(
            f"SELECT {_COLUMNS} FROM game_statistics s JOIN results r ON r.table_id = s.table_id "
            "WHERE s.guild_id = ? AND s.user_id = ? ORDER BY r.finished_at, s.table_id",
            [guild_id, user_id],
        )
        return [_row(row) for row in rows]

    async def of_tables(self, table_ids: Sequence[int]) -> list[SeatStatistics]:
        """The stored rows of these games (every seat)."""
        if not table_ids:
            return []
        marks = ", ".join("?" * len(table_ids))
        rows = await self._all(
            f"SELECT {_COLUMNS} FROM game_statistics s JOIN results r ON r.table_id = s.table_id "
            f"WHERE s.table_id IN ({marks}) ORDER BY s.table_id, s.seat",
            list(table_ids),
        )
        return [_row(row) for row in rows]
