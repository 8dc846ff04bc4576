"""``python -m bot.bench.profile FILE``: ``python -m bot`` under cProfile, timing the CPU the
event loop's thread spends (``time.thread_time``), so the profile shows work done, not waiting
(a wall-clock profile counts every wait for the GIL or a socket as time spent).

SIGUSR1 starts the profile afresh: ``python -m bot.bench --profile`` sends it when the timed
moves begin, so the profile holds the moves, not the start-up and the tables' opening."""

from __future__ import annotations

import cProfile
import runpy
import signal
import sys
import time
from types import FrameType


def main() -> None:
    target = sys.argv[1]
    sys.argv = [sys.argv[0]]
    profiler = cProfile.Profile(time.thread_time)

    def afresh(number: int, frame: FrameType | None) -> None:
        nonlocal profiler
        profiler.disable()
        profiler = cProfile.Profile(time.thread_time)
        profiler.enable()

    signal.signal(signal.SIGUSR1, afresh)
    profiler.enable()
    try:
        runpy.run_module("bot", run_name="__main__", alter_sys=True)
    finally:
        profiler.disable()
        profiler.dump_stats(target)


if __name__ == "__main__":
    main()
