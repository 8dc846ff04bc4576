"""The rules of Tigris & Euphrates: kingdoms, actions, conflicts, monuments, treasures, turns.

``apply`` copies the state into a :class:`_Work` (lists), changes it and freezes it again, so a
state handed out is never modified. Regions are labelled by a flood fill over the 176 squares;
the labelling of a state is cached on it, and ``apply`` passes the labelling it computed last on
to the state it returns.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from bot.games.common import GameOver, IllegalAction, InvalidNotation, NotYourTurn, typed
from bot.games.text import plural
from bot.games.tigris.board import (
    BLACK,
    BLOCK,
    BLOCKS_OF,
    COLOUR_ALIASES,
    COLOURS,
    CORNERS,
    GREEN,
    IS_RIVER,
    LABEL_ORDER,
    LABELS,
    LAND_SQUARES,
    LEADER_NAMES,
    NEIGHBOURS,
    RED,
    RIVER_SQUARES,
    SIZE,
    START_TEMPLES,
    TILE_NAMES,
    parse_square,
)
from bot.games.tigris.state import (
    CATASTROPHE,
    EMPTY,
    FACE_DOWN,
    LEADER,
    NO_SQUARE,
    Event,
    Pending,
    State,
)

NAME = "tigris"
ENGLISH_NAME = "Tigris & Euphrates"
SEAT_COUNTS = (2, 3, 4)
OPTIONS: dict[str, Any] = {"open_scoring": False, "english_support": False}

HAND_SIZE = 6
BAG_COMPOSITION = (47, 36, 30, 30)  # red, blue, green, black after the 10 starting temples
TOTAL_TILES = 153
# The six monuments, each a pair of colours in colour order.
MONUMENTS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
ALPHA_COLOURS = tuple(sorted(range(4), key=lambda c: COLOURS[c]))  # black, blue, green, red
READING = tuple(range(SIZE))
LABEL_RANK = {sq: rank for rank, sq in enumerate(LABEL_ORDER)}

TILE_ACTION = tuple(
    tuple(f"tile {COLOURS[c]} {LABELS[sq]}" for sq in range(SIZE)) for c in range(4)
)
LEADER_ACTION = tuple(
    tuple(f"leader {COLOURS[c]} {LABELS[sq]}" for sq in range(SIZE)) for c in range(4)
)
CATASTROPHE_ACTION = tuple(f"catastrophe {LABELS[sq]}" for sq in range(SIZE))
UNIT_NAMES = ("temple", "farm", "market", "settlement")

# Steps of resolving an action, in order.
WARS, MONUMENT, TREASURE = range(3)


# --------------------------------------------------------------------------------------------
# Regions and kingdoms


@dataclass(slots=True)
class Regions:
    """A labelling of the occupied squares into regions.

    ``rid[sq]`` is the region of a square (-1 when empty, a catastrophe or the wall);
    ``members[r]`` its squares; ``leaders[r]`` the squares of its leaders (a kingdom if any).
    """

    rid: list[int]
    members: list[list[int]]
    leaders: list[list[int]]


def label_regions(cells: tuple[int, ...] | list[int], wall: int = NO_SQUARE) -> Regions:
    """Flood-fill the board into regions; ``wall`` (the unification square) joins nothing."""
    rid = [-1] * SIZE
    if wall >= 0:
        rid[wall] = -2
    members_of: list[list[int]] = []
    leaders_of: list[list[int]] = []
    neighbours = NEIGHBOURS
    for start in READING:
        if rid[start] != -1:
            continue
        code = cells[start]
        if code in (EMPTY, CATASTROPHE):
            continue
        region = len(members_of)
        rid[start] = region
        members = [start]
        leaders = []
        index = 0
        while index < len(members):
            sq = members[index]
            index += 1
            if cells[sq] >= LEADER:
                leaders.append(sq)
            for n in neighbours[sq]:
                if rid[n] == -1:
                    c = cells[n]
                    if c != EMPTY and c != CATASTROPHE:
                        rid[n] = region
                        members.append(n)
        members_of.append(members)
        leaders_of.append(leaders)
    if wall >= 0:
        rid[wall] = -1
    return Regions(rid, members_of, leaders_of)


def regions(state: State, wall: int = NO_SQUARE) -> Regions:
    """The (cached) region labelling of a state."""
    key = ("regions", wall)
    found: Regions | None = state.cache.get(key)
    if found is None:
        found = state.cache[key] = label_regions(state.cells, wall)
    return found


def _kingdoms_touching(reg: Regions, square: int) -> list[int]:
    """The distinct kingdoms (regions with a leader) orthogonally next to ``square``."""
    out: list[int] = []
    rid = reg.rid
    leaders = reg.leaders
    for n in NEIGHBOURS[square]:
        r = rid[n]
        if r >= 0 and leaders[r] and r not in out:
            out.append(r)
    return out


def _touches_temple(cells: tuple[int, ...] | list[int], square: int) -> bool:
    return any(cells[n] == 1 + RED for n in NEIGHBOURS[square])


def _leader_seat_colour(code: int) -> tuple[int, int]:
    return divmod(code - LEADER, 4)


# --------------------------------------------------------------------------------------------
# Game set-up


def new_game(
    seats: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
) -> State:
    """A new game: temples and treasures on the ten starting squares, 6 tiles dealt per seat.

    ``setup={"bag": [...], "first": 0}`` stacks the game: the listed tiles are drawn first (the
    first 6 to seat 0, the next 6 to seat 1, ...); the rest of the bag follows in seeded order.
    """
    if seats not in SEAT_COUNTS:
        raise ValueError(f"Tigris & Euphrates is for 2 to 4 players, not {seats}")
    chosen = dict(OPTIONS)
    for key, value in (options or {}).items():
        if key not in OPTIONS:
            raise ValueError(f"unknown table option {key!r} (known: {', '.join(OPTIONS)})")
        if not isinstance(value, bool):
            raise ValueError(f"table option {key!r} is on or off (true/false)")
        chosen[key] = value
    setup = dict(setup or {})
    unknown = set(setup) - {"bag", "first"}
    if unknown:
        raise ValueError(f"unknown setup keys: {', '.join(sorted(unknown))}")
    rng = random.Random(seed)
    stacked: list[int] = []
    for name in setup.get("bag", []):
        colour = COLOUR_ALIASES.get(str(name).lower())
        if colour is None:
            raise ValueError(f"setup bag: {name!r} is not a tile colour")
        stacked.append(colour)
    rest: list[int] = []
    for colour, count in enumerate(BAG_COMPOSITION):
        left = count - stacked.count(colour)
        if left < 0:
            raise ValueError(f"setup bag: more than {count} {COLOURS[colour]} tiles")
        rest.extend([colour] * left)
    rng.shuffle(rest)
    bag = tuple(stacked + rest)
    first = setup.get("first")
    if first is None:
        first = rng.randrange(seats)
    if not isinstance(first, int) or not 0 <= first < seats:
        raise ValueError(f"setup first: a seat from 0 to {seats - 1}")
    hands = []
    for seat in range(seats):
        hand = [0, 0, 0, 0]
        for colour in bag[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]:
            hand[colour] += 1
        hands.append((hand[0], hand[1], hand[2], hand[3]))
    cells = [EMPTY] * SIZE
    for sq in START_TEMPLES:
        cells[sq] = 1 + RED
    return State(
        seats=seats,
        open_scoring=bool(chosen["open_scoring"]),
        english_support=bool(chosen["english_support"]),
        bag=bag,
        drawn=seats * HAND_SIZE,
        cells=tuple(cells),
        leaders=tuple((NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE) for _ in range(seats)),
        treasures=tuple(sorted(START_TEMPLES)),
        monuments=(),
        declined=(),
        hands=tuple(hands),
        score=tuple((0, 0, 0, 0) for _ in range(seats)),
        treasures_held=(0,) * seats,
        catastrophes=(2,) * seats,
        removed=0,
        first=first,
        active=first,
        actions_left=2,
        turn_number=1,
        placed=NO_SQUARE,
        unification=NO_SQUARE,
        pending=None,
        over=False,
        last_action=None,
        events=(),
    )


# --------------------------------------------------------------------------------------------
# Who acts and what they may do


def to_act(state: State) -> tuple[int, ...]:
    """The seats that must decide now (one at a time in this game); empty once it is over."""
    if state.over:
        return ()
    pending = state.pending
    if pending is None:
        return (state.active,)
    return (pending.seat,)


def legal_actions(state: State, seat: int) -> list[str]:
    """Every legal action of ``seat`` in canonical notation, sorted; empty if not to act."""
    if state.over or seat not in to_act(state):
        return []
    pending = state.pending
    if pending is None:
        return _turn_actions(state, seat)
    if pending.kind == "support":
        return sorted(f"support {n}" for n in _support_amounts(state, pending))
    if pending.kind == "war_order":
        return sorted(f"war {COLOURS[c]}" for c in pending.options)
    if pending.kind == "monument":
        out = ["monument none"]
        for tl in pending.options:
            for pair in _monuments_left(state.monuments):
                if pending.colour in pair:
                    out.append(f"monument {LABELS[tl]} {COLOURS[pair[0]]}-{COLOURS[pair[1]]}")
        return sorted(out)
    return sorted(f"treasure {LABELS[sq]}" for sq in pending.options)


def _turn_actions(state: State, seat: int) -> list[str]:
    out: list[str] = []
    hand = state.hands[seat]
    cells = state.cells
    treasures = state.treasures
    if state.catastrophes[seat] > 0:
        out.extend(
            CATASTROPHE_ACTION[sq]
            for sq in LABEL_ORDER
            if cells[sq] == EMPTY or (cells[sq] < FACE_DOWN and sq not in treasures)
        )
    out.extend(_leader_actions(state, seat))
    out.append("pass")
    out.extend(_swap_actions(hand))
    land, river = _tile_squares(state)
    for colour in ALPHA_COLOURS:
        if hand[colour]:
            table = TILE_ACTION[colour]
            out.extend(table[sq] for sq in (river if colour == 1 else land))
    leaders = state.leaders[seat]
    out.extend(f"withdraw {COLOURS[c]}" for c in ALPHA_COLOURS if leaders[c] >= 0)
    return out


@functools.lru_cache(maxsize=512)
def _swap_actions(hand: tuple[int, int, int, int]) -> tuple[str, ...]:
    """Every swap of 1 to 6 tiles from this hand, sorted (at most 63 for a hand of 6)."""
    out = []
    r, b, g, k = hand
    for nr in range(r + 1):
        for nb in range(b + 1):
            for ng in range(g + 1):
                for nk in range(k + 1):
                    if nr + nb + ng + nk:
                        words = ["red"] * nr + ["blue"] * nb + ["green"] * ng + ["black"] * nk
                        out.append("swap " + " ".join(words))
    return tuple(sorted(out))


def _tile_squares(state: State) -> tuple[list[int], list[int]]:
    """Empty land and river squares (label order) where a tile touches at most two kingdoms."""
    found = state.cache.get("tile_squares")
    if found is not None:
        return found  # type: ignore[no-any-return]
    kid = _kingdom_ids(state)
    cells = state.cells
    land: list[int] = []
    river: list[int] = []
    for group, out in ((LAND_SQUARES, land), (RIVER_SQUARES, river)):
        for sq in group:
            if cells[sq] != EMPTY:
                continue
            first = second = -1
            ok = True
            for n in NEIGHBOURS[sq]:
                k = kid[n]
                if k >= 0 and k != first and k != second:
                    if first < 0:
                        first = k
                    elif second < 0:
                        second = k
                    else:
                        ok = False
                        break
            if ok:
                out.append(sq)
    state.cache["tile_squares"] = (land, river)
    return land, river


def _leader_targets(state: State) -> list[int]:
    """Empty land squares (label order) next to a face-up temple."""
    found: list[int] | None = state.cache.get("leader_targets")
    if found is None:
        cells = state.cells
        marked = set()
        for sq in READING:
            if cells[sq] == 1 + RED:
                for n in NEIGHBOURS[sq]:
                    if cells[n] == EMPTY and not IS_RIVER[n]:
                        marked.add(n)
        found = sorted(marked, key=LABEL_RANK.__getitem__)
        state.cache["leader_targets"] = found
    return found


def _kingdom_ids(state: State) -> list[int]:
    """Per square: its kingdom's region number, or -1 (empty, catastrophe, leaderless)."""
    found: list[int] | None = state.cache.get("kingdom_ids")
    if found is None:
        reg = regions(state)
        kingdom = [bool(ls) for ls in reg.leaders]
        found = [r if r >= 0 and kingdom[r] else -1 for r in reg.rid]
        state.cache["kingdom_ids"] = found
    return found


