"""The post-game review's judge of Tigris & Euphrates (``Title.ai.review``, :mod:`bot.ai.review`).

At a decision the hidden tiles are sampled from the seat's view as the AI samples them; each
action (the AI's candidates and the played one) gets the AI's one-ply look (the action and every
pending decision it raises). What the seat knows after the move played (:func:`features`: its
own weakest colour, the AI's worth of its position against the others', its treasures against
theirs, and how far the bag has emptied) gives its chance to win through a logistic model
(:data:`WEIGHTS`, fitted by ``python -m bot.ai.review_fit`` on games between AI levels); another
action's chance changes only the AI's worth to the one after that action, so the AI's preferred
move is the best by its own evaluation. The others' scores are hidden: the
samples guess them, so the model learns what the seat's own score says at that point of the game.
A candidate turning point's preferred move is `strong`'s (:func:`prefer`), and it is looked at
again deeper (:func:`confirm`: the rest of the turn and the next player's answer) before it is
shown. The explanation is the evaluation term (:func:`terms`) that differs most. Standard
library only.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

from bot.ai import choose_action, review_fit
from bot.ai import review as rv
from bot.ai import tigris as tigris_ai
from bot.ai.budget import Budget, SearchLimit
from bot.ai.review import Decision, Explain, Term, mean
from bot.games.tigris.board import BLOCK, COLOURS, NEIGHBOURS
from bot.games.tigris.rules import MONUMENTS

__all__ = [
    "BAG",
    "CONFIRM_SAMPLES",
    "SAMPLES",
    "WEIGHTS",
    "brier",
    "chance_of",
    "chances",
    "confirm",
    "features",
    "fit",
    "margin",
    "played_features",
    "prefer",
    "progress",
    "terms",
]

#: Samples of the hidden information per decision (each action is judged on the same samples).
SAMPLES = 2
#: Samples (fresh ones) on which a turning point is looked at again before it is shown.
CONFIRM_SAMPLES = 4
#: The logistic model's weights, one per feature of :func:`features` (and the intercept ``1``):
#: written by ``python -m bot.ai.review_fit --title tigris --games 60 --seed 20000`` (seeds
#: apart from those of ``python -m bot.ai.review_bench``; docs/benchmarks.md).
WEIGHTS: dict[str, float] = {
    "1": -0.2713,
    "low": 0.5585,
    "low_progress": -0.1243,
    "progress": -7.1681,
    "treasures": 0.8554,
    "worth": 0.0576,
    "worth_progress": 0.2430,
}
BAG = 153 - 10 - 4 * 6  # the bag after the deal of two hands (fewer with more seats)


def terms(state: Any, seat: int) -> dict[str, float]:
    """The seat's evaluation split into its terms (they sum to :func:`bot.ai.tigris.evaluate`
    of an unfinished state): points (the weakest colour first), leaders, monuments, red tiles in
    hand, catastrophes, and the others' worth against it."""
    vec = tigris_ai.final_vector(state.score[seat], state.treasures_held[seat])
    points = 2.0 * vec[0] + 3.0 * sum(math.sqrt(x) for x in vec)
    cells = state.cells
    mine = state.leaders[seat]
    low = min(range(4), key=lambda c: state.score[seat][c])
    leaders = 0.0
    for colour, square in enumerate(mine):
        if square < 0:
            continue
        temples = sum(1 for n in NEIGHBOURS[square] if cells[n] == tigris_ai.RED_CODE)
        leaders += 1.6 + 0.35 * min(temples, 3) + (0.4 if colour == low else 0.0)
    monuments = 0.0
    for top_left, index, _ in state.monuments:
        for colour in MONUMENTS[index]:
            if mine[colour] >= 0 and tigris_ai._connected(cells, mine[colour], BLOCK[top_left][0]):
                monuments += 1.5
    hand = state.hands[seat]
    others = [tigris_ai.value(state, s) for s in range(state.seats) if s != seat]
    return {
        "points": points,
        "leader": leaders,
        "monument": monuments,
        "red_tiles": 0.25 * min(hand[0], 3) + 0.05 * sum(1 for c in hand if c),
        "catastrophe": 0.4 * state.catastrophes[seat],
        "opponents": -0.5 * max(others) - 0.5 * sum(others) / len(others),
    }


def features(state: Any, seat: int, stage: float) -> dict[str, float]:
    """What the model reads of a sampled state (the others' scores in it are the sample's
    guess): the seat's weakest colour (treasures added), the AI's worth of the seat against the
    best other seat's (:func:`bot.ai.tigris.value`), its treasures against the most the others
    hold, and ``stage``, the :func:`progress` of the game (0 at the deal, 1 with an empty bag),
    alone and with the first two."""
    low = float(tigris_ai.final_vector(state.score[seat], state.treasures_held[seat])[0])
    others = [s for s in range(state.seats) if s != seat]
    worth = tigris_ai.value(state, seat) - max(tigris_ai.value(state, s) for s in others)
    treasures = state.treasures_held[seat] - max(state.treasures_held[s] for s in others)
    return {
        "low": low,
        "low_progress": low * stage,
        "worth": worth,
        "worth_progress": worth * stage,
        "treasures": float(treasures),
        "progress": stage,
    }


