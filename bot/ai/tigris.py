"""The Tigris & Euphrates AI: a determinizer, a weakest-colour evaluation, three levels of play.

Everything starts from one seat's view. The tiles nobody at the table can see (the bag and the
other hands) are dealt at random from the 153 tiles minus those on the board and in the AI's own
hand; hidden scores and treasures of the others are estimated from public facts.
"""

from __future__ import annotations

import math
import random
from typing import Any

from bot.ai.budget import Budget, SearchLimit
from bot.games import tigris as engine
from bot.games.tigris.board import BLOCK, COLOURS, LABELS, NEIGHBOURS
from bot.games.tigris.rules import MONUMENTS, regions
from bot.games.tigris.state import CATASTROPHE, FACE_DOWN, LEADER, NO_SQUARE, Pending, State

TILES_PER_COLOUR = (57, 36, 30, 30)  # red (with the 10 starting temples), blue, green, black
START_TREASURES = 10
RED_CODE = 1
STRONG_CANDIDATES = 8
STRONG_SAMPLES = 2
STRONG_REPLIES = 3
#: ``strong``'s search budget in nodes (one action applied, its conflicts played out, the result
#: evaluated: about 60-80 us of CPU here): about 0.5 s at most, where the full search of a
#: crowded board would take up to 2 s; most decisions need far less and are not cut.
STRONG_NODES = 6000


SQUARE_OF = {label: square for square, label in enumerate(LABELS)}


def _sq(label: str) -> int:
    return SQUARE_OF[label]


def _colour(name: str) -> int:
    return COLOURS.index(name)