def _kingdom_ids_without(state: State, where: int) -> list[int]:
    """Kingdom numbers as if the leader on ``where`` were lifted: only its region changes."""
    key = ("without", where)
    found: list[int] | None = state.cache.get(key)
    if found is not None:
        return found
    reg = regions(state)
    region = reg.rid[where]
    found = list(_kingdom_ids(state))
    for sq in reg.members[region]:
        found[sq] = -1
    cells = state.cells
    rid = reg.rid
    next_id = len(reg.members)
    for start in NEIGHBOURS[where]:
        if rid[start] != region or found[start] != -1:
            continue
        part = [start]
        seen = {start, where}
        has_leader = False
        for sq in part:
            if cells[sq] >= LEADER:
                has_leader = True
            for n in NEIGHBOURS[sq]:
                if n not in seen and rid[n] == region:
                    seen.add(n)
                    part.append(n)
        if has_leader:
            for sq in part:
                found[sq] = next_id
            next_id += 1
        else:
            for sq in part:
                found[sq] = -2  # leaderless: not a kingdom, but visited
    for sq in reg.members[region]:
        if found[sq] == -2:
            found[sq] = -1
    state.cache[key] = found
    return found


def _leader_actions(state: State, seat: int) -> list[str]:
    targets = _leader_targets(state)
    if not targets:
        return []
    out: list[str] = []
    for colour in ALPHA_COLOURS:
        table = LEADER_ACTION[colour]
        out.extend(table[t] for t in _leader_squares(state, seat, colour, targets))
    return out


