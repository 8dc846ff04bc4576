"""A real PostgreSQL for the tests (registered in ``tests/conftest.py`` via ``pytest_plugins``).

- ``postgres_server``: one PostgreSQL server per test session, started by ``pgserver`` (a
  PostgreSQL build packaged on PyPI, in the ``test`` extra) in a temporary folder, reached over
  a Unix socket; about a second to start, as root too, offline.
- ``new_postgres``: ``url = await new_postgres(migrated=...)`` makes a fresh database
  (``CREATE DATABASE`` from a template migrated once per session, or an empty one), dropped
  after the test.
- ``database``: the location the storage suites open, parametrised ``sqlite`` / ``postgres``:
  an SQLite file in the test's folder, or a fresh migrated PostgreSQL database.
- ``dump(location)``: every row of every table of either database, for "nothing changed" checks.
"""

from __future__ import annotations

import asyncio
import itertools
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage import IntegrityError, Location, is_postgres_url
from bot.storage.db import connect_postgres

_TEMPLATE = "bot_migrated_template"


def with_database(url: str, name: str) -> str:
    """``url`` pointing at the database ``name`` on the same server."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


class PostgresDatabases:
    """Fresh databases on the session's server; each test drops the ones it made."""

    _numbers = itertools.count(1)

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self._template_ready = False

    async def _admin(self, sql: str) -> None:
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    async def _ensure_template(self) -> None:
        if self._template_ready:
            return
        await self._admin(f"DROP DATABASE IF EXISTS {_TEMPLATE}")
        await self._admin(f"CREATE DATABASE {_TEMPLATE} TEMPLATE template0")
        pool = await connect_postgres(with_database(self.admin_url, _TEMPLATE), pool_size=1)
        await pool.close()
        self._template_ready = True

    async def create(self, *, migrated: bool = True) -> str:
        """A new database (migrated to the newest schema, or empty); its URL."""
        if migrated:
            await self._ensure_template()
        name = f"bot_test_{next(self._numbers)}"
        template = _TEMPLATE if migrated else "template0"
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {template}")
        return with_database(self.admin_url, name)

    async def drop(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        await self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresDatabases]:
    import pgserver  # a test dependency only

    # Its own folder, not pytest's tmp_path: pytest deletes the oldest of its numbered folders
    # when other sessions start, which would pull the data directory from under the server.
    folder = Path(tempfile.mkdtemp(prefix="bot-tests-postgres-"))
    server = pgserver.get_server(folder, cleanup_mode="stop")
    try:
        yield PostgresDatabases(server.get_uri())
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


NewDatabase = Callable[..., Awaitable[str]]


@pytest.fixture
async def new_postgres(postgres_server: PostgresDatabases) -> AsyncIterator[NewDatabase]:
    """``url = await new_postgres(migrated=...)``: fresh databases, dropped after the test."""
    made: list[str] = []

    async def make(*, migrated: bool = True) -> str:
        url = await postgres_server.create(migrated=migrated)
        made.append(url)
        return url

    yield make
    for url in made:
        await postgres_server.drop(url)


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Location]:
    """Where the test's bot keeps its data: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield tmp_path / "data" / "bot.sqlite3"
        return
    databases: PostgresDatabases = request.getfixturevalue("postgres_server")
    url = await databases.create()
    try:
        yield url
    finally:
        await databases.drop(url)


def _in_own_loop(work: Any) -> Any:
    """Run the coroutine function ``work`` to completion on a private event loop in a thread
    (for synchronous helpers called from inside a running test loop)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(work())
        except BaseException as error:  # re-raised in the caller's thread
            box["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def query(location: Location, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one statement (``?`` placeholders), through a separate connection; a broken
    constraint raises ``IntegrityError`` on either database."""
    if not is_postgres_url(location):
        conn = sqlite3.connect(location)
        try:
            rows = conn.execute(sql, params).fetchall()
            conn.commit()
            return rows
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        finally:
            conn.close()
    from bot.storage.backends import postgres_placeholders

    async def run() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(str(location))
        try:
            return [tuple(r) for r in await conn.fetch(postgres_placeholders(sql), *params)]
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        finally:
            await conn.close()

    result: list[tuple[Any, ...]] = _in_own_loop(run)
    return result


def table_names(location: Location) -> list[str]:
    """The bot's tables (the PostgreSQL version table left out)."""
    if not is_postgres_url(location):
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    else:
        sql = (
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_name != 'schema_migrations' ORDER BY table_name"
        )
    return [str(row[0]) for row in query(location, sql)]


def dump(location: Location) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read through a separate connection."""
    return {
        name: sorted(query(location, f"SELECT * FROM {name}"), key=repr)
        for name in table_names(location)
    }