# --------------------------------------------------------------------------- determinization


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """A full state agreeing with ``view``; hidden tiles dealt at random, hidden scores guessed.

    Reads only the view. Unseen tiles: every tile minus the board and the viewer's hand (tiles
    that left the game are unseen too, so the bag and other hands are a random subset of them).
    Another seat's hidden score is guessed as the viewer's own; the treasures nobody shows are
    spread at random over the seats that hide theirs.
    """
    seats = int(view["seats"])
    viewer = int(view["viewer"])
    board = view["board"]
    cells = [0] * len(NEIGHBOURS)
    unseen = list(TILES_PER_COLOUR)
    treasures = []
    for tile in board["tiles"]:
        square = _sq(tile["square"])
        colour = _colour(tile["colour"])
        cells[square] = FACE_DOWN if tile["face_down"] else 1 + colour
        unseen[colour] -= 1
        if tile["treasure"]:
            treasures.append(square)
    for label in board["catastrophes"]:
        cells[_sq(label)] = CATASTROPHE
    leaders = [[NO_SQUARE] * 4 for _ in range(seats)]
    for leader in board["leaders"]:
        square = _sq(leader["square"])
        colour = _colour(leader["colour"])
        cells[square] = LEADER + leader["seat"] * 4 + colour
        leaders[leader["seat"]][colour] = square
    monuments = []
    for monument in board["monuments"]:
        top_left = _sq(monument["square"])
        pair = tuple(sorted(_colour(c) for c in monument["colours"]))
        under = next(t["colour"] for t in board["tiles"] if _sq(t["square"]) in BLOCK[top_left])
        monuments.append((top_left, MONUMENTS.index((pair[0], pair[1])), _colour(under)))
    hand_counts = [0, 0, 0, 0]
    for name in view["hand"]:
        hand_counts[_colour(name)] += 1
        unseen[_colour(name)] -= 1
    pool = [c for c in range(4) for _ in range(unseen[c])]
    rng.shuffle(pool)
    players = view["players"]
    hands: list[tuple[int, int, int, int]] = []
    for seat in range(seats):
        if seat == viewer:
            hands.append((hand_counts[0], hand_counts[1], hand_counts[2], hand_counts[3]))
            continue
        counts = [0, 0, 0, 0]
        for _ in range(players[seat]["hand_size"]):
            counts[pool.pop()] += 1
        hands.append((counts[0], counts[1], counts[2], counts[3]))
    if len(pool) < view["bag_size"]:
        raise ValueError("the view shows more hidden tiles than the game has")
    bag = tuple(pool[: view["bag_size"]])
    own = players[viewer]["score"]
    scores = []
    held = []
    hidden_holders = []
    for seat in range(seats):
        entry = players[seat]
        if "score" in entry:
            scores.append(tuple(entry["score"][c] for c in COLOURS))
            held.append(int(entry["treasures"]))
        else:
            scores.append(tuple(own[c] for c in COLOURS))
            held.append(0)
            hidden_holders.append(seat)
    taken = START_TREASURES - len(treasures) - sum(held)
    for _ in range(max(0, taken)):
        if hidden_holders:
            held[rng.choice(hidden_holders)] += 1
    on_board = sum(1 for code in cells if 1 <= code <= FACE_DOWN)
    in_hands = sum(sum(h) for h in hands)
    pending = _pending(view["pending"], view)
    unification = board["unification"]
    last = view["last_action"]
    if last and last["seat"] != viewer and last["action"].split()[0] == "swap":
        # Others see only how many tiles were swapped ("swap 2 tiles"); any colours will do.
        count = int(last["action"].split()[1])
        last = {"seat": last["seat"], "action": "swap" + " red" * count}
    data = {
        "game": "tigris",
        "seats": seats,
        "open_scoring": view["options"]["open_scoring"],
        "english_support": view["options"]["english_support"],
        "bag": list(bag),
        "drawn": 0,
        "cells": cells,
        "leaders": leaders,
        "treasures": sorted(treasures),
        "monuments": sorted(monuments),
        "declined": sorted(_sq(label) for label in board.get("declined", [])),
        "hands": hands,
        "score": scores,
        "treasures_held": held,
        "catastrophes": [p["catastrophes"] for p in players],
        "removed": sum(TILES_PER_COLOUR) - on_board - in_hands - len(bag),
        "first": 0,
        "active": view["turn"],
        "actions_left": view["actions_left"],
        "turn_number": view["turn_number"],
        # During a war phase the unifying tile is the tile being placed (a monument may follow).
        "placed": _sq(unification) if unification else NO_SQUARE,
        "unification": _sq(unification) if unification else NO_SQUARE,
        "pending": pending,
        "over": view["game_over"],
        "last_action": [last["seat"], last["action"]] if last else None,
        "events": [
            [
                e["kind"],
                e["text"],
                e["seats"],
                e.get("key", ""),
                sorted(e.get("params", {}).items()),
            ]
            for e in view["events"]
        ],
    }
    return _from_data(data)


def _from_data(data: dict[str, Any]) -> State:
    import json

    return engine.from_json(json.dumps(data))


def _pending(pv: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any] | None:
    if pv is None:
        return None
    base = {
        "square": NO_SQUARE,
        "conflict": "",
        "colour": -1,
        "attacker": -1,
        "defender": -1,
        "attacker_base": 0,
        "defender_base": 0,
        "attacker_committed": -1,
        "options": [],
        "count": 0,
    }
    kind = pv["kind"]
    if kind == "support":
        committed = pv["attacker_committed"]
        seat = pv["attacker"] if committed is None else pv["defender"]
        return {
            **base,
            "kind": "support",
            "seat": seat,
            "square": _sq(pv["square"]),
            "conflict": pv["conflict"],
            "colour": _colour(pv["leader_colour"]),
            "attacker": pv["attacker"],
            "defender": pv["defender"],
            "attacker_base": pv["attacker_base"],
            "defender_base": pv["defender_base"],
            "attacker_committed": -1 if committed is None else committed,
        }
    if kind == "war_order":
        return {
            **base,
            "kind": "war_order",
            "seat": pv["chooser"],
            "square": _sq(pv["square"]),
            "options": sorted(_colour(c) for c in pv["colours"]),
        }
    if kind == "monument":
        options = sorted(_sq(label) for label in pv["squares"])
        return {
            **base,
            "kind": "monument",
            "seat": pv["chooser"],
            "square": options[0],
            "colour": _colour(pv["colour"]),
            "options": options,
        }
    # The trader collecting stands in the region of the treasures on offer.
    seat = pv["chooser"]
    trader = next(
        _sq(lead["square"])
        for lead in view["board"]["leaders"]
        if lead["seat"] == seat and lead["colour"] == "green"
    )
    return {
        **base,
        "kind": "treasure",
        "seat": seat,
        "square": trader,
        "options": sorted(_sq(label) for label in pv["squares"]),
        "count": pv["count"],
    }


