"""The Targi game state: plain data, cheap to copy, exact JSON round trip."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

CELLS = ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")
CELL_INDEX = {name: i for i, name in enumerate(CELLS)}


@dataclass(slots=True)
class Player:
    """One seat's tokens, cards and pieces."""

    res: list[int]  # dates, salt, pepper, gold, VP tokens
    display: list[list[str]]  # 3 rows of tribe card ids, left to right
    hand: str | None = None
    hand_round: int = 0  # round the hand card was taken
    stored: int = 0  # gold lying on "Well, stored gold"
    targi: list[int] = field(default_factory=list)  # border cards with an unused Targi
    markers: list[int] = field(default_factory=list)  # centre cells with an unused marker
    allowed: int = 3  # Targi this seat places this round
    placed: int = 0
    short_round: int = 0  # round in which this seat may place only 2 Targi
    got: list[bool] = field(default_factory=lambda: [False, False, False])  # goods from goods cards
    income_done: list[bool] = field(default_factory=lambda: [False, False, False])
    played_hand: bool = False  # used "play hand card without Noble" this round

    def copy(self) -> Player:
        return Player(
            self.res.copy(),
            [row.copy() for row in self.display],
            self.hand,
            self.hand_round,
            self.stored,
            self.targi.copy(),
            self.markers.copy(),
            self.allowed,
            self.placed,
            self.short_round,
            self.got.copy(),
            self.income_done.copy(),
            self.played_hand,
        )

    def display_count(self) -> int:
        return len(self.display[0]) + len(self.display[1]) + len(self.display[2])

    def displayed(self) -> list[str]:
        return [*self.display[0], *self.display[1], *self.display[2]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "res": self.res,
            "display": self.display,
            "hand": self.hand,
            "hand_round": self.hand_round,
            "stored": self.stored,
            "targi": self.targi,
            "markers": self.markers,
            "allowed": self.allowed,
            "placed": self.placed,
            "short_round": self.short_round,
            "got": self.got,
            "income_done": self.income_done,
            "played_hand": self.played_hand,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Player:
        return Player(
            res=[int(x) for x in data["res"]],
            display=[[str(c) for c in row] for row in data["display"]],
            hand=data["hand"],
            hand_round=int(data["hand_round"]),
            stored=int(data["stored"]),
            targi=[int(x) for x in data["targi"]],
            markers=[int(x) for x in data["markers"]],
            allowed=int(data["allowed"]),
            placed=int(data["placed"]),
            short_round=int(data["short_round"]),
            got=[bool(x) for x in data["got"]],
            income_done=[bool(x) for x in data["income_done"]],
            played_hand=bool(data["played_hand"]),
        )


@dataclass(slots=True)
class State:
    """A whole Targi position. ``apply`` never mutates a state it was given."""

    seed: int
    options: dict[str, Any]
    round: int
    robber: int  # border card number
    raids: int  # raids resolved so far
    start: int  # start player of this round
    phase: str  # "raid" | "place" | "act" | "limits" | "over"
    turn: int  # seat to decide, -1 when over
    players: list[Player]
    centre: list[str | None]  # 9 cells (A1 B1 C1 A2 ...), None = empty hole
    face_down: list[bool]
    tribe_deck: list[str]  # top first
    goods_deck: list[str]
    tribe_discard: list[str]
    goods_discard: list[str]
    shuffles: int = 0  # goods discard reshuffles so far (seeds the next one)
    pending: dict[str, Any] | None = None
    queue: list[int] = field(default_factory=list)  # seats still to pay a raid / meet limits
    ending: str = ""  # reason the game ends once the current limits step is done
    over: str = ""  # "" while running; "raid4" or "twelve_cards"
    last_action: list[Any] | None = None  # [seat, action]
    events: list[dict[str, Any]] = field(default_factory=list)
    legal_cache: list[str] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> State:
        return State(
            self.seed,
            self.options,
            self.round,
            self.robber,
            self.raids,
            self.start,
            self.phase,
            self.turn,
            [p.copy() for p in self.players],
            self.centre.copy(),
            self.face_down.copy(),
            self.tribe_deck.copy(),
            self.goods_deck.copy(),
            self.tribe_discard.copy(),
            self.goods_discard.copy(),
            self.shuffles,
            dict(self.pending) if self.pending is not None else None,
            self.queue.copy(),
            self.ending,
            self.over,
            self.last_action,
            [],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "targi",
            "seed": self.seed,
            "options": self.options,
            "round": self.round,
            "robber": self.robber,
            "raids": self.raids,
            "start": self.start,
            "phase": self.phase,
            "turn": self.turn,
            "players": [p.to_dict() for p in self.players],
            "centre": self.centre,
            "face_down": self.face_down,
            "tribe_deck": self.tribe_deck,
            "goods_deck": self.goods_deck,
            "tribe_discard": self.tribe_discard,
            "goods_discard": self.goods_discard,
            "shuffles": self.shuffles,
            "pending": self.pending,
            "queue": self.queue,
            "ending": self.ending,
            "over": self.over,
            "last_action": self.last_action,
            "events": self.events,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> State:
        return State(
            seed=int(data["seed"]),
            options=dict(data["options"]),
            round=int(data["round"]),
            robber=int(data["robber"]),
            raids=int(data["raids"]),
            start=int(data["start"]),
            phase=str(data["phase"]),
            turn=int(data["turn"]),
            players=[Player.from_dict(p) for p in data["players"]],
            centre=list(data["centre"]),
            face_down=[bool(x) for x in data["face_down"]],
            tribe_deck=list(data["tribe_deck"]),
            goods_deck=list(data["goods_deck"]),
            tribe_discard=list(data["tribe_discard"]),
            goods_discard=list(data["goods_discard"]),
            shuffles=int(data["shuffles"]),
            pending=data["pending"],
            queue=[int(x) for x in data["queue"]],
            ending=str(data["ending"]),
            over=str(data["over"]),
            last_action=data["last_action"],
            events=list(data["events"]),
        )


def to_json(state: State) -> str:
    """The full state (every secret included) as compact JSON."""
    return json.dumps(state.to_dict(), separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> State:
    """Inverse of :func:`to_json`."""
    return State.from_dict(json.loads(text))