def _leader_squares(state: State, seat: int, colour: int, targets: list[int]) -> list[int]:
    """The targets where this leader may be placed (or moved: judged without it)."""
    where = state.leaders[seat][colour]
    kid = _kingdom_ids(state) if where < 0 else _kingdom_ids_without(state, where)
    out = []
    for t in targets:
        first = -1
        for n in NEIGHBOURS[t]:
            k = kid[n]
            if k >= 0 and k != first:
                if first >= 0:
                    break
                first = k
        else:
            out.append(t)
    return out


def _support_amounts(state: State, pending: Pending) -> list[int]:
    """How many tiles the deciding side may commit (0 is always allowed)."""
    colour = RED if pending.conflict == "revolt" else pending.colour
    held = state.hands[pending.seat][colour]
    if not state.english_support:
        return list(range(held + 1))
    if pending.attacker_committed < 0:
        # English variant: the attacker commits only to go strictly ahead.
        need = max(pending.defender_base - pending.attacker_base + 1, 1)
        return [0, *range(need, held + 1)]
    # The defender commits only exactly enough to tie.
    gap = pending.attacker_base + pending.attacker_committed - pending.defender_base
    return [0, gap] if 0 < gap <= held else [0]


def _monuments_left(built: tuple[tuple[int, int, int], ...]) -> list[tuple[int, int]]:
    taken = {index for _, index, _ in built}
    return [pair for index, pair in enumerate(MONUMENTS) if index not in taken]


# --------------------------------------------------------------------------------------------
# Notation


def _colour(word: str) -> int:
    colour = COLOUR_ALIASES.get(word)
    if colour is None:
        raise InvalidNotation(
            f"`{typed(word)}` is not a colour: use red, blue, green or black "
            "(or temple/priest, farm/farmer, market/trader, settlement/king)",
            key="bad_colour",
            word=typed(word),
        )
    return colour


def _square(word: str) -> int:
    sq = parse_square(word)
    if sq is None:
        raise InvalidNotation(
            f"`{typed(word.upper())}` is not a square: columns A to P, rows 1 to 11 (e.g. F3)",
            key="bad_square",
            word=typed(word.upper()),
        )
    return sq


GRAMMAR = (
    "actions: `leader <colour> <square>`, `withdraw <colour>`, `tile <colour> <square>`, "
    "`catastrophe <square>`, `swap <colour>...`, `pass`, `support <n>`, `war <colour>`, "
    "`monument <square> <colour>-<colour>`, `monument none`, `treasure <square>`"
)


def parse(text: str) -> tuple[Any, ...]:
    """Read an action: ``("tile", colour, square)``, ``("pass",)``, ... Raises InvalidNotation."""
    words = text.lower().split()
    if not words or len(text) > 200:
        raise InvalidNotation(f"say what to do; {GRAMMAR}", key="say_what")
    verb, args = words[0], words[1:]

    def arity(*counts: int) -> None:
        if counts == (0,) and args:
            raise InvalidNotation(
                f"`{typed(verb)}` takes nothing after it.", key="no_args", verb=typed(verb)
            )
        if len(args) not in counts:
            words = " or ".join(map(str, counts))
            raise InvalidNotation(
                f"`{typed(verb)}` takes {words} words",
                key="arity",
                verb=typed(verb),
                counts=list(counts),
            )

    if verb == "pass":
        arity(0)
        return ("pass",)
    if verb in ("leader", "tile"):
        arity(2)
        return (verb, _colour(args[0]), _square(args[1]))
    if verb == "withdraw":
        arity(1)
        return ("withdraw", _colour(args[0]))
    if verb == "catastrophe":
        arity(1)
        return ("catastrophe", _square(args[0]))
    if verb == "swap":
        if not 1 <= len(args) <= HAND_SIZE:
            raise InvalidNotation(
                "swap names 1 to 6 tiles, e.g. `swap red red blue`", key="swap_count"
            )
        return ("swap", tuple(sorted(_colour(w) for w in args)))
    if verb == "support":
        arity(1)
        if not (args[0].isascii() and args[0].isdigit()) or len(args[0]) > 2:
            raise InvalidNotation(
                "support takes a number of tiles, e.g. `support 2`", key="support_number"
            )
        return ("support", int(args[0]))
    if verb == "war":
        arity(1)
        return ("war", _colour(args[0]))
    if verb == "monument":
        arity(1, 2)
        if len(args) == 1:
            if args[0] != "none":
                raise InvalidNotation(
                    "say `monument <square> <colour>-<colour>` or `monument none`",
                    key="monument_words",
                )
            return ("monument", NO_SQUARE, ())
        pair = args[1].split("-")
        if len(pair) != 2:
            raise InvalidNotation(
                "name the monument by its two colours, e.g. `red-blue`", key="monument_pair"
            )
        a, b = sorted(_colour(w) for w in pair)
        if a == b:
            raise InvalidNotation("a monument has two different colours", key="monument_same")
        return ("monument", _square(args[0]), (a, b))
    if verb == "treasure":
        arity(1)
        return ("treasure", _square(args[0]))
    raise InvalidNotation(
        f"`{typed(verb)}` is not an action; {GRAMMAR}", key="not_an_action", verb=typed(verb)
    )


