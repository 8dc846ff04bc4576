"""A tiny complete game behind the engine contract, for service tests that need an engine.

*Blind bids*: each seat holds secret number cards dealt from a seeded deck. Every round all seats
bid a card at once (simultaneous decisions); the highest bid scores a point and its owner then
decides alone whether to ``draw`` a card from the hidden deck or ``pass``. Hands, undisclosed bids
and the deck order are secret. It exercises what T&E and Targi need from the service (hidden
hands, off-turn decisions, several seats to act) while the real engines are being written.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from bot.games.common import GameOver, IllegalAction, InvalidNotation, NotYourTurn

NAME = "blind_bids"
ENGLISH_NAME = "Blind bids"
SEAT_COUNTS = (2, 3)
OPTIONS: dict[str, Any] = {"rounds": 3, "open_hands": False}


@dataclass(frozen=True)
class State:
    seats: int
    rounds: int
    open_hands: bool
    round: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    bids: tuple[int | None, ...]
    points: tuple[int, ...]
    chooser: int | None
    revealed: tuple[int, ...]


def new_game(
    seats: int, seed: int, *, options: dict[str, Any] | None = None, setup: Any = None
) -> State:
    opts = {**OPTIONS, **(options or {})}
    rounds = opts["rounds"]
    if seats not in SEAT_COUNTS:
        raise ValueError(f"Blind bids is played by 2 or 3 players, not {seats}.")
    if not isinstance(rounds, int) or not 1 <= rounds <= 5:
        raise ValueError("The number of rounds must be 1 to 5.")
    deck = list(range(1, 6 * seats + 1))
    random.Random(seed).shuffle(deck)
    if setup is not None:
        hands = tuple(tuple(sorted(h)) for h in setup["hands"])
        rest = [c for c in deck if all(c not in h for h in hands)]
    else:
        hands = tuple(
            tuple(sorted(deck[i * (rounds + 1) : (i + 1) * (rounds + 1)])) for i in range(seats)
        )
        rest = deck[seats * (rounds + 1) :]
    return State(
        seats,
        rounds,
        bool(opts["open_hands"]),
        1,
        hands,
        tuple(rest),
        (None,) * seats,
        (0,) * seats,
        None,
        (),
    )


def is_over(state: State) -> bool:
    return state.round > state.rounds


def to_act(state: State) -> tuple[int, ...]:
    if is_over(state):
        return ()
    if state.chooser is not None:
        return (state.chooser,)
    return tuple(s for s in range(state.seats) if state.bids[s] is None)


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    if state.chooser is not None:
        return ["draw", "pass"] if state.deck else ["pass"]
    return sorted({f"bid {card}" for card in state.hands[seat]})


def apply(state: State, seat: int, action: str) -> State:
    words = action.split()
    if (
        not words
        or words[0] not in ("bid", "draw", "pass")
        or (words[0] == "bid" and (len(words) != 2 or not words[1].isdigit()))
        or (words[0] != "bid" and len(words) != 1)
    ):
        raise InvalidNotation("Write 'bid N', 'draw' or 'pass'.")
    if is_over(state):
        raise GameOver("The game is over.")
    if seat not in to_act(state):
        raise NotYourTurn("It is not your decision.")
    if state.chooser is not None:
        if words[0] == "bid":
            raise IllegalAction("Choose 'draw' or 'pass' first.")
        if words[0] == "draw":
            if not state.deck:
                raise IllegalAction("The deck is empty.")
            hands = list(state.hands)
            hands[seat] = tuple(sorted((*hands[seat], state.deck[0])))
            state = replace(state, hands=tuple(hands), deck=state.deck[1:])
        return replace(state, chooser=None, round=state.round + 1)
    if words[0] != "bid":
        raise IllegalAction("Bid a card first.")
    card = int(words[1])
    if card not in state.hands[seat]:
        raise IllegalAction("You hold no such card.")
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    bids = list(state.bids)
    bids[seat] = card
    state = replace(state, hands=tuple(hands), bids=tuple(bids))
    if any(b is None for b in bids):
        return state
    placed = [b for b in bids if b is not None]
    winner = max(range(state.seats), key=lambda s: (placed[s], -s))
    points = list(state.points)
    points[winner] += 1
    return replace(
        state,
        bids=(None,) * state.seats,
        points=tuple(points),
        chooser=winner,
        revealed=tuple(placed),
    )


def scores(state: State) -> list[int]:
    return list(state.points)


def outcome(state: State) -> dict[str, Any]:
    values = sorted(set(state.points), reverse=True)
    return {"ranking": [[s for s in range(state.seats) if state.points[s] == v] for v in values]}


def view(state: State, seat: int | None) -> dict[str, Any]:
    over = is_over(state)
    out: dict[str, Any] = {
        "game": NAME,
        "seats": state.seats,
        "viewer": seat,
        "round": state.round,
        "to_act": list(to_act(state)),
        "points": list(state.points),
        "has_bid": [b is not None for b in state.bids],
        "revealed": list(state.revealed),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "game_over": over,
    }
    if state.open_hands or over:
        out["hands"] = [list(h) for h in state.hands]
    if seat is not None:
        out["hand"] = list(state.hands[seat])
        out["my_bid"] = state.bids[seat]
    return out


def to_json(state: State) -> str:
    data = {k: v for k, v in state.__dict__.items()}
    return json.dumps(data, sort_keys=True)


def from_json(text: str) -> State:
    d = json.loads(text)
    return State(
        d["seats"],
        d["rounds"],
        d["open_hands"],
        d["round"],
        tuple(tuple(h) for h in d["hands"]),
        tuple(d["deck"]),
        tuple(d["bids"]),
        tuple(d["points"]),
        d["chooser"],
        tuple(d["revealed"]),
    )
