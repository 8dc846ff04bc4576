"""`python -m bot.bench` keeps working (its figures are read by people, not asserted)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_runs_and_prints_latency_and_memory() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot.bench", "--games", "3", "--moves", "6", "--rate", "200"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "3 active tigris tables" in out
    for label in ("first answer", "'You played' (committed)", "board posted (rendered)"):
        line = next(line for line in out.splitlines() if label in line)
        assert "p50" in line and "p99" in line
    assert "KiB per active table" in out


def test_bench_with_ai_tables_reports_their_moves() -> None:
    result = subprocess.run(
        [
            *(sys.executable, "-m", "bot.bench", "--games", "2", "--moves", "6", "--rate", "20"),
            *("--ai-tables", "1", "--ai-level", "easy", "--ai-workers", "1"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    head = result.stdout.splitlines()[0]
    assert "meanwhile 1 easy AI tables (2 seats, 1 workers) made" in head
    made = int(head.split(" made ")[1].split()[0])
    assert made > 0, head


def test_bench_with_two_bot_processes_reports_both_shards(tmp_path: Path) -> None:
    database = tmp_path / "bench.sqlite3"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "bot.bench", "--processes", "2", "--games", "4"),
            *("--moves", "8", "--rate", "50", "--database", str(database)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "2 bot processes (shards 0-1), SQLite, 4 active tigris tables" in out
    for label in ("first answer", "'You played' (committed)", "board posted (rendered)"):
        line = next(line for line in out.splitlines() if label in line)
        assert "p50" in line and "p99" in line
    by_shard = next(line for line in out.splitlines() if "CPU per move" in line)
    assert "by shard" in by_shard and "fake Discord and driver" in by_shard
    # The moves were made in the shared database: more actions than the warm-up's four.
    conn = sqlite3.connect(database)
    try:
        [(actions,)] = conn.execute("SELECT COUNT(*) FROM actions").fetchall()
    finally:
        conn.close()
    assert actions > 4
