"""The database file: migrations from empty, WAL, refusal of a newer schema, atomic migrations."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import (
    DatabaseTooNew,
    MigrationError,
    connect,
    latest_version,
    load_migrations,
    schema_version,
)
from bot.storage.db import Migration, migrate
from tests.service.conftest import ManualClock, open_service


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """These tests are about the SQLite file (WAL, ``user_version``); PostgreSQL's migrations
    are tested in ``test_postgres.py``."""
    return tmp_path / "data" / "bot.sqlite3"


def _plain(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


async def test_migrates_an_empty_file_to_the_latest_version(db_path: Path) -> None:
    conn = await connect(db_path)
    try:
        assert await schema_version(conn) == latest_version() >= 1
    finally:
        await conn.close()
    plain = _plain(db_path)
    tables = {r[0] for r in plain.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"game_tables", "seats", "actions", "snapshots", "pending"} <= tables
    assert plain.execute("PRAGMA user_version").fetchone()[0] == latest_version()
    plain.close()


async def test_reopening_applies_nothing_and_keeps_data(db_path: Path, clock: ManualClock) -> None:
    from tests.service.conftest import ANN, CHANNEL, GUILD

    svc = await open_service(db_path, clock)
    table = await svc.create(
        game="blind_bids",
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        max_seats=2,
        language="en",
    )
    await svc.close()
    conn = await connect(db_path)
    try:
        version = await schema_version(conn)
        assert await migrate(conn) == (version, version)
    finally:
        await conn.close()
    svc = await open_service(db_path, clock)
    assert (await svc.get(table.id)).players == (ANN,)
    await svc.close()


async def test_wal_mode_is_on(db_path: Path) -> None:
    conn = await connect(db_path)
    try:
        async with conn.execute("PRAGMA journal_mode") as cursor:
            row = await cursor.fetchone()
        assert row is not None and row[0] == "wal"
    finally:
        await conn.close()
    plain = _plain(db_path)  # WAL is persistent in the file, seen by any other connection
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    plain.close()


async def test_a_newer_database_is_refused_and_left_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    plain = _plain(db_path)
    plain.execute("CREATE TABLE from_the_future (x)")
    plain.execute(f"PRAGMA user_version = {latest_version() + 1}")
    plain.commit()
    plain.close()
    with pytest.raises(DatabaseTooNew) as info:
        await connect(db_path)
    message = str(info.value)
    assert f"version {latest_version() + 1}" in message and "newer" in message
    plain = _plain(db_path)
    assert plain.execute("PRAGMA user_version").fetchone()[0] == latest_version() + 1
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    names = {r[0] for r in plain.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert names == {"from_the_future"}
    plain.close()


async def test_the_service_refuses_a_newer_database_too(db_path: Path, clock: ManualClock) -> None:
    db_path.parent.mkdir(parents=True)
    plain = _plain(db_path)
    plain.execute("PRAGMA user_version = 999")
    plain.close()
    with pytest.raises(DatabaseTooNew):
        await open_service(db_path, clock)


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    good = load_migrations()
    broken = Migration(
        len(good) + 1,
        "broken",
        "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);",
    )
    conn = await connect(db_path)
    try:
        with pytest.raises(sqlite3.OperationalError):
            await migrate(conn, (*good, broken))
        assert await schema_version(conn) == len(good)
        assert not conn.in_transaction
        async with conn.execute(
            "SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'"
        ) as cursor:
            row = await cursor.fetchone()
        assert row is not None and row[0] == 0
    finally:
        await conn.close()


async def test_migrations_apply_in_order_one_transaction_each(tmp_path: Path) -> None:
    steps = (
        Migration(1, "first", "CREATE TABLE t (a INTEGER);"),
        Migration(2, "second", "ALTER TABLE t ADD COLUMN b TEXT; INSERT INTO t VALUES (1, 'x');"),
    )
    conn = await aiosqlite.connect(tmp_path / "m.sqlite3", isolation_level=None)
    try:
        assert await migrate(conn, steps[:1]) == (0, 1)
        assert await migrate(conn, steps) == (1, 2)
        async with conn.execute("SELECT a, b FROM t") as cursor:
            assert [tuple(r) for r in await cursor.fetchall()] == [(1, "x")]
    finally:
        await conn.close()


async def test_migrations_run_statement_by_statement_build_what_their_scripts_build(
    db_path: Path, tmp_path: Path
) -> None:
    # Each migration runs one statement at a time under the write lock (a script cannot run
    # inside an open transaction): triggers, comments and all build the same schema.
    conn = await connect(db_path)
    await conn.close()
    scripted = sqlite3.connect(tmp_path / "scripted.sqlite3")
    for migration in load_migrations():
        scripted.executescript(migration.sql)
    listed = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    expected = scripted.execute(listed).fetchall()
    scripted.close()
    plain = _plain(db_path)
    assert plain.execute(listed).fetchall() == expected
    assert any(kind == "trigger" for kind, *_ in expected)
    plain.close()


def test_migration_files_must_be_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("SELECT 1;")
    (tmp_path / "0003_third.sql").write_text("SELECT 1;")
    (tmp_path / "notes.txt").write_text("ignored")
    with pytest.raises(MigrationError):
        load_migrations(tmp_path)
    (tmp_path / "0002_second.sql").write_text("SELECT 1;")
    assert [m.version for m in load_migrations(tmp_path)] == [1, 2, 3]
    assert [m.description for m in load_migrations(tmp_path)] == ["first", "second", "third"]


async def test_a_change_or_an_insert_is_one_trip_to_the_database_thread(db_path: Path) -> None:
    """Every trip to aiosqlite's thread wakes the event loop once more (a move runs dozens of
    statements): a statement with its row count or new id, and the cursor's close, go in one."""
    from bot.storage.backends import IntegrityError, SqliteExecutor

    conn = await connect(db_path)
    try:
        await conn.execute("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        executor = SqliteExecutor(conn)
        trips = _count_trips(conn)
        assert await executor.insert_id("INSERT INTO things (name) VALUES (?)", ["a"]) == 1
        assert await executor.insert_id("INSERT INTO things (name) VALUES (?)", ["b"]) == 2
        assert await executor.change("UPDATE things SET name = name || '!'") == 2
        assert await executor.change("DELETE FROM things WHERE name = ?", ["none"]) == 0
        assert trips() == 4
        with pytest.raises(IntegrityError):
            await executor.change("UPDATE things SET name = 'same'")
        assert await executor.all("SELECT name FROM things ORDER BY id") == [("a!",), ("b!",)]
    finally:
        await conn.close()


def _count_trips(conn: aiosqlite.Connection) -> Callable[[], int]:
    """Count ``conn``'s trips to its thread from now on."""
    trips = 0
    trip = conn._execute

    async def counted(*args: object, **kwargs: object) -> object:
        nonlocal trips
        trips += 1
        return await trip(*args, **kwargs)

    conn._execute = counted  # type: ignore[method-assign]
    return lambda: trips


async def test_a_table_with_its_seats_and_its_players_away_times_are_one_trip_each(
    db_path: Path, clock: ManualClock
) -> None:
    """What every move reads (the channel's table, the table again under its lock, who is away
    for the board) costs one trip to the database's thread each, not one per statement."""
    from bot.pbp.usecases import PlayByPost
    from tests.service.conftest import ANN, BOB, CHANNEL, started

    svc = await open_service(db_path, clock)
    try:
        table = await started(svc, (ANN, BOB))
        pbp = PlayByPost(svc)
        await pbp.away(BOB.user_id, 2)
        assert svc.db.conn is not None
        trips = _count_trips(svc.db.conn)
        here = await svc.in_channel(CHANNEL)
        assert here is not None and [p.name for p in here.players] == ["Ann", "Bob"]
        assert (await svc.get(table.id)).players == here.players
        assert list(await pbp.away_seats(here)) == [1]
        assert trips() == 3
        assert await svc.in_channel(CHANNEL + 1) is None
    finally:
        await svc.close()


async def test_a_write_transaction_begins_with_its_first_statement(db_path: Path) -> None:
    """``BEGIN IMMEDIATE`` rides with the first statement (one trip less per transaction); a
    transaction that fails after a statement is rolled back, one that ran none leaves nothing."""
    from bot.storage.tables import Database

    db = await Database.open(db_path)
    try:
        assert db.conn is not None
        await db.conn.execute("CREATE TABLE things (name TEXT UNIQUE)")
        trips = _count_trips(db.conn)
        async with db.write() as q:
            await q._change("INSERT INTO things VALUES ('a')")
        assert trips() == 2  # the statement with its BEGIN, the commit
        async with db.write():
            pass
        assert trips() == 2
        with pytest.raises(RuntimeError):
            async with db.write() as q:
                await q._change("INSERT INTO things VALUES ('b')")
                raise RuntimeError("the move failed after its first statement")
        with pytest.raises(RuntimeError):
            async with db.write():
                raise RuntimeError("the move failed before any statement")
        async with db.read() as q:
            assert await q._all("SELECT name FROM things") == [("a",)]
        assert not db.conn.in_transaction
    finally:
        await db.close()


async def test_table_statuses_are_stored_as_their_words_and_a_wrong_one_writes_nothing(
    db_path: Path, clock: ManualClock
) -> None:
    from bot.storage.tables import TableStatus
    from tests.service.conftest import ANN, BOB, started

    svc = await open_service(db_path, clock)
    try:
        table = await started(svc, (ANN, BOB))
        async with svc.db.read() as q:
            row = await q.table(table.id)
        assert row is not None and row.status is TableStatus.ACTIVE and row.status == "active"
        async with svc.db.write() as q:
            with pytest.raises(ValueError, match="'done' is not a valid TableStatus"):
                await q.set_ended(table.id, status="done", reason="over", at=1.0)
        assert (await svc.get(table.id)).status == TableStatus.ACTIVE
    finally:
        await svc.close()
    plain = _plain(db_path)
    assert plain.execute("SELECT status FROM game_tables").fetchall() == [("active",)]
    plain.close()
