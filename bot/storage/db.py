"""Opening the database: WAL mode and numbered SQL migrations tracked by ``PRAGMA user_version``.

Migrations are the files ``bot/storage/migrations/NNNN_description.sql``, numbered from 0001
without gaps. Each one runs in its own transaction together with the ``user_version`` bump, so a
failing migration leaves the database exactly as it was. A database whose version is higher than
the newest file was written by a newer bot and is refused before anything touches it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

__all__ = [
    "DatabaseTooNew",
    "Migration",
    "MigrationError",
    "connect",
    "latest_version",
    "load_migrations",
    "migrate",
    "schema_version",
]

_MIGRATION_NAME = re.compile(r"^(?P<number>\d{4})_(?P<description>[a-z0-9_]+)\.sql$")


class DatabaseTooNew(Exception):
    """The database was written by a newer version of the bot; the message says what to do."""


class MigrationError(Exception):
    """The migration files themselves are inconsistent (a gap or a duplicate number)."""


@dataclass(frozen=True)
class Migration:
    """One numbered schema change."""

    version: int
    description: str
    sql: str


def load_migrations(directory: Path | None = None) -> tuple[Migration, ...]:
    """The migrations in ``directory`` (default: the package's own), ordered and gap-free."""
    if directory is None:
        root = resources.files("bot.storage").joinpath("migrations")
        entries = [(entry.name, entry.read_text(encoding="utf-8")) for entry in root.iterdir()]
    else:
        entries = [(p.name, p.read_text(encoding="utf-8")) for p in directory.iterdir()]
    found: list[Migration] = []
    for name, text in entries:
        match = _MIGRATION_NAME.match(name)
        if match is None:
            continue
        found.append(Migration(int(match["number"]), match["description"], text))
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
        raise DatabaseTooNew(
            f"The database has schema version {before}, but this version of the bot only knows "
            f"versions up to {newest}: it was written by a newer bot. Run the newer bot, or point "
            "DATABASE_PATH at another file; the database was left untouched."
        )
    for migration in chosen:
        if migration.version <= before:
            continue
        # executescript() would COMMIT an open transaction first, so BEGIN is part of the script:
        # the schema change and the version bump commit together or not at all.
        script = (
            "BEGIN IMMEDIATE;\n"
            f"{migration.sql}\n;\n"
            f"PRAGMA user_version = {migration.version};\n"
            "COMMIT;\n"
        )
        try:
            await conn.executescript(script)
        except Exception:
            if conn.in_transaction:
                await conn.rollback()
            raise
    return before, await schema_version(conn)


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
        chosen = load_migrations() if migrations is None else migrations
        version = await schema_version(conn)
        if version > latest_version(chosen):
            await migrate(conn, chosen)  # raises DatabaseTooNew before changing anything
        await conn.execute("PRAGMA busy_timeout = 5000")
        async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
            row = await cursor.fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise RuntimeError(f"could not switch {path} to WAL mode (got {row!r})")
        # FULL (not NORMAL) so a committed action survives a power cut, not only a crash.
        await conn.execute("PRAGMA synchronous = FULL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await migrate(conn, chosen)
    except BaseException:
        await conn.close()
        raise
    return conn