def chance_of(values: dict[str, float], seats: int) -> float:
    """The model's chance to win for the (mean) features ``values`` at a table of ``seats``:
    fitted on two players, an even start shifted to one in ``seats``."""
    logit = WEIGHTS.get("1", 0.0) + sum(WEIGHTS.get(k, 0.0) * v for k, v in values.items())
    logit += math.log(1.0 / (seats - 1))
    logit = max(-30.0, min(30.0, logit))
    return 1.0 / (1.0 + math.exp(-logit))


def progress(view: dict[str, Any]) -> float:
    """How far the bag has emptied, from the view: 0 at the deal, 1 when empty."""
    bag = BAG - 6 * (int(view["seats"]) - 2)
    return min(1.0, max(0.0, 1.0 - int(view["bag_size"]) / bag))


def _mean_features(rows: list[dict[str, float]]) -> dict[str, float]:
    return {key: mean([row[key] for row in rows]) for key in rows[0]}


def _by_worth(after: dict[str, dict[str, float]], played: str, seats: int) -> dict[str, float]:
    """Each action's chance: the model on the seat's numbers after the move played, with the AI's
    worth after that action instead. The model is fitted on the moves played, where a seat's
    weakest colour and treasures also tell how well it plays; between two moves at one decision
    only the AI's own evaluation tells which is better, at the model's weight for it."""
    base = after[played]
    return {
        action: chance_of(
            {**base, "worth": values["worth"], "worth_progress": values["worth_progress"]}, seats
        )
        for action, values in after.items()
    }


def played_features(decision: Decision, seed: int) -> dict[str, float]:
    """The mean features after the move played, on the review's samples of the decision (what
    the model is fitted on: the same numbers :func:`chances` turns into that move's chance)."""
    view, seat = decision.view, decision.seat
    sampling = rv.rng("tigris", seed, decision.index)
    at = progress(view)
    rows = []
    for _ in range(SAMPLES):
        sample = tigris_ai.determinize(view, sampling)
        rows.append(features(tigris_ai._after(sample, seat, decision.played), seat, at))
    return _mean_features(rows)


def chances(decision: Decision, seed: int) -> tuple[dict[str, float], Explain]:
    """The chance to win after each candidate action (and the played one), and the term
    explaining why one action beats another."""
    view, seat = decision.view, decision.seat
    sampling = rv.rng("tigris", seed, decision.index)
    samples = [tigris_ai.determinize(view, sampling) for _ in range(SAMPLES)]
    first = samples[0]
    pool = (
        tigris_ai.candidates(first, seat, decision.legal)
        if first.pending is None
        else list(decision.legal)
    )
    actions = sorted(set(pool) | {decision.played})
    at = progress(view)
    seats = int(view["seats"])
    after_action: dict[str, dict[str, float]] = {}
    split: dict[str, list[dict[str, float]]] = {}
    scores: dict[str, list[list[tuple[int, ...]]]] = {}
    leaders: dict[str, list[list[int]]] = {}
    for action in actions:
        rows = []
        for sample in samples:
            after = tigris_ai._after(sample, seat, action)
            rows.append(features(after, seat, at))
            if not after.over:
                split.setdefault(action, []).append(terms(after, seat))
            scores.setdefault(action, []).append([tuple(s) for s in after.score])
            leaders.setdefault(action, []).append(list(after.leaders[seat]))
        after_action[action] = _mean_features(rows)
    chance = _by_worth(after_action, decision.played, seats)

    def explain(worse: str, better: str) -> Term:
        return _term(first, seat, worse, better, split, scores, leaders)

    return chance, explain


def prefer(decision: Decision, seed: int) -> str:
    """The move `strong` plays at the decision, from the seat's view alone (its own samples of
    the hidden tiles), on its node budget only so that a review is the same on any machine: the
    preferred move of a candidate turning point (a one-ply choice, like `normal`'s own, is
    mostly noise against a `normal` player; the search looks at the rest of the turn and the
    next player's answer)."""
    return choose_action(
        "tigris",
        decision.view,
        decision.legal,
        "strong",
        seed * 100_003 + decision.index,
        limit=SearchLimit.nodes_only(),
    )


def _looked_ahead(sample: Any, seat: int, action: str) -> Any:
    """The sample after ``action``, the rest of the seat's turn and the next player's answer,
    each the best by the AI's one-ply look (as `strong` searches)."""
    budget = Budget(math.inf)
    luck = random.Random(0)  # unused: every candidate is looked at
    state = tigris_ai._end_of_turn(tigris_ai._after(sample, seat, action), seat, luck, None, budget)
    if tigris_ai._free_turn(state) and state.active != seat:
        state = tigris_ai._greedy_after(state, state.active, luck, None, budget)[1]
    return state


