"""AI decisions in worker processes: the bot's event loop never runs a search.

:class:`AiPool` wraps a small ``ProcessPoolExecutor`` created when the bot starts and shut down
when it closes. :meth:`AiPool.decide` sends one seat's view and legal actions to a worker, which
calls :func:`bot.ai.choose_action`, and awaits the answer without blocking the loop. Standard
library only, like the rest of ``bot.ai``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.ai import choose_action

__all__ = ["DEFAULT_WORKERS", "AiPool", "decision_seed"]

log = logging.getLogger(__name__)

#: Worker processes by default: two searches at once on this 2-core machine.
DEFAULT_WORKERS = 2
#: How much lower the workers' scheduling priority is than the bot's (``os.nice``): a search
#: is background work, so on a busy machine the processor goes to the bot's answers first.
WORKER_NICENESS = 10


def decision_seed(table_seed: int, version: int, seat: int) -> int:
    """The AI's random seed for one decision: the same after a restart (the same decision is
    taken again), different for every decision; a hash, so the AI's own random choices say
    nothing about the table's hidden draws."""
    digest = hashlib.sha256(f"ai-decision:{table_seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


#: How often (seconds) a worker checks that the bot that started it is still running.
PARENT_CHECK = 1.0


def _start_worker(bot_pid: int) -> None:
    """Runs once in each new worker process: a lower priority, and a watch on the bot. A bot
    killed outright (SIGKILL, a crash) never shuts its pool down; its workers would wait for
    work for ever, so each one leaves when its parent process is gone."""
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(WORKER_NICENESS)

    def watch() -> None:
        while os.getppid() == bot_pid:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="ai-worker-parent-watch", daemon=True).start()


def _decide(
    game: str, view: dict[str, Any], legal: list[str], level: str, seed: int, iterations: int | None
) -> str:
    """Runs in a worker process."""
    return choose_action(game, view, legal, level, seed, iterations=iterations)


class AiPool:
    """A pool of ``workers`` processes taking AI decisions; ``iterations`` caps the `strong`
    search (tests pass a small budget)."""

    def __init__(self, workers: int = DEFAULT_WORKERS, *, iterations: int | None = None) -> None:
        if workers < 1:
            raise ValueError("the AI pool needs at least one worker")
        self.workers = workers
        self.iterations = iterations
        self._executor: ProcessPoolExecutor | None = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # "spawn": a fork of a process running an event loop and threads (aiosqlite, discord.py)
        # could copy a held lock into the child.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    async def decide(
        self, game: str, view: dict[str, Any], legal: list[str], level: str, seed: int
    ) -> str:
        """The action the AI of ``level`` takes with ``view`` and ``legal`` (in a worker)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            executor = self._executor
            if executor is None:
                raise RuntimeError("the AI pool is shut down")
            try:
                return await loop.run_in_executor(
                    executor, _decide, game, view, legal, level, seed, self.iterations
                )
            except BrokenProcessPool:
                # A worker died (killed from outside, out of memory): the executor never
                # works again, so new workers take over and the decision is taken once more.
                log.warning("an AI worker died; starting new AI workers")
                if self._executor is executor:
                    executor.shutdown(wait=False, cancel_futures=True)
                    self._executor = self._start()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def shutdown(self) -> None:
        """Stop the workers; a decision in flight is dropped (it is taken again after a start)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
