"""The post-game review: each seat's decisions judged from that seat's own view, as the AI would.

A finished game is a list of :class:`Decision`: one seat's view, its legal actions and the action
it played, exactly what the seat saw then (:func:`decisions` builds them from the replayed states
through the title's per-seat view; nothing else of a state reaches the judge). At each decision
the hidden information (bag, other hands, decks) is sampled from the view like the AI samples it,
the played action and the AI's candidates are played out on every sample, and each gets an
estimated chance to win:

- Tigris & Euphrates: the AI's one-ply look (the action and every pending decision it raises),
  then the seats' worths (:func:`bot.ai.tigris.value`) turned into chances by a softmax whose
  temperature changes as the bag empties (:data:`TIGRIS_SCALE`, fitted on games between AI levels);
- Targi: the AI's playout to the end of the round with its greedy policy, whose end is worth
  ``logistic(margin / 3)`` as in the AI's own search (the real result if the game ended).

The action with the best chance is the AI's preferred one. The decisions where a seat lost the
most chance against it are its *turning points*, each explained by the one evaluation term that
differs most between the two moves (:class:`Term`, worded by :mod:`bot.review`).
Standard library only; deterministic for a seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.ai import targi as targi_ai
from bot.ai import tigris as tigris_ai
from bot.games import targi as targi_engine
from bot.games.tigris.board import BLOCK, COLOURS, NEIGHBOURS
from bot.games.tigris.rules import MONUMENTS

__all__ = [
    "Decision",
    "Hint",
    "Judged",
    "Review",
    "Term",
    "decisions",
    "hint",
    "judge",
    "recorded_game",
    "review",
    "tigris_terms",
]

#: Samples of the hidden information per decision (each action is judged on the same samples).
SAMPLES = {"tigris": 2, "targi": 3}
#: Targi: the actions played out at a decision, best first by the AI's one-ply value.
TARGI_WIDTH = 8
#: T&E: the softmax temperature at the deal and once the bag is empty (in the AI's worth units);
#: fitted by Brier score on 36 games between AI levels (2521 decisions, seeds apart from those of
#: ``python -m bot.ai.review_bench``, docs/benchmarks.md).
TIGRIS_SCALE = (4.0, 3.0)
TIGRIS_BAG = 153 - 10 - 4 * 6  # the bag after the deal of two hands (fewer with more seats)
#: Turning points per seat: at most this many, and only losses of at least ``MIN_DROP`` chance.
MAX_TURNING = 5
MIN_TURNING = 3
MIN_DROP = 0.005


@dataclass(frozen=True)
class Decision:
    """What ``seat`` saw and did at action ``index`` (0-based in the log): its own view, its
    legal actions and the action it played."""

    index: int
    seat: int
    view: dict[str, Any]
    legal: list[str]
    played: str


@dataclass(frozen=True)
class Term:
    """Why the preferred move is better, in one evaluation term: ``kind`` (``lowest_colour``,
    ``points``, ``leader``, ``monument``, ``red_tiles``, ``catastrophe``, ``opponent_points``,
    ``opponents``; Targi: ``vp``, ``goods``, ``gold``, ``cards``, ``hand``, ``opponent_vp``,
    ``position``) and its numbers and names (``colour``, ``n``, ``seat``)."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Judged:
    """One decision judged: the chance to win after the played and after the preferred action
    (the seat's own estimate), and the term explaining the difference."""

    index: int
    seat: int
    played: str
    preferred: str
    chance_played: float
    chance_preferred: float
    choices: int
    term: Term | None

    @property
    def drop(self) -> float:
        """The chance lost against the preferred action (0 when the AI agrees)."""
        return max(0.0, self.chance_preferred - self.chance_played)

    @property
    def agrees(self) -> bool:
        """Whether the played action was as good as the AI's (the same, or as likely to win)."""
        return self.played == self.preferred or self.drop < MIN_DROP


