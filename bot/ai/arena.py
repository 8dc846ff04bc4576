"""Tournaments between AI levels and the per-decision timing benchmark.

``play_game`` runs one game with a level per seat, each AI seeing only its seat's view;
``arena`` rotates the seats over many games and sums up win rates (with Wilson 95% intervals)
and average finishing places; ``bench`` times decisions on positions of seeded random games.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bot.ai import LEVELS, SearchLimit, choose_action
from bot.games import get_game
from bot.games.playout import steps

RANDOM = "random"  # a uniform random player, the yardstick below ``easy``
UNBOUNDED = "strong-unbounded"  # strong's search with no budget: strong as it was before budgets
#: Where the bench takes its positions: seeded uniform random games, or games of `normal` AIs
#: (real-looking boards: big kingdoms, many candidate actions).
POSITION_SOURCES = ("random", "normal")


def decide(
    game_name: str, state: Any, seat: int, level: str, seed: int, iterations: int | None = None
) -> str:
    """One seat's decision from its own view: what an AI seat in a real game would do, on the
    node budget alone (no CPU deadline), so that a game is the same for a seed on any machine."""
    game = get_game(game_name)
    legal = game.legal_actions(state, seat)
    if level == RANDOM:
        return str(random.Random(seed).choice(legal))
    limit = SearchLimit.unbounded() if level == UNBOUNDED else SearchLimit.nodes_only()
    return choose_action(
        game_name,
        game.view(state, seat),
        legal,
        "strong" if level == UNBOUNDED else level,
        seed,
        iterations=iterations,
        limit=limit,
    )


def play_game(
    game_name: str,
    levels: list[str],
    seed: int,
    *,
    iterations: int | None = None,
    max_decisions: int = 5000,
) -> dict[str, Any]:
    """Play one game, seat ``i`` taken by ``levels[i]``; returns places (1 = best) and counts."""
    game = get_game(game_name)
    state = game.new_game(len(levels), seed)
    decisions = 0
    while not game.is_over(state):
        if decisions >= max_decisions:
            raise RuntimeError(f"{game_name} seed {seed}: no end after {max_decisions} decisions")
        seat = game.to_act(state)[0]
        action = decide(
            game_name, state, seat, levels[seat], seed * 100_003 + decisions, iterations
        )
        state = game.apply(state, seat, action)
        decisions += 1
    ranking = game.outcome(state)["ranking"]
    places = [0] * len(levels)
    ahead = 0
    for group in ranking:
        for seat in group:
            places[seat] = ahead + 1
        ahead += len(group)
    return {"places": places, "decisions": decisions, "ranking": ranking}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (ties count as half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class ArenaResult:
    """Level A (one seat, rotated) against level B (every other seat)."""

    game: str
    seats: int
    levels: tuple[str, str]
    games: int = 0
    wins: float = 0.0  # A alone in first place = 1, A sharing first place = 0.5
    places: dict[str, list[int]] = field(default_factory=dict)
    decisions: int = 0
    cpu: float = 0.0

    def lines(self) -> list[str]:
        a, b = self.levels
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        out = [
            f"{self.game} {self.seats} seats: {a} (1 seat, rotated) vs {b}, {self.games} games",
            f"  {a} wins {rate:.1%} (95% CI {low:.1%}-{high:.1%}; a shared first place counts 1/2)",
        ]
        for level in (a, b):
            got = self.places.get(level, [])
            if got:
                out.append(f"  average place of {level}: {statistics.fmean(got):.2f}")
        out.append(f"  {self.decisions} decisions, {self.cpu:.0f} s CPU")
        return out


def _one(args: tuple[str, list[str], int, int | None]) -> tuple[list[int], int, float]:
    game_name, levels, seed, iterations = args
    start = time.process_time()
    result = play_game(game_name, levels, seed, iterations=iterations)
    return result["places"], result["decisions"], time.process_time() - start


def arena(
    game_name: str,
    seats: int,
    levels: tuple[str, str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    iterations: int | None = None,
    progress: Callable[[ArenaResult], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games: level A on one seat (rotating through every seat), B on the rest."""
    a, b = levels
    jobs = []
    for index in range(games):
        seat_a = index % seats
        lineup = [a if s == seat_a else b for s in range(seats)]
        jobs.append((game_name, lineup, seed * 1_000_003 + index, iterations))
    result = ArenaResult(game_name, seats, levels)

    def record(
        job: tuple[str, list[str], int, int | None], out: tuple[list[int], int, float]
    ) -> None:
        places, decisions, cpu = out
        lineup = job[1]
        seat_a = lineup.index(a) if a != b else 0
        result.games += 1
        result.decisions += decisions
        result.cpu += cpu
        if places[seat_a] == 1:
            result.wins += 1.0 if places.count(1) == 1 else 0.5
        for seat, level in enumerate(lineup):
            if seat == seat_a or level != a:
                result.places.setdefault(level, []).append(places[seat])
        if progress is not None:
            progress(result)

    if workers <= 1:
        for job in jobs:
            record(job, _one(job))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for job, out in zip(jobs, pool.map(_one, jobs), strict=True):
                record(job, out)
    return result


@functools.lru_cache(maxsize=32)  # the bench of every level times the same positions
def positions_of(
    game_name: str, seats: int, seed: int, source: str = "random"
) -> tuple[tuple[Any, int], ...]:
    """The decisions (state, seat) with 2+ legal actions of one seeded game, played by uniform
    random players or by `normal` AIs (see :data:`POSITION_SOURCES`)."""
    game = get_game(game_name)
    if source == "random":
        return tuple(
            (state, seat) for state, seat, legal, _ in steps(game, seats, seed) if len(legal) > 1
        )
    out = []
    state = game.new_game(seats, seed)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        if len(game.legal_actions(state, seat)) > 1:
            out.append((state, seat))
        state = game.apply(state, seat, decide(game_name, state, seat, source, seed + len(out)))
    return tuple(out)


def bench(
    game_name: str,
    seats: int,
    level: str,
    positions: int,
    seed: int,
    iterations: int | None = None,
    *,
    source: str = "random",
    limit: SearchLimit | None = None,
) -> dict[str, float]:
    """Time ``positions`` decisions (each with 2+ legal actions) spread over seeded games (see
    :func:`positions_of`), under ``limit`` (by default the budget an AI seat plays with)."""
    game = get_game(game_name)
    wall: list[float] = []
    cpu: list[float] = []
    game_seed = seed
    while len(wall) < positions:
        candidates = positions_of(game_name, seats, game_seed, source)
        game_seed += 1
        rng = random.Random(game_seed)
        picked = sorted(rng.sample(range(len(candidates)), min(10, len(candidates))))
        for state, seat in (candidates[i] for i in picked):
            if len(wall) >= positions:
                break
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            choose_action(
                game_name, view, legal, level, len(wall), iterations=iterations, limit=limit
            )
            wall.append(time.perf_counter() - start_wall)
            cpu.append(time.process_time() - start_cpu)

    def p90(xs: list[float]) -> float:
        return sorted(xs)[min(len(xs) - 1, int(0.9 * len(xs)))]

    return {
        "positions": len(wall),
        "wall_median": statistics.median(wall),
        "wall_p90": p90(wall),
        "wall_max": max(wall),
        "cpu_median": statistics.median(cpu),
        "cpu_p90": p90(cpu),
        "cpu_max": max(cpu),
    }


__all__ = [
    "LEVELS",
    "POSITION_SOURCES",
    "RANDOM",
    "UNBOUNDED",
    "ArenaResult",
    "arena",
    "bench",
    "decide",
    "play_game",
    "positions_of",
    "wilson",
]