def canonical(move: tuple[Any, ...]) -> str:
    """The canonical notation of a parsed action."""
    verb = move[0]
    if verb in ("leader", "tile"):
        return f"{verb} {COLOURS[move[1]]} {LABELS[move[2]]}"
    if verb in ("withdraw", "war"):
        return f"{verb} {COLOURS[move[1]]}"
    if verb in ("catastrophe", "treasure"):
        return f"{verb} {LABELS[move[1]]}"
    if verb == "swap":
        return "swap " + " ".join(COLOURS[c] for c in move[1])
    if verb == "support":
        return f"support {move[1]}"
    if verb == "monument":
        if move[1] < 0:
            return "monument none"
        return f"monument {LABELS[move[1]]} {COLOURS[move[2][0]]}-{COLOURS[move[2][1]]}"
    return "pass"


# --------------------------------------------------------------------------------------------
# The working copy used by apply


class _Work:
    """A mutable copy of a state while one decision is resolved."""

    def __init__(self, s: State) -> None:
        self.seats = s.seats
        self.open_scoring = s.open_scoring
        self.english_support = s.english_support
        self.bag = s.bag
        self.drawn = s.drawn
        self.cells = list(s.cells)
        self.leaders = [list(x) for x in s.leaders]
        self.treasures = set(s.treasures)
        self.monuments = list(s.monuments)
        self.declined = list(s.declined)
        self.hands = [list(x) for x in s.hands]
        self.score = [list(x) for x in s.score]
        self.treasures_held = list(s.treasures_held)
        self.catastrophes = list(s.catastrophes)
        self.removed = s.removed
        self.first = s.first
        self.active = s.active
        self.actions_left = s.actions_left
        self.turn_number = s.turn_number
        self.placed = s.placed
        self.unification = s.unification
        self.pending: Pending | None = s.pending
        self.over = s.over
        self.events: list[Event] = []
        self._regions: Regions | None = s.cache.get(("regions", NO_SQUARE))

    # -- board changes (all go through here so the cached labelling stays right)
    def set_cell(self, sq: int, code: int) -> None:
        self.cells[sq] = code
        self._regions = None

    def put_leader(self, seat: int, colour: int, sq: int) -> None:
        self.set_cell(sq, LEADER + seat * 4 + colour)
        self.leaders[seat][colour] = sq

    def take_leader(self, seat: int, colour: int) -> None:
        sq = self.leaders[seat][colour]
        self.set_cell(sq, EMPTY)
        self.leaders[seat][colour] = NO_SQUARE

    def regions(self) -> Regions:
        if self._regions is None:
            self._regions = label_regions(self.cells)
        return self._regions

    def event(self, kind: str, text: str, *seats: int, key: str, **params: Any) -> None:
        """Record a public consequence: its English ``text`` and, for the presenters, its
        ``key`` and ``params`` (seat references ``@N``, colour ids, square labels, counts)."""
        self.events.append((kind, text, tuple(seats), key, tuple(sorted(params.items()))))

    def gain(self, seat: int, colour: int, points: int, why: str) -> None:
        self.score[seat][colour] += points
        self.event(
            "score",
            f"@{seat} scores {points} {COLOURS[colour]}{why}",
            seat,
            key="score_monument" if why else "score",
            player=f"@{seat}",
            n=points,
            colour=COLOURS[colour],
        )

    def draw(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        bag = self.bag
        for index in range(self.drawn, self.drawn + count):
            hand[bag[index]] += 1
        self.drawn += count

    def freeze(self, seat: int, action: str) -> State:
        state = State(
            seats=self.seats,
            open_scoring=self.open_scoring,
            english_support=self.english_support,
            bag=self.bag,
            drawn=self.drawn,
            cells=tuple(self.cells),
            leaders=tuple((a, b, c, d) for a, b, c, d in self.leaders),
            treasures=tuple(sorted(self.treasures)),
            monuments=tuple(sorted(self.monuments)),
            declined=tuple(sorted(self.declined)),
            hands=tuple((a, b, c, d) for a, b, c, d in self.hands),
            score=tuple((a, b, c, d) for a, b, c, d in self.score),
            treasures_held=tuple(self.treasures_held),
            catastrophes=tuple(self.catastrophes),
            removed=self.removed,
            first=self.first,
            active=self.active,
            actions_left=self.actions_left,
            turn_number=self.turn_number,
            placed=self.placed,
            unification=self.unification,
            pending=self.pending,
            over=self.over,
            last_action=(seat, action),
            events=tuple(self.events),
        )
        if self._regions is not None:
            state.cache[("regions", NO_SQUARE)] = self._regions
        return state


# --------------------------------------------------------------------------------------------
# apply


def apply(state: State, seat: int, action: str) -> State:
    """The state after ``seat`` takes ``action``; ``state`` itself is unchanged."""
    if state.over:
        raise GameOver("the game is over: no more actions", key="game_over")
    if not isinstance(seat, int) or seat not in to_act(state):
        waiting = ", ".join(f"@{s}" for s in to_act(state))
        raise NotYourTurn(
            f"it is not your decision now: waiting for {waiting}",
            key="not_your_decision",
            waiting=[f"@{s}" for s in to_act(state)],
        )
    move = parse(action)
    pending = state.pending
    kind = "action" if pending is None else pending.kind
    expected = {
        "action": ("leader", "withdraw", "tile", "catastrophe", "swap", "pass"),
        "support": ("support",),
        "war_order": ("war",),
        "monument": ("monument",),
        "treasure": ("treasure",),
    }[kind]
    if move[0] not in expected:
        raise _waiting_for(state)
    w = _Work(state)
    verb = move[0]
    if verb == "leader":
        _do_leader(state, w, seat, move[1], move[2])
    elif verb == "withdraw":
        if w.leaders[seat][move[1]] < 0:
            raise IllegalAction(
                f"your {LEADER_NAMES[move[1]]} is not on the board",
                key="leader_not_on_board",
                colour=COLOURS[move[1]],
            )
        w.take_leader(seat, move[1])
        w.event(
            "withdraw",
            f"@{seat} withdraws their {LEADER_NAMES[move[1]]}",
            seat,
            key="withdraw",
            player=f"@{seat}",
            colour=COLOURS[move[1]],
        )
        _run(w, TREASURE)
    elif verb == "tile":
        _do_tile(state, w, seat, move[1], move[2])
    elif verb == "catastrophe":
        _do_catastrophe(state, w, seat, move[1])
    elif verb == "swap":
        _do_swap(w, seat, move[1])
    elif verb == "pass":
        w.event("pass", f"@{seat} passes", seat, key="pass", player=f"@{seat}")
        _end_turn(w)
    elif pending is None:  # unreachable: only turn verbs are expected without a pending decision
        raise _waiting_for(state)
    elif verb == "support":
        _do_support(state, w, pending, move[1])
    elif verb == "war":
        if move[1] not in pending.options:
            colours = ", ".join(COLOURS[c] for c in pending.options)
            raise IllegalAction(
                f"there is no {COLOURS[move[1]]} war pending: choose {colours}",
                key="no_such_war",
                colour=COLOURS[move[1]],
                choices=[COLOURS[c] for c in pending.options],
            )
        w.pending = None
        _start_war(w, move[1], label_regions(w.cells, w.unification))
    elif verb == "monument":
        _do_monument(state, w, pending, move[1], move[2])
    else:
        if move[1] not in pending.options:
            squares = ", ".join(LABELS[sq] for sq in pending.options)
            raise IllegalAction(
                f"take one of the treasures on {squares}",
                key="treasure_choice",
                squares=[LABELS[sq] for sq in pending.options],
            )
        _take_treasure(w, pending.seat, move[1])
        w.pending = None
        _run(w, TREASURE)
    return w.freeze(seat, canonical(move))


def _waiting_for(state: State) -> IllegalAction:
    """What the seat to act must decide now, for a verb that does not fit the position."""
    pending = state.pending
    if pending is None:
        return IllegalAction(
            "no conflict, monument or treasure is waiting: place a leader, a tile or a "
            "catastrophe, withdraw a leader, swap tiles or pass",
            key="expect_action",
        )
    if pending.kind == "support":
        return IllegalAction("commit support first: `support <n>`", key="expect_support")
    if pending.kind == "war_order":
        return IllegalAction("choose which war comes next: `war <colour>`", key="expect_war")
    if pending.kind == "monument":
        return IllegalAction(
            "build a monument first: `monument <square> <colour>-<colour>` or `monument none`",
            key="expect_monument",
        )
    return IllegalAction("pick a treasure first: `treasure <square>`", key="expect_treasure")


def _do_leader(state: State, w: _Work, seat: int, colour: int, target: int) -> None:
    cells = state.cells
    name = LEADER_NAMES[colour]
    square = LABELS[target]
    if cells[target] != EMPTY:
        raise IllegalAction(f"{square} is not empty", key="not_empty", square=square)
    if IS_RIVER[target]:
        raise IllegalAction(
            f"{square} is a river square: leaders stand on land", key="leader_river", square=square
        )
    if not _touches_temple(cells, target):
        raise IllegalAction(
            f"a leader must stand next to a face-up temple; {square} is not",
            key="leader_temple",
            square=square,
        )
    if target not in _leader_squares(state, seat, colour, [target]):
        raise IllegalAction(
            f"a leader on {square} would join two kingdoms", key="leader_joins", square=square
        )
    moved = w.leaders[seat][colour] >= 0
    if moved:
        w.take_leader(seat, colour)
    w.put_leader(seat, colour, target)
    verb = "moves their {} to" if moved else "places their {} on"
    w.event(
        "leader",
        f"@{seat} {verb.format(name)} {LABELS[target]}",
        seat,
        key="leader_move" if moved else "leader_place",
        player=f"@{seat}",
        colour=COLOURS[colour],
        square=LABELS[target],
    )
    # A revolt if the kingdom now holds another leader of this colour.
    for sq in _flood(w.cells, target):
        code = w.cells[sq]
        if code >= LEADER and sq != target:
            owner, other = _leader_seat_colour(code)
            if other == colour:
                w.pending = Pending(
                    kind="support",
                    seat=seat,
                    square=target,
                    conflict="revolt",
                    colour=colour,
                    attacker=seat,
                    defender=owner,
                    attacker_base=_temples_next_to(w.cells, target),
                    defender_base=_temples_next_to(w.cells, sq),
                )
                w.event(
                    "revolt",
                    f"revolt: @{seat}'s {name} against @{owner}'s",
                    seat,
                    owner,
                    key="revolt",
                    attacker=f"@{seat}",
                    defender=f"@{owner}",
                    colour=COLOURS[colour],
                )
                return
    _run(w, TREASURE)


def _flood(cells: list[int], start: int) -> list[int]:
    seen = {start}
    todo = [start]
    for sq in todo:
        for n in NEIGHBOURS[sq]:
            if n not in seen and cells[n] != EMPTY and cells[n] != CATASTROPHE:
                seen.add(n)
                todo.append(n)
    return todo


def _temples_next_to(cells: list[int], sq: int) -> int:
    return sum(1 for n in NEIGHBOURS[sq] if cells[n] == 1 + RED)


def _do_tile(state: State, w: _Work, seat: int, colour: int, target: int) -> None:
    square = LABELS[target]
    if state.hands[seat][colour] == 0:
        raise IllegalAction(
            f"you hold no {COLOURS[colour]} tile", key="no_tile", colour=COLOURS[colour]
        )
    if state.cells[target] != EMPTY:
        raise IllegalAction(f"{square} is not empty", key="not_empty", square=square)
    if colour == 1 and not IS_RIVER[target]:
        raise IllegalAction(
            f"{square} is a land square: farms (blue) go on rivers only",
            key="farm_on_land",
            square=square,
        )
    if colour != 1 and IS_RIVER[target]:
        raise IllegalAction(
            f"{square} is a river square: only farms (blue) go on rivers",
            key="tile_on_river",
            square=square,
        )
    reg = regions(state)
    kingdoms = _kingdoms_touching(reg, target)
    if len(kingdoms) > 2:
        raise IllegalAction(
            f"a tile on {square} would touch three kingdoms", key="three_kingdoms", square=square
        )
    w.hands[seat][colour] -= 1
    w.set_cell(target, 1 + colour)
    w.placed = target
    w.event(
        "tile",
        f"@{seat} places a {TILE_NAMES[colour]} on {square}",
        seat,
        key="tile",
        player=f"@{seat}",
        colour=COLOURS[colour],
        square=square,
    )
    if len(kingdoms) == 2:
        w.unification = target
        w.event(
            "unification", f"{square} joins two kingdoms", seat, key="unification", square=square
        )
        _run(w, WARS)
        return
    if kingdoms:
        leaders = reg.leaders[kingdoms[0]]
        scorer = -1
        for want in (colour, BLACK):
            for sq in leaders:
                owner, leader_colour = _leader_seat_colour(state.cells[sq])
                if leader_colour == want:
                    scorer = owner
                    break
            if scorer >= 0:
                break
        if scorer >= 0:
            w.gain(scorer, colour, 1, "")
    _run(w, MONUMENT)


def _do_catastrophe(state: State, w: _Work, seat: int, target: int) -> None:
    if state.catastrophes[seat] == 0:
        raise IllegalAction("you have no catastrophe tile left", key="no_catastrophe")
    code = state.cells[target]
    where = LABELS[target]
    if code == CATASTROPHE:
        raise IllegalAction(
            f"{where} already holds a catastrophe", key="catastrophe_twice", square=where
        )
    if code >= LEADER:
        raise IllegalAction(
            f"a catastrophe cannot hit the leader on {where}",
            key="catastrophe_leader",
            square=where,
        )
    if code == FACE_DOWN:
        raise IllegalAction(
            f"{where} is part of a monument", key="catastrophe_monument", square=where
        )
    if target in state.treasures:
        raise IllegalAction(
            f"the temple on {where} carries a treasure", key="catastrophe_treasure", square=where
        )
    w.catastrophes[seat] -= 1
    if code != EMPTY:
        w.removed += 1
    w.set_cell(target, CATASTROPHE)
    w.event(
        "catastrophe",
        f"@{seat} drops a catastrophe on {where}",
        seat,
        key="catastrophe",
        player=f"@{seat}",
        square=where,
    )
    if code == 1 + RED:
        _strand(w)
    _run(w, TREASURE)


def _do_swap(w: _Work, seat: int, colours: tuple[int, ...]) -> None:
    hand = w.hands[seat]
    for colour in range(4):
        if colours.count(colour) > hand[colour]:
            raise IllegalAction(
                f"you hold only {plural(hand[colour], COLOURS[colour] + ' tile')}",
                key="hold_only",
                n=hand[colour],
                colour=COLOURS[colour],
            )
    for colour in colours:
        hand[colour] -= 1
    w.removed += len(colours)
    count = len(colours)
    w.event(
        "swap",
        f"@{seat} swaps {plural(count, 'tile')}",
        seat,
        key="swap",
        player=f"@{seat}",
        n=count,
    )
    if len(w.bag) - w.drawn < len(colours):
        _game_over(w, "the bag cannot refill the swap", "end_swap")
        return
    w.draw(seat, len(colours))
    _end_action(w)


def _do_support(state: State, w: _Work, pending: Pending, amount: int) -> None:
    colour = RED if pending.conflict == "revolt" else pending.colour
    held = state.hands[pending.seat][colour]
    if amount > held:
        raise IllegalAction(
            f"you hold only {plural(held, COLOURS[colour] + ' tile')}",
            key="hold_only",
            n=held,
            colour=COLOURS[colour],
        )
    if amount not in _support_amounts(state, pending):
        if pending.attacker_committed < 0:
            raise IllegalAction(
                "English variant: commit 0, or enough to go strictly ahead", key="english_attacker"
            )
        raise IllegalAction(
            "English variant: commit 0, or exactly enough to tie", key="english_defender"
        )
    w.hands[pending.seat][colour] -= amount
    w.removed += amount
    w.event(
        "support",
        f"@{pending.seat} commits {amount} {COLOURS[colour]}"
        if amount
        else f"@{pending.seat} commits no support",
        pending.seat,
        key="support" if amount else "no_support",
        player=f"@{pending.seat}",
        n=amount,
        colour=COLOURS[colour],
    )
    if pending.attacker_committed < 0:
        w.pending = Pending(
            kind="support",
            seat=pending.defender,
            square=pending.square,
            conflict=pending.conflict,
            colour=pending.colour,
            attacker=pending.attacker,
            defender=pending.defender,
            attacker_base=pending.attacker_base,
            defender_base=pending.defender_base,
            attacker_committed=amount,
        )
        return
    w.pending = None
    attack = pending.attacker_base + pending.attacker_committed
    defence = pending.defender_base + amount
    if attack > defence:
        winner, loser = pending.attacker, pending.defender
    else:
        winner, loser = pending.defender, pending.attacker
    name = LEADER_NAMES[pending.colour]
    if pending.conflict == "revolt":
        w.take_leader(loser, pending.colour)
        w.event(
            "revolt",
            f"@{winner}'s {name} wins the revolt {max(attack, defence)} to "
            f"{min(attack, defence)}; @{loser}'s {name} is withdrawn",
            winner,
            loser,
            key="revolt_won",
            winner=f"@{winner}",
            loser=f"@{loser}",
            colour=COLOURS[pending.colour],
            high=max(attack, defence),
            low=min(attack, defence),
        )
        w.gain(winner, RED, 1, "")
        _run(w, TREASURE)
        return
    _resolve_war(w, pending.colour, winner, loser, attack, defence)


def _do_monument(
    state: State, w: _Work, pending: Pending, top_left: int, pair: tuple[int, ...]
) -> None:
    seat = pending.seat
    if top_left < 0:
        w.declined.extend(pending.options)
        w.event(
            "monument", f"@{seat} builds no monument", seat, key="no_monument", player=f"@{seat}"
        )
    else:
        if top_left not in pending.options:
            squares = ", ".join(LABELS[sq] for sq in pending.options)
            raise IllegalAction(
                f"a monument can go on {squares} (the top-left square)",
                key="monument_where",
                squares=[LABELS[sq] for sq in pending.options],
            )
        left = _monuments_left(state.monuments)
        if pair not in left:
            raise IllegalAction(
                f"the {COLOURS[pair[0]]}-{COLOURS[pair[1]]} monument is built",
                key="monument_taken",
                first=COLOURS[pair[0]],
                second=COLOURS[pair[1]],
            )
        if pending.colour not in pair:
            raise IllegalAction(
                f"the monument must include {COLOURS[pending.colour]}",
                key="monument_colour",
                colour=COLOURS[pending.colour],
            )
        for sq in BLOCK[top_left]:
            w.set_cell(sq, FACE_DOWN)
        w.monuments.append((top_left, MONUMENTS.index((pair[0], pair[1])), pending.colour))
        w.event(
            "monument",
            f"@{seat} builds the {COLOURS[pair[0]]}-{COLOURS[pair[1]]} monument "
            f"on {LABELS[top_left]}",
            seat,
            key="monument",
            player=f"@{seat}",
            first=COLOURS[pair[0]],
            second=COLOURS[pair[1]],
            square=LABELS[top_left],
        )
        _strand(w)
    w.pending = None
    w.placed = NO_SQUARE
    _run(w, TREASURE)


# --------------------------------------------------------------------------------------------
# Consequences of an action, in order: wars, monument, treasures, end of action


def _run(w: _Work, step: int) -> None:
    if step == WARS:
        if _wars(w):
            return
        step = MONUMENT
    if step == MONUMENT:
        if _monument(w):
            return
        step = TREASURE
    if step == TREASURE and _treasures(w):
        return
    _end_action(w)


def _war_colours(w: _Work, reg: Regions) -> dict[int, list[int]]:
    """Colours with leaders in two regions across the unification square -> leader squares."""
    sides = {reg.rid[n] for n in NEIGHBOURS[w.unification] if reg.rid[n] >= 0}
    by_colour: dict[int, list[int]] = {}
    for side in sorted(sides):
        for sq in reg.leaders[side]:
            by_colour.setdefault((w.cells[sq] - LEADER) % 4, []).append(sq)
    return {c: squares for c, squares in sorted(by_colour.items()) if len(squares) >= 2}


def _wars(w: _Work) -> bool:
    """Start the next war of the war phase; False once none remains (marker removed)."""
    reg = label_regions(w.cells, w.unification)
    wars = _war_colours(w, reg)
    if not wars:
        w.unification = NO_SQUARE
        return False
    if len(wars) == 1:
        _start_war(w, next(iter(wars)), reg)
    else:
        w.pending = Pending(
            kind="war_order", seat=w.active, square=w.unification, options=tuple(wars)
        )
    return True


def _start_war(w: _Work, colour: int, reg: Regions) -> None:
    squares = _war_colours(w, reg)[colour]
    owners = {(w.cells[sq] - LEADER) // 4: sq for sq in squares}
    attacker = next(
        seat for seat in [(w.active + i) % w.seats for i in range(w.seats)] if seat in owners
    )
    defender = next(seat for seat in owners if seat != attacker)
    code = 1 + colour

    def strength(seat: int) -> int:
        members = reg.members[reg.rid[owners[seat]]]
        return sum(1 for sq in members if w.cells[sq] == code)

    w.pending = Pending(
        kind="support",
        seat=attacker,
        square=w.unification,
        conflict="war",
        colour=colour,
        attacker=attacker,
        defender=defender,
        attacker_base=strength(attacker),
        defender_base=strength(defender),
    )
    name = LEADER_NAMES[colour]
    w.event(
        "war",
        f"{name} war: @{attacker} attacks @{defender}",
        attacker,
        defender,
        key="war",
        colour=COLOURS[colour],
        attacker=f"@{attacker}",
        defender=f"@{defender}",
    )


def _resolve_war(w: _Work, colour: int, winner: int, loser: int, won: int, lost: int) -> None:
    reg = label_regions(w.cells, w.unification)
    still_pending = set(_war_colours(w, reg)) - {colour}
    beaten = w.leaders[loser][colour]
    side = reg.members[reg.rid[beaten]]
    w.take_leader(loser, colour)
    code = 1 + colour
    removed = 0
    for sq in side:
        if w.cells[sq] != code or sq in w.treasures:
            continue
        if colour == RED and any(w.cells[n] >= LEADER for n in NEIGHBOURS[sq]):
            continue
        w.set_cell(sq, EMPTY)
        removed += 1
    w.removed += removed
    name = LEADER_NAMES[colour]
    w.event(
        "war",
        f"@{winner}'s {name} wins the war {max(won, lost)} to {min(won, lost)}; "
        + (
            f"@{loser} loses {plural(removed, UNIT_NAMES[colour])}"
            if removed
            else f"@{loser} loses no tiles"
        ),
        winner,
        loser,
        key="war_won" if removed else "war_won_no_tiles",
        winner=f"@{winner}",
        loser=f"@{loser}",
        colour=COLOURS[colour],
        high=max(won, lost),
        low=min(won, lost),
        n=removed,
    )
    w.gain(winner, colour, 1 + removed, "")
    _strand(w)
    left = _war_colours(w, label_regions(w.cells, w.unification))
    for moot in sorted(still_pending - set(left)):
        w.event(
            "war",
            f"the {LEADER_NAMES[moot]} war is cancelled: no longer two sides",
            key="war_cancelled",
            colour=COLOURS[moot],
        )
    _run(w, WARS)


def _monument(w: _Work) -> bool:
    """Offer a monument if the placed tile completed a 2x2 of its colour; False if none."""
    placed = w.placed
    if placed < 0:
        return False
    code = w.cells[placed]
    if not 1 <= code <= 4:
        w.placed = NO_SQUARE
        return False
    colour = code - 1
    options = tuple(
        tl
        for tl in BLOCKS_OF[placed]
        if tl not in w.declined and all(w.cells[sq] == code for sq in BLOCK[tl])
    )
    if not options or not any(colour in pair for pair in _monuments_left(tuple(w.monuments))):
        w.placed = NO_SQUARE
        return False
    w.pending = Pending(
        kind="monument", seat=w.active, square=placed, colour=colour, options=tuple(sorted(options))
    )
    return True


def _treasures(w: _Work) -> bool:
    """Collect treasures by traders' owners; True when a free choice must be asked."""
    if len(w.treasures) < 2:
        return False
    while True:
        traders = [(seat, ls[GREEN]) for seat, ls in enumerate(w.leaders) if ls[GREEN] >= 0]
        if not traders:
            return False
        reg = w.regions()
        for seat, sq in traders:
            region = reg.rid[sq]
            here = sorted(t for t in w.treasures if reg.rid[t] == region)
            if len(here) < 2:
                continue
            need = len(here) - 1
            pool = [t for t in here if t in CORNERS] or here
            if len(pool) <= need:
                for t in pool:
                    _take_treasure(w, seat, t)
                break
            w.pending = Pending(
                kind="treasure", seat=seat, square=sq, options=tuple(pool), count=need
            )
            return True
        else:
            return False


def _take_treasure(w: _Work, seat: int, sq: int) -> None:
    w.treasures.discard(sq)
    w.treasures_held[seat] += 1
    w.event(
        "treasure",
        f"@{seat} takes the treasure on {LABELS[sq]}",
        seat,
        key="treasure",
        player=f"@{seat}",
        square=LABELS[sq],
    )


def _strand(w: _Work) -> None:
    """Withdraw every leader left without a face-up temple next to it."""
    for seat, squares in enumerate(w.leaders):
        for colour, sq in enumerate(squares):
            if sq >= 0 and not _touches_temple(w.cells, sq):
                w.take_leader(seat, colour)
                w.event(
                    "withdraw",
                    f"@{seat}'s {LEADER_NAMES[colour]} on {LABELS[sq]} has no temple left "
                    "and is withdrawn",
                    seat,
                    key="stranded",
                    player=f"@{seat}",
                    colour=COLOURS[colour],
                    square=LABELS[sq],
                )


def _end_action(w: _Work) -> None:
    w.placed = NO_SQUARE
    w.actions_left -= 1
    if w.actions_left <= 0:
        _end_turn(w)


def _end_turn(w: _Work) -> None:
    """Monument income, refills (active first, then clockwise), end checks, next player."""
    active = w.active
    w.actions_left = 0
    if w.monuments:
        reg = w.regions()
        mine = w.leaders[active]
        for top_left, index, _ in sorted(w.monuments):
            region = reg.rid[top_left]
            for colour in MONUMENTS[index]:
                if mine[colour] >= 0 and reg.rid[mine[colour]] == region:
                    w.gain(active, colour, 1, " from a monument")
    for step in range(w.seats):
        seat = (active + step) % w.seats
        need = HAND_SIZE - sum(w.hands[seat])
        if need <= 0:
            continue
        if len(w.bag) - w.drawn < need:
            _game_over(w, f"the bag cannot refill @{seat}'s hand", "end_refill", player=f"@{seat}")
            return
        w.draw(seat, need)
    if len(w.treasures) <= 2:
        left = len(w.treasures)
        verb = "is" if left == 1 else "are"
        _game_over(
            w, f"only {plural(left, 'treasure')} {verb} left on the board", "end_treasures", n=left
        )
        return
    w.active = (active + 1) % w.seats
    w.actions_left = 2
    w.turn_number += 1


def _game_over(w: _Work, why: str, key: str, **params: Any) -> None:
    w.over = True
    w.pending = None
    w.actions_left = 0
    w.event("game_over", f"the game ends: {why}", key=key, **params)


# --------------------------------------------------------------------------------------------
# Scores and the end


def scores(state: State) -> list[dict[str, int]]:
    """Per seat: VP per colour and treasures held (full information)."""
    return [
        {**dict(zip(COLOURS, vp, strict=True)), "treasures": held}
        for vp, held in zip(state.score, state.treasures_held, strict=True)
    ]


def is_over(state: State) -> bool:
    """True once the game has ended."""
    return state.over


def final_vectors(state: State) -> list[list[int]]:
    """Per seat, the four colour totals after placing treasures on the lowest colours, sorted."""
    out = []
    for vp, held in zip(state.score, state.treasures_held, strict=True):
        totals = sorted(vp)
        for _ in range(held):
            totals[0] += 1
            totals.sort()
        out.append(totals)
    return out


def outcome(state: State) -> dict[str, Any]:
    """The ranking (best first; equal score vectors share a place), final scores, totals."""
    vectors = final_vectors(state)
    order = sorted(range(state.seats), key=lambda s: vectors[s], reverse=True)
    ranking: list[list[int]] = []
    for seat in order:
        if ranking and vectors[ranking[-1][0]] == vectors[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    for place in ranking:
        place.sort()
    return {
        "ranking": ranking,
        "final_score": [v[0] for v in vectors],
        "scores": scores(state),
    }
