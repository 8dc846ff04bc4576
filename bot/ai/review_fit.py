"""Fit the review's chance to win on games between AI levels: ``python -m bot.ai.review_fit``.

Plays ``--games`` games per title (`normal` against `easy`, seats swapped, and `normal` against
`normal`, as ``python -m bot.ai.review_bench`` does) with seeds from ``--seed`` on (the bench's
seeds start at 5000: keep them apart), takes every decision with a choice as the review judges it
(the seat's own view, the review's samples, the move played) and the seat's real result, and fits:

- T&E: the logistic model of :mod:`bot.ai.review_tigris` (``WEIGHTS``): Newton's method on the
  log loss with a small ridge (``--ridge``) on everything but the intercept;
- Targi: the temperature of :mod:`bot.ai.review_targi` (``TEMPERATURE``): the one of least Brier
  score on a grid (0.5 to 6 by 0.1).

It prints the fitted numbers as the judge writes them, and the Brier score on the games fitted
and, with ``--check N``, on ``N`` other games (seeds after the fitted ones). The numbers in the
judges came from ``python -m bot.ai.review_fit --title tigris --games 60 --seed 20000`` and
``python -m bot.ai.review_fit --title targi --games 150 --seed 20000``.
Standard library only; deterministic.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from typing import Any

from bot.ai import review as rv
from bot.ai import review_tigris

PAIRS = (("normal", "easy"), ("easy", "normal"), ("normal", "normal"))


def rows(name: str, games: int, seed: int) -> list[tuple[Any, float]]:
    """Each decision with a choice of ``games`` games from ``seed`` on: the judge's numbers for
    the move played (its ``played_features``) and the seat's result (a tie shared)."""
    judge = rv.judge_of(name)
    assert judge is not None
    out = []
    for number in range(games):
        levels = list(PAIRS[number % len(PAIRS)])
        game, states, actions = rv.recorded_game(name, levels, seed + number)
        winners = game.outcome(states[-1])["ranking"][0]
        for decision in rv.decisions(game, states, actions):
            if len(decision.legal) < 2:
                continue
            won = 1.0 / len(winners) if decision.seat in winners else 0.0
            out.append((judge.played_features(decision, seed + number), won))
    return out


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gauss-Jordan with partial pivoting (a few unknowns)."""
    size = len(vector)
    rows_ = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows_[r][col]))
        rows_[col], rows_[pivot] = rows_[pivot], rows_[col]
        for r in range(size):
            if r != col:
                factor = rows_[r][col] / rows_[col][col]
                for k in range(col, size + 1):
                    rows_[r][k] -= factor * rows_[col][k]
    return [rows_[i][size] / rows_[i][i] for i in range(size)]


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit_logistic(data: Sequence[tuple[dict[str, float], float]], ridge: float) -> dict[str, float]:
    """The weights (``1`` the intercept) minimising the log loss plus ``ridge`` times the
    squared weights (not the intercept's)."""
    names = ["1", *sorted(data[0][0])]
    xs = [[1.0] + [f[n] for n in names[1:]] for f, _ in data]
    ys = [won for _, won in data]
    size = len(names)
    weights = [0.0] * size
    for _ in range(50):
        hessian = [[ridge if i == j and i else 0.0 for j in range(size)] for i in range(size)]
        gradient = [ridge * weights[i] if i else 0.0 for i in range(size)]
        for x, y in zip(xs, ys, strict=True):
            p = _logistic(sum(w * v for w, v in zip(weights, x, strict=True)))
            for i in range(size):
                gradient[i] += (p - y) * x[i]
                for j in range(size):
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j]
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return dict(zip(names, weights, strict=True))


def brier_tigris(
    data: Sequence[tuple[dict[str, float], float]], weights: dict[str, float]
) -> float:
    """The Brier score of the model with ``weights`` (two players)."""
    saved = dict(review_tigris.WEIGHTS)
    review_tigris.WEIGHTS.clear()
    review_tigris.WEIGHTS.update(weights)
    try:
        return statistics.fmean((review_tigris.chance_of(f, 2) - y) ** 2 for f, y in data)
    finally:
        review_tigris.WEIGHTS.clear()
        review_tigris.WEIGHTS.update(saved)


def _chance_targi(ends: list[tuple[float | None, float]], temperature: float) -> float:
    return statistics.fmean(
        result if result is not None else _logistic(worth / temperature) for result, worth in ends
    )


def brier_targi(data: Sequence[tuple[list[tuple[float | None, float]], float]], t: float) -> float:
    """The Brier score of the playouts' chances at temperature ``t``."""
    return statistics.fmean((_chance_targi(ends, t) - y) ** 2 for ends, y in data)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.review_fit", description=__doc__)
    parser.add_argument("--title", choices=("tigris", "targi"), required=True)
    parser.add_argument("--games", type=int, default=60, help="games fitted on")
    parser.add_argument("--seed", type=int, default=20000, help="the first game's seed")
    parser.add_argument("--check", type=int, default=0, help="other games to score the fit on")
    parser.add_argument("--ridge", type=float, default=0.01, help="T&E: the ridge penalty")
    args = parser.parse_args(argv)
    data = rows(args.title, args.games, args.seed)
    check = rows(args.title, args.check, args.seed + args.games) if args.check else []
    print(f"{args.title}: {args.games} games from seed {args.seed}, {len(data)} decisions")
    if args.title == "tigris":
        weights = fit_logistic(data, args.ridge)
        print("WEIGHTS = {")
        for key, value in weights.items():
            print(f'    "{key}": {value:.4f},')
        print("}")
        rounded = {k: round(v, 4) for k, v in weights.items()}
        print(f"Brier on the fitted games {brier_tigris(data, rounded):.4f}")
        if check:
            print(f"Brier on {args.check} other games {brier_tigris(check, rounded):.4f}")
    else:
        grid = [round(0.5 + 0.1 * i, 1) for i in range(56)]
        best = min(grid, key=lambda t: brier_targi(data, t))
        print(f"TEMPERATURE = {best}")
        print(
            f"Brier on the fitted games {brier_targi(data, best):.4f} (3.0: "
            f"{brier_targi(data, 3.0):.4f})"
        )
        if check:
            print(
                f"Brier on {args.check} other games {brier_targi(check, best):.4f} "
                f"(3.0: {brier_targi(check, 3.0):.4f})"
            )


if __name__ == "__main__":
    main()
