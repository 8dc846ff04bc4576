"""The post-game review: each seat's decisions judged from that seat's own view, as the AI would.

A finished game is a list of :class:`Decision`: one seat's view, its legal actions and the action
it played, exactly what the seat saw then (:func:`decisions` builds them from the replayed states
through the title's per-seat view; nothing else of a state reaches the judge). At each decision
the title's own judge (the module its entry names in ``Title.ai.review``, e.g.
``bot/ai/review_<game>.py``) samples the hidden information (bag, other hands, decks) from the
view like the AI samples it, plays the played action and the AI's candidates out on every sample
and gives each an estimated chance to win (its ``chances(decision, seed)``), with the evaluation
term explaining why one action beats another. A title without a judge has no review and no hints.

The action with the best chance is the AI's preferred one. A seat's *turning points* are the
decisions where it lost clearly against it: at least :data:`MARGIN` of chance, and again when the
judge looks at the two moves once more on fresh samples (its ``confirm(decision, seed, actions)``).
A judge may name the preferred move of such a candidate by a deeper search from the same view (its
optional ``prefer(decision, seed)``: T&E asks `strong`); where that search plays the move played,
the candidate is no turning point;
each is explained by the one evaluation term that differs most between the two moves
(:class:`Term`, worded by :mod:`bot.review`). A seat that never lost that much has none.
Standard library only; deterministic for a seed.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from bot import titles

__all__ = [
    "Decision",
    "Explain",
    "Hint",
    "Judged",
    "Review",
    "Term",
    "decisions",
    "hint",
    "judge",
    "judge_of",
    "mean",
    "recorded_game",
    "review",
    "reviewable",
    "rng",
]

#: Turning points per seat: at most this many, each a loss of at least ``MARGIN`` chance at the
#: first look and again when confirmed; the ``CANDIDATES`` largest losses are confirmed.
MAX_TURNING = 5
MARGIN = 0.05
CANDIDATES = 6
#: A move losing less than this against the AI's counts as agreeing with it.
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
    """Why the preferred move is better, in one evaluation term: ``kind`` (one of the title's
    own terms, or ``position``: the whole position) and its numbers and names (``n``, ``seat``,
    and the title's own)."""

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


def rng(game: str, seed: int, index: int) -> random.Random:
    """The sampling luck of decision ``index`` of a review of ``game`` (fixed for the seed)."""
    return random.Random(f"review/{game}/{seed}/{index}")


def mean(values: Sequence[float]) -> float:
    """The mean of ``values`` (0 for none)."""
    return sum(values) / len(values) if values else 0.0


#: ``explain(worse, better)``: the term explaining why action ``better`` beats ``worse``.
Explain = Callable[[str, str], Term]


def judge_of(game: str) -> Any | None:
    """The title's judge (the module its ``Title.ai.review`` names), or None: no review."""
    entry = titles.title(game)
    if entry is None or entry.ai.review is None:
        return None
    return importlib.import_module(entry.ai.review)


def reviewable(game: str) -> bool:
    """Whether ``game`` has a review and hints (its title names a judge)."""
    entry = titles.title(game)
    return entry is not None and entry.ai.review is not None


def _chances(game: str, decision: Decision, seed: int) -> tuple[dict[str, float], Explain]:
    """The chance to win after each action the title's judge plays out, and its explanation."""
    module = judge_of(game)
    if module is None:
        raise ValueError(f"no review for the game {game!r}")
    chances: Callable[[Decision, int], tuple[dict[str, float], Explain]] = module.chances
    return chances(decision, seed)


# --------------------------------------------------------------------------- the review


def judge(game: str, decision: Decision, seed: int) -> Judged:
    """One decision judged from the seat's own view (deterministic for ``seed``)."""
    if len(decision.legal) < 2:
        # A forced move: nothing to judge, no sampling needed.
        return Judged(
            decision.index, decision.seat, decision.played, decision.played, 0.0, 0.0, 1, None
        )
    chance, explain = _chances(game, decision, seed)
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
    chance, explain = _chances(game, decision, seed)
    ranked = sorted(chance, key=lambda a: (-chance[a], a))
    best, second = ranked[0], ranked[1] if len(ranked) > 1 else None
    term = explain(second, best) if second is not None else None
    return Hint(best, chance[best], second, term)


def _deeper(game: str, decision: Decision, judged: Judged, seed: int) -> Judged | None:
    """The judgement with the move the title's deeper search prefers (its optional
    ``prefer(decision, seed)``, from the seat's own view), or None when that search plays the
    move played: a candidate turning point only, so the cost stays bounded. A title without
    ``prefer`` keeps its first look's preferred move."""
    module = judge_of(game)
    prefer: Callable[[Decision, int], str] | None = getattr(module, "prefer", None)
    if prefer is None:
        return judged
    better = prefer(decision, seed)
    if better == decision.played:
        return None
    if better == judged.preferred:
        return judged
    chance, explain = _chances(game, decision, seed)
    return replace(
        judged,
        preferred=better,
        chance_preferred=chance.get(better, judged.chance_preferred),
        term=explain(decision.played, better),
    )


def _confirmed(game: str, decision: Decision, judged: Judged, seed: int) -> Judged | None:
    """The judgement with the chances the judge gives the two moves on fresh samples, or None
    when the preferred move no longer wins by :data:`MARGIN`."""
    module = judge_of(game)
    if module is None:
        raise ValueError(f"no review for the game {game!r}")
    confirm: Callable[[Decision, int, list[str]], dict[str, float]] = module.confirm
    again = confirm(decision, seed, [judged.played, judged.preferred])
    played, preferred = again[judged.played], again[judged.preferred]
    if preferred - played < MARGIN:
        return None
    return replace(judged, chance_played=played, chance_preferred=preferred)


def turning_points(
    game: str, choices: Sequence[Decision], judged: list[Judged], seat: int, seed: int
) -> tuple[int, ...]:
    """The seat's turning points (indices into ``judged``, largest drop first): of its
    :data:`CANDIDATES` largest losses of at least :data:`MARGIN`, up to :data:`MAX_TURNING`
    where the title's deeper search (if it has one) prefers another move and the judge confirms
    the loss against it; each kept judgement in ``judged`` takes that move and the confirmed
    chances."""
    mine = [
        i
        for i, j in enumerate(judged)
        if j.seat == seat and j.preferred != j.played and j.drop >= MARGIN
    ]
    mine.sort(key=lambda i: (-judged[i].drop, judged[i].index))
    kept = []
    for i in mine[:CANDIDATES]:
        deeper = _deeper(game, choices[i], judged[i], seed)
        again = None if deeper is None else _confirmed(game, choices[i], deeper, seed)
        if again is not None:
            judged[i] = again
            kept.append(i)
    kept.sort(key=lambda i: (-judged[i].drop, judged[i].index))
    return tuple(kept[:MAX_TURNING])


def review(game: str, seats: int, choices: Sequence[Decision], seed: int) -> Review:
    """The whole game judged: every decision, the turning points and each seat's agreement."""
    judged = [judge(game, d, seed) for d in choices]
    agreement = []
    for seat in range(seats):
        real = [j for j in judged if j.seat == seat and j.choices > 1]
        agreement.append(sum(1 for j in real if j.agrees) / len(real) if real else 1.0)
    turning = tuple(turning_points(game, choices, judged, seat, seed) for seat in range(seats))
    return Review(game, seats, tuple(judged), turning, tuple(agreement))


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
