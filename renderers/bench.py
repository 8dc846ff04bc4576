"""Render-time benchmark: median time and PNG size per image kind, on positions of seeded games.

The positions come from the engines' public contract (``new_game``/``apply``/``view`` through
``bot.games.playout``); the renderers themselves still receive only views.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot import titles
from renderers import render_board, render_private
from renderers.samples import bench_title, consecutive_views, sample_views


def image_games() -> list[str]:
    """The titles the image benchmarks draw: those with targets (``bench.image_targets_ms``)."""
    return [t.name for t in titles.titles() if t.bench.image_targets_ms]


@dataclass
class Result:
    """Timings and sizes of one image kind."""

    game: str
    kind: str
    first_ms: float
    times_ms: list[float]
    cpu_ms: list[float]
    sizes: list[int]

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms)

    @property
    def cpu_median_ms(self) -> float:
        """CPU time of this process only: steadier than wall time on a busy machine."""
        return statistics.median(self.cpu_ms)

    @property
    def target_ms(self) -> float | None:
        """What the title aims at for this kind of image (None: no target)."""
        return bench_title(self.game).bench.image_targets_ms.get(self.kind)


def measure(
    game: str,
    kind: str,
    render: Callable[[str, dict[str, Any]], bytes],
    views: Sequence[dict[str, Any]],
    repeat: int,
) -> Result:
    """Time ``render`` over every view ``repeat`` times; the very first call is reported apart."""
    start = time.perf_counter()
    render(game, views[0])
    first = (time.perf_counter() - start) * 1000
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for _ in range(repeat):
        for view in views:
            start, start_cpu = time.perf_counter(), time.process_time()
            png = render(game, view)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            sizes.append(len(png))
    return Result(game, kind, first, times, cpu, sizes)


def run(games: Sequence[str], seed: int, positions: int, repeat: int, lang: str) -> list[Result]:
    """Benchmark the board and private image of each game, drawn in ``lang``: the board drawn
    from nothing (``board``) and after each move of a table whose last board is kept
    (``move``, what the bot draws)."""
    results = []

    def board(game: str, view: dict[str, Any]) -> bytes:
        return render_board(game, view, lang)

    def private(game: str, view: dict[str, Any]) -> bytes:
        return render_private(game, view, lang)

    def move(game: str, view: dict[str, Any]) -> bytes:  # the table's last board is kept
        return render_board(game, view, lang, "bench")

    for game in games:
        views = sample_views(game, seed, positions)
        results.append(measure(game, "board", board, [v for v, _ in views], repeat))
        following = consecutive_views(game, seed, positions * 4)
        results.append(measure(game, "move", move, following, max(1, repeat // 4)))
        results.append(measure(game, "private", private, [p for _, p in views], repeat))
    return results


def report(results: Sequence[Result]) -> str:
    """A table: median and 90th-percentile wall time, median CPU time, first (cold) render,
    PNG sizes, the target (judged on the wall-time median)."""
    lines = [
        f"{'image':<16}{'median':>9}{'p90':>9}{'cpu':>9}{'first':>9}{'PNG median':>12}"
        f"{'PNG max':>10}{'target':>9}",
    ]
    for r in results:
        p90 = sorted(r.times_ms)[int(0.9 * (len(r.times_ms) - 1))]
        target = "-"
        if r.target_ms is not None:
            verdict = "ok" if r.median_ms < r.target_ms else "SLOW"
            target = f"<{r.target_ms:.0f}ms {verdict}"
        lines.append(
            f"{r.game + ' ' + r.kind:<16}{r.median_ms:>7.1f}ms{p90:>7.1f}ms"
            f"{r.cpu_median_ms:>7.1f}ms{r.first_ms:>7.0f}ms"
            f"{statistics.median(r.sizes) / 1024:>10.0f}KB{max(r.sizes) / 1024:>8.0f}KB"
            f"{target:>13}"
        )
    return "\n".join(lines)


#: The replays the bench draws: (game, seats) of one seeded random game each.
def replay_games() -> list[tuple[str, int]]:
    """(game, seats) of the benchmark games of each title of :func:`image_games`."""
    drawn = image_games()
    return [(t.name, seats) for t in titles.titles() if t.name in drawn for seats in t.bench.seats]


@dataclass
class ReplayResult:
    """What drawing one finished game's replay and score story cost."""

    game: str
    seats: int
    turns: int
    frames: int
    cpu_ms: float
    wall_ms: float
    gif_bytes: int
    apng_bytes: int
    apng_cpu_ms: float
    chart_cpu_ms: float | None  # None: the title has no score story
    peak_mb: float


def _drawn_in_a_fresh_process(game: str, seats: int, seed: int, lang: str) -> float:
    """Runs in a process of its own: draws the replay as the bot posts it; the process's peak
    resident memory (MB) while it did (what the bot's replay worker needs)."""
    import resource

    from bot import replays

    _, views, turns = replay_frames(game, seats, seed)
    steps = replays.steps(game, views, turns)
    from renderers.replay import render_replay

    render_replay(
        game,
        [s.view for s in steps],
        lang,
        "gif",
        [s.turn for s in steps],
        [s.changed for s in steps],
    )
    try:  # this process's own high-water mark (ru_maxrss keeps the parent's over fork + exec)
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def peak_memory_mb(game: str, seats: int, seed: int, lang: str) -> float:
    """Peak memory of a fresh (spawned) process drawing one replay, in MB."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(_drawn_in_a_fresh_process, game, seats, seed, lang).result()


def replay_frames(game_name: str, seats: int, seed: int) -> tuple[Any, list[Any], list[Any]]:
    """A seeded random game's states, public views and turns (``bot.replays``)."""
    from bot import replays
    from bot.games import get_game
    from bot.games.playout import play

    game = get_game(game_name)
    states = play(game, seats, seed, keep_states=True).states
    views = [game.view(state, None) for state in states]
    return states, views, replays.split_turns(game_name, views)


