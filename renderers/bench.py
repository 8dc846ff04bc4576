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

from renderers import render_board, render_private

SEATS = {"tigris": 4, "targi": 2}
TARGETS_MS = {
    "board": {"tigris": 60.0, "targi": 40.0},
    "move": {"tigris": 60.0, "targi": 40.0},
    "private": {"tigris": 20.0, "targi": 20.0},
}


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
    def target_ms(self) -> float:
        return TARGETS_MS[self.kind][self.game]


def sample_views(
    game_name: str, seed: int, positions: int
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(public view, seat 0's view) at evenly spaced points of one seeded random game."""
    from bot.games import get_game
    from bot.games.playout import play

    game = get_game(game_name)
    states = play(game, SEATS[game_name], seed, keep_states=True).states
    picks = [states[round(i * (len(states) - 1) / max(1, positions - 1))] for i in range(positions)]
    return [(game.view(state, None), game.view(state, 0)) for state in picks]


def consecutive_views(game_name: str, seed: int, moves: int) -> list[dict[str, Any]]:
    """Public views of ``moves`` positions in a row from the middle of one seeded random game:
    the boards a table shows move after move."""
    from bot.games import get_game
    from bot.games.playout import play

    game = get_game(game_name)
    states = play(game, SEATS[game_name], seed, keep_states=True).states
    start = max(0, len(states) // 2 - moves // 2)
    return [game.view(state, None) for state in states[start : start + moves]]


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
        verdict = "ok" if r.median_ms < r.target_ms else "SLOW"
        lines.append(
            f"{r.game + ' ' + r.kind:<16}{r.median_ms:>7.1f}ms{p90:>7.1f}ms"
            f"{r.cpu_median_ms:>7.1f}ms{r.first_ms:>7.0f}ms"
            f"{statistics.median(r.sizes) / 1024:>10.0f}KB{max(r.sizes) / 1024:>8.0f}KB"
            f"{'<' + format(r.target_ms, '.0f') + 'ms ' + verdict:>13}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m renderers bench", description=__doc__)
    parser.add_argument("--games", default="tigris,targi", help="comma-separated game names")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--repeat", type=int, default=10, help="renders of each position")
    parser.add_argument("--lang", default="en", help="language of the images (en, ko, tr)")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(report(run(games, args.seed, args.positions, args.repeat, args.lang)))
    return 0
