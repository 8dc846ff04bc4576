"""Honest numbers for the post-game review: ``python -m bot.ai.review_bench``.

For each title it plays ``--games`` games between AI levels (`normal` and `easy`, seats
rotated, or the seats' ``--levels``, e.g. ``easy,strong``, where only the weakest level's
turning points are measured; seeds from 5000 on, or ``--seed``, apart from the games the chance
to win was fitted on by ``python -m bot.ai.review_fit``, seeds 20000 on) and reviews each one,
then prints:

- *calibration*: every judged decision's estimated chance to win (after the move played)
  against the seat's real result: the Brier score (and that of always saying an even share),
  and a reliability table by decile of the estimate;
- *better move*: from the ``--positions`` largest turning points (each one confirmed by the
  judge, see :mod:`bot.ai.review`), the AI's preferred move and the move played are each played
  on to the end ``--playouts`` times with the `normal` AI in every seat (the same AI seeds for
  both moves, a different one each time; in ``--jobs`` processes); the share of positions where
  the preferred move scored better (target: at least 70%), with its 95% (Wilson) interval:
  *by results*, the mean result (a win 1, a tie shared; equal means count as not better), *then
  margin*, where the mean results are equal, the mean final margin (the title judge's
  ``margin``: T&E the weakest colour against the best other player's, Targi victory points
  against the opponent's), and *by final margin* alone; ``--details`` lists each position;
- *cost*: CPU seconds per review (median, max), and the CPU and wall time of the whole run.

Standard library only; deterministic for the sizes given (CPU and wall times aside).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot import titles
from bot.ai import LEVELS
from bot.ai import review as rv
from bot.ai.arena import decide, wilson

PAIRS = (("normal", "easy"), ("easy", "normal"), ("normal", "normal"))
SEED_BASE = 5000


def _result(game: Any, state: Any, seat: int) -> float:
    """The seat's share of the win at the end (1, a split tie, or 0)."""
    winners = game.outcome(state)["ranking"][0]
    return 1.0 / len(winners) if seat in winners else 0.0


def _margin(name: str, game: Any, state: Any, seat: int) -> float:
    """The seat's final score against the best other one, as the title's judge measures it
    (its ``margin``)."""
    judge = rv.judge_of(name)
    if judge is None:
        raise ValueError(f"no review for the game {name!r}")
    margin: Callable[[Any, Any, int], float] = judge.margin
    return margin(game, state, seat)


def reviewed_titles() -> tuple[str, ...]:
    """The titles with a review (a judge), in the order offered."""
    return tuple(name for name in titles.title_names() if rv.reviewable(name))


def _play_on(
    name: str, game: Any, state: Any, seat: int, action: str, seed: int
) -> tuple[float, float]:
    """``action`` at ``state``, then `normal` AIs to the end; the seat's result and margin."""
    state = game.apply(state, seat, action)
    step = 0
    while not game.is_over(state):
        actor = game.to_act(state)[0]
        state = game.apply(state, actor, decide(name, state, actor, "normal", seed + step))
        step += 1
    return _result(game, state, seat), _margin(name, game, state, seat)


def _playouts(
    name: str, state: Any, seat: int, action: str, seeds: Sequence[int]
) -> tuple[list[tuple[float, float]], float]:
    """:func:`_play_on` once per seed (one task of the process pool), and its CPU seconds."""
    from bot.games import get_game

    started = time.process_time()
    game = get_game(name)
    ends = [_play_on(name, game, state, seat, action, s) for s in seeds]
    return ends, time.process_time() - started


def seatings(levels: Sequence[str] | None, number: int) -> tuple[list[str], set[int]]:
    """Game ``number``'s level per seat and the seats whose turning points are measured.

    Without ``levels`` the games rotate :data:`PAIRS` and every seat is measured; with them the
    seats are rotated one step per game and only the weakest level's seats are measured (all of
    them when every seat has the same level): the review's real use, a player weaker than the
    AI that judges it."""
    if levels is None:
        pair = list(PAIRS[number % len(PAIRS)])
        return pair, set(range(len(pair)))
    shift = number % len(levels)
    seated = list(levels[shift:]) + list(levels[:shift])
    weakest = min(LEVELS.index(level) for level in seated)
    return seated, {s for s, level in enumerate(seated) if LEVELS.index(level) == weakest}


