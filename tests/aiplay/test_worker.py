"""The worker pool: answers off the event loop, and no worker outlives a bot killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.ai import choose_action
from bot.ai.worker import AiPool, decision_seed
from bot.games import get_game
from tests.processes import alive

ROOT = Path(__file__).resolve().parents[2]

KILLED_BOT = """
import asyncio, os, sys
from bot.ai.worker import AiPool
from bot.games import get_game

async def main():
    pool = AiPool(1)
    game = get_game("targi")
    state = game.new_game(2, 1)
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), list(game.legal_actions(state, seat))
    await pool.decide("targi", view, legal, "easy", 1)
    with open(sys.argv[1], "w") as out:  # not stdout: a lingering worker would hold the pipe
        out.write(" ".join(str(p.pid) for p in pool._executor._processes.values()))
    os.kill(os.getpid(), 9)  # no shutdown: like SIGKILL or a crash

asyncio.run(main())
"""


def test_a_worker_leaves_when_the_bot_is_killed(tmp_path: Path) -> None:
    pids = tmp_path / "workers.txt"
    done = subprocess.run(
        [sys.executable, "-c", KILLED_BOT, str(pids)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert done.returncode == -signal.SIGKILL
    workers = [int(pid) for pid in pids.read_text().split()]
    assert workers
    for _ in range(100):  # the watch looks once a second
        if not any(alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    else:
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        raise AssertionError("an AI worker outlived its bot")


async def test_the_pool_gives_the_same_answer_as_the_ai_itself() -> None:
    pool = AiPool(1, iterations=4)
    try:
        game = get_game("tigris")
        state = game.new_game(3, 8)
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), list(game.legal_actions(state, seat))
        seed = decision_seed(8, 1, seat)
        for level in ("easy", "normal", "strong"):
            wanted = choose_action("tigris", view, legal, level, seed, iterations=4)
            assert await pool.decide("tigris", view, legal, level, seed) == wanted
    finally:
        pool.shutdown()


async def test_a_worker_that_died_is_replaced_and_the_decision_taken() -> None:
    """A worker killed from outside (the kernel's out-of-memory killer, an operator) breaks a
    process pool for good; the pool starts new workers instead, so the AI seats play on."""
    pool = AiPool(1, iterations=4)
    try:
        game = get_game("targi")
        state = game.new_game(2, 3)
        seat = game.to_act(state)[0]
        view, legal = game.view(state, seat), list(game.legal_actions(state, seat))
        wanted = choose_action("targi", view, legal, "easy", 5, iterations=4)
        assert await pool.decide("targi", view, legal, "easy", 5) == wanted
        assert pool._executor is not None
        workers = [p.pid for p in pool._executor._processes.values()]
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        for _ in range(100):
            if not any(alive(pid) for pid in workers):
                break
            time.sleep(0.05)
        for _ in range(2):  # the first call finds the pool broken, the second must not either
            assert await pool.decide("targi", view, legal, "easy", 5) == wanted
    finally:
        pool.shutdown()
