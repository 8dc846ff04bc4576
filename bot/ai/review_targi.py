"""The post-game review's judge of Targi (``Title.ai.review``; see :mod:`bot.ai.review`).

At a decision the hidden cards are sampled from the seat's view as the AI samples them; the best
actions by the AI's one-ply value (and the played one) are each played out to the end of the
round with the AI's greedy policy, whose end is worth ``logistic(margin / TEMPERATURE)`` (the
real result if the game ended; the AI's own search divides by 3, the review's temperature is
fitted by ``python -m bot.ai.review_fit --title targi`` on games between AI levels). The
explanation is the part of the seat's holding (VP, goods, gold, cards, the opponent's VP) that
differs most, weighed in VP. Standard library only.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from bot.ai import review as rv
from bot.ai import review_fit
from bot.ai import targi as targi_ai
from bot.ai.review import Decision, Explain, Term, mean
from bot.games import targi as targi_engine

__all__ = [
    "CONFIRM_SAMPLES",
    "SAMPLES",
    "TEMPERATURE",
    "WEIGHT",
    "WIDTH",
    "brier",
    "chances",
    "confirm",
    "fit",
    "margin",
    "played_features",
]

#: Samples of the hidden information per decision (each action is judged on the same samples).
SAMPLES = 3
#: Samples (fresh ones) on which a turning point is looked at again before it is shown.
CONFIRM_SAMPLES = 12
#: The end of a playout's margin (the AI's evaluation, in VP) is worth ``logistic(margin / T)``:
#: written by ``python -m bot.ai.review_fit --title targi --games 150 --seed 20000`` (seeds
#: apart from those of ``python -m bot.ai.review_bench``; docs/benchmarks.md).
TEMPERATURE = 1.8
#: The actions played out at a decision, best first by the AI's one-ply value.
WIDTH = 8


def _end(state: Any, seat: int, rng: random.Random) -> tuple[float | None, float, Any]:
    """The AI's playout to the end of the round: the seat's result if the game ended there (else
    None), its margin by the AI's evaluation, and that state."""
    horizon = state.round
    while not state.over and state.round <= horizon:
        actor = state.turn
        state = targi_engine.apply(state, actor, targi_ai._rollout_action(state, actor, rng))
    if state.over:
        ranking = targi_engine.outcome(state)["ranking"]
        result = 0.5 if len(ranking) == 1 else (1.0 if ranking[0] == [seat] else 0.0)
        return result, 0.0, state
    return None, targi_ai.evaluate(state, seat), state


def _playout(state: Any, seat: int, rng: random.Random) -> tuple[float, Any]:
    """The seat's chance at the end of the AI's playout to the end of the round, and that state."""
    result, worth, end = _end(state, seat, rng)
    if result is not None:
        return result, end
    return 1.0 / (1.0 + math.exp(max(-30.0, min(30.0, -worth / TEMPERATURE)))), end


def _parts(state: Any, seat: int) -> dict[str, float]:
    """What the seat holds at the end of a playout, for the explanation."""
    player = state.players[seat]
    both = targi_engine.scores(state)
    return {
        "vp": float(both[seat]["vp"]),
        "goods": float(player.res[0] + player.res[1] + player.res[2]),
        "gold": float(player.res[3] + player.stored),
        "cards": float(len(player.displayed())),
        "opponent_vp": -float(both[1 - seat]["vp"]),
    }


#: How much one unit of each Targi part is worth in VP (for choosing the part that explains).
WEIGHT = {
    "vp": 1.0,
    "goods": targi_ai.GOODS_VALUE,
    "gold": targi_ai.GOLD_VALUE,
    "cards": targi_ai.CARD_POTENTIAL,
    "opponent_vp": 1.0,
}


def _look(
    decision: Decision, actions: list[str], samples: list[Any], luck: str
) -> tuple[dict[str, float], dict[str, list[dict[str, float]]]]:
    """Each action's mean chance over ``samples`` (every action meets the same playout luck on
    the same sample) and what the seat holds at each playout's end."""
    seat = decision.seat
    chance: dict[str, float] = {}
    parts: dict[str, list[dict[str, float]]] = {}
    for action in actions:
        total = 0.0
        for number, sample in enumerate(samples):
            result, end = _playout(
                targi_engine.apply(sample, seat, action), seat, random.Random(f"{luck}/{number}")
            )
            total += result
            parts.setdefault(action, []).append(_parts(end, seat))
        chance[action] = total / len(samples)
    return chance, parts


