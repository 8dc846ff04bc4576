"""Queries for results and ratings (migration 0007): immutable results, the derived ratings and
their per-game history."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.tables import Queries, Statements

__all__ = ["HistoryRow", "PlayedRow", "RatingQueries", "RatingRow", "ResultRow"]


@dataclass(frozen=True)
class ResultRow:
    """A finished game's result; never changed once written."""

    table_id: int
    game: str
    guild_id: int | None
    finished_at: float
    end_reason: str  # "over" | "resigned" | "forfeit"
    ranking: tuple[tuple[int, ...], ...]  # places, each a tuple of seats
    players: tuple[int, ...]  # seat -> user id
    rated: bool
    unrated_why: str | None = None

    def place_of(self, seat: int) -> int:
        """1-based place of ``seat`` (tied seats share a place); 0 if not ranked."""
        for index, place in enumerate(self.ranking):
            if seat in place:
                return index + 1
        return 0


@dataclass(frozen=True)
class RatingRow:
    """One player's rating in one game on one server."""

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    last_played: float


@dataclass(frozen=True)
class HistoryRow:
    """A player's rating before and after one rated game."""

    table_id: int
    user_id: int
    guild_id: int
    game: str
    place: int
    mu_before: float
    sigma_before: float
    shown_before: float
    mu_after: float
    sigma_after: float
    shown_after: float
    at: float


@dataclass(frozen=True)
class PlayedRow:
    """A result a player took part in, with their rating change (None when unrated) and where
    the table's last board message is."""

    result: ResultRow
    change: HistoryRow | None
    channel_id: int
    board_message_id: int | None


_RESULT_COLUMNS = (
    "table_id, game, guild_id, finished_at, end_reason, ranking, players, rated, unrated_why"
)
_HISTORY_COLUMNS = (
    "table_id, user_id, guild_id, game, place, mu_before, sigma_before, shown_before, "
    "mu_after, sigma_after, shown_after, at"
)


def _result(row: Sequence[Any]) -> ResultRow:
    ranking = tuple(tuple(int(s) for s in place) for place in json.loads(row[5]))
    players = tuple(int(u) for u in json.loads(row[6]))
    return ResultRow(
        int(row[0]),
        str(row[1]),
        None if row[2] is None else int(row[2]),
        float(row[3]),
        str(row[4]),
        ranking,
        players,
        bool(row[7]),
        row[8],
    )


def _history(row: Sequence[Any]) -> HistoryRow:
    return HistoryRow(
        int(row[0]), int(row[1]), int(row[2]), str(row[3]), int(row[4]), *map(float, row[5:12])
    )


# "The JSON list r.players holds the user id ?", which SQL has no common words for.
_PLAYED_BY = {
    "sqlite": "EXISTS (SELECT 1 FROM json_each(r.players) j WHERE j.value = ?)",
    "postgres": "r.players::jsonb @> jsonb_build_array(?::bigint)",
}


