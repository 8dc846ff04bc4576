"""Worker processes that outlive neither the bot nor one of their own deaths.

:class:`WorkerPool` wraps a ``spawn`` ``ProcessPoolExecutor``: :meth:`WorkerPool.run` sends one
call of a module-level function to a worker and awaits its answer without blocking the event
loop. Two things a bare executor gets wrong are handled once here, for the AI's searches
(:class:`bot.ai.worker.AiPool`) and the images (:class:`renderers.pool.RenderPool`) alike: a worker
that dies (killed from outside, out of memory) breaks an executor for good, so new workers take
over and the call is made once more; and a bot killed outright (SIGKILL, a crash) never shuts its
pool down, so each worker leaves by itself when its parent process is gone. Standard library only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

__all__ = ["PARENT_CHECK", "SHUTDOWN_GRACE", "WorkerPool"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How often (seconds) a worker checks that the bot that started it is still running.
PARENT_CHECK = 1.0
#: How long (seconds) a stopping pool lets a call in flight finish before its worker is ended.
#: Bounded because an idle-class worker on a busy machine may not run again for minutes: a bot
#: told to stop must not wait for it (what it was drawing is owed, and drawn after a restart).
SHUTDOWN_GRACE = 1.0


def _start_worker(bot_pid: int, niceness: int, idle: bool = False) -> None:
    """Runs once in each new worker process: its priority, and a watch on the bot. A bot
    killed outright would leave its workers waiting for work for ever."""
    if niceness:
        with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
            os.nice(niceness)
    if idle:  # Linux: runs only on a core nothing else wants (no SCHED_IDLE: the niceness)
        with contextlib.suppress(AttributeError, OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))

    def watch() -> None:
        while os.getppid() == bot_pid:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="worker-parent-watch", daemon=True).start()


class WorkerPool:
    """``workers`` spawned processes named ``name`` (in log lines), each at ``niceness`` below
    the bot's scheduling priority; ``idle`` ones in the idle scheduling class besides (Linux's
    ``SCHED_IDLE``: they run only when no other process wants the core, and give it up at once
    when one does)."""

    def __init__(self, workers: int, *, name: str, niceness: int = 0, idle: bool = False) -> None:
        if workers < 1:
            raise ValueError(f"the {name} pool needs at least one worker")
        self.workers = workers
        self.name = name
        self.niceness = niceness
        self.idle = idle
        self._executor: ProcessPoolExecutor | None = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # "spawn": a fork of a process running an event loop and threads (aiosqlite, discord.py)
        # could copy a held lock into the child.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(os.getpid(), self.niceness, self.idle),
        )

    async def run(self, function: Callable[..., T], *args: Any, retry: bool = True) -> T:
        """``function(*args)`` in a worker; ``function`` and ``args`` must pickle. A worker that
        dies is replaced, and the call made once more unless ``retry`` is False (the caller
        counts its own attempts)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2 if retry else 1):
            executor = self._executor
            if executor is None:
                raise RuntimeError(f"the {self.name} pool is shut down")
            try:
                return await loop.run_in_executor(executor, function, *args)
            except BrokenProcessPool:
                log.warning("a %s worker died; starting new %s workers", self.name, self.name)
                if self._executor is executor:
                    executor.shutdown(wait=False, cancel_futures=True)
                    self._executor = self._start()
                if attempt or not retry:
                    raise
        raise AssertionError("unreachable")

    def pids(self) -> list[int]:
        """The worker processes running now (none before the first call)."""
        executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.pid is not None]

    def shutdown(self, grace: float = SHUTDOWN_GRACE) -> None:
        """Stop the workers: calls not started are cancelled, a call in flight gets ``grace``
        seconds to finish and is then dropped (its caller gets ``BrokenProcessPool``)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + grace
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
        for process in processes:
            if process.is_alive():
                # SIGKILL: an idle-class worker may not run for long enough to leave on SIGTERM.
                process.kill()
        for process in processes:
            process.join()