def chances(decision: Decision, seed: int) -> tuple[dict[str, float], Explain]:
    """The chance to win after each of the best actions by one-ply value (and the played one),
    each played out to the end of the round; and the term explaining why one beats another."""
    view, seat = decision.view, decision.seat
    sampling = rv.rng("targi", seed, decision.index)
    samples = [targi_ai.determinize(view, sampling) for _ in range(SAMPLES)]
    scored = sorted(
        targi_ai.action_values(samples[0], seat, decision.legal), key=lambda x: (-x[0], x[1])
    )
    actions = sorted({a for _, a in scored[:WIDTH]} | {decision.played})
    chance, parts = _look(decision, actions, samples, f"{seed}/{decision.index}")

    def explain(worse: str, better: str) -> Term:
        gain = {
            key: WEIGHT[key]
            * (mean([p[key] for p in parts[better]]) - mean([p[key] for p in parts[worse]]))
            for key in WEIGHT
        }
        kind = max(sorted(gain), key=lambda k: gain[k])
        n = round(gain[kind] / WEIGHT[kind])
        return Term(kind, {"n": n}) if n > 0 else Term("position")

    return chance, explain


def confirm(decision: Decision, seed: int, actions: list[str]) -> dict[str, float]:
    """The chance to win after each of ``actions`` looked at again on :data:`CONFIRM_SAMPLES`
    fresh samples and playouts (a turning point is shown only if the preferred move still wins
    clearly)."""
    sampling = random.Random(f"review/targi/confirm/{seed}/{decision.index}")
    samples = [targi_ai.determinize(decision.view, sampling) for _ in range(CONFIRM_SAMPLES)]
    return _look(decision, actions, samples, f"confirm/{seed}/{decision.index}")[0]


def played_features(decision: Decision, seed: int) -> list[tuple[float | None, float]]:
    """The ends of the move played's playouts on the review's samples of the decision (what
    :data:`TEMPERATURE` is fitted on): each the result if the game ended, else the margin."""
    sampling = rv.rng("targi", seed, decision.index)
    samples = [targi_ai.determinize(decision.view, sampling) for _ in range(SAMPLES)]
    # The first sample's one-ply look draws nothing, so the samples match those of chances().
    out = []
    for number, sample in enumerate(samples):
        luck = random.Random(f"{seed}/{decision.index}/{number}")
        result, worth, _state = _end(
            targi_engine.apply(sample, decision.seat, decision.played), decision.seat, luck
        )
        out.append((result, worth))
    return out


def margin(game: Any, state: Any, seat: int) -> float:
    """The seat's final victory points against the opponent's (the review benchmark's
    tie-break)."""
    points = [int(s["vp"]) for s in game.scores(state)]
    return float(points[seat] - max(p for s, p in enumerate(points) if s != seat))


Ends = list[tuple[float | None, float]]


def _chance(ends: Ends, temperature: float) -> float:
    return statistics.fmean(
        result if result is not None else review_fit.logistic(worth / temperature)
        for result, worth in ends
    )


def brier(data: Sequence[tuple[Ends, float]], temperature: float) -> float:
    """The Brier score of the playouts' chances at ``temperature``."""
    return statistics.fmean((_chance(ends, temperature) - y) ** 2 for ends, y in data)


def fit(
    data: Sequence[tuple[Ends, float]], check: Sequence[tuple[Ends, float]], *, ridge: float
) -> list[str]:
    """``python -m bot.ai.review_fit``'s lines: the :data:`TEMPERATURE` of least Brier score on
    ``data`` (a grid from 0.5 to 6 by 0.1; ``ridge`` unused), and its score on the games fitted
    and on ``check`` beside the old 3.0's."""
    grid = [round(0.5 + 0.1 * i, 1) for i in range(56)]
    best = min(grid, key=lambda t: brier(data, t))
    lines = [f"TEMPERATURE = {best}"]
    lines.append(f"Brier on the fitted games {brier(data, best):.4f} (3.0: {brier(data, 3.0):.4f})")
    if check:
        lines.append(
            f"Brier on {len(check)} other decisions {brier(check, best):.4f} "
            f"(3.0: {brier(check, 3.0):.4f})"
        )
    return lines