# --------------------------------------------------------------------------- evaluation


def final_vector(score: tuple[int, ...], treasures: int) -> list[int]:
    """The four colour totals, lowest first, with each treasure added to the lowest."""
    totals = sorted(score)
    for _ in range(treasures):
        totals[0] += 1
        totals.sort()
    return totals


def _connected(cells: tuple[int, ...], start: int, goal: int) -> bool:
    """Whether two occupied squares lie in one region (a flood from ``start``)."""
    seen = {start}
    todo = [start]
    for square in todo:
        if square == goal:
            return True
        for n in NEIGHBOURS[square]:
            if n not in seen and cells[n] and cells[n] != CATASTROPHE:
                seen.add(n)
                todo.append(n)
    return False


def value(state: State, seat: int) -> float:
    """A seat's worth: balanced points (the weakest colour wins) plus its position.

    Points are valued through a concave sum and the minimum, so a point in a weak colour counts
    more; leaders on the board (safer with temples beside them), monuments a leader collects
    from, red tiles in hand for revolts and catastrophes in reserve add to it.
    """
    vec = final_vector(state.score[seat], state.treasures_held[seat])
    worth = 2.0 * vec[0] + 3.0 * sum(math.sqrt(x) for x in vec)
    cells = state.cells
    mine = state.leaders[seat]
    low = min(range(4), key=lambda c: state.score[seat][c])
    for colour, square in enumerate(mine):
        if square < 0:
            continue
        temples = sum(1 for n in NEIGHBOURS[square] if cells[n] == RED_CODE)
        worth += 1.6 + 0.35 * min(temples, 3) + (0.4 if colour == low else 0.0)
    for top_left, index, _ in state.monuments:
        for colour in MONUMENTS[index]:
            if mine[colour] >= 0 and _connected(cells, mine[colour], BLOCK[top_left][0]):
                worth += 1.5
    hand = state.hands[seat]
    worth += 0.25 * min(hand[0], 3) + 0.05 * sum(1 for c in hand if c)
    worth += 0.4 * state.catastrophes[seat]
    return worth


