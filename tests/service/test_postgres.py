"""PostgreSQL only: its migrations (dialect files, the version table, refusals, atomicity,
two processes starting together), its schema next to SQLite's, and two processes racing one
seq. Everything else runs on both databases through the ``database`` fixture."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.service import MoveResult, Service, StaleBoard, TableFull
from bot.storage import (
    DatabaseTooNew,
    DatabaseUnreachable,
    IntegrityError,
    MigrationError,
    latest_version,
    load_migrations,
)
from bot.storage.backends import postgres_placeholders
from bot.storage.db import Migration, connect, migrate_postgres, postgres_schema_version
from bot.storage.tables import Database
from tests.postgres import NewDatabase, dump, query
from tests.service.conftest import ANN, BOB, CAT, GUILD, ManualClock, open_service, started

HANDS = {"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]}


def test_placeholders_are_numbered_outside_quotes_only() -> None:
    assert postgres_placeholders("SELECT ? , '?', \"a?\" WHERE x IN (?, ?)") == (
        "SELECT $1 , '?', \"a?\" WHERE x IN ($2, $3)"
    )


def test_a_dialect_file_replaces_its_migration_on_postgres_only(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("CREATE TABLE t (at REAL);")
    (tmp_path / "0001_first.postgres.sql").write_text("CREATE TABLE t (at DOUBLE PRECISION);")
    (tmp_path / "0002_second.sql").write_text("ALTER TABLE t ADD COLUMN n INTEGER;")
    first, second = load_migrations(tmp_path)
    assert (first.sql, first.for_postgres) == (
        "CREATE TABLE t (at REAL);",
        "CREATE TABLE t (at DOUBLE PRECISION);",
    )
    assert second.postgres_sql is None and second.for_postgres == second.sql
    (tmp_path / "0003_orphan.postgres.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match=r"0003_orphan\.postgres\.sql has no 0003_orphan\.sql"):
        load_migrations(tmp_path)


async def test_an_empty_database_is_migrated_one_version_row_each(
    new_postgres: NewDatabase,
) -> None:
    url = await new_postgres(migrated=False)
    db = await Database.open(url)
    await db.close()
    rows = query(url, "SELECT version, description FROM schema_migrations ORDER BY version")
    assert rows == [(m.version, m.description) for m in load_migrations()]
    db = await Database.open(url)  # reopening applies nothing
    await db.close()
    assert len(query(url, "SELECT * FROM schema_migrations")) == latest_version()


async def test_an_older_database_is_upgraded_keeping_its_rows(
    new_postgres: NewDatabase, clock: ManualClock
) -> None:
    url = await new_postgres(migrated=False)
    db = await Database.open(url, load_migrations()[:1])
    async with db.write() as q:
        await q.executor.change(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, creator_id, status, "
            "max_seats, seat_order, options, seed, created_at) "
            "VALUES (1, 'blind_bids', 1, 2, 101, 'active', 2, 'join', '{}', 5, 0)"
        )
        await q.executor.change(
            "INSERT INTO seats VALUES (1, 101, 'Ann', 0, 0), (1, 102, 'Bob', 1, 1)"
        )
        await q.executor.change("INSERT INTO pending VALUES (1, 1, 100.0)")
    await db.close()
    svc = await open_service(url, clock)
    try:
        [due] = await svc.due_reminders(100.0 + 86400, 86400)
        assert (due.table.id, due.seat, due.user_id, due.reminded_at) == (1, 1, 102, None)
    finally:
        await svc.close()
    assert query(url, "SELECT MAX(version) FROM schema_migrations") == [(latest_version(),)]


async def test_a_newer_database_is_refused_and_left_untouched(
    new_postgres: NewDatabase, clock: ManualClock
) -> None:
    url = await new_postgres()
    query(
        url,
        "INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, 'x', 0)",
        (999,),
    )
    before = dump(url)
    with pytest.raises(DatabaseTooNew, match="version 999"):
        await open_service(url, clock)
    assert dump(url) == before


async def test_a_failing_migration_changes_nothing(new_postgres: NewDatabase) -> None:
    url = await new_postgres()
    good = load_migrations()
    broken = Migration(
        len(good) + 1,
        "broken",
        "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);",
    )
    conn = await asyncpg.connect(url)
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            await migrate_postgres(conn, (*good, broken))
        assert await postgres_schema_version(conn) == len(good)
        assert await conn.fetchval("SELECT to_regclass('half_done')") is None
    finally:
        await conn.close()


async def test_two_processes_starting_together_migrate_once(new_postgres: NewDatabase) -> None:
    url = await new_postgres(migrated=False)
    first, second = await asyncio.gather(Database.open(url), Database.open(url))
    await first.close()
    await second.close()
    versions = query(url, "SELECT version FROM schema_migrations ORDER BY version")
    assert versions == [(m.version,) for m in load_migrations()]


async def test_an_unreachable_server_is_named_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:secret@/bot?host={tmp_path}&port=1"
    with pytest.raises(DatabaseUnreachable) as caught:
        await Database.open(url)
    assert "secret" not in str(caught.value) and "bot:***@" in str(caught.value)


async def test_results_stay_immutable(new_postgres: NewDatabase) -> None:
    url = await new_postgres()
    query(
        url,
        "INSERT INTO game_tables (id, game, channel_id, creator_id, status, max_seats, "
        "seat_order, options, seed, created_at) "
        "VALUES (1, 'targi', 2, 3, 'finished', 2, 'join', '{}', 4, 0)",
    )
    query(
        url,
        "INSERT INTO results (table_id, game, finished_at, end_reason, ranking, players, rated) "
        "VALUES (1, 'targi', 0, 'over', '[[0], [1]]', '[3, 4]', 1)",
    )
    with pytest.raises(IntegrityError, match="immutable"):
        query(url, "UPDATE results SET rated = 0")
    with pytest.raises(IntegrityError, match="immutable"):
        query(url, "DELETE FROM results")


# -- the schema on both databases ---------------------------------------------------------------

# SQLite's declared type -> the PostgreSQL types it may become.
_COMPATIBLE = {
    "INTEGER": {"integer", "bigint"},
    "BIGINT": {"bigint"},  # portable migrations (one file for both) name the type itself
    "REAL": {"double precision"},
    "DOUBLE PRECISION": {"double precision"},
    "TEXT": {"text"},
}


async def test_both_databases_have_the_same_tables_and_columns(
    tmp_path: Path, new_postgres: NewDatabase
) -> None:
    path = tmp_path / "bot.sqlite3"
    await (await connect(path)).close()
    url = await new_postgres(migrated=False)
    await (await Database.open(url)).close()

    sqlite_tables = {
        str(row[0]) for row in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    postgres_tables = {
        str(row[0])
        for row in query(
            url,
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_name != 'schema_migrations'",
        )
    }
    assert sqlite_tables == postgres_tables
    for table in sorted(sqlite_tables):
        # (name, declared type, NOT NULL, part of the primary key)
        lite = {
            str(name): (str(kind).upper(), bool(notnull) or pk > 0, pk > 0)
            for _, name, kind, notnull, _, pk in query(path, f"PRAGMA table_info({table})")
        }
        keys = {
            str(row[0])
            for row in query(
                url,
                "SELECT a.attname FROM pg_index i JOIN pg_attribute a "
                "ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = ?::regclass AND i.indisprimary",
                (table,),
            )
        }
        postgres = {
            str(name): (str(kind), nullable == "NO", name in keys)
            for name, kind, nullable in query(
                url,
                "SELECT column_name, data_type, is_nullable FROM information_schema.columns "
                "WHERE table_schema = 'public' AND table_name = ?",
                (table,),
            )
        }
        assert sorted(lite) == sorted(postgres), table
        for column, (kind, not_null, key) in lite.items():
            pg_kind, pg_not_null, pg_key = postgres[column]
            assert pg_kind in _COMPATIBLE[kind], (table, column, kind, pg_kind)
            assert (not_null, key) == (pg_not_null, pg_key), (table, column)
            if column.endswith(("_id", "_by")) or column in {"id", "seed"}:
                assert pg_kind == "bigint", f"{table}.{column} holds Discord ids or seeds"


# -- two processes, one seq -----------------------------------------------------------------------


async def test_fifty_submits_of_one_seq_from_two_processes_apply_exactly_once(
    new_postgres: NewDatabase, clock: ManualClock
) -> None:
    url = await new_postgres()
    first: Service = await open_service(url, clock)
    second: Service = await open_service(url, clock)
    try:
        table = await started(first, setup=HANDS)  # both seats bid at seq 0
        await second.public_view(table.id)  # both processes hold the state at seq 0
        submits = [
            (first if i % 2 else second).submit(
                table.id,
                (ANN if i % 2 else BOB).user_id,
                f"bid {HANDS['hands'][i % 2 == 0][i // 2 % 4]}",
                expected_seq=0,
            )
            for i in range(50)
        ]
        outcomes = await asyncio.gather(*submits, return_exceptions=True)
        applied = [o for o in outcomes if isinstance(o, MoveResult)]
        assert len(applied) == 1, outcomes
        assert all(isinstance(o, StaleBoard) for o in outcomes if o not in applied), outcomes
        assert query(url, "SELECT seq FROM game_tables WHERE id = ?", (table.id,)) == [(1,)]
        assert query(url, "SELECT seq FROM actions WHERE table_id = ?", (table.id,)) == [(0,)]
        assert query(url, "SELECT seq FROM snapshots WHERE table_id = ?", (table.id,)) == [(1,)]
    finally:
        await first.close()
        await second.close()


async def test_fifty_racing_writes_of_one_seq_on_two_connections_pools_apply_once(
    new_postgres: NewDatabase, clock: ManualClock
) -> None:
    """Below the service (no in-memory state, no early stale check): only the database's
    compare-and-swap on seq and the log's unique key stand between the racers."""
    url = await new_postgres()
    svc = await open_service(url, clock)
    table = await started(svc, setup=HANDS)
    await svc.close()
    databases = [await Database.open(url), await Database.open(url)]

    async def attempt(number: int) -> bool:
        db = databases[number % 2]
        try:
            async with db.write() as q:
                if not await q.advance_seq(table.id, 0):
                    return False
                await q.append_action(table.id, 0, 0, ANN.user_id, f"bid {number}", 1.0)
                await q.put_snapshot(table.id, 1, f"state {number}")
        except IntegrityError:
            return False
        return True

    try:
        won = await asyncio.gather(*(attempt(n) for n in range(50)))
    finally:
        for db in databases:
            await db.close()
    assert sum(won) == 1
    [winner] = [n for n, ok in enumerate(won) if ok]
    assert query(url, "SELECT action FROM actions") == [(f"bid {winner}",)]
    assert query(url, "SELECT seq, state FROM snapshots") == [(1, f"state {winner}")]
    assert query(url, "SELECT seq FROM game_tables") == [(1,)]


async def test_two_processes_joining_the_last_seat_seat_one(
    new_postgres: NewDatabase, clock: ManualClock
) -> None:
    """A write that read the table holds its row: the other process's join waits, then finds
    the table full (READ COMMITTED alone would let both see a free seat)."""
    url = await new_postgres()
    first = await open_service(url, clock)
    second = await open_service(url, clock)
    try:
        for channel in range(1, 6):
            table = await first.create(
                game="blind_bids",
                guild_id=GUILD,
                channel_id=channel,
                creator=ANN,
                max_seats=2,
                language="en",
            )
            outcomes = await asyncio.gather(
                first.join(table.id, BOB),
                second.join(table.id, CAT),
                return_exceptions=True,
            )
            assert sum(isinstance(o, TableFull) for o in outcomes) == 1, outcomes
            assert len((await first.get(table.id)).players) == 2
    finally:
        await first.close()
        await second.close()