def run_title(
    name: str,
    games: int,
    positions: int,
    playouts: int,
    levels: Sequence[str] | None = None,
    jobs: int = 1,
    seed_base: int = SEED_BASE,
) -> dict[str, Any]:
    """The figures of one title (see the module's docstring); the playouts run in ``jobs``
    processes (their CPU time is counted in ``playout_cpu``)."""
    predictions: list[tuple[float, float]] = []
    per_game: list[list[tuple[float, float]]] = []
    cpu: list[float] = []
    wall = 0.0
    flagged: list[tuple[float, int, Any, rv.Judged]] = []
    for number in range(games):
        seated, measured = seatings(levels, number)
        seed = seed_base + number
        game, states, actions = rv.recorded_game(name, seated, seed)
        started, clock = time.process_time(), time.perf_counter()
        review = rv.review(name, len(seated), rv.decisions(game, states, actions), seed)
        cpu.append(time.process_time() - started)
        wall += time.perf_counter() - clock
        mine = [
            (judged.chance_played, _result(game, states[-1], judged.seat))
            for judged in review.decisions
            if judged.choices > 1
        ]
        predictions.extend(mine)
        per_game.append(mine)
        for seat, seat_points in enumerate(review.turning):
            if seat not in measured:
                continue
            for i in seat_points:
                judged = review.decisions[i]
                flagged.append((judged.drop, seed, states[judged.index], judged))
    flagged.sort(key=lambda f: (-f[0], f[3].index))
    measured_points = flagged[:positions]
    tasks = [
        (name, state, judged.seat, move, [judged.index * 1000 + r for r in range(playouts)])
        for _drop, _seed, state, judged in measured_points
        for move in (judged.preferred, judged.played)
    ]
    if jobs > 1 and tasks:
        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(_playouts, *zip(*tasks, strict=True)))
    else:
        done = [_playouts(*task) for task in tasks]
    playout_cpu = sum(cpu_seconds for _, cpu_seconds in done)
    means: list[tuple[float, float, float, float]] = []
    where: list[str] = []
    for number, (_drop, seed, _state, judged) in enumerate(measured_points):
        preferred, played = done[2 * number][0], done[2 * number + 1][0]
        means.append(
            (
                statistics.fmean(r for r, _ in preferred),
                statistics.fmean(m for _, m in preferred),
                statistics.fmean(r for r, _ in played),
                statistics.fmean(m for _, m in played),
            )
        )
        where.append(
            f"game {seed}, action {judged.index + 1}, seat {judged.seat}: "
            f"{judged.played} -> {judged.preferred}"
        )
    return {
        "predictions": predictions,
        "per_game": per_game,
        "cpu": cpu,
        "wall": wall,
        "flagged": len(flagged),
        "means": means,
        "where": where,
        "playout_cpu": playout_cpu,
    }


def brier(predictions: Sequence[tuple[float, float]]) -> float:
    """The mean squared difference between the estimate and the result."""
    return statistics.fmean((p - won) ** 2 for p, won in predictions) if predictions else 0.0


def brier_interval(per_game: Sequence[Sequence[tuple[float, float]]]) -> tuple[float, float]:
    """A 95% interval of the Brier score when the games are drawn again (1000 resamples of the
    games, fixed luck): a few games decide much of it, a game's decisions share its result."""
    luck = random.Random(0)
    games = [g for g in per_game if g]
    if not games:
        return 0.0, 0.0
    scores = sorted(
        brier([p for g in (luck.choice(games) for _ in games) for p in g]) for _ in range(1000)
    )
    return scores[25], scores[974]


def reliability(predictions: Sequence[tuple[float, float]]) -> list[tuple[int, int, float, float]]:
    """Per decile of the estimate: (decile, decisions, mean estimate, mean result)."""
    rows = []
    for decile in range(10):
        inside = [(p, won) for p, won in predictions if min(9, int(p * 10)) == decile]
        if inside:
            rows.append(
                (
                    decile,
                    len(inside),
                    statistics.fmean(p for p, _ in inside),
                    statistics.fmean(w for _, w in inside),
                )
            )
    return rows


def paired(differences: Sequence[float]) -> tuple[float, float, float]:
    """The mean of per-position differences and its 95% interval (normal approximation)."""
    if len(differences) < 2:
        only = differences[0] if differences else 0.0
        return only, only, only
    centre = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    return centre, centre - half, centre + half


def counts(
    means: Sequence[tuple[float, float, float, float]], key: Callable[[float, float], Any]
) -> tuple[int, int, int]:
    """Positions where the preferred move scored better, worse and equal, ``means`` being the
    (result, margin) after the preferred move and after the move played, compared by ``key``."""
    better = sum(1 for m in means if key(m[0], m[1]) > key(m[2], m[3]))
    worse = sum(1 for m in means if key(m[0], m[1]) < key(m[2], m[3]))
    return better, worse, len(means) - better - worse


def _share(label: str, counts: tuple[int, int, int]) -> str:
    better, worse, equal = counts
    total = better + worse + equal
    low, high = wilson(better, total)
    share = 100.0 * better / total if total else 0.0
    return (
        f"  {label}: preferred better in {better} ({share:.0f}%, 95% interval "
        f"{100 * low:.0f}-{100 * high:.0f}%), worse in {worse}, equal in {equal}"
    )


