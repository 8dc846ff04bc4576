"""Queries for play-by-post (migration 0003): table options, away periods, take-backs,
watchers, notification preferences and the scheduler's view of pending decisions."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.tables import Queries, Statements, TableStatus

__all__ = ["AwayRow", "PbpOptions", "PbpQueries", "PendingRow", "TakebackRow"]

DEFAULT_REMINDER = 24 * 3600.0
DEFAULT_WARN_LEAD = 4 * 3600.0


@dataclass(frozen=True)
class PbpOptions:
    """A table's play-by-post options (the defaults when the table has no row)."""

    reminder: float | None = DEFAULT_REMINDER
    timer: float | None = None
    consequence: str = "skip"
    warn_lead: float = DEFAULT_WARN_LEAD
    forfeit_seat: int | None = None
    timer_since: float | None = None  # when the timer was last set or changed

    def timer_start(self, since: float) -> float:
        """When the timer of a decision pending since ``since`` started counting."""
        return since if self.timer_since is None else max(since, self.timer_since)


@dataclass(frozen=True)
class AwayRow:
    user_id: int
    start: float
    until: float
    ended: float | None

    def end(self) -> float:
        """When the period stops pausing: /back, or its planned end."""
        return self.until if self.ended is None else min(self.ended, self.until)


@dataclass(frozen=True)
class TakebackRow:
    table_id: int
    seq: int
    seat: int
    approvals: tuple[int, ...]
    at: float
    refused: bool = False  # answered with a refusal: closed, and not to be asked again
    version: int | None = None  # the table's version when asked: its buttons carry it


@dataclass(frozen=True)
class PendingRow:
    """A decision pending in a running game, with what the scheduler needs about it."""

    table_id: int
    seat: int
    user_id: int
    since: float
    reminded_at: float | None
    warned_at: float | None
    seq: int
    options: PbpOptions


