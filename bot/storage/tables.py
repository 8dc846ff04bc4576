"""Typed queries over the game-table schema, on SQLite or PostgreSQL.

Every use goes through :meth:`Database.read` or :meth:`Database.write`; ``write`` is one
transaction, committed when the block ends and rolled back if it raises. On SQLite one aiosqlite
connection serves the whole bot under an asyncio lock (its statements from different coroutines
would otherwise interleave inside each other's transactions) and ``write`` is ``BEGIN
IMMEDIATE`` ... ``COMMIT``. On PostgreSQL reads and writes take a pooled connection; writes of
one process still queue behind each other. Across processes (READ COMMITTED) a write that reads
a game table locks its row until it commits (``SELECT ... FOR UPDATE``), so two processes
changing one table take turns and each sees the other's committed change, as with SQLite's
single writer; and a move stays a compare-and-swap on seq: ``actions`` has the unique key
(table, seq) and ``advance_seq`` changes the row only where ``seq`` is still the expected one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from bot.storage.backends import (
    Dialect,
    Executor,
    Location,
    PostgresExecutor,
    SqliteExecutor,
    is_postgres_url,
)
from bot.storage.db import Migration, connect, connect_postgres

__all__ = [
    "ActionRow",
    "Database",
    "EndReason",
    "Queries",
    "SeatRow",
    "TableRow",
    "TableStatus",
]


class TableStatus(StrEnum):
    """A game table's stage, the value stored in ``game_tables.status`` (a ``str``: compares
    and formats as the stored word)."""

    #: Players take seats; no game yet.
    LOBBY = "lobby"
    #: The game is being played.
    ACTIVE = "active"
    #: Played out or resigned: a result.
    FINISHED = "finished"
    #: Cancelled in the lobby or stopped by an admin: no result.
    ABORTED = "aborted"


class EndReason(StrEnum):
    """Why a table ended, the value stored in ``game_tables.end_reason`` and in a rated result
    (a ``str``, like :class:`TableStatus`)."""

    #: Played to the end of the rules.
    OVER = "over"
    #: A player resigned (a table stores a forfeit by the turn timer this way too).
    RESIGNED = "resigned"
    #: The play-by-post turn timer ran out (a rated result and the final message only).
    FORFEIT = "forfeit"
    #: A manager or the creator stopped a running game: no result.
    ABORTED = "aborted"
    #: Cancelled in the lobby: no game was played.
    CANCELLED = "cancelled"


def _among(*statuses: TableStatus) -> str:
    """An SQL list of statuses (``('lobby', 'active')``): literals, not parameters, so SQLite
    can match the partial index over the open tables."""
    return "(" + ", ".join(f"'{status}'" for status in statuses) + ")"


#: The statuses of a table still in its channel (a lobby or a game).
_OPEN = _among(TableStatus.LOBBY, TableStatus.ACTIVE)
#: The statuses of a table past its lobby (aborted also holds a lobby cancelled).
_STARTED = _among(TableStatus.ACTIVE, TableStatus.FINISHED, TableStatus.ABORTED)

_TABLE_COLUMNS = (
    "id, game, guild_id, channel_id, creator_id, status, max_seats, seat_order, options, setup, "
    "seed, seq, lobby_message_id, board_message_id, end_reason, resigned_seat, created_at, "
    "started_at, ended_at, version, posted_version, posted_to_act, rated, ai_replaces, language, "
    "hints"
)


@dataclass(frozen=True)
class TableRow:
    """A row of ``game_tables`` with its JSON columns decoded."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    creator_id: int
    status: TableStatus
    max_seats: int
    seat_order: str
    options: dict[str, Any]
    setup: Any
    seed: int
    seq: int
    lobby_message_id: int | None
    board_message_id: int | None
    end_reason: str | None
    resigned_seat: int | None
    created_at: float
    started_at: float | None
    ended_at: float | None
    version: int  # every change of the game state moves it up; never repeats (button token)
    posted_version: int  # the version the channel's last board (or final result) shows
    posted_to_act: tuple[int, ...] | None  # the seats that board waits for (None: unknown)
    rated: bool = True  # the table option `rated` (kept apart from the engine's options)
    ai_replaces: bool = False  # the table option `ai_replaces`: a leaver's seat goes to an AI
    language: str = "en"  # public messages' language (bot.i18n.LANGUAGES)
    hints: bool = False  # the table option `hints` (friendly games only)

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> TableRow:
        values = list(row)
        values[5] = TableStatus(values[5])
        values[8] = json.loads(values[8])
        values[9] = None if values[9] is None else json.loads(values[9])
        values[21] = None if values[21] is None else tuple(json.loads(values[21]))
        values[22] = bool(values[22])
        values[23] = bool(values[23])
        values[25] = bool(values[25])
        return cls(*values)