def evaluate(state: State, seat: int) -> float:
    """The seat's worth against the others' (their best and their average)."""
    if state.over:
        vectors = [
            final_vector(state.score[s], state.treasures_held[s]) for s in range(state.seats)
        ]
        mine = vectors[seat]
        best_other = max(vectors[s] for s in range(state.seats) if s != seat)
        result = 60.0 if mine > best_other else (0.0 if mine == best_other else -60.0)
        return result + 3.0 * (mine[0] - best_other[0])
    values = [value(state, s) for s in range(state.seats)]
    others = [values[s] for s in range(state.seats) if s != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


# --------------------------------------------------------------------------- policies


def _pending_default(state: State, legal: list[str]) -> str:
    """A sound quick choice for a pending decision (used for every seat inside the search)."""
    pending = state.pending
    assert pending is not None
    if pending.kind == "support":
        held = state.hands[pending.seat][0 if pending.conflict == "revolt" else pending.colour]
        amounts = sorted(int(a.split()[1]) for a in legal)
        if pending.attacker_committed >= 0:
            # Defender: the smallest commitment that holds (a tie holds), else nothing.
            need = pending.attacker_base + pending.attacker_committed - pending.defender_base
            fits = [n for n in amounts if n >= need]
            return f"support {fits[0] if need > 0 and fits else 0}"
        # Attacker: go ahead by two if the tiles allow it, else keep them.
        want = pending.defender_base - pending.attacker_base + 2
        if pending.attacker_base + held <= pending.defender_base:
            return "support 0"
        fits = [n for n in amounts if n >= min(want, held)]
        return f"support {fits[0] if fits else amounts[-1]}"
    if pending.kind == "monument":
        builds = [a for a in legal if a != "monument none"]
        return builds[0] if builds else legal[0]
    return legal[0]


def resolve(state: State) -> State:
    """Play every pending decision (anyone's) with the quick policy until none is left."""
    guard = 0
    while not state.over and state.pending is not None and guard < 40:
        seat = state.pending.seat
        state = engine.apply(
            state, seat, _pending_default(state, engine.legal_actions(state, seat))
        )
        guard += 1
    return state


def candidates(state: State, seat: int, legal: list[str]) -> list[str]:
    """The actions worth a look: tiles that touch a kingdom (or a leaderless region next to a
    temple), catastrophes next to a leader, two swaps; every leader move, withdrawal and pass."""
    cells = state.cells
    reg = regions(state)
    rid = reg.rid
    touching = [False] * len(cells)
    for square, code in enumerate(cells):
        if code and code != CATASTROPHE and rid[square] >= 0 and reg.leaders[rid[square]]:
            for n in NEIGHBOURS[square]:
                touching[n] = True
    out = []
    swaps = []
    for action in legal:
        words = action.split()
        verb = words[0]
        if verb == "tile":
            if not touching[_sq(words[2])]:
                continue
        elif verb == "catastrophe":
            square = _sq(words[1])
            if not any(cells[n] >= LEADER for n in NEIGHBOURS[square]):
                continue
        elif verb == "swap":
            swaps.append(action)
            continue
        out.append(action)
    if swaps:
        hand = state.hands[seat]
        keep_red = "swap " + " ".join(COLOURS[c] for c in range(1, 4) for _ in range(hand[c]))
        everything = max(swaps, key=len)
        out.extend(sorted({everything} | ({keep_red} if keep_red in swaps else set())))
    return out or legal


def _after(state: State, seat: int, action: str, budget: Budget | None = None) -> State:
    """The state after the action and every pending decision it raises (one search node)."""
    if budget is not None:
        budget.spend()
    return resolve(engine.apply(state, seat, action))


def one_ply(
    state: State, seat: int, actions: list[str], budget: Budget | None = None
) -> list[tuple[float, str]]:
    """Each action's value after it and every pending decision it raises are played out."""
    return [(evaluate(_after(state, seat, a, budget), seat), a) for a in actions]


def _greedy_after(
    state: State, actor: int, rng: random.Random, cap: int | None, budget: Budget
) -> tuple[float, State]:
    """The actor's best one-ply action (by its own evaluation): its value and the state after."""
    pool = candidates(state, actor, engine.legal_actions(state, actor))
    if cap is not None and len(pool) > cap:
        pool = sorted(rng.sample(pool, cap))
    best_value, best_state = -math.inf, state
    for action in pool:
        after = _after(state, actor, action, budget)
        worth = evaluate(after, actor)
        if worth > best_value:
            best_value, best_state = worth, after
    return best_value, best_state


def _free_turn(state: State) -> bool:
    return not state.over and state.pending is None


def _end_of_turn(
    state: State, seat: int, rng: random.Random, cap: int | None, budget: Budget
) -> State:
    """The state after the seat's best second action of the turn (if it still has one)."""
    if _free_turn(state) and state.active == seat and state.actions_left == 1:
        return _greedy_after(state, seat, rng, cap, budget)[1]
    return state


def _after_reply(
    state: State, seat: int, rng: random.Random, cap: int | None, budget: Budget
) -> float:
    """The seat's value once the next player has answered with its best first action."""
    if _free_turn(state) and state.active != seat:
        state = _greedy_after(state, state.active, rng, cap, budget)[1]
    return evaluate(state, seat)


def choose(
    view: dict[str, Any],
    legal: list[str],
    level: str,
    rng: random.Random,
    iterations: int | None = None,
    limit: SearchLimit | None = None,
) -> str:
    """The action this level picks for the viewer of ``view``.

    ``iterations`` (a reduced budget, for tests) caps the candidate actions examined; ``limit``
    bounds ``strong``'s search (by default :data:`STRONG_NODES` and the CPU safety net).
    """
    seat = int(view["viewer"])
    state = determinize(view, rng)
    if state.pending is not None:
        return _pending_choice(view, state, seat, legal, level, rng)
    pool = candidates(state, seat, legal)
    if iterations is not None and len(pool) > iterations:
        # A reduced budget (tests) examines a random few of the candidates.
        pool = sorted(rng.sample(pool, iterations))
    scored = one_ply(state, seat, pool)
    best = max(v for v, _ in scored)
    if level == "easy":
        return rng.choice(sorted(a for v, a in scored if v >= best - 2.0))
    if level == "normal":
        return min(a for v, a in scored if v == best)
    width = STRONG_CANDIDATES if iterations is None else min(iterations, STRONG_CANDIDATES)
    budget = (limit or SearchLimit()).start(STRONG_NODES)
    budget.spend(len(scored))  # the one-ply look above
    return _search(view, state, seat, scored, rng, width, iterations, budget)


def _pending_choice(
    view: dict[str, Any], state: State, seat: int, legal: list[str], level: str, rng: random.Random
) -> str:
    """Support, war order, monument, treasure: the quick policy (easy) or the best on average
    over sampled hands of the others (normal: one sample, strong: several)."""
    if level == "easy":
        return _pending_default(state, legal)
    samples = [state] + [
        determinize(view, rng) for _ in range(0 if level == "normal" else 2 * STRONG_SAMPLES)
    ]
    totals = dict.fromkeys(legal, 0.0)
    for sample in samples:
        for v, a in one_ply(sample, seat, legal):
            totals[a] += v
    best = max(totals.values())
    return min(a for a in legal if totals[a] == best)


def _search(
    view: dict[str, Any],
    state: State,
    seat: int,
    scored: list[tuple[float, str]],
    rng: random.Random,
    width: int,
    cap: int | None,
    budget: Budget,
) -> str:
    """The rest of the turn and the next player's answer, on sampled hidden tiles.

    The best ``width`` actions by one-ply value are each followed by the best second action of
    the turn (if one is left); the best ``STRONG_REPLIES`` of those are judged after the next
    player's best answer (on its sampled hand), all averaged over ``STRONG_SAMPLES`` samples.

    Iterative widening within ``budget``: actions are taken best one-ply value first, and the
    next one only if its rest of turn still leaves room for the finalists' answers (a greedy
    answer costs about as many nodes as there are candidates here); the finalists are judged
    while the budget lasts. At least one action is followed and one finalist judged, so the
    answer is always the best of what was looked at.
    """
    ranked = [a for _, a in sorted(scored, key=lambda x: (-x[0], x[1]))[:width]]
    samples = [state] + [determinize(view, rng) for _ in range(STRONG_SAMPLES - 1)]
    step = len(samples) * (len(scored) + 1)  # one action's rest of turn, or its answers
    reserve = STRONG_REPLIES * step
    ends: dict[str, list[State]] = {}
    turn_value: dict[str, float] = {}
    for action in ranked:
        if ends and not budget.allows(step + reserve):
            break
        ends[action] = [
            _end_of_turn(_after(s, seat, action, budget), seat, rng, cap, budget) for s in samples
        ]
        turn_value[action] = sum(evaluate(end, seat) for end in ends[action])
    finalists = sorted(ends, key=lambda a: (-turn_value[a], a))[:STRONG_REPLIES]
    best_action, best_value = finalists[0], -math.inf
    for index, action in enumerate(finalists):
        if index and not budget.allows(step):
            break
        total = sum(_after_reply(end, seat, rng, cap, budget) for end in ends[action])
        if total > best_value:
            best_value, best_action = total, action
    return best_action


__all__ = ["Pending", "choose", "determinize", "evaluate", "value"]
