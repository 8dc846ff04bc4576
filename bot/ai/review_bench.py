"""Honest numbers for the post-game review: ``python -m bot.ai.review_bench``.

For each title it plays ``--games`` games between AI levels (`normal` and `easy`, seats
rotated; seeds apart from those the T&E temperature was fitted on) and reviews each one, then
prints:

- *calibration*: every judged decision's estimated chance to win (after the move played)
  against the seat's real result: the Brier score (and that of always saying an even share),
  and a reliability table by decile of the estimate;
- *better move*: from the ``--positions`` largest turning points, the AI's preferred move and
  the move played are each played on to the end ``--playouts`` times with the `normal` AI in
  every seat (a different AI seed each time); the share of positions where the preferred move
  scored better on average (target: at least 70%): by the mean result (a win 1, a tie shared),
  and where that ties, by the mean final margin (the title judge's ``margin``: T&E the weakest
  colour against the best other player's, Targi victory points against the opponent's);
- *cost*: CPU seconds per review (median, max) and the wall time.

Standard library only; deterministic for the sizes given (CPU and wall times aside).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot import titles
from bot.ai import review as rv
from bot.ai.arena import decide

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


def run_title(name: str, games: int, positions: int, playouts: int) -> dict[str, Any]:
    """The figures of one title (see the module's docstring)."""
    predictions: list[tuple[float, float]] = []
    cpu: list[float] = []
    wall = 0.0
    flagged: list[tuple[float, Any, Any, rv.Judged]] = []
    for number in range(games):
        levels = list(PAIRS[number % len(PAIRS)])
        seed = SEED_BASE + number
        game, states, actions = rv.recorded_game(name, levels, seed)
        started, clock = time.process_time(), time.perf_counter()
        review = rv.review(name, len(levels), rv.decisions(game, states, actions), seed)
        cpu.append(time.process_time() - started)
        wall += time.perf_counter() - clock
        for judged in review.decisions:
            if judged.choices > 1:
                predictions.append((judged.chance_played, _result(game, states[-1], judged.seat)))
        for seat_points in review.turning:
            for i in seat_points:
                judged = review.decisions[i]
                flagged.append((judged.drop, game, states[judged.index], judged))
    flagged.sort(key=lambda f: (-f[0], f[3].index))
    better = worse = equal = 0
    means: list[tuple[float, float, float, float]] = []
    for _drop, game, state, judged in flagged[:positions]:
        seeds = [judged.index * 1000 + r for r in range(playouts)]
        ends = {
            move: [_play_on(name, game, state, judged.seat, move, s) for s in seeds]
            for move in (judged.preferred, judged.played)
        }
        # Scored by the mean result, then (a tie there) by the mean final margin.
        preferred = (
            statistics.fmean(r for r, _ in ends[judged.preferred]),
            statistics.fmean(m for _, m in ends[judged.preferred]),
        )
        played = (
            statistics.fmean(r for r, _ in ends[judged.played]),
            statistics.fmean(m for _, m in ends[judged.played]),
        )
        means.append((*preferred, *played))
        if preferred > played:
            better += 1
        elif preferred < played:
            worse += 1
        else:
            equal += 1
    return {
        "predictions": predictions,
        "cpu": cpu,
        "wall": wall,
        "better": (better, worse, equal),
        "means": means,
    }


def brier(predictions: Sequence[tuple[float, float]]) -> float:
    """The mean squared difference between the estimate and the result."""
    return statistics.fmean((p - won) ** 2 for p, won in predictions) if predictions else 0.0


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


def report(name: str, games: int, playouts: int, figures: dict[str, Any]) -> list[str]:
    """The printed lines of one title."""
    predictions = figures["predictions"]
    base = brier([(0.5, won) for _, won in predictions])
    lines = [
        f"{name}: {games} games (normal/easy, easy/normal, normal/normal), "
        f"{len(predictions)} judged decisions",
        f"  calibration: Brier {brier(predictions):.3f} (always 50%: {base:.3f})",
        "  estimate   decisions  mean estimate  won",
    ]
    for decile, count, mean, won in reliability(predictions):
        lines.append(
            f"  {decile * 10:3d}-{decile * 10 + 10:3d}%  {count:9d}  {mean:13.2f}  {won:4.2f}"
        )
    better, worse, equal = figures["better"]
    flagged = better + worse + equal
    share = 100.0 * better / flagged if flagged else 0.0
    means = figures["means"]
    lines.append(
        f"  better move: {flagged} flagged positions x {playouts} playouts each way (normal AI "
        f"everywhere): preferred better in {better} ({share:.0f}%), worse in {worse}, "
        f"equal in {equal}"
    )
    if means:
        avg = [statistics.fmean(m[k] for m in means) for k in range(4)]
        lines.append(
            f"  mean result (margin) after the preferred move {avg[0]:.2f} ({avg[1]:+.1f}), "
            f"after the move played {avg[2]:.2f} ({avg[3]:+.1f})"
        )
    cpu = figures["cpu"]
    lines.append(
        f"  CPU per review: median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s "
        f"({len(cpu)} reviews, {figures['wall']:.1f} s wall in all)"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.review_bench", description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="reviewed games per title")
    parser.add_argument("--positions", type=int, default=8, help="flagged positions per title")
    parser.add_argument("--playouts", type=int, default=4, help="playouts per move and position")
    parser.add_argument("--title", choices=reviewed_titles(), action="append")
    args = parser.parse_args(argv)
    for name in args.title or reviewed_titles():
        figures = run_title(name, args.games, args.positions, args.playouts)
        print("\n".join(report(name, args.games, args.playouts, figures)), flush=True)


if __name__ == "__main__":
    main()