def confirm(decision: Decision, seed: int, actions: list[str]) -> dict[str, float]:
    """The chance to win after each of ``actions`` looked at again, deeper (the rest of the
    turn and the next player's answer) on :data:`CONFIRM_SAMPLES` fresh samples: a turning point
    is shown only if the preferred move still wins clearly."""
    view, seat = decision.view, decision.seat
    sampling = random.Random(f"review/tigris/confirm/{seed}/{decision.index}")
    samples = [tigris_ai.determinize(view, sampling) for _ in range(CONFIRM_SAMPLES)]
    at = progress(view)
    after_action = {
        action: _mean_features(
            [features(_looked_ahead(s, seat, action), seat, at) for s in samples]
        )
        for action in actions
    }
    return _by_worth(after_action, decision.played, int(view["seats"]))


def _term(
    before: Any,
    seat: int,
    played: str,
    preferred: str,
    terms: dict[str, list[dict[str, float]]],
    scores: dict[str, list[list[tuple[int, ...]]]],
    leaders: dict[str, list[list[int]]],
) -> Term:
    """The term that differs most between the two moves, with its numbers."""
    if played not in terms or preferred not in terms:
        return Term("position")
    gain = {
        key: mean([t[key] for t in terms[preferred]]) - mean([t[key] for t in terms[played]])
        for key in terms[played][0]
    }
    kind = max(sorted(gain), key=lambda k: gain[k])
    seats = len(scores[played][0])

    def points(action: str, s: int, colour: int) -> float:
        return mean([sample[s][colour] for sample in scores[action]])

    if kind == "points":
        diffs = [points(preferred, seat, c) - points(played, seat, c) for c in range(4)]
        colour = max(range(4), key=lambda c: (diffs[c], -c))
        low = min(range(4), key=lambda c: before.score[seat][c])
        n = round(diffs[colour])
        if n <= 0:
            return Term("position")
        if colour == low:
            return Term("lowest_colour", {"colour": COLOURS[colour], "n": n})
        return Term("points", {"colour": COLOURS[colour], "n": n})
    if kind == "leader":
        for colour in range(4):
            kept = mean([1.0 if ls[colour] >= 0 else 0.0 for ls in leaders[preferred]])
            lost = mean([1.0 if ls[colour] >= 0 else 0.0 for ls in leaders[played]])
            if kept - lost >= 0.5:
                return Term("leader", {"colour": COLOURS[colour]})
        return Term("leader_safety")
    if kind == "opponents":
        best_seat, best_n = -1, 0
        for s in range(seats):
            if s == seat:
                continue
            n = round(
                sum(points(played, s, c) for c in range(4))
                - sum(points(preferred, s, c) for c in range(4))
            )
            if n > best_n:
                best_seat, best_n = s, n
        if best_seat >= 0:
            return Term("opponent_points", {"seat": best_seat, "n": best_n})
        return Term("opponents")
    return Term(kind)


def margin(game: Any, state: Any, seat: int) -> float:
    """The seat's final weakest colour (treasures added) against the best other player's (the
    review benchmark's tie-break)."""
    low = [
        tigris_ai.final_vector(state.score[s], state.treasures_held[s])[0]
        for s in range(state.seats)
    ]
    return float(low[seat] - max(low[s] for s in range(state.seats) if s != seat))


def brier(data: Sequence[tuple[dict[str, float], float]], weights: dict[str, float]) -> float:
    """The Brier score of the model with ``weights`` (two players)."""
    saved = dict(WEIGHTS)
    WEIGHTS.clear()
    WEIGHTS.update(weights)
    try:
        return statistics.fmean((chance_of(f, 2) - y) ** 2 for f, y in data)
    finally:
        WEIGHTS.clear()
        WEIGHTS.update(saved)


def fit(
    data: Sequence[tuple[dict[str, float], float]],
    check: Sequence[tuple[dict[str, float], float]],
    *,
    ridge: float,
) -> list[str]:
    """``python -m bot.ai.review_fit``'s lines: :data:`WEIGHTS` fitted on ``data`` (Newton's
    method on the log loss, ``ridge`` on all but the intercept) as written above, and their
    Brier score on the games fitted and on ``check``."""
    weights = {k: round(v, 4) for k, v in review_fit.fit_logistic(data, ridge).items()}
    lines = ["WEIGHTS = {", *(f'    "{k}": {v:.4f},' for k, v in weights.items()), "}"]
    lines.append(f"Brier on the fitted games {brier(data, weights):.4f}")
    if check:
        lines.append(f"Brier on {len(check)} other decisions {brier(check, weights):.4f}")
    return lines
