"""The two databases behind one interface: SQLite (aiosqlite, the default) and PostgreSQL
(asyncpg, when ``DATABASE_URL`` is a ``postgresql://`` address).

Query sets write their SQL once, with ``?`` placeholders and SQL both databases understand; an
:class:`Executor` runs it on its database (on PostgreSQL the placeholders become ``$1, $2, ...``
here and nowhere else) and turns a broken constraint into :class:`IntegrityError`. What still
differs between the dialects is asked of :attr:`Executor.dialect` inside ``bot.storage`` only.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite
import asyncpg

__all__ = [
    "Dialect",
    "Executor",
    "IntegrityError",
    "Location",
    "PostgresExecutor",
    "SqliteExecutor",
    "is_postgres_url",
    "postgres_placeholders",
]

T = TypeVar("T")
Dialect = Literal["sqlite", "postgres"]
Location = Path | str  # an SQLite file, or a postgresql:// address
"""Where the database is: a path to an SQLite file or a ``postgresql://`` URL."""


class IntegrityError(Exception):
    """A statement broke a constraint (a unique key, a check, an immutable result): nothing of
    the statement was applied."""


def is_postgres_url(location: Location) -> bool:
    """True if ``location`` names a PostgreSQL database rather than an SQLite file."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


@lru_cache(maxsize=1024)
def postgres_placeholders(sql: str) -> str:
    """``sql`` with each ``?`` outside quotes numbered ``$1, $2, ...`` (PostgreSQL's style)."""
    out: list[str] = []
    number = 0
    quote: str | None = None
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    return "".join(out)


class Executor:
    """Runs one statement at a time on one connection, in the caller's transaction."""

    dialect: Dialect
    #: Appended to a SELECT of the one row a write transaction is about to change (a game
    #: table): on PostgreSQL it locks the row until the transaction ends, so writers of one table
    #: in several processes take turns as SQLite's single writer does. Empty elsewhere.
    lock_row: str = ""

    async def one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        raise NotImplementedError

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def change(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run an INSERT, UPDATE or DELETE; the number of rows it touched."""
        raise NotImplementedError

    async def all_of(
        self, statements: Sequence[tuple[str, Iterable[Any]]]
    ) -> list[list[tuple[Any, ...]]]:
        """The rows of each SELECT of ``statements``, run in order (on SQLite in one trip to
        the database's thread)."""
        return [await self.all(sql, params) for sql, params in statements]

    async def insert_id(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run an INSERT of one row into a table with an ``id`` key; the new row's id."""
        raise NotImplementedError


class SqliteExecutor(Executor):
    """Statements on the bot's one aiosqlite connection."""

    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        #: A write transaction was asked for and not begun yet: ``BEGIN IMMEDIATE`` goes in the
        #: same trip as the transaction's first statement (:meth:`begin_with_next`).
        self.begin_pending = False

    def begin_with_next(self) -> None:
        """Begin a write transaction with the next statement, in its trip to the thread."""
        self.begin_pending = True

    # One trip to aiosqlite's thread per query (execute, fetch and close in one call), not three:
    # each trip costs the event loop a wake-up, and a move runs dozens of queries.
    async def one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        return await self._in_thread(_rows, sql, tuple(params))

    async def all_of(
        self, statements: Sequence[tuple[str, Iterable[Any]]]
    ) -> list[list[tuple[Any, ...]]]:
        listed = tuple((sql, tuple(params)) for sql, params in statements)
        return await self._in_thread(_rows_of_each, listed)

    async def change(self, sql: str, params: Iterable[Any] = ()) -> int:
        return await self._in_thread(_rowcount, sql, tuple(params))

    async def insert_id(self, sql: str, params: Iterable[Any] = ()) -> int:
        new_id = await self._in_thread(_last_row_id, sql, tuple(params))
        assert new_id is not None
        return new_id

    async def _in_thread(self, run: Callable[..., T], *args: Any) -> T:
        # aiosqlite's execute() gives a cursor whose rowcount is read here and whose close() is
        # a second trip to its thread: the statement, its count and the close go in one trip.
        queue: Callable[..., Awaitable[T]] = self.conn._execute  # untyped in aiosqlite
        begin, self.begin_pending = self.begin_pending, False
        try:
            result = await queue(partial(_begun, run) if begin else run, self.conn._conn, *args)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return result


def _begun(run: Callable[..., T], conn: sqlite3.Connection, *args: Any) -> T:
    """``run`` as the first statement of a write transaction, begun here."""
    conn.execute("BEGIN IMMEDIATE")
    return run(conn, *args)


def _rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Run one SELECT in aiosqlite's thread: its rows."""
    return [tuple(row) for row in conn.execute(sql, params).fetchall()]


def _rowcount(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int:
    """Run one statement in aiosqlite's thread: the rows it touched."""
    cursor = conn.execute(sql, params)
    try:
        return int(cursor.rowcount)
    finally:
        cursor.close()


def _rows_of_each(
    conn: sqlite3.Connection, statements: tuple[tuple[str, tuple[Any, ...]], ...]
) -> list[list[tuple[Any, ...]]]:
    """Run SELECTs in aiosqlite's thread: the rows of each."""
    return [
        [tuple(row) for row in conn.execute(sql, params).fetchall()] for sql, params in statements
    ]


def _last_row_id(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> int | None:
    """Run one INSERT in aiosqlite's thread: the new row's id."""
    cursor = conn.execute(sql, params)
    try:
        return cursor.lastrowid
    finally:
        cursor.close()


def _touched(status: str) -> int:
    """The row count in a PostgreSQL command tag (``UPDATE 1``, ``INSERT 0 3``, ``DELETE 0``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresExecutor(Executor):
    """Statements on one pooled asyncpg connection."""

    dialect: Dialect = "postgres"

    def __init__(self, conn: asyncpg.Connection, *, writing: bool = False) -> None:
        self.conn = conn
        self.lock_row = " FOR UPDATE" if writing else ""

    async def one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        try:
            row = await self.conn.fetchrow(postgres_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            rows: Sequence[Any] = await self.conn.fetch(postgres_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return [tuple(row) for row in rows]

    async def change(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            status = await self.conn.execute(postgres_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        return _touched(str(status))

    async def insert_id(self, sql: str, params: Iterable[Any] = ()) -> int:
        row = await self.one(f"{sql} RETURNING id", params)
        assert row is not None
        return int(row[0])