class PbpQueries(Statements):
    """Statements over the play-by-post tables; run inside ``Database.read``/``write``."""

    def __init__(self, queries: Queries) -> None:
        super().__init__(queries.executor)

    # -- options ------------------------------------------------------------------------------

    async def options(self, table_id: int) -> PbpOptions:
        rows = await self._all(
            "SELECT reminder, timer, consequence, warn_lead, forfeit_seat, timer_since "
            "FROM table_pbp "
            "WHERE table_id = ?",
            [table_id],
        )
        return PbpOptions(*rows[0]) if rows else PbpOptions()

    async def put_options(self, table_id: int, row: PbpOptions) -> None:
        await self._change(
            "INSERT INTO table_pbp (table_id, reminder, timer, consequence, warn_lead, "
            "forfeit_seat, timer_since) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET "
            "reminder = excluded.reminder, timer = excluded.timer, "
            "consequence = excluded.consequence, warn_lead = excluded.warn_lead, "
            "forfeit_seat = excluded.forfeit_seat, timer_since = excluded.timer_since",
            [
                table_id,
                row.reminder,
                row.timer,
                row.consequence,
                row.warn_lead,
                row.forfeit_seat,
                row.timer_since,
            ],
        )

    # -- pending decisions --------------------------------------------------------------------

    async def pending_decisions(self) -> list[PendingRow]:
        """Every decision pending in a running game, oldest first, with its table's options."""
        rows = await self._all(
            "SELECT p.table_id, p.seat, s.user_id, p.since, p.reminded_at, p.warned_at, t.seq, "
            "o.table_id IS NOT NULL, o.reminder, o.timer, o.consequence, o.warn_lead, "
            "o.forfeit_seat, o.timer_since FROM pending p "
            "JOIN game_tables t ON t.id = p.table_id "
            "JOIN seats s ON s.table_id = p.table_id AND s.seat = p.seat "
            "LEFT JOIN table_pbp o ON o.table_id = p.table_id "
            f"WHERE t.status = '{TableStatus.ACTIVE}' ORDER BY p.since, p.table_id, p.seat"
        )
        out = []
        for table_id, seat, user, since, reminded, warned, seq, has, *opts in rows:
            options = PbpOptions(*opts) if has else PbpOptions()
            out.append(PendingRow(table_id, seat, user, since, reminded, warned, seq, options))
        return out

    async def mark_warned(self, table_id: int, seat: int, since: float, at: float) -> bool:
        """Record the timer warning for the decision pending since ``since`` (once only)."""
        changed = await self._change(
            "UPDATE pending SET warned_at = ? WHERE table_id = ? AND seat = ? AND since = ? "
            "AND warned_at IS NULL",
            [at, table_id, seat, since],
        )
        return changed == 1

    async def warned_at(self, table_id: int, seat: int) -> float | None:
        """When the timer warning for ``seat``'s pending decision went out, if it did."""
        rows = await self._all(
            "SELECT warned_at FROM pending WHERE table_id = ? AND seat = ?", [table_id, seat]
        )
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def count_skip(self, table_id: int, before: int, after: int) -> int:
        """Record a timer skip that took the table from seq ``before`` to ``after``; returns
        how many skips in a row there have been (a person's move in between starts again; AI
        seats' moves do not: they play on whether anybody is there or not)."""
        rows = await self._all(
            "SELECT skip_run, skip_seq FROM table_pbp WHERE table_id = ?", [table_id]
        )
        if not rows:
            return 1
        run, seq = rows[0]
        in_a_row = seq is not None and seq <= before
        if in_a_row and seq < before:
            people = await self._all(
                "SELECT 1 FROM actions WHERE table_id = ? AND seq >= ? AND seq < ? "
                "AND user_id >= 0 LIMIT 1",
                [table_id, seq, before],
            )
            in_a_row = not people
        run = int(run) + 1 if in_a_row else 1
        await self._change(
            "UPDATE table_pbp SET skip_run = ?, skip_seq = ? WHERE table_id = ?",
            [run, after, table_id],
        )
        return run

    async def clear_warnings(self, table_id: int) -> None:
        """Forget the timer warnings of a table's pending decisions (its timer changed)."""
        await self._change("UPDATE pending SET warned_at = NULL WHERE table_id = ?", [table_id])

    async def mark_reminded(
        self, table_id: int, seat: int, since: float, previous: float | None, at: float
    ) -> bool:
        """Record a reminder unless the decision changed or another tick already did."""
        # COALESCE, not SQLite's null-safe "IS ?": both databases read it, and no time is -1. The
        # CAST: PostgreSQL would type the parameter after -1 as an integer and never match.
        changed = await self._change(
            "UPDATE pending SET reminded_at = ? WHERE table_id = ? AND seat = ? AND since = ? "
            "AND COALESCE(reminded_at, -1) = COALESCE(CAST(? AS DOUBLE PRECISION), -1)",
            [at, table_id, seat, since, previous],
        )
        return changed == 1

    # -- away ---------------------------------------------------------------------------------

    async def away_periods(self, user_id: int | None = None) -> list[AwayRow]:
        if user_id is None:
            rows = await self._all("SELECT user_id, start, until, ended FROM away ORDER BY start")
        else:
            rows = await self._all(
                "SELECT user_id, start, until, ended FROM away WHERE user_id = ? ORDER BY start",
                [user_id],
            )
        return [AwayRow(*row) for row in rows]

    async def away_periods_of(self, user_ids: Sequence[int]) -> list[AwayRow]:
        """The away periods of each of ``user_ids`` (in one statement), by start."""
        if not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._all(
            f"SELECT user_id, start, until, ended FROM away WHERE user_id IN ({marks}) "
            "ORDER BY start",
            list(user_ids),
        )
        return [AwayRow(*row) for row in rows]

    async def add_away(self, user_id: int, start: float, until: float) -> None:
        await self._change(
            "INSERT INTO away (user_id, start, until) VALUES (?, ?, ?)", [user_id, start, until]
        )

    async def end_away(self, user_id: int, start: float, at: float) -> None:
        await self._change(
            "UPDATE away SET ended = ? WHERE user_id = ? AND start = ?", [at, user_id, start]
        )

    # -- take-backs ---------------------------------------------------------------------------

    async def takeback(self, table_id: int) -> TakebackRow | None:
        rows = await self._all(
            "SELECT table_id, seq, seat, approvals, at, refused, version FROM takebacks "
            "WHERE table_id = ?",
            [table_id],
        )
        if not rows:
            return None
        table, seq, seat, approvals, at, refused, version = rows[0]
        return TakebackRow(
            table, seq, seat, tuple(json.loads(approvals)), at, bool(refused), version
        )

    async def put_takeback(self, row: TakebackRow) -> None:
        await self._change(
            "INSERT INTO takebacks (table_id, seq, seat, approvals, at, refused, version) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, seat = excluded.seat, "
            "approvals = excluded.approvals, at = excluded.at, refused = excluded.refused, "
            "version = excluded.version",
            [
                row.table_id,
                row.seq,
                row.seat,
                json.dumps(sorted(row.approvals)),
                row.at,
                int(row.refused),
                row.version,
            ],
        )

    async def delete_takeback(self, table_id: int) -> None:
        await self._change("DELETE FROM takebacks WHERE table_id = ?", [table_id])

    # -- watchers and preferences -------------------------------------------------------------

    async def watchers(self, table_id: int) -> list[int]:
        rows = await self._all(
            "SELECT user_id FROM watchers WHERE table_id = ? ORDER BY user_id", [table_id]
        )
        return [int(row[0]) for row in rows]

    async def add_watcher(self, table_id: int, user_id: int) -> bool:
        changed = await self._change(
            "INSERT INTO watchers (table_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            [table_id, user_id],
        )
        return changed == 1

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        changed = await self._change(
            "DELETE FROM watchers WHERE table_id = ? AND user_id = ?", [table_id, user_id]
        )
        return changed == 1

    async def notify_dm(self, user_id: int) -> bool:
        rows = await self._all("SELECT dm FROM notify_prefs WHERE user_id = ?", [user_id])
        return bool(rows and rows[0][0])

    async def set_notify_dm(self, user_id: int, on: bool) -> None:
        await self._change(
            "INSERT INTO notify_prefs (user_id, dm) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm",
            [user_id, int(on)],
        )
