"""Opening the database and its numbered SQL migrations, on SQLite or PostgreSQL.

Migrations are the files ``bot/storage/migrations/NNNN_description.sql``, numbered from 0001
without gaps; the same numbers serve both databases. A file ``NNNN_description.postgres.sql``
beside one is what PostgreSQL runs instead of it, where the dialects truly differ (SQLite's
rowid keys, triggers, collations and table rebuilds); it repeats the common file otherwise and
says at its top how it differs. Each migration runs in its own transaction together with the
version bump, so a failing migration leaves the database exactly as it was. SQLite keeps the
version in ``PRAGMA user_version``, PostgreSQL in the table ``schema_migrations``. A database
whose version is higher than the newest file was written by a newer bot and is refused before
anything touches it.

Several processes may open one fresh database at the same instant: each step's version is read
again under the write lock (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's advisory lock), so each
migration is applied once, and SQLite's switch to WAL waits for another process's lock as a
write does.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite
import asyncpg

__all__ = [
    "DatabaseTooNew",
    "DatabaseUnreachable",
    "DatabaseUnusable",
    "Migration",
    "MigrationError",
    "check_usable",
    "connect",
    "connect_postgres",
    "latest_version",
    "load_migrations",
    "migrate",
    "migrate_postgres",
    "postgres_schema_version",
    "schema_version",
    "shown_url",
]

_MIGRATION_NAME = re.compile(
    r"^(?P<number>\d{4})_(?P<description>[a-z0-9_]+)(?P<postgres>\.postgres)?\.sql$"
)


class DatabaseTooNew(Exception):
    """The database was written by a newer version of the bot; the message says what to do."""


class DatabaseUnusable(Exception):
    """The database file is corrupt, read-only or in a read-only folder; the message names the
    file and says what to do."""


_SQLITE_HEADER = b"SQLite format 3\x00"


def _writable(path: Path) -> bool:
    return os.access(path, os.R_OK | os.W_OK, effective_ids=os.access in os.supports_effective_ids)


def check_usable(path: Path) -> None:
    """Refuse, before anything opens it for writing, a database the bot could not use.

    A corrupt file, a read-only file or a read-only folder (SQLite creates ``-wal`` and
    ``-shm`` files next to the database) raise :class:`DatabaseUnusable`; the file is only
    read (SQLite's ``immutable`` mode: no lock, journal or WAL file is created).
    """
    elsewhere = "or point DATABASE_PATH at another file"
    if not path.exists():
        ancestor = path.parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if not ancestor.is_dir() or not _writable(ancestor):
            raise DatabaseUnusable(
                f"The database {path} cannot be created because the folder {ancestor} is "
                f"read-only: make it writable for the user running the bot, {elsewhere}."
            )
        return
    if not path.is_file():
        raise DatabaseUnusable(
            f"DATABASE_PATH {path} is not a file: point it at a file such as "
            f"{path / 'bot.sqlite3'}."
        )
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        if (path.parent / name).exists() and not _writable(path.parent / name):
            raise DatabaseUnusable(
                f"The database file {path.parent / name} is read-only: make it writable for "
                f"the user running the bot (chmod u+w), {elsewhere}; it was left untouched."
            )
    if not _writable(path.parent):
        raise DatabaseUnusable(
            f"The folder {path.parent} holding the database {path.name} is read-only, and "
            f"SQLite must create {path.name}-wal and {path.name}-shm there: make the folder "
            f"writable for the user running the bot, {elsewhere}; nothing was changed."
        )
    problem = _corruption(path)
    if problem is not None:
        raise DatabaseUnusable(
            f"The database file {path} is not a readable SQLite database ({problem}): restore "
            "it from a backup, or move it away so the bot starts with an empty database, "
            f"{elsewhere}; it was left untouched."
        )


def _corruption(path: Path) -> str | None:
    """What is wrong with the database file at ``path`` (read only), or None."""
    with path.open("rb") as file:
        header = file.read(len(_SQLITE_HEADER))
    if header == b"":
        return None  # an empty file is a new database to SQLite
    if header != _SQLITE_HEADER:
        return "it does not start with the SQLite header"
    wal = path.parent / f"{path.name}-wal"
    # With committed pages still in the WAL (after a crash) the main file alone may be mid-
    # checkpoint, so read it through the WAL (read-only); otherwise read the file alone.
    mode = "mode=ro" if wal.exists() and wal.stat().st_size > 0 else "immutable=1"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
        try:
            rows = conn.execute("PRAGMA quick_check").fetchall()
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    found = [str(row[0]) for row in rows]
    return None if found == ["ok"] else "; ".join(found[:3])


class MigrationError(Exception):
    """The migration files themselves are inconsistent (a gap or a duplicate number)."""


@dataclass(frozen=True)
class Migration:
    """One numbered schema change."""

    version: int
    description: str
    sql: str
    postgres_sql: str | None = None  # from NNNN_description.postgres.sql, if there is one

    @property
    def for_postgres(self) -> str:
        """What PostgreSQL runs: the dialect file if there is one, else the common file."""
        return self.sql if self.postgres_sql is None else self.postgres_sql


def load_migrations(directory: Path | None = None) -> tuple[Migration, ...]:
    """The migrations in ``directory`` (default: the package's own), ordered and gap-free."""
    if directory is None:
        root = resources.files("bot.storage").joinpath("migrations")
        entries = [(entry.name, entry.read_text(encoding="utf-8")) for entry in root.iterdir()]
    else:
        entries = [(p.name, p.read_text(encoding="utf-8")) for p in directory.iterdir()]
    common: dict[int, tuple[str, str]] = {}
    postgres: dict[int, tuple[str, str]] = {}
    for name, text in entries:
        match = _MIGRATION_NAME.match(name)
        if match is None:
            continue
        chosen = postgres if match["postgres"] else common
        number = int(match["number"])
        if number in chosen:
            raise MigrationError(f"two migrations are numbered {number:04d}")
        chosen[number] = (match["description"], text)
    for number, (description, _) in postgres.items():
        if common.get(number, ("", ""))[0] != description:
            raise MigrationError(
                f"{number:04d}_{description}.postgres.sql has no {number:04d}_{description}.sql"
            )
    found = [
        Migration(number, description, text, postgres.get(number, (None, None))[1])
        for number, (description, text) in common.items()
    ]
    found.sort(key=lambda m: m.version)
    expected = list(range(1, len(found) + 1))
    if [m.version for m in found] != expected:
        numbers = ", ".join(f"{m.version:04d}" for m in found)
        raise MigrationError(f"migration numbers must run 0001, 0002, ... without gaps: {numbers}")
    return tuple(found)


def latest_version(migrations: tuple[Migration, ...] | None = None) -> int:
    """The schema version the code knows (the newest migration's number)."""
    chosen = load_migrations() if migrations is None else migrations
    return chosen[-1].version if chosen else 0


async def schema_version(conn: aiosqlite.Connection) -> int:
    """The database's ``PRAGMA user_version``."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def migrate(
    conn: aiosqlite.Connection, migrations: tuple[Migration, ...] | None = None
) -> tuple[int, int]:
    """Apply the pending migrations in order; return (version before, version after).

    Raises :class:`DatabaseTooNew` (and changes nothing) if the database is ahead of the code.
    """
    chosen = load_migrations() if migrations is None else migrations
    before = await schema_version(conn)
    newest = latest_version(chosen)
    if before > newest:
        raise _too_new(before, newest, "DATABASE_PATH at another file")
    for migration in chosen:
        if migration.version <= before:
            continue
        # The version is read again under the write lock: another process opening the same
        # file at the same instant may have applied this migration meanwhile.
        run: Callable[..., Awaitable[int]] = conn._execute  # untyped in aiosqlite
        now = await run(_apply_locked, conn._conn, migration)
        if now > newest:
            raise _too_new(now, newest, "DATABASE_PATH at another file")
    return before, await schema_version(conn)


def _statements(script: str) -> list[str]:
    """The SQL statements of ``script``, one by one (a trigger's body stays in its statement)."""
    found: list[str] = []
    start = 0
    for end, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : end + 1]):
            found.append(script[start : end + 1].strip())
            start = end + 1
    rest = script[start:].strip()  # a last statement without ";", or a closing comment
    return [*found, rest] if rest else found


def _apply_locked(conn: sqlite3.Connection, migration: Migration) -> int:
    """Apply ``migration`` in aiosqlite's thread unless the file is already at its version,
    in one write transaction with the version bump; the version the file has after.

    ``BEGIN IMMEDIATE`` takes the write lock before the version is read, so of several
    processes migrating one file together exactly one applies each step. (``executescript``
    cannot be used: it commits an open transaction before running.)
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        now = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if now >= migration.version:
            conn.execute("ROLLBACK")
            return now
        for statement in _statements(migration.sql):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {migration.version}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return migration.version


#: How long a statement waits for another process's write lock before it fails.
BUSY_TIMEOUT_MS = 5000


async def _switch_to_wal(conn: aiosqlite.Connection) -> str:
    """Switch the file to WAL (a no-op once it is); the journal mode it has after.

    The switch needs the file to itself and SQLite does not wait for it as it waits for a
    write (another process migrating a fresh file holds the write lock): it is retried for as
    long as a write would wait, :data:`BUSY_TIMEOUT_MS`.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            return "" if row is None else str(row[0]).lower()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.1)


