"""Fit the review's chance to win on games between AI levels: ``python -m bot.ai.review_fit``.

Plays ``--games`` games of a title (`normal` against `easy`, seats swapped, and `normal` against
`normal`, as ``python -m bot.ai.review_bench`` does) with seeds from ``--seed`` on (the bench's
seeds start at 5000: keep them apart), takes every decision with a choice as the review judges it
(the seat's own view, the review's samples, the move played) and the seat's real result, and hands
them to the title's judge (the module its ``Title.ai.review`` names): its ``fit(data, check,
ridge=...)`` fits its numbers (a logistic model's weights by :func:`fit_logistic`, a temperature
on a grid...) and returns the lines to print: the numbers as the judge writes them, and the Brier
score on the games fitted and, with ``--check N``, on the decisions of ``N`` other games (seeds
after the fitted ones). Each judge's docstring gives the command its numbers came from.
Standard library only; deterministic.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from bot import titles
from bot.ai import review as rv

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


def logistic(z: float) -> float:
    """The logistic function, clipped far from zero."""
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
            p = logistic(sum(w * v for w, v in zip(weights, x, strict=True)))
            for i in range(size):
                gradient[i] += (p - y) * x[i]
                for j in range(size):
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j]
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return dict(zip(names, weights, strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.ai.review_fit", description=__doc__)
    fitted = [t.name for t in titles.titles() if hasattr(rv.judge_of(t.name), "fit")]
    parser.add_argument("--title", choices=fitted, required=True)
    parser.add_argument("--games", type=int, default=60, help="games fitted on")
    parser.add_argument("--seed", type=int, default=20000, help="the first game's seed")
    parser.add_argument("--check", type=int, default=0, help="other games to score the fit on")
    parser.add_argument(
        "--ridge", type=float, default=0.01, help="a logistic model's ridge penalty"
    )
    args = parser.parse_args(argv)
    data = rows(args.title, args.games, args.seed)
    check = rows(args.title, args.check, args.seed + args.games) if args.check else []
    print(f"{args.title}: {args.games} games from seed {args.seed}, {len(data)} decisions")
    judge = rv.judge_of(args.title)
    assert judge is not None
    for line in judge.fit(data, check, ridge=args.ridge):
        print(line)


if __name__ == "__main__":
    main()
