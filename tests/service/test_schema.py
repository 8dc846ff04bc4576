"""A fresh database gets the schema of the snapshot in ``tests/service/schema/`` on both
SQLite and PostgreSQL: rewriting a migration (one portable file where the dialects agree) must
not change what a new database ends with. The snapshot was taken from the migrations before
they were rewritten; existing databases never rerun a migration (the runner counts versions)."""

from __future__ import annotations

from pathlib import Path

from bot.storage.db import connect, connect_postgres
from tests.postgres import NewDatabase
from tests.service.schema import load, postgres_schema, sqlite_schema


async def test_a_fresh_sqlite_database_has_the_snapshot_schema(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    await (await connect(path)).close()
    assert sqlite_schema(path) == load("sqlite")


async def test_a_fresh_postgres_database_has_the_snapshot_schema(
    new_postgres: NewDatabase,
) -> None:
    url = await new_postgres(migrated=False)
    await (await connect_postgres(url, pool_size=1)).close()
    assert await postgres_schema(url) == load("postgres")
