"""Take-away: a pile of counters and two secret hands of number cards.

On a turn a player plays one card from their hand (``take 2``) and takes that many counters
from the pile; a player with no card small enough says ``pass``. Whoever takes the last counter
wins; if the pile is never emptied (every hand spent or both players pass), the one holding
more counters wins. Standard library only, like every engine; it keeps the engine contract
(``bot/games/contract.py``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.games.common import GameOver, IllegalAction, InvalidNotation, NotYourTurn, Step

NAME = "takeaway"
ENGLISH_NAME = "Take-away"
SEAT_COUNTS = (2,)
OPTIONS: dict[str, Any] = {}
PILE = 12
HAND = 4
STATISTICS = ("taken",)


@dataclass(frozen=True)
class State:
    seats: int
    pile: int
    hands: tuple[tuple[int, ...], ...]
    taken: tuple[int, ...]
    turn: int = 0
    passes: int = 0
    last: tuple[int, str] | None = None
    events: tuple[dict[str, Any], ...] = field(default=())


def new_game(
    seats: int, seed: int, *, options: dict[str, Any] | None = None, setup: Any = None
) -> State:
    """A pile of 12 and four secret cards (1-3) per player, dealt from ``seed``."""
    if seats not in SEAT_COUNTS:
        raise ValueError(f"take-away is for {SEAT_COUNTS} players")
    if options:
        raise ValueError(f"take-away has no options: {sorted(options)}")
    rng = random.Random(seed)
    hands = tuple(tuple(sorted(rng.randint(1, 3) for _ in range(HAND))) for _ in range(seats))
    return State(seats, PILE, hands, (0,) * seats)


def is_over(state: State) -> bool:
    return state.pile == 0 or state.passes >= state.seats or not any(state.hands)


def to_act(state: State) -> tuple[int, ...]:
    return () if is_over(state) else (state.turn,)


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    takes = sorted({f"take {card}" for card in state.hands[seat] if card <= state.pile})
    return takes or ["pass"]


def apply(state: State, seat: int, action: str) -> State:
    """The state after ``seat`` plays ``action``."""
    words = action.split()
    if not words or words[0] not in ("take", "pass") or len(words) > 2:
        raise InvalidNotation(f"{action!r} is not take-away: say 'take <n>' or 'pass'", "notation")
    if is_over(state):
        raise GameOver("the game is over", "game_over")
    if seat not in to_act(state):
        raise NotYourTurn("it is not your turn", "not_your_turn")
    if action not in legal_actions(state, seat):
        raise IllegalAction(f"you cannot {action} now", "cannot", action=action)
    player = f"@{seat}"
    if words[0] == "pass":
        events: tuple[dict[str, Any], ...] = (
            {"key": "passes", "params": {"player": player}, "text": f"{player} passes"},
        )
        return replace(
            state,
            turn=(seat + 1) % state.seats,
            passes=state.passes + 1,
            last=(seat, action),
            events=events,
        )
    n = int(words[1])
    hand = list(state.hands[seat])
    hand.remove(n)
    hands = tuple(tuple(hand) if s == seat else h for s, h in enumerate(state.hands))
    taken = tuple(t + n if s == seat else t for s, t in enumerate(state.taken))
    text = f"{player} takes {n}"
    events = ({"key": "takes", "params": {"player": player, "n": n}, "text": text},)
    return replace(
        state,
        pile=state.pile - n,
        hands=hands,
        taken=taken,
        turn=(seat + 1) % state.seats,
        passes=0,
        last=(seat, action),
        events=events,
    )


def scores(state: State) -> list[int]:
    return list(state.taken)


def outcome(state: State) -> dict[str, Any]:
    """Whoever took the last counter first, then by counters taken."""
    last = state.last[0] if state.pile == 0 and state.last is not None else None
    order = sorted(range(state.seats), key=lambda s: (s != last, -state.taken[s]))
    ranking: list[list[int]] = []
    for seat in order:
        same = ranking and seat != last and ranking[-1][0] != last
        if same and state.taken[ranking[-1][0]] == state.taken[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return {"ranking": ranking}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees (None: everyone): the pile, the counts of every hand, one's own cards."""
    players = [
        {"seat": s, "cards": len(state.hands[s]), "taken": state.taken[s]}
        for s in range(state.seats)
    ]
    shown: dict[str, Any] = {
        "game": NAME,
        "viewer": seat,
        "pile": state.pile,
        "players": players,
        "to_act": list(to_act(state)),
        "game_over": is_over(state),
        "events": [dict(e) for e in state.events],
        "last_action": {"seat": state.last[0], "action": state.last[1]} if state.last else None,
    }
    if seat is not None:
        shown["hand"] = list(state.hands[seat])
    if is_over(state):
        shown["ranking"] = outcome(state)["ranking"]
    return shown


def statistics(start: State, steps: Sequence[Step]) -> list[dict[str, int]]:
    """Counters taken per seat."""
    final = steps[-1].after if steps else start
    return [{"taken": n} for n in final.taken]


def to_json(state: State) -> str:
    data = {
        "seats": state.seats,
        "pile": state.pile,
        "hands": state.hands,
        "taken": state.taken,
        "turn": state.turn,
        "passes": state.passes,
        "last": state.last,
        "events": state.events,
    }
    return json.dumps(data, sort_keys=True)


def from_json(text: str) -> State:
    data = json.loads(text)
    return State(
        seats=data["seats"],
        pile=data["pile"],
        hands=tuple(tuple(h) for h in data["hands"]),
        taken=tuple(data["taken"]),
        turn=data["turn"],
        passes=data["passes"],
        last=tuple(data["last"]) if data["last"] else None,  # type: ignore[arg-type]
        events=tuple(data["events"]),
    )


if TYPE_CHECKING:
    # mypy holds this module to the engine contract (a missing or mistyped member fails here).
    from bot.games import takeaway as _engine
    from bot.games.contract import KeepsStatistics

    _contract: KeepsStatistics = _engine