class RatingQueries(Statements):
    """Statements over results and ratings; run inside ``Database.read``/``write``."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    # -- results ------------------------------------------------------------------------------

    async def last_result(self) -> tuple[float, int] | None:
        """(finished_at, table_id) of the newest result."""
        rows = await self._all(
            "SELECT finished_at, table_id FROM results ORDER BY finished_at DESC, table_id DESC "
            "LIMIT 1"
        )
        return (float(rows[0][0]), int(rows[0][1])) if rows else None

    async def insert_result(self, row: ResultRow) -> None:
        """Raises ``sqlite3.IntegrityError`` if the table already has a result."""
        await self._change(
            f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                row.table_id,
                row.game,
                row.guild_id,
                row.finished_at,
                row.end_reason,
                json.dumps([list(place) for place in row.ranking]),
                json.dumps(list(row.players)),
                int(row.rated),
                row.unrated_why,
            ],
        )

    async def result(self, table_id: int) -> ResultRow | None:
        rows = await self._all(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE table_id = ?", [table_id]
        )
        return _result(rows[0]) if rows else None

    async def rated_results(self) -> list[ResultRow]:
        """Every rated result in the order ratings were (and are re-)computed."""
        rows = await self._all(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE rated = 1 ORDER BY finished_at, table_id"
        )
        return [_result(row) for row in rows]

    async def played(self, guild_id: int, user_id: int, limit: int) -> list[PlayedRow]:
        """The newest results (rated or not) of ``user_id`` on the server, newest first."""
        rows = await self._all(
            f"SELECT {', '.join('r.' + c.strip() for c in _RESULT_COLUMNS.split(','))}, "
            "t.channel_id, t.board_message_id FROM results r "
            "JOIN game_tables t ON t.id = r.table_id "
            f"WHERE r.guild_id = ? AND {_PLAYED_BY[self.dialect]} "
            "ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?",
            [guild_id, user_id, limit],
        )
        out = []
        for row in rows:
            result = _result(row[:9])
            changes = await self._all(
                f"SELECT {_HISTORY_COLUMNS} FROM rating_history WHERE table_id = ? AND user_id = ?",
                [result.table_id, user_id],
            )
            change = _history(changes[0]) if changes else None
            out.append(PlayedRow(result, change, int(row[9]), row[10]))
        return out

    # -- ratings ------------------------------------------------------------------------------

    async def ratings(self, guild_id: int, game: str, user_ids: Sequence[int]) -> list[RatingRow]:
        if not user_ids:
            return []
        marks = ", ".join("?" * len(user_ids))
        rows = await self._all(
            "SELECT guild_id, game, user_id, mu, sigma, games, wins, last_played FROM ratings "
            f"WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            [guild_id, game, *user_ids],
        )
        return [RatingRow(*row) for row in rows]

    async def board(self, guild_id: int, game: str) -> list[RatingRow]:
        """Every rated player of the game on the server, highest mu first."""
        rows = await self._all(
            "SELECT guild_id, game, user_id, mu, sigma, games, wins, last_played FROM ratings "
            "WHERE guild_id = ? AND game = ? ORDER BY mu DESC, games DESC, user_id",
            [guild_id, game],
        )
        return [RatingRow(*row) for row in rows]

    async def put_rating(self, row: RatingRow) -> None:
        await self._change(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, last_played) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
            "wins = excluded.wins, last_played = excluded.last_played",
            [
                row.guild_id,
                row.game,
                row.user_id,
                row.mu,
                row.sigma,
                row.games,
                row.wins,
                row.last_played,
            ],
        )

    async def insert_history(self, row: HistoryRow) -> None:
        await self._change(
            f"INSERT INTO rating_history ({_HISTORY_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                row.table_id,
                row.user_id,
                row.guild_id,
                row.game,
                row.place,
                row.mu_before,
                row.sigma_before,
                row.shown_before,
                row.mu_after,
                row.sigma_after,
                row.shown_after,
                row.at,
            ],
        )

    async def history(self, guild_id: int, game: str, user_id: int, limit: int) -> list[HistoryRow]:
        """The player's last ``limit`` rated games of ``game``, oldest first."""
        rows = await self._all(
            f"SELECT {_HISTORY_COLUMNS} FROM rating_history "
            "WHERE guild_id = ? AND game = ? AND user_id = ? "
            "ORDER BY at DESC, table_id DESC LIMIT ?",
            [guild_id, game, user_id, limit],
        )
        return [_history(row) for row in reversed(rows)]

    async def history_of_table(self, table_id: int) -> list[HistoryRow]:
        rows = await self._all(
            f"SELECT {_HISTORY_COLUMNS} FROM rating_history WHERE table_id = ? ORDER BY user_id",
            [table_id],
        )
        return [_history(row) for row in rows]

    async def games_of(self, guild_id: int, user_id: int) -> list[str]:
        rows = await self._all(
            "SELECT game FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game",
            [guild_id, user_id],
        )
        return [str(row[0]) for row in rows]

    async def clear_derived(self) -> None:
        """Forget every rating and history row (``rebuild`` recomputes them from results)."""
        await self._change("DELETE FROM rating_history")
        await self._change("DELETE FROM ratings")

    async def all_ratings(self) -> list[RatingRow]:
        rows = await self._all(
            "SELECT guild_id, game, user_id, mu, sigma, games, wins, last_played FROM ratings "
            "ORDER BY guild_id, game, user_id"
        )
        return [RatingRow(*row) for row in rows]

    async def all_history(self) -> list[HistoryRow]:
        rows = await self._all(
            f"SELECT {_HISTORY_COLUMNS} FROM rating_history ORDER BY table_id, user_id"
        )
        return [_history(row) for row in rows]

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """Each user's name at their newest table."""
        out: dict[int, str] = {}
        for user_id in user_ids:
            rows = await self._all(
                "SELECT name FROM seats WHERE user_id = ? ORDER BY table_id DESC LIMIT 1",
                [user_id],
            )
            if rows:
                out[user_id] = str(rows[0][0])
        return out
