"""The post-game review's judge of Tigris & Euphrates (``Title.ai.review``, :mod:`bot.ai.review`).

At a decision the hidden tiles are sampled from the seat's view as the AI samples them; each
action (the AI's candidates and the played one) gets the AI's one-ply look (the action and every
pending decision it raises), then the seats' worths (:func:`bot.ai.tigris.value`) are turned into
chances by a softmax whose temperature changes as the bag empties (:data:`SCALE`, fitted on games
between AI levels). The explanation is the evaluation term (:func:`terms`) that differs most.
Standard library only.
"""

from __future__ import annotations

import math
from typing import Any

from bot.ai import review as rv
from bot.ai import tigris as tigris_ai
from bot.ai.review import Decision, Explain, Term, mean
from bot.games.tigris.board import BLOCK, COLOURS, NEIGHBOURS
from bot.games.tigris.rules import MONUMENTS

__all__ = ["BAG", "SAMPLES", "SCALE", "chances", "margin", "terms"]

#: Samples of the hidden information per decision (each action is judged on the same samples).
SAMPLES = 2
#: The softmax temperature at the deal and once the bag is empty (in the AI's worth units);
#: fitted by Brier score on 36 games between AI levels (2521 decisions, seeds apart from those of
#: ``python -m bot.ai.review_bench``, docs/benchmarks.md).
SCALE = (4.0, 3.0)
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


def _chance(state: Any, seat: int, progress: float) -> float:
    """The seat's chance to win in ``state``: the real result once over, else a softmax of the
    seats' worths, its temperature following the bag (``progress`` from 0 to 1)."""
    if state.over:
        vectors = [
            tigris_ai.final_vector(state.score[s], state.treasures_held[s])
            for s in range(state.seats)
        ]
        best = max(vectors)
        winners = [s for s in range(state.seats) if vectors[s] == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    start, end = SCALE
    scale = start + (end - start) * progress
    worths = [tigris_ai.value(state, s) for s in range(state.seats)]
    top = max(worths)
    weights = [math.exp((w - top) / scale) for w in worths]
    return weights[seat] / sum(weights)


def _progress(view: dict[str, Any]) -> float:
    bag = BAG - 6 * (int(view["seats"]) - 2)
    return min(1.0, max(0.0, 1.0 - int(view["bag_size"]) / bag))


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
    progress = _progress(view)
    chance: dict[str, float] = {}
    split: dict[str, list[dict[str, float]]] = {}
    scores: dict[str, list[list[tuple[int, ...]]]] = {}
    leaders: dict[str, list[list[int]]] = {}
    for action in actions:
        total = 0.0
        for sample in samples:
            after = tigris_ai._after(sample, seat, action)
            total += _chance(after, seat, progress)
            if not after.over:
                split.setdefault(action, []).append(terms(after, seat))
            scores.setdefault(action, []).append([tuple(s) for s in after.score])
            leaders.setdefault(action, []).append(list(after.leaders[seat]))
        chance[action] = total / len(samples)

    def explain(worse: str, better: str) -> Term:
        return _term(first, seat, worse, better, split, scores, leaders)

    return chance, explain


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