async def connect(
    path: Path, migrations: tuple[Migration, ...] | None = None
) -> aiosqlite.Connection:
    """Open ``path`` (creating its folder), refuse a too-new schema, switch to WAL, migrate.

    The connection is in autocommit mode (``isolation_level=None``): callers open their
    transactions explicitly with ``BEGIN IMMEDIATE``.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        # Set first: a process starting beside another waits for its lock from the first read.
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        chosen = load_migrations() if migrations is None else migrations
        version = await schema_version(conn)
        if version > latest_version(chosen):
            await migrate(conn, chosen)  # raises DatabaseTooNew before changing anything
        mode = await _switch_to_wal(conn)
        if mode != "wal":
            raise RuntimeError(f"could not switch {path} to WAL mode (got {mode!r})")
        # FULL (not NORMAL) so a committed action survives a power cut, not only a crash.
        await conn.execute("PRAGMA synchronous = FULL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await migrate(conn, chosen)
    except BaseException:
        await conn.close()
        raise
    return conn


# -- PostgreSQL -------------------------------------------------------------------------------

# Any fixed number: every process migrating the same database waits on this advisory lock, so
# two bots starting together apply each migration once.
_MIGRATION_LOCK = 0x7467_6D69  # "tgmi"

_VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    "version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
)


class DatabaseUnreachable(Exception):
    """The PostgreSQL server named by ``DATABASE_URL`` refused or did not answer; the message
    says which address and what to check."""


def _too_new(before: int, newest: int, elsewhere: str) -> DatabaseTooNew:
    return DatabaseTooNew(
        f"The database has schema version {before}, but this version of the bot only knows "
        f"versions up to {newest}: it was written by a newer bot. Run the newer bot, or point "
        f"{elsewhere}; the database was left untouched."
    )


async def postgres_schema_version(conn: asyncpg.Connection) -> int:
    """The newest migration recorded in ``schema_migrations`` (0 for an empty database)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def migrate_postgres(
    conn: asyncpg.Connection, migrations: tuple[Migration, ...] | None = None
) -> tuple[int, int]:
    """Apply the pending migrations in order, each in its own transaction with its version row;
    return (version before, version after). Raises :class:`DatabaseTooNew` (and changes
    nothing) if the database is ahead of the code."""
    chosen = load_migrations() if migrations is None else migrations
    newest = latest_version(chosen)
    first = await postgres_schema_version(conn)
    if first > newest:
        raise _too_new(first, newest, "DATABASE_URL at another database")
    for migration in chosen:
        if migration.version <= first:
            continue
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await conn.execute(_VERSION_TABLE)
            now = await postgres_schema_version(conn)  # another process may have gone first
            if now > newest:
                raise _too_new(now, newest, "DATABASE_URL at another database")
            if now >= migration.version:
                continue
            await conn.execute(migration.for_postgres)
            await conn.execute(
                "INSERT INTO schema_migrations (version, description, applied_at) "
                "VALUES ($1, $2, EXTRACT(EPOCH FROM clock_timestamp()))",
                migration.version,
                migration.description,
            )
    return first, await postgres_schema_version(conn)


def shown_url(url: str) -> str:
    """``url`` without its password, for messages."""
    return re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", url)


async def connect_postgres(
    url: str, migrations: tuple[Migration, ...] | None = None, *, pool_size: int = 10
) -> asyncpg.Pool:
    """A connection pool on ``url``, migrated (a too-new schema raises ``DatabaseTooNew``)."""
    try:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        raise DatabaseUnreachable(
            f"Could not connect to the PostgreSQL database at {shown_url(url)} ({error}): check "
            "that the server runs and DATABASE_URL names it, user and password included."
        ) from error
    try:
        async with pool.acquire() as conn:
            await migrate_postgres(conn, migrations)
    except BaseException:
        await pool.close()
        raise
    return pool
