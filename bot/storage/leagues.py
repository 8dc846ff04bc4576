"""Queries for leagues (migration 0007): leagues, members, rounds, matches."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.storage.tables import Queries, Statements

__all__ = ["LeagueQueries", "LeagueRow", "LeagueStatus", "MatchRow", "MemberRow", "RoundRow"]

_LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, game, name, format, round_days, rounds, schedule, seed, status, "
    "signup_message_id, standings_message_id, standings_digest, final_posted_at, created_by, "
    "created_at, started_at, finished_at"
)
_MATCH_COLUMNS = (
    "id, league_id, round, position, players, thread_id, table_id, ranking, forfeited, source, "
    "reason, decided_at, decided_by"
)

Ranking = tuple[tuple[int, ...], ...]


class LeagueStatus(StrEnum):
    """A league season's stage, the value stored in ``leagues.status`` (a ``str``: compares and
    formats as the stored word)."""

    #: Players sign up; no rounds yet.
    SIGNUP = "signup"
    #: Rounds are played.
    RUNNING = "running"
    #: Every round played: the standings are final.
    FINISHED = "finished"


@dataclass(frozen=True)
class LeagueRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    name: str
    format: str
    round_days: int
    rounds: int | None
    schedule: list[dict[str, Any]] | None
    seed: int
    status: LeagueStatus
    signup_message_id: int | None
    standings_message_id: int | None
    standings_digest: str | None
    final_posted_at: float | None
    created_by: int
    created_at: float
    started_at: float | None
    finished_at: float | None

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> LeagueRow:
        values = list(row)
        values[8] = None if values[8] is None else json.loads(values[8])
        values[10] = LeagueStatus(values[10])
        return cls(*values)


@dataclass(frozen=True)
class MemberRow:
    user_id: int
    name: str
    joined_at: float
    left_at: float | None
    left_reason: str | None


@dataclass(frozen=True)
class RoundRow:
    number: int
    opened_at: float
    deadline: float
    closed_at: float | None
    announced_at: float | None


@dataclass(frozen=True)
class MatchRow:
    id: int
    league_id: int
    round: int
    position: int
    players: tuple[int, ...]
    thread_id: int | None
    table_id: int | None
    ranking: Ranking | None
    forfeited: tuple[int, ...]
    source: str | None
    reason: str | None
    decided_at: float | None
    decided_by: int | None

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> MatchRow:
        values = list(row)
        values[4] = tuple(json.loads(values[4]))
        values[7] = (
            None if values[7] is None else tuple(tuple(place) for place in json.loads(values[7]))
        )
        values[8] = () if values[8] is None else tuple(json.loads(values[8]))
        return cls(*values)


class LeagueQueries(Statements):
    """Statements over the league tables; run inside ``Database.read``/``write``."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    # -- leagues ------------------------------------------------------------------------------

    async def insert_league(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        name: str,
        format: str,
        round_days: int,
        rounds: int | None,
        seed: int,
        created_by: int,
        at: float,
    ) -> int:
        return await self._insert(
            "INSERT INTO leagues (guild_id, channel_id, game, name, format, round_days, rounds, "
            "seed, status, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?)",
            [guild_id, channel_id, game, name, format, round_days, rounds, seed, created_by, at],
        )

    async def league(self, league_id: int) -> LeagueRow | None:
        rows = await self._all(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", [league_id])
        return LeagueRow.from_row(rows[0]) if rows else None

    async def open_league_named(self, guild_id: int, name: str) -> LeagueRow | None:
        rows = await self._all(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? AND LOWER(name) = LOWER(?) "
            "AND status != 'finished'",
            [guild_id, name],
        )
        return LeagueRow.from_row(rows[0]) if rows else None

    async def leagues_in_guild(self, guild_id: int) -> list[LeagueRow]:
        rows = await self._all(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? "
            "ORDER BY status = 'finished', id DESC",
            [guild_id],
        )
        return [LeagueRow.from_row(r) for r in rows]

    async def running_league_ids(self) -> list[int]:
        rows = await self._all(
            "SELECT id FROM leagues WHERE status = 'running' "
            "OR (status = 'finished' AND final_posted_at IS NULL) "
            "OR (status = 'signup' AND signup_message_id IS NULL) ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    async def set_started(
        self, league_id: int, rounds: int, schedule: list[dict[str, Any]] | None, at: float
    ) -> bool:
        return (
            await self._change(
                "UPDATE leagues SET status = 'running', rounds = ?, schedule = ?, started_at = ? "
                "WHERE id = ? AND status = 'signup'",
                [rounds, None if schedule is None else json.dumps(schedule), at, league_id],
            )
            == 1
        )

    async def set_finished(self, league_id: int, at: float) -> bool:
        return (
            await self._change(
                "UPDATE leagues SET status = 'finished', finished_at = ? "
                "WHERE id = ? AND status = 'running'",
                [at, league_id],
            )
            == 1
        )

    async def set_message(self, league_id: int, kind: str, message_id: int | None) -> None:
        column = {"signup": "signup_message_id", "standings": "standings_message_id"}[kind]
        await self._change(f"UPDATE leagues SET {column} = ? WHERE id = ?", [message_id, league_id])

    async def set_standings_digest(self, league_id: int, digest: str | None) -> None:
        await self._change(
            "UPDATE leagues SET standings_digest = ? WHERE id = ?", [digest, league_id]
        )

    async def mark_final_posted(self, league_id: int, at: float) -> bool:
        return (
            await self._change(
                "UPDATE leagues SET final_posted_at = ? "
                "WHERE id = ? AND status = 'finished' AND final_posted_at IS NULL",
                [at, league_id],
            )
            == 1
        )

    # -- members ------------------------------------------------------------------------------

    async def members(self, league_id: int) -> list[MemberRow]:
        rows = await self._all(
            "SELECT user_id, name, joined_at, left_at, left_reason FROM league_members "
            "WHERE league_id = ? ORDER BY joined_at, user_id",
            [league_id],
        )
        return [MemberRow(*r) for r in rows]

    async def add_member(self, league_id: int, user_id: int, name: str, at: float) -> None:
        await self._change(
            "INSERT INTO league_members (league_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
            [league_id, user_id, name, at],
        )

    async def remove_member(self, league_id: int, user_id: int) -> None:
        await self._change(
            "DELETE FROM league_members WHERE league_id = ? AND user_id = ?", [league_id, user_id]
        )

    async def mark_left(self, league_id: int, user_id: int, reason: str, at: float) -> bool:
        return (
            await self._change(
                "UPDATE league_members SET left_at = ?, left_reason = ? "
                "WHERE league_id = ? AND user_id = ? AND left_at IS NULL",
                [at, reason, league_id, user_id],
            )
            == 1
        )

    # -- rounds -------------------------------------------------------------------------------

    async def rounds(self, league_id: int) -> list[RoundRow]:
        rows = await self._all(
            "SELECT number, opened_at, deadline, closed_at, announced_at FROM league_rounds "
            "WHERE league_id = ? ORDER BY number",
            [league_id],
        )
        return [RoundRow(*r) for r in rows]

    async def insert_round(
        self, league_id: int, number: int, opened_at: float, deadline: float
    ) -> bool:
        """False if the round exists already (another caller opened it)."""
        return (
            await self._change(
                "INSERT INTO league_rounds (league_id, number, opened_at, deadline) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [league_id, number, opened_at, deadline],
            )
            == 1
        )

    async def close_round(self, league_id: int, number: int, at: float) -> bool:
        return (
            await self._change(
                "UPDATE league_rounds SET closed_at = ? "
                "WHERE league_id = ? AND number = ? AND closed_at IS NULL",
                [at, league_id, number],
            )
            == 1
        )

    async def mark_announced(self, league_id: int, number: int, at: float) -> bool:
        return (
            await self._change(
                "UPDATE league_rounds SET announced_at = ? "
                "WHERE league_id = ? AND number = ? AND announced_at IS NULL",
                [at, league_id, number],
            )
            == 1
        )

    # -- matches ------------------------------------------------------------------------------

    async def insert_match(
        self,
        league_id: int,
        round_number: int,
        position: int,
        players: tuple[int, ...],
        *,
        ranking: tuple[tuple[int, ...], ...] | None = None,
        forfeited: tuple[int, ...] = (),
        source: str | None = None,
        reason: str | None = None,
        at: float | None = None,
    ) -> None:
        await self._change(
            "INSERT INTO league_matches (league_id, round, position, players, ranking, forfeited, "
            "source, reason, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                league_id,
                round_number,
                position,
                json.dumps(list(players)),
                None if ranking is None else json.dumps([list(p) for p in ranking]),
                json.dumps(list(forfeited)),
                source,
                reason,
                at if ranking is not None else None,
            ],
        )

    async def matches(self, league_id: int, round_number: int | None = None) -> list[MatchRow]:
        if round_number is None:
            rows = await self._all(
                f"SELECT {_MATCH_COLUMNS} FROM league_matches WHERE league_id = ? "
                "ORDER BY round, position",
                [league_id],
            )
        else:
            rows = await self._all(
                f"SELECT {_MATCH_COLUMNS} FROM league_matches WHERE league_id = ? AND round = ? "
                "ORDER BY position",
                [league_id, round_number],
            )
        return [MatchRow.from_row(r) for r in rows]

    async def match(self, match_id: int) -> MatchRow | None:
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM league_matches WHERE id = ?", [match_id]
        )
        return MatchRow.from_row(rows[0]) if rows else None

    async def match_of_table(self, table_id: int) -> MatchRow | None:
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM league_matches WHERE table_id = ?", [table_id]
        )
        return MatchRow.from_row(rows[0]) if rows else None

    async def set_thread(self, match_id: int, thread_id: int) -> bool:
        return (
            await self._change(
                "UPDATE league_matches SET thread_id = ? WHERE id = ? AND thread_id IS NULL",
                [thread_id, match_id],
            )
            == 1
        )

    async def set_table(self, match_id: int, table_id: int) -> bool:
        return (
            await self._change(
                "UPDATE league_matches SET table_id = ? WHERE id = ? AND table_id IS NULL",
                [table_id, match_id],
            )
            == 1
        )

    async def decide(
        self,
        match_id: int,
        ranking: tuple[tuple[int, ...], ...],
        source: str,
        reason: str | None,
        at: float,
        *,
        forfeited: tuple[int, ...] = (),
        by: int | None = None,
    ) -> bool:
        """Record a match's result once; False if it already had one."""
        return (
            await self._change(
                "UPDATE league_matches SET ranking = ?, forfeited = ?, source = ?, reason = ?, "
                "decided_at = ?, decided_by = ? WHERE id = ? AND ranking IS NULL",
                [
                    json.dumps([list(p) for p in ranking]),
                    json.dumps(list(forfeited)),
                    source,
                    reason,
                    at,
                    by,
                    match_id,
                ],
            )
            == 1
        )
