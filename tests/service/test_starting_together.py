"""Several bot processes started at the same instant on one fresh database (``docs/running.md``
starts them with ``&``): every one starts, and the schema is the one a lone start makes.

Real processes (``tests/service/starting_together.py``), released together by a file each
waits for, trial after trial on a fresh database each time.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import latest_version, load_migrations
from bot.storage.tables import Database
from tests.postgres import NewDatabase, query

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 5


def _race(folder: Path, trials: int, urls: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Start the processes, release them together ``trials`` times; what each reported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.service.starting_together",
                str(folder),
                str(trials),
                str(worker),
                *urls,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for worker in range(PROCESSES)
    ]
    try:
        for trial in range(trials):
            deadline = time.monotonic() + 60
            while len(list(folder.glob(f"ready.{trial}.*"))) < PROCESSES:
                assert all(w.poll() is None for w in workers), "a process ended early"
                assert time.monotonic() < deadline, "the processes never got ready"
                time.sleep(0.002)
            (folder / f"go.{trial}").touch()
        reports: list[dict[str, Any]] = []
        for worker in workers:
            out, err = worker.communicate(timeout=120)
            assert worker.returncode == 0, err
            reports += [json.loads(line) for line in out.splitlines()]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
    assert len(reports) == PROCESSES * trials
    return reports


def _schema(path: Path) -> tuple[int, list[tuple[Any, ...]]]:
    plain = sqlite3.connect(path)
    try:
        version = plain.execute("PRAGMA user_version").fetchone()[0]
        mode = plain.execute("PRAGMA journal_mode").fetchone()[0]
        rows = plain.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
    finally:
        plain.close()
    return version, [("journal_mode", mode), *rows]


async def test_five_processes_open_one_fresh_sqlite_file_together_twenty_times(
    tmp_path: Path,
) -> None:
    trials = 20
    reports = _race(tmp_path, trials)
    failures = [f"trial {r['trial']}: {r['error']}" for r in reports if r["error"] is not None]
    assert not failures, "\n".join(failures)
    alone = await Database.open(tmp_path / "alone.sqlite3")
    await alone.close()
    expected = _schema(tmp_path / "alone.sqlite3")
    assert expected[0] == latest_version()
    for trial in range(trials):
        assert _schema(tmp_path / f"{trial}.sqlite3") == expected, f"trial {trial}"


async def test_the_wal_switch_waits_for_another_process_s_write_like_a_write(
    tmp_path: Path,
) -> None:
    # Another process holds the write lock of a file not yet in WAL (it is migrating it): the
    # switch waits for it, as every write does, instead of failing at once with "locked".
    path = tmp_path / "bot.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE first_step (x INTEGER)")
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO first_step VALUES (1)")
    release = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    release.start()
    try:
        database = await Database.open(path)
        await database.close()
    finally:
        release.join()
        other.close()
    assert _schema(path)[1][0] == ("journal_mode", "wal")


async def test_five_processes_open_one_fresh_postgres_database_together(
    tmp_path: Path, new_postgres: NewDatabase
) -> None:
    urls = tuple([await new_postgres(migrated=False) for _ in range(3)])
    reports = _race(tmp_path, len(urls), urls)
    assert [r for r in reports if r["error"] is not None] == []
    for url in urls:
        versions = query(url, "SELECT version FROM schema_migrations ORDER BY version")
        assert versions == [(m.version,) for m in load_migrations()]
        conn = await asyncpg.connect(url)
        try:
            tables = await conn.fetchval(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            )
        finally:
            await conn.close()
        assert tables > 5
