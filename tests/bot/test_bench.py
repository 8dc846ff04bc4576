"""`python -m bot.bench` keeps working (its figures are read by people, not asserted), and the
parts its figures rest on (the CPU of a process family, the sweep's crossing, the throttle) do
what they say."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.bench.moves import BotCpu, Round, children, crossing

ROOT = Path(__file__).resolve().parents[2]


def _bench(*argv: str, timeout: float = 240) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "bot.bench", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_bench_sweeps_rates_and_reports_the_bots_cpu_apart_from_the_harness() -> None:
    out = _bench("--games", "3", "--moves", "6", "--sweep", "100,200", "--render-workers", "1")
    heads = [line for line in out.splitlines() if line.startswith("3 active tigris tables")]
    assert len(heads) == 2 and "~100 moves/s offered" in heads[0] and "~200" in heads[1]
    for label in ("first answer", "'You played' (committed)", "board posted (rendered)"):
        lines = [line for line in out.splitlines() if label in line]
        assert len(lines) == 2 and all("p50" in line and "p99" in line for line in lines)
    cpu = next(line for line in out.splitlines() if "CPU per move, bot:" in line)
    assert "1 render workers" in cpu and "fake Discord and driver:" in cpu
    render_ms = float(cpu.split("1 render workers ")[1].split(")")[0])
    assert render_ms > 0  # the boards were drawn in the worker, not in the bot's process
    assert "capacity:" in out
    requests = [line for line in out.splitlines() if "requests to Discord per move:" in line]
    assert len(requests) == 2
    for line in requests:  # the total is what the move's answer and the channel took
        total = float(line.split("per move: ")[1].split()[0])
        answers = float(line.split("answering the move ")[1].split(",")[0])
        channel = float(line.split("in the channel ")[1].split(":")[0])
        assert total >= 3 and abs(total - answers - channel) < 0.011, line
    assert next(line for line in out.splitlines() if line.startswith("sweep: board p99"))
    assert "KiB per active table" in out


def test_bench_with_ai_tables_reports_their_moves() -> None:
    # 40 moves at 10/s: the AI table has 4 s to move (0.3 s was too short on a loaded machine).
    out = _bench(
        *("--games", "2", "--moves", "40", "--rate", "10", "--render-workers", "1"),
        *("--ai-tables", "1", "--ai-level", "easy", "--ai-workers", "1"),
    )
    head = out.splitlines()[0]
    assert "meanwhile 1 easy AI tables (2 seats, 1 workers) made" in head
    made = int(head.split(" made ")[1].split()[0])
    assert made > 0, head


def _round(rate: float, p99: float) -> Round:
    return Round(rate, board_ms=[p99] * 10)


def test_the_sweep_names_the_rate_where_p99_crosses_the_limit() -> None:
    rounds = [_round(10, 100), _round(20, 200), _round(30, 400), _round(40, 900)]
    assert crossing(rounds, 300) == (
        "board p99 crosses 300 ms between 20 and 30 moves/s (about 25 moves/s, interpolated)"
    )
    assert crossing(rounds[:2], 300) == "board p99 stays under 300 ms up to 20 moves/s"
    assert crossing(rounds[2:], 300) == "board p99 is above 300 ms already at 30 moves/s"


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


BUSY_FAMILY = """
import os, sys, time
child = os.fork()
if child == 0:
    os.nice(10)  # like an AI worker
while True:
    pass
"""


def test_cpu_of_a_process_family_and_the_throttle() -> None:
    """A spinning parent and its lower-priority child: the child's CPU counts as an AI
    worker's; throttled to 1/10 of each period, the parent is stopped (SIGSTOP) most of the
    time, and continued when the throttle leaves."""
    family = subprocess.Popen([sys.executable, "-c", BUSY_FAMILY])
    throttler: subprocess.Popen[bytes] | None = None
    try:
        for _ in range(3000):  # polled: a busy machine may give a nice-10 child little time
            reading = BotCpu.read(family.pid)
            if children(family.pid) and reading.bot > 0 and reading.ai > 0:
                break
            time.sleep(0.01)
        assert len(children(family.pid)) == 1
        assert reading.bot > 0 and reading.ai > 0 and reading.render == 0
        # Running 20 ms of every 200: long enough that a busy machine's scheduling delays (a few
        # ms) cannot turn "mostly stopped" into "mostly running".
        code = f"from bot.bench.moves import throttle; throttle({family.pid}, 10.0, 0.2)"
        throttler = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
        for _ in range(3000):  # until the throttle has started (imports on a busy machine)
            if _state(family.pid) == "T":
                break
            time.sleep(0.01)
        states = []
        for _ in range(200):  # the family's state, sampled over a second or more
            states.append(_state(family.pid))
            time.sleep(0.005)
        assert states.count("T") > len(states) / 2, states
        throttler.terminate()
        throttler.wait(timeout=10)
        assert _state(family.pid) != "T"  # continued when the throttle left
    finally:
        if throttler is not None and throttler.poll() is None:
            throttler.kill()
        for pid in children(family.pid):
            os.kill(pid, signal.SIGKILL)
        family.kill()
        family.wait()


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


def test_bench_times_boards_while_reviews_run_and_reports_each_reviews_cpu() -> None:
    out = _bench(
        *("--games", "2", "--moves", "20", "--rate", "10", "--render-workers", "1"),
        *("--reviews", "0,1", "--review-games", "1", "--review-game", "targi"),
    )
    boards = [line for line in out.splitlines() if line.startswith("  board per move, p50")]
    assert len(boards) == 2
    for line in boards:  # wall and the CPU of each move's window, both measured
        wall = line.split("wall ")[1].split(" ms")[0].split(" / ")
        cpu = line.split("window ")[1].split(" ms")[0].split(" / ")
        assert len(wall) == len(cpu) == 3 and float(wall[0]) > 0 and float(cpu[0]) > 0, line
    assert "  no reviews running" in out
    (asked,) = [line for line in out.splitlines() if line.startswith("  reviews: 1 asked")]
    posted = int(asked.split("at a time, ")[1].split()[0])
    assert posted >= 1 and "refused" not in asked, asked
    table = out.split("reviews | board wall")[1].splitlines()
    assert table[1].split("|")[0].strip() == "0" and table[1].rstrip().endswith("| -")
    assert table[2].split("|")[0].strip() == "1"
    review_cpu = float(table[2].split("|")[-1].split("/")[0])
    assert review_cpu > 0  # the review worker's CPU, stored with the review
