"""``python -m bot.bench.profile FILE``: ``python -m bot`` under cProfile, timing the CPU the
event loop's thread spends (``time.thread_time``), so the profile shows work done, not waiting
(a wall-clock profile counts every wait for the GIL or a socket as time spent)."""

from __future__ import annotations

import cProfile
import runpy
import sys
import time


def main() -> None:
    target = sys.argv[1]
    sys.argv = [sys.argv[0]]
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:
        runpy.run_module("bot", run_name="__main__", alter_sys=True)
    finally:
        profiler.disable()
        profiler.dump_stats(target)


if __name__ == "__main__":
    main()
