"""The worker pools' shared part: a stopping pool does not wait for a call in flight."""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from bot.running.workers import WorkerPool
from tests.processes import alive


def _mark_then_sleep(marker: str, seconds: float) -> str:
    """A long call (a replay of a long game, drawn in the idle class on a busy machine)."""
    Path(marker).write_text(str(os.getpid()), encoding="utf-8")
    time.sleep(seconds)
    return "finished"


async def test_a_stopping_pool_drops_a_call_in_flight_instead_of_waiting_for_it(
    tmp_path: Path,
) -> None:
    """The bot's shutdown stops its pools; an idle-class worker on a busy machine may not finish
    its call for minutes, so the call is dropped (its caller hears so) and the worker ended."""
    pool = WorkerPool(1, name="test", idle=True)
    marker = tmp_path / "started"
    call = asyncio.ensure_future(pool.run(_mark_then_sleep, str(marker), 60.0, retry=False))
    for _ in range(600):  # the spawned worker imports this module first
        if marker.exists() and marker.read_text(encoding="utf-8"):
            break
        await asyncio.sleep(0.05)
    else:
        pool.shutdown()
        raise AssertionError("the worker never started the call")
    worker = int(marker.read_text(encoding="utf-8"))
    await asyncio.to_thread(pool.shutdown)
    with pytest.raises(BrokenProcessPool):
        await call  # not "finished": the call was dropped, not waited for
    assert not alive(worker)
    with pytest.raises(RuntimeError, match="shut down"):
        await pool.run(_mark_then_sleep, str(marker), 0.0)