def run_replays(
    seed: int,
    lang: str = "en",
    games: Sequence[tuple[str, int]] | None = None,
    memory: bool = False,
) -> list[ReplayResult]:
    """Draw the replay (GIF, as posted, and APNG to compare) and the score story (if the title
    has one) of one seeded game of each of ``games`` (default: :func:`replay_games`); with
    ``memory``, also the peak memory of a fresh process drawing the GIF."""
    from bot import replays
    from bot.games import get_game
    from renderers.replay import render_chart, render_replay

    results = []
    for game_name, seats in replay_games() if games is None else games:
        states, views, turns = replay_frames(game_name, seats, seed)
        steps = replays.steps(game_name, views, turns)
        frames = [s.view for s in steps]
        numbers, changed = [s.turn for s in steps], [s.changed for s in steps]
        story = replays.story(get_game(game_name), states, views, turns)
        start, start_cpu = time.perf_counter(), time.process_time()
        gif = render_replay(game_name, frames, lang, "gif", numbers, changed)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        start_cpu = time.process_time()
        apng = render_replay(game_name, frames, lang, "apng", numbers, changed)
        apng_cpu = time.process_time() - start_cpu
        chart_cpu = None
        if bench_title(game_name).replay.has_chart:
            start_cpu = time.process_time()
            render_chart(game_name, story, lang)
            chart_cpu = time.process_time() - start_cpu
        results.append(
            ReplayResult(
                game_name,
                seats,
                len(turns),
                len(steps),
                cpu * 1000,
                wall * 1000,
                len(gif),
                len(apng),
                apng_cpu * 1000,
                None if chart_cpu is None else chart_cpu * 1000,
                peak_memory_mb(game_name, seats, seed, lang) if memory else 0.0,
            )
        )
    return results


def replay_report(results: Sequence[ReplayResult]) -> str:
    lines = [
        f"{'replay':<16}{'turns':>6}{'frames':>7}{'cpu':>9}{'wall':>9}{'GIF':>9}{'APNG':>9}"
        f"{'APNG cpu':>10}{'chart cpu':>11}{'peak':>9}"
    ]
    for r in results:
        chart = "-" if r.chart_cpu_ms is None else f"{r.chart_cpu_ms:.0f}ms"
        lines.append(
            f"{r.game + ' ' + str(r.seats) + 'p':<16}{r.turns:>6}{r.frames:>7}{r.cpu_ms:>7.0f}ms"
            f"{r.wall_ms:>7.0f}ms{r.gif_bytes / 1024:>7.0f}KB{r.apng_bytes / 1024:>7.0f}KB"
            f"{r.apng_cpu_ms:>8.0f}ms{chart:>11}"
            + (f"{r.peak_mb:>6.0f}MB" if r.peak_mb else f"{'-':>8}")
        )
    return "\n".join(lines)


async def boards_beside_a_replay(seed: int, lang: str, boards: int = 20) -> tuple[float, float]:
    """Median wall time (ms) of a board drawn in a 1-worker render pool, alone and while the
    pool's replay lane draws the replay of the largest benchmark game (the bot's arrangement)."""
    import asyncio

    from renderers.pool import RenderPool
    from renderers.replay import render_replay

    # the largest board of all
    game, seats = max(replay_games(), key=lambda entry: entry[1])
    from bot import replays

    _, views, turns = replay_frames(game, seats, seed)
    frames = [s.view for s in replays.steps(game, views, turns)]
    view = views[len(views) // 2]
    pool = RenderPool(1)
    try:
        await pool.draw(render_board, game, view, lang)  # start the worker
        await pool.draw_long(render_board, game, view, lang)  # and the replay lane's

        async def timed_boards() -> list[float]:
            times = []
            for _ in range(boards):
                start = time.perf_counter()
                await pool.draw(render_board, game, view, lang)
                times.append((time.perf_counter() - start) * 1000)
            return times

        alone = await timed_boards()
        replay = asyncio.ensure_future(pool.draw_long(render_replay, game, frames, lang))
        beside = await timed_boards()
        await replay
        return statistics.median(alone), statistics.median(beside)
    finally:
        pool.shutdown()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderers bench", description=__doc__)
    parser.add_argument(
        "--games",
        default=",".join(image_games()),
        help="comma-separated game names (default: every title with image targets)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--repeat", type=int, default=10, help="renders of each position")
    parser.add_argument("--lang", default="en", help="language of the images (en, ko, tr)")
    parser.add_argument(
        "--replays",
        action="store_true",
        help="instead: the replays and score stories of a 2- and 4-player T&E and a Targi game",
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help="with --replays: each replay also drawn in a fresh process, its peak memory shown",
    )
    args = parser.parse_args(argv)
    if args.replays:
        import asyncio

        print(replay_report(run_replays(args.seed, args.lang, memory=args.memory)))
        alone, beside = asyncio.run(boards_beside_a_replay(args.seed, args.lang))
        print(
            f"board in a 1-worker render pool: median {alone:.0f} ms alone, "
            f"{beside:.0f} ms while a replay is drawn"
        )
        return 0
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(report(run(games, args.seed, args.positions, args.repeat, args.lang)))
    return 0