@dataclass(frozen=True)
class Review:
    """A whole game judged: every decision, each seat's turning points (indices into
    ``decisions``, largest drop first) and share of decisions agreeing with the AI."""

    game: str
    seats: int
    decisions: tuple[Judged, ...]
    turning: tuple[tuple[int, ...], ...]
    agreement: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain data for storage (:meth:`from_json` reads it back)."""
        return {
            "game": self.game,
            "seats": self.seats,
            "decisions": [asdict(d) for d in self.decisions],
            "turning": [list(t) for t in self.turning],
            "agreement": list(self.agreement),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        judged = []
        for d in data["decisions"]:
            term = Term(**d["term"]) if d["term"] else None
            judged.append(Judged(**{**d, "term": term}))
        return cls(
            data["game"],
            int(data["seats"]),
            tuple(judged),
            tuple(tuple(t) for t in data["turning"]),
            tuple(data["agreement"]),
        )


def decisions(
    game: Any, states: Sequence[Any], actions: Sequence[tuple[int, str]]
) -> list[Decision]:
    """Every decision of a replayed game (``states[i]`` before action ``i``), each through the
    acting seat's own view: the review reads nothing else of the states."""
    out = []
    for index, (seat, action) in enumerate(actions):
        state = states[index]
        out.append(
            Decision(
                index, seat, game.view(state, seat), list(game.legal_actions(state, seat)), action
            )
        )
    return out


def _rng(game: str, seed: int, index: int) -> random.Random:
    return random.Random(f"review/{game}/{seed}/{index}")


# --------------------------------------------------------------------------- Tigris & Euphrates


def tigris_terms(state: Any, seat: int) -> dict[str, float]:
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


def _tigris_chance(state: Any, seat: int, progress: float) -> float:
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
    start, end = TIGRIS_SCALE
    scale = start + (end - start) * progress
    worths = [tigris_ai.value(state, s) for s in range(state.seats)]
    top = max(worths)
    weights = [math.exp((w - top) / scale) for w in worths]
    return weights[seat] / sum(weights)


def _tigris_progress(view: dict[str, Any]) -> float:
    bag = TIGRIS_BAG - 6 * (int(view["seats"]) - 2)
    return min(1.0, max(0.0, 1.0 - int(view["bag_size"]) / bag))


def _tigris_judge(decision: Decision, seed: int) -> Judged:
    chance, explain = _tigris_chances(decision, seed)
    preferred = min(chance, key=lambda a: (-chance[a], a != decision.played, a))
    term = None if preferred == decision.played else explain(decision.played, preferred)
    return Judged(
        decision.index,
        decision.seat,
        decision.played,
        preferred,
        chance[decision.played],
        chance[preferred],
        len(decision.legal),
        term,
    )


Explain = Callable[[str, str], Term]


def _tigris_chances(decision: Decision, seed: int) -> tuple[dict[str, float], Explain]:
    """The chance to win after each candidate action (and the played one), and the term
    explaining why one action beats another."""
    view, seat = decision.view, decision.seat
    rng = _rng("tigris", seed, decision.index)
    samples = [tigris_ai.determinize(view, rng) for _ in range(SAMPLES["tigris"])]
    first = samples[0]
    pool = (
        tigris_ai.candidates(first, seat, decision.legal)
        if first.pending is None
        else list(decision.legal)
    )
    actions = sorted(set(pool) | {decision.played})
    progress = _tigris_progress(view)
    chance: dict[str, float] = {}
    terms: dict[str, list[dict[str, float]]] = {}
    scores: dict[str, list[list[tuple[int, ...]]]] = {}
    leaders: dict[str, list[list[int]]] = {}
    for action in actions:
        total = 0.0
        for sample in samples:
            after = tigris_ai._after(sample, seat, action)
            total += _tigris_chance(after, seat, progress)
            if not after.over:
                terms.setdefault(action, []).append(tigris_terms(after, seat))
            scores.setdefault(action, []).append([tuple(s) for s in after.score])
            leaders.setdefault(action, []).append(list(after.leaders[seat]))
        chance[action] = total / len(samples)

    def explain(worse: str, better: str) -> Term:
        return _tigris_term(first, seat, worse, better, terms, scores, leaders)

    return chance, explain


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _tigris_term(
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
        key: _mean([t[key] for t in terms[preferred]]) - _mean([t[key] for t in terms[played]])
        for key in terms[played][0]
    }
    kind = max(sorted(gain), key=lambda k: gain[k])
    seats = len(scores[played][0])

    def points(action: str, s: int, colour: int) -> float:
        return _mean([sample[s][colour] for sample in scores[action]])

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
            kept = _mean([1.0 if ls[colour] >= 0 else 0.0 for ls in leaders[preferred]])
            lost = _mean([1.0 if ls[colour] >= 0 else 0.0 for ls in leaders[played]])
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