def report(
    name: str,
    games: int,
    playouts: int,
    figures: dict[str, Any],
    levels: Sequence[str] | None = None,
    details: bool = False,
) -> list[str]:
    """The printed lines of one title (``details``: each measured turning point's means)."""
    predictions = figures["predictions"]
    base = brier([(0.5, won) for _, won in predictions])
    low, high = brier_interval(figures["per_game"])
    if levels is None:
        setup = "normal/easy, easy/normal, normal/normal; every seat's turning points"
    else:
        weakest = min(levels, key=LEVELS.index)
        setup = f"{'/'.join(levels)}, seats rotated; the {weakest} seats' turning points"
    lines = [
        f"{name}: {games} games ({setup}), {len(predictions)} judged decisions",
        f"  calibration: Brier {brier(predictions):.3f} (95% interval over games "
        f"{low:.3f}-{high:.3f}; always 50%: {base:.3f})",
        "  estimate   decisions  mean estimate  won",
    ]
    for decile, count, mean, won in reliability(predictions):
        lines.append(
            f"  {decile * 10:3d}-{decile * 10 + 10:3d}%  {count:9d}  {mean:13.2f}  {won:4.2f}"
        )
    means = figures["means"]
    measured = len(means)
    lines.append(
        f"  better move: {measured} of {figures['flagged']} turning points x {playouts} playouts "
        "each way (normal AI everywhere)"
    )
    lines.append(_share("by results", counts(means, lambda result, _margin: result)))
    lines.append(_share("by results, then margin", counts(means, lambda r, m: (r, m))))
    lines.append(_share("by final margin", counts(means, lambda _result, margin: margin)))
    if details:
        for (pref, pref_margin, play, play_margin), where in zip(
            means, figures["where"], strict=True
        ):
            lines.append(
                f"    {where}: {pref:.2f} ({pref_margin:+.1f}) against {play:.2f} "
                f"({play_margin:+.1f})"
            )
    if means:
        avg = [statistics.fmean(m[k] for m in means) for k in range(4)]
        lines.append(
            f"  mean result (margin) after the preferred move {avg[0]:.2f} ({avg[1]:+.1f}), "
            f"after the move played {avg[2]:.2f} ({avg[3]:+.1f})"
        )
        result, low_r, high_r = paired([m[0] - m[2] for m in means])
        margin, low_m, high_m = paired([m[1] - m[3] for m in means])
        lines.append(
            f"  preferred minus played, per position: result {result:+.3f} (95% interval "
            f"{low_r:+.3f} to {high_r:+.3f}), margin {margin:+.2f} ({low_m:+.2f} to {high_m:+.2f})"
        )
    cpu = figures["cpu"]
    lines.append(
        f"  CPU per review: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s "
        f"({len(cpu)} reviews, {figures['wall']:.1f} s wall in all)"
    )
    return lines


def _levels(text: str) -> tuple[str, ...]:
    """``--levels``: two or more AI levels, comma-separated."""
    levels = tuple(part.strip() for part in text.split(","))
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or len(levels) < 2:
        raise argparse.ArgumentTypeError(
            f"give two or more of {', '.join(LEVELS)}, comma-separated (e.g. easy,strong)"
        )
    return levels


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.review_bench", description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="reviewed games per title")
    parser.add_argument(
        "--positions", type=int, default=8, help="turning points measured per title (largest first)"
    )
    parser.add_argument("--playouts", type=int, default=4, help="playouts per move and position")
    parser.add_argument("--title", choices=reviewed_titles(), action="append")
    parser.add_argument(
        "--levels",
        type=_levels,
        help="the AI level of each seat, e.g. easy,strong (rotated one seat per game); only "
        "the weakest level's turning points are measured, as a player weaker than the judge. "
        "Default: normal/easy, easy/normal and normal/normal in turn, every seat measured",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes for the playouts (their CPU time is counted in the whole run's)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=SEED_BASE,
        help="the first game's seed (keep clear of review_fit's, 20000 on)",
    )
    parser.add_argument(
        "--details", action="store_true", help="print each measured turning point's means"
    )
    args = parser.parse_args(argv)
    for name in args.title or reviewed_titles():
        started, clock = time.process_time(), time.perf_counter()
        figures = run_title(
            name,
            args.games,
            args.positions,
            args.playouts,
            args.levels,
            max(1, args.jobs),
            args.seed,
        )
        lines = report(name, args.games, args.playouts, figures, args.levels, args.details)
        print("\n".join(lines), flush=True)
        cpu = time.process_time() - started
        if args.jobs > 1:
            cpu += figures["playout_cpu"]
        print(
            f"  the whole run: {cpu:.0f} s CPU (playouts {figures['playout_cpu']:.0f} s), "
            f"{time.perf_counter() - clock:.0f} s wall",
            flush=True,
        )


if __name__ == "__main__":
    main()