@dataclass(frozen=True)
class SeatRow:
    """A player at a table: ``seat`` is None until the game starts."""

    user_id: int
    name: str
    joined: int
    seat: int | None


@dataclass(frozen=True)
class ActionRow:
    """One entry of the action log."""

    seq: int
    seat: int
    user_id: int
    action: str
    at: float


# the lobby or running table of a channel (at most one: a unique index)
_OPEN_IN_CHANNEL = f"channel_id = ? AND status IN {_OPEN}"


def _seats_of(table_id: str) -> str:
    """The seats of one table (``table_id``: an SQL expression giving its id), the seated in
    seat order first, then the waiting by the time they joined."""
    return (
        f"SELECT user_id, name, joined, seat FROM seats WHERE table_id = {table_id} "
        "ORDER BY seat IS NULL, seat, joined"
    )


_SEATS_OF_TABLE = _seats_of("?")
_SEATS_OF_OPEN_TABLE = _seats_of(f"(SELECT id FROM game_tables WHERE {_OPEN_IN_CHANNEL})")


class Statements:
    """Runs statements through one :class:`Executor`: the base of every query set (this
    module's :class:`Queries` and those of ``bot.storage.pbp``, ``.ratings`` and ``.leagues``)."""

    def __init__(self, executor: Executor) -> None:
        self._executor = executor

    @property
    def executor(self) -> Executor:
        """The executor, for query sets kept in other modules (``bot.storage.pbp``)."""
        return self._executor

    @property
    def dialect(self) -> Dialect:
        """Which database runs the statements, for the few that differ."""
        return self._executor.dialect

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        return await self._executor.one(sql, params)

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._executor.all(sql, params)

    async def _change(self, sql: str, params: Iterable[Any] = ()) -> int:
        return await self._executor.change(sql, params)

    async def _insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Insert one row into a table keyed by ``id``; the new id."""
        return await self._executor.insert_id(sql, params)


class Queries(Statements):
    """The statements the service needs; obtained from :class:`Database` only."""

    # -- tables -------------------------------------------------------------------------------

    async def table(self, table_id: int) -> TableRow | None:
        # In a write, the row stays locked until the commit (PostgreSQL; SQLite has one writer).
        row = await self._one(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?{self._executor.lock_row}",
            [table_id],
        )
        return None if row is None else TableRow.from_row(row)

    async def table_and_seats(self, table_id: int) -> tuple[TableRow | None, list[SeatRow]]:
        """:meth:`table` and :meth:`seats` together (one trip on SQLite)."""
        table, seats = await self._executor.all_of(
            [
                (
                    f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?"
                    f"{self._executor.lock_row}",
                    [table_id],
                ),
                (_SEATS_OF_TABLE, [table_id]),
            ]
        )
        return (TableRow.from_row(table[0]) if table else None), [SeatRow(*row) for row in seats]

    async def open_table_and_seats_in_channel(
        self, channel_id: int
    ) -> tuple[TableRow | None, list[SeatRow]]:
        """:meth:`open_table_in_channel` and its seats together (one trip on SQLite)."""
        table, seats = await self._executor.all_of(
            [
                (
                    f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE {_OPEN_IN_CHANNEL}",
                    [channel_id],
                ),
                (_SEATS_OF_OPEN_TABLE, [channel_id]),
            ]
        )
        return (TableRow.from_row(table[0]) if table else None), [SeatRow(*row) for row in seats]

    async def open_table_in_channel(self, channel_id: int) -> TableRow | None:
        row = await self._one(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE {_OPEN_IN_CHANNEL}", [channel_id]
        )
        return None if row is None else TableRow.from_row(row)

    async def last_finished_in_channel(self, channel_id: int) -> TableRow | None:
        row = await self._one(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables "
            f"WHERE channel_id = ? AND status = '{TableStatus.FINISHED}' ORDER BY id DESC LIMIT 1",
            [channel_id],
        )
        return None if row is None else TableRow.from_row(row)

    async def open_tables_in_guild(self, guild_id: int) -> list[TableRow]:
        rows = await self._all(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables "
            f"WHERE guild_id = ? AND status IN {_OPEN} ORDER BY id",
            [guild_id],
        )
        return [TableRow.from_row(row) for row in rows]

    async def active_table_ids(self) -> list[int]:
        rows = await self._all(
            f"SELECT id FROM game_tables WHERE status = '{TableStatus.ACTIVE}' ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def insert_table(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        max_seats: int,
        seat_order: str,
        options: dict[str, Any],
        setup: Any,
        seed: int,
        at: float,
        rated: bool = True,
        ai_replaces: bool = False,
        language: str = "en",
        hints: bool = False,
    ) -> int:
        return await self._insert(
            "INSERT INTO game_tables (game, guild_id, channel_id, creator_id, status, max_seats, "
            "seat_order, options, setup, seed, created_at, rated, ai_replaces, language, hints) "
            f"VALUES (?, ?, ?, ?, '{TableStatus.LOBBY}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game,
                guild_id,
                channel_id,
                creator_id,
                max_seats,
                seat_order,
                json.dumps(options, sort_keys=True),
                None if setup is None else json.dumps(setup, sort_keys=True),
                seed,
                at,
                int(rated),
                int(ai_replaces),
                language,
                int(hints),
            ],
        )

    async def set_started(self, table_id: int, seat_of_user: dict[int, int], at: float) -> None:
        for user_id, seat in seat_of_user.items():
            await self._change(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?",
                [seat, table_id, user_id],
            )
        await self._change(
            f"UPDATE game_tables SET status = '{TableStatus.ACTIVE}', started_at = ?, "
            "version = version + 1 "
            "WHERE id = ?",
            [at, table_id],
        )

    async def set_ended(
        self,
        table_id: int,
        *,
        status: TableStatus,
        reason: EndReason,
        at: float,
        resigned_seat: int | None = None,
    ) -> None:
        """End a table with ``status`` for ``reason`` (a word that is not a :class:`TableStatus`
        or :class:`EndReason` raises ``ValueError`` before anything is written)."""
        status, reason = TableStatus(status), EndReason(reason)
        # A finished game owes the channel its replay and score story (posted after the result).
        await self._change(
            "UPDATE game_tables SET status = ?, end_reason = ?, ended_at = ?, resigned_seat = ?, "
            "version = version + 1, replay_owed = ? WHERE id = ?",
            [
                str(status),
                str(reason),
                at,
                resigned_seat,
                int(status == TableStatus.FINISHED),
                table_id,
            ],
        )
        await self._change("DELETE FROM pending WHERE table_id = ?", [table_id])

    async def set_message(self, table_id: int, kind: str, message_id: int | None) -> bool:
        column = {"lobby": "lobby_message_id", "board": "board_message_id"}[kind]
        changed = await self._change(
            f"UPDATE game_tables SET {column} = ? WHERE id = ?", [message_id, table_id]
        )
        return changed == 1

    async def advance_seq(self, table_id: int, seq: int) -> bool:
        """Move the table from ``seq`` to ``seq + 1``; False if it was not at ``seq``."""
        changed = await self._change(
            "UPDATE game_tables SET seq = seq + 1, version = version + 1 WHERE id = ? AND seq = ?",
            [table_id, seq],
        )
        return changed == 1

    async def set_posted(
        self, table_id: int, version: int, message_id: int | None, to_act: Iterable[int]
    ) -> bool:
        """Record that the channel shows ``version`` (in ``message_id``, if a new board)."""
        changed = await self._change(
            "UPDATE game_tables SET posted_version = ?, posted_to_act = ?, "
            "board_message_id = COALESCE(?, board_message_id) WHERE id = ?",
            [version, json.dumps(sorted(to_act)), message_id, table_id],
        )
        return changed == 1

    async def replay_owed_table_ids(self) -> list[int]:
        """Finished tables whose final result is in the channel but not yet their replay."""
        rows = await self._all(
            "SELECT id FROM game_tables WHERE replay_owed = 1 AND status = 'finished' "
            "AND posted_version = version ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def replay_owed(self, table_id: int) -> bool:
        """Whether the table still owes the channel its replay."""
        row = await self._one("SELECT replay_owed FROM game_tables WHERE id = ?", [table_id])
        return bool(row and row[0])

    async def set_replay_posted(self, table_id: int) -> bool:
        """The channel has the table's replay (or the note that it could not be drawn)."""
        changed = await self._change(
            "UPDATE game_tables SET replay_owed = 0 WHERE id = ? AND replay_owed = 1", [table_id]
        )
        return changed == 1

    async def unposted_table_ids(self) -> list[int]:
        """Started tables whose last change never reached the channel, oldest change first."""
        rows = await self._all(
            "SELECT id FROM game_tables WHERE posted_version < version "
            f"AND status IN {_STARTED} "
            f"AND COALESCE(end_reason, '') != '{EndReason.CANCELLED}' ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    # -- seats --------------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all(_SEATS_OF_TABLE, [table_id])
        return [SeatRow(*row) for row in rows]

    async def add_seat(self, table_id: int, user_id: int, name: str) -> None:
        await self._change(
            "INSERT INTO seats (table_id, user_id, name, joined) VALUES (?, ?, ?, "
            "(SELECT COALESCE(MAX(joined), -1) + 1 FROM seats WHERE table_id = ?))",
            [table_id, user_id, name, table_id],
        )

    async def remove_seat(self, table_id: int, user_id: int) -> None:
        await self._change(
            "DELETE FROM seats WHERE table_id = ? AND user_id = ?", [table_id, user_id]
        )

    async def replace_seat(
        self, table_id: int, seat: int, ai_user_id: int, ai_name: str, reason: str, at: float
    ) -> bool:
        """Hand ``seat`` to the AI ``ai_user_id`` (recording who left in ``replaced_seats``) and
        move the table's version up; the AI seat alone makes the result unrated. False if the
        seat is empty."""
        row = await self._one(
            "SELECT user_id, name FROM seats WHERE table_id = ? AND seat = ?", [table_id, seat]
        )
        if row is None:
            return False
        await self._change(
            "INSERT INTO replaced_seats (table_id, seat, user_id, name, ai_user_id, reason, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [table_id, seat, row[0], row[1], ai_user_id, reason, at],
        )
        await self._change(
            "UPDATE seats SET user_id = ?, name = ? WHERE table_id = ? AND seat = ?",
            [ai_user_id, ai_name, table_id, seat],
        )
        await self._change("UPDATE game_tables SET version = version + 1 WHERE id = ?", [table_id])
        return True

    async def replaced_seats(self, table_id: int) -> list[tuple[int, int, str, str]]:
        """(seat, user id, name, reason) of the players who left and were replaced, in order."""
        rows = await self._all(
            "SELECT seat, user_id, name, reason FROM replaced_seats WHERE table_id = ? "
            "ORDER BY at, seat",
            [table_id],
        )
        return [(int(s), int(u), str(n), str(r)) for s, u, n, r in rows]

    async def ai_to_act(self) -> list[tuple[int, int, int]]:
        """(table, seat, AI user id) of every running game's decision pending for an AI seat."""
        rows = await self._all(
            "SELECT p.table_id, p.seat, s.user_id FROM pending p "
            "JOIN game_tables t ON t.id = p.table_id "
            "JOIN seats s ON s.table_id = p.table_id AND s.seat = p.seat "
            f"WHERE t.status = '{TableStatus.ACTIVE}' AND s.user_id < 0 ORDER BY p.table_id, p.seat"
        )
        return [(int(t), int(seat), int(user)) for t, seat, user in rows]

    async def seated_table_ids(self, user_id: int, status: TableStatus | str) -> list[int]:
        rows = await self._all(
            "SELECT s.table_id FROM seats s JOIN game_tables t ON t.id = s.table_id "
            "WHERE s.user_id = ? AND t.status = ? ORDER BY t.id",
            [user_id, str(TableStatus(status))],
        )
        return [int(row[0]) for row in rows]

    # -- the action log and snapshots ---------------------------------------------------------

    async def append_action(
        self, table_id: int, seq: int, seat: int, user_id: int, action: str, at: float
    ) -> None:
        """Insert log entry ``seq``; raises ``IntegrityError`` if it already exists."""
        await self._change(
            "INSERT INTO actions (table_id, seq, seat, user_id, action, at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [table_id, seq, seat, user_id, action, at],
        )

    async def delete_last_action(self, table_id: int, seq: int) -> bool:
        """Remove log entry ``seq - 1`` and move the table back from ``seq``; False if stale."""
        changed = await self._change(
            "UPDATE game_tables SET seq = seq - 1, version = version + 1 "
            "WHERE id = ? AND seq = ? AND seq > 0",
            [table_id, seq],
        )
        if changed != 1:
            return False
        await self._change(
            "DELETE FROM actions WHERE table_id = ? AND seq = ?", [table_id, seq - 1]
        )
        return True

    async def actions(self, table_id: int) -> list[ActionRow]:
        rows = await self._all(
            "SELECT seq, seat, user_id, action, at FROM actions WHERE table_id = ? ORDER BY seq",
            [table_id],
        )
        return [ActionRow(*row) for row in rows]

    async def action_count(self, table_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM actions WHERE table_id = ?", [table_id])
        return 0 if row is None else int(row[0])

    async def snapshot(self, table_id: int) -> tuple[int, str] | None:
        row = await self._one("SELECT seq, state FROM snapshots WHERE table_id = ?", [table_id])
        return None if row is None else (int(row[0]), str(row[1]))

    async def put_snapshot(self, table_id: int, seq: int, state: str) -> None:
        await self._change(
            "INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
            [table_id, seq, state],
        )

    # -- pending decisions --------------------------------------------------------------------

    async def pending(self, table_id: int) -> dict[int, float]:
        rows = await self._all("SELECT seat, since FROM pending WHERE table_id = ?", [table_id])
        return {int(seat): float(since) for seat, since in rows}

    async def set_pending(self, table_id: int, since_by_seat: dict[int, float]) -> None:
        """Make exactly these seats pending; a seat whose ``since`` changed is reminded afresh."""
        seats = sorted(since_by_seat)
        if seats:
            marks = ", ".join("?" * len(seats))
            await self._change(
                f"DELETE FROM pending WHERE table_id = ? AND seat NOT IN ({marks})",
                [table_id, *seats],
            )
        else:  # "NOT IN ()" is SQLite's alone
            await self._change("DELETE FROM pending WHERE table_id = ?", [table_id])
        for seat in seats:
            await self._change(
                "INSERT INTO pending (table_id, seat, since) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO UPDATE SET since = excluded.since, "
                "reminded_at = CASE WHEN pending.since = excluded.since "
                "THEN pending.reminded_at ELSE NULL END, "
                "warned_at = CASE WHEN pending.since = excluded.since "
                "THEN pending.warned_at ELSE NULL END",
                [table_id, seat, since_by_seat[seat]],
            )

    async def due_reminders(
        self, now: float, interval: float
    ) -> list[tuple[int, int, int, float, float | None]]:
        """(table, seat, user, since, reminded_at) of running games' decisions waiting at least
        ``interval`` seconds and not reminded within the last ``interval``; oldest first."""
        return [
            (int(t), int(seat), int(user), float(since), None if at is None else float(at))
            for t, seat, user, since, at in await self._all(
                "SELECT p.table_id, p.seat, s.user_id, p.since, p.reminded_at FROM pending p "
                "JOIN game_tables t ON t.id = p.table_id "
                "JOIN seats s ON s.table_id = p.table_id AND s.seat = p.seat "
                f"WHERE t.status = '{TableStatus.ACTIVE}' AND s.user_id >= 0 AND p.since <= ? "
                "AND (p.reminded_at IS NULL OR p.reminded_at <= ?) "
                "ORDER BY p.since, p.table_id, p.seat",
                [now - interval, now - interval],
            )
        ]

    async def mark_reminded(self, table_id: int, seat: int, at: float) -> bool:
        changed = await self._change(
            "UPDATE pending SET reminded_at = ? WHERE table_id = ? AND seat = ?",
            [at, table_id, seat],
        )
        return changed == 1

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a manager chose for the server (None: follow its Discord locale)."""
        row = await self._one("SELECT language FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None else row[0]

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self._change(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language),
        )

    async def waiting_on(self, user_id: int) -> list[int]:
        rows = await self._all(
            "SELECT DISTINCT p.table_id FROM pending p "
            "JOIN seats s ON s.table_id = p.table_id AND s.seat = p.seat "
            "JOIN game_tables t ON t.id = p.table_id "
            f"WHERE s.user_id = ? AND t.status = '{TableStatus.ACTIVE}' ORDER BY p.table_id",
            [user_id],
        )
        return [int(row[0]) for row in rows]


class Database:
    """The bot's database: SQLite (one connection plus the lock that keeps its transactions
    whole) or PostgreSQL (a connection pool); the query sets do not know which."""

    def __init__(
        self, conn: aiosqlite.Connection | None = None, *, pool: asyncpg.Pool | None = None
    ) -> None:
        self.conn = conn
        self.pool = pool
        self._lock = asyncio.Lock()
        self._sqlite = SqliteExecutor(conn) if conn is not None else None
        self._queries = Queries(self._sqlite) if self._sqlite is not None else None

    @classmethod
    async def open(
        cls,
        location: Location,
        migrations: tuple[Migration, ...] | None = None,
        *,
        pool_size: int = 10,
    ) -> Database:
        """Open (and migrate) the SQLite file at ``location``, or the PostgreSQL database if
        ``location`` is a ``postgresql://`` address (with up to ``pool_size`` connections)."""
        if is_postgres_url(location):
            pool = await connect_postgres(str(location), migrations, pool_size=pool_size)
            return cls(pool=pool)
        return cls(await connect(Path(location), migrations))

    @property
    def dialect(self) -> Dialect:
        return "sqlite" if self.conn is not None else "postgres"

    async def close(self) -> None:
        async with self._lock:
            if self.conn is not None:
                await self.conn.close()
            if self.pool is not None:
                await self.pool.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Queries]:
        """Queries outside a transaction (each statement sees committed data)."""
        if self._queries is not None:
            async with self._lock:
                yield self._queries
            return
        assert self.pool is not None
        async with self.pool.acquire() as conn:
            yield Queries(PostgresExecutor(conn))

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Queries]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            if self._queries is not None:
                assert self.conn is not None and self._sqlite is not None
                # BEGIN IMMEDIATE goes with the first statement (one trip to the thread less);
                # a block that ran none has nothing to commit or roll back
                self._sqlite.begin_with_next()
                try:
                    yield self._queries
                except BaseException:
                    if not self._sqlite.begin_pending:
                        await self.conn.rollback()
                    raise
                finally:
                    began, self._sqlite.begin_pending = not self._sqlite.begin_pending, False
                if began:
                    await self.conn.commit()
                return
            assert self.pool is not None
            async with self.pool.acquire() as conn, conn.transaction(isolation="read_committed"):
                yield Queries(PostgresExecutor(conn, writing=True))