# --------------------------------------------------------------------------- Targi


def _targi_playout(state: Any, seat: int, rng: random.Random) -> tuple[float, Any]:
    """The AI's playout to the end of the round: the seat's chance there, and that state."""
    horizon = state.round
    while not state.over and state.round <= horizon:
        actor = state.turn
        state = targi_engine.apply(state, actor, targi_ai._rollout_action(state, actor, rng))
    if state.over:
        ranking = targi_engine.outcome(state)["ranking"]
        if len(ranking) == 1:
            return 0.5, state
        return (1.0 if ranking[0] == [seat] else 0.0), state
    return 1.0 / (1.0 + math.exp(-targi_ai.evaluate(state, seat) / 3.0)), state


def _targi_parts(state: Any, seat: int) -> dict[str, float]:
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
TARGI_WEIGHT = {
    "vp": 1.0,
    "goods": targi_ai.GOODS_VALUE,
    "gold": targi_ai.GOLD_VALUE,
    "cards": targi_ai.CARD_POTENTIAL,
    "opponent_vp": 1.0,
}


def _targi_judge(decision: Decision, seed: int) -> Judged:
    chance, explain = _targi_chances(decision, seed)
    preferred = min(chance, key=lambda a: (-chance[a], a != decision.played, a))
    term = None if preferred == decision.played else explain(decision.played, preferred)
    return Judged(
        decision.index,
        decision.seat,
        decision.played,
        preferred,
        chance[decision.played],
        chance[preferred],
        len(decision.legal),
        term,
    )


def _targi_chances(decision: Decision, seed: int) -> tuple[dict[str, float], Explain]:
    """The chance to win after each of the best actions by one-ply value (and the played one),
    each played out to the end of the round; and the term explaining why one beats another."""
    view, seat = decision.view, decision.seat
    rng = _rng("targi", seed, decision.index)
    samples = [targi_ai.determinize(view, rng) for _ in range(SAMPLES["targi"])]
    scored = sorted(
        targi_ai.action_values(samples[0], seat, decision.legal), key=lambda x: (-x[0], x[1])
    )
    actions = sorted({a for _, a in scored[:TARGI_WIDTH]} | {decision.played})
    chance: dict[str, float] = {}
    parts: dict[str, list[dict[str, float]]] = {}
    for action in actions:
        total = 0.0
        for number, sample in enumerate(samples):
            # Every action meets the same playout luck on the same sample.
            luck = random.Random(f"{seed}/{decision.index}/{number}")
            result, end = _targi_playout(targi_engine.apply(sample, seat, action), seat, luck)
            total += result
            parts.setdefault(action, []).append(_targi_parts(end, seat))
        chance[action] = total / len(samples)

    def explain(worse: str, better: str) -> Term:
        gain = {
            key: TARGI_WEIGHT[key]
            * (_mean([p[key] for p in parts[better]]) - _mean([p[key] for p in parts[worse]]))
            for key in TARGI_WEIGHT
        }
        kind = max(sorted(gain), key=lambda k: gain[k])
        n = round(gain[kind] / TARGI_WEIGHT[kind])
        return Term(kind, {"n": n}) if n > 0 else Term("position")

    return chance, explain


