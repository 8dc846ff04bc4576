"""`python -m bot.bench` keeps working (its figures are read by people, not asserted)."""

from __future__ import annotations

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
