"""The immutable game state of Tigris & Euphrates and its JSON form.

The board is a flat tuple of 176 cell codes (see ``EMPTY`` .. ``LEADER``); leaders are also
listed per seat for quick lookup. Everything is tuples and ints so that states compare, hash
and copy cheaply; ``apply`` builds a new state from a mutable working copy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.games.tigris.board import SIZE

EMPTY = 0
# 1..4: a face-up tile of colour 0..3 (red, blue, green, black): code = colour + 1
FACE_DOWN = 5  # a tile flipped under a monument
CATASTROPHE = 6
LEADER = 8  # leader code = LEADER + seat * 4 + colour
NO_SQUARE = -1

#: A public consequence of an action: kind, English text, seats it concerns, and the key and
#: parameters (name, value pairs) the presenters translate it from ("" for events stored before
#: events had keys).
Event = tuple[str, str, tuple[int, ...], str, tuple[tuple[str, Any], ...]]


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for, other than an ordinary action of the active player.

    ``kind`` is "support", "war_order", "monument" or "treasure"; ``seat`` decides.
    ``options`` holds the war colours, the monument squares or the treasure squares on offer.
    """

    kind: str
    seat: int
    square: int = NO_SQUARE
    conflict: str = ""
    colour: int = -1
    attacker: int = -1
    defender: int = -1
    attacker_base: int = 0
    defender_base: int = 0
    attacker_committed: int = -1
    options: tuple[int, ...] = ()
    count: int = 0


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game, between two decisions."""

    seats: int
    open_scoring: bool
    english_support: bool
    bag: tuple[int, ...]  # the whole draw order; ``drawn`` tiles have left it
    drawn: int
    cells: tuple[int, ...]
    leaders: tuple[tuple[int, int, int, int], ...]  # per seat, square per colour or NO_SQUARE
    treasures: tuple[int, ...]  # squares still carrying a treasure, sorted
    monuments: tuple[tuple[int, int, int], ...]  # (top-left, monument index, tile colour), sorted
    declined: tuple[int, ...]  # top-left squares where a monument was declined
    hands: tuple[tuple[int, int, int, int], ...]  # per seat, tiles held per colour
    score: tuple[tuple[int, int, int, int], ...]  # per seat, VP per colour
    treasures_held: tuple[int, ...]
    catastrophes: tuple[int, ...]
    removed: int  # tiles that left the game (swaps, support, wars, catastrophes)
    first: int
    active: int
    actions_left: int
    turn_number: int
    placed: int  # square of the tile placed by the action being resolved
    unification: int  # square of the unification marker during a war phase
    pending: Pending | None
    over: bool
    last_action: tuple[int, str] | None
    events: tuple[Event, ...]
    cache: dict[Any, Any] = field(
        default_factory=dict, init=False, compare=False, repr=False, hash=False
    )

    @property
    def bag_size(self) -> int:
        """Tiles still in the bag."""
        return len(self.bag) - self.drawn


def to_json(state: State) -> str:
    """The whole state (every secret included) as JSON."""
    data: dict[str, Any] = {"game": "tigris"}
    for name in State.__dataclass_fields__:
        if name == "cache":
            continue
        value = getattr(state, name)
        if name == "pending" and value is not None:
            value = {key: getattr(value, key) for key in Pending.__dataclass_fields__}
        data[name] = value
    return json.dumps(data, separators=(",", ":"))


def _event(data: list[Any]) -> Event:
    """An event as :func:`to_json` wrote it; one written before events had keys gets an empty
    key (it is shown by its English text)."""
    kind, text, seats = data[0], data[1], tuple(data[2])
    key = str(data[3]) if len(data) > 3 else ""
    params = tuple((str(name), value) for name, value in data[4]) if len(data) > 4 else ()
    return (kind, text, seats, key, params)


def from_json(text: str) -> State:
    """The state written by :func:`to_json`."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("game") != "tigris":
        raise ValueError("not a Tigris & Euphrates state")
    pending = data["pending"]
    if pending is not None:
        pending = Pending(**{**pending, "options": tuple(pending["options"])})
    last = data["last_action"]
    return State(
        seats=data["seats"],
        open_scoring=data["open_scoring"],
        english_support=data["english_support"],
        bag=tuple(data["bag"]),
        drawn=data["drawn"],
        cells=tuple(data["cells"]),
        leaders=tuple((a, b, c, d) for a, b, c, d in data["leaders"]),
        treasures=tuple(data["treasures"]),
        monuments=tuple((a, b, c) for a, b, c in data["monuments"]),
        declined=tuple(data["declined"]),
        hands=tuple((a, b, c, d) for a, b, c, d in data["hands"]),
        score=tuple((a, b, c, d) for a, b, c, d in data["score"]),
        treasures_held=tuple(data["treasures_held"]),
        catastrophes=tuple(data["catastrophes"]),
        removed=data["removed"],
        first=data["first"],
        active=data["active"],
        actions_left=data["actions_left"],
        turn_number=data["turn_number"],
        placed=data["placed"],
        unification=data["unification"],
        pending=pending,
        over=data["over"],
        last_action=None if last is None else (last[0], last[1]),
        events=tuple(_event(e) for e in data["events"]),
    )


assert SIZE == 176