# --------------------------------------------------------------------------- the review


def judge(game: str, decision: Decision, seed: int) -> Judged:
    """One decision judged from the seat's own view (deterministic for ``seed``)."""
    if len(decision.legal) < 2:
        # A forced move: nothing to judge, no sampling needed.
        return Judged(
            decision.index, decision.seat, decision.played, decision.played, 0.0, 0.0, 1, None
        )
    if game == "tigris":
        return _tigris_judge(decision, seed)
    if game == "targi":
        return _targi_judge(decision, seed)
    raise ValueError(f"no review for the game {game!r}")


@dataclass(frozen=True)
class Hint:
    """The AI's suggestion at a decision: ``action``, the chance to win after it, and why it
    beats the next best action (``runner_up``; None when only one action is legal)."""

    action: str
    chance: float
    runner_up: str | None
    term: Term | None


def hint(game: str, view: dict[str, Any], legal: list[str], seed: int) -> Hint:
    """The AI's suggestion for the viewer of ``view`` (its own view only), as the review
    would judge the decision; deterministic for ``seed``."""
    if len(legal) < 2:
        return Hint(legal[0], 0.0, None, None)
    decision = Decision(-1, int(view["viewer"]), view, list(legal), sorted(legal)[0])
    chances = {"tigris": _tigris_chances, "targi": _targi_chances}.get(game)
    if chances is None:
        raise ValueError(f"no review for the game {game!r}")
    chance, explain = chances(decision, seed)
    ranked = sorted(chance, key=lambda a: (-chance[a], a))
    best, second = ranked[0], ranked[1] if len(ranked) > 1 else None
    term = explain(second, best) if second is not None else None
    return Hint(best, chance[best], second, term)


def turning_points(judged: Sequence[Judged], seat: int) -> tuple[int, ...]:
    """The seat's largest drops (indices into ``judged``): up to :data:`MAX_TURNING`, those of
    at least :data:`MIN_DROP`, and at least :data:`MIN_TURNING` if the seat lost any chance."""
    mine = [i for i, j in enumerate(judged) if j.seat == seat and j.preferred != j.played]
    mine.sort(key=lambda i: (-judged[i].drop, judged[i].index))
    big = [i for i in mine if judged[i].drop >= MIN_DROP][:MAX_TURNING]
    if len(big) < MIN_TURNING:
        big = [i for i in mine if judged[i].drop > 0][:MIN_TURNING]
    return tuple(big)


def review(game: str, seats: int, choices: Sequence[Decision], seed: int) -> Review:
    """The whole game judged: every decision, the turning points and each seat's agreement."""
    judged = tuple(judge(game, d, seed) for d in choices)
    agreement = []
    for seat in range(seats):
        real = [j for j in judged if j.seat == seat and j.choices > 1]
        agreement.append(sum(1 for j in real if j.agrees) / len(real) if real else 1.0)
    turning = tuple(turning_points(judged, seat) for seat in range(seats))
    return Review(game, seats, judged, turning, tuple(agreement))


def recorded_game(
    game_name: str, levels: Sequence[str], seed: int
) -> tuple[Any, list[Any], list[tuple[int, str]]]:
    """A whole game between AI ``levels`` (one per seat) as the bot would store it: the engine,
    every state and the logged (seat, action) pairs (for tests and the benchmark)."""
    from bot.ai.arena import decide
    from bot.games import get_game

    game = get_game(game_name)
    state = game.new_game(len(levels), seed)
    states: list[Any] = [state]
    actions: list[tuple[int, str]] = []
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        action = decide(game_name, state, seat, levels[seat], seed * 100_003 + len(actions))
        state = game.apply(state, seat, action)
        states.append(state)
        actions.append((seat, action))
    return game, states, actions
