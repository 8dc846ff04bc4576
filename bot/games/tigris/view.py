"""What one seat (or the public) may see of a game: the only way secrets leave the engine."""

from __future__ import annotations

from typing import Any

from bot.games.text import plural
from bot.games.tigris.board import BLOCK, COLOURS, CORNERS, DYNASTIES, LABELS, SIZE
from bot.games.tigris.rules import MONUMENTS, outcome, to_act
from bot.games.tigris.state import CATASTROPHE, FACE_DOWN, LEADER, NO_SQUARE, Pending, State


def _square(sq: int) -> str | None:
    return None if sq == NO_SQUARE else LABELS[sq]


def _pending(pending: Pending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    if pending.kind == "support":
        committed = pending.attacker_committed
        return {
            "kind": "support",
            "conflict": pending.conflict,
            "colour": "red" if pending.conflict == "revolt" else COLOURS[pending.colour],
            "leader_colour": COLOURS[pending.colour],
            "square": LABELS[pending.square],
            "attacker": pending.attacker,
            "defender": pending.defender,
            "attacker_base": pending.attacker_base,
            "defender_base": pending.defender_base,
            "attacker_committed": committed if committed >= 0 else None,
            "defender_committed": None,
        }
    if pending.kind == "war_order":
        return {
            "kind": "war_order",
            "colours": sorted(COLOURS[c] for c in pending.options),
            "square": LABELS[pending.square],
            "chooser": pending.seat,
        }
    if pending.kind == "monument":
        return {
            "kind": "monument",
            "squares": [LABELS[sq] for sq in pending.options],
            "colour": COLOURS[pending.colour],
            "chooser": pending.seat,
        }
    return {
        "kind": "treasure",
        "chooser": pending.seat,
        "squares": [LABELS[sq] for sq in pending.options],
        "count": pending.count,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: the public); hidden things are absent."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < state.seats):
        raise ValueError(f"no seat {seat!r} in a {state.seats}-player game")
    cells = state.cells
    treasures = set(state.treasures)
    tiles = []
    leaders = []
    catastrophes = []
    for sq in range(SIZE):
        code = cells[sq]
        if 1 <= code <= FACE_DOWN:
            tiles.append(
                {
                    "square": LABELS[sq],
                    "colour": "red" if code == FACE_DOWN else COLOURS[code - 1],
                    "face_down": code == FACE_DOWN,
                    "treasure": sq in treasures,
                    "corner": sq in CORNERS,
                }
            )
        elif code == CATASTROPHE:
            catastrophes.append(LABELS[sq])
        elif code >= LEADER:
            owner, colour = divmod(code - LEADER, 4)
            leaders.append({"square": LABELS[sq], "colour": COLOURS[colour], "seat": owner})
    # Face-down tiles report the colour they had when the monument was built on them.
    by_square = {t["square"]: t for t in tiles}
    monuments = []
    for top_left, index, colour in state.monuments:
        pair = MONUMENTS[index]
        monuments.append({"square": LABELS[top_left], "colours": [COLOURS[c] for c in pair]})
        for sq in BLOCK[top_left]:
            if LABELS[sq] in by_square and by_square[LABELS[sq]]["face_down"]:
                by_square[LABELS[sq]]["colour"] = COLOURS[colour]
    reveal_all = state.open_scoring or state.over
    players = []
    for s in range(state.seats):
        entry: dict[str, Any] = {
            "seat": s,
            "dynasty": DYNASTIES[s],
            "leaders_in_supply": [COLOURS[c] for c in range(4) if state.leaders[s][c] < 0],
            "catastrophes": state.catastrophes[s],
            "hand_size": sum(state.hands[s]),
        }
        if reveal_all or s == seat:
            entry["score"] = dict(zip(COLOURS, state.score[s], strict=True))
            entry["treasures"] = state.treasures_held[s]
        players.append(entry)
    built = {index for _, index, _ in state.monuments}
    out: dict[str, Any] = {
        "game": "tigris",
        "seats": state.seats,
        "viewer": seat,
        "options": {
            "open_scoring": state.open_scoring,
            "english_support": state.english_support,
        },
        "turn": state.active,
        "actions_left": state.actions_left,
        "turn_number": state.turn_number,
        "to_act": list(to_act(state)),
        "pending": _pending(state.pending),
        "board": {
            "tiles": tiles,
            "leaders": leaders,
            "catastrophes": catastrophes,
            "monuments": sorted(monuments, key=lambda m: _reading(m["square"])),
            "unification": _square(state.unification),
            # Public history: a declined 2x2 is never offered again (added for the AI players).
            "declined": sorted((LABELS[sq] for sq in state.declined), key=_reading),
        },
        "players": players,
        "bag_size": state.bag_size,
        "monuments_available": [
            [COLOURS[a], COLOURS[b]] for i, (a, b) in enumerate(MONUMENTS) if i not in built
        ],
        "last_action": _last_action(state.last_action, seat),
        "events": [
            {"kind": kind, "text": text, "seats": list(seats), "key": key, "params": dict(params)}
            for kind, text, seats, key, params in state.events
        ],
        "game_over": state.over,
        "final": None,
    }
    if seat is not None:
        hand = state.hands[seat]
        out["hand"] = [COLOURS[c] for c in range(4) for _ in range(hand[c])]
    if state.over:
        result = outcome(state)
        out["final"] = {
            "ranking": result["ranking"],
            "scores": result["scores"],
            "final_score": result["final_score"],
        }
    return out


def _last_action(last: tuple[int, str] | None, viewer: int | None) -> dict[str, Any] | None:
    """The last action; a swap's colours are the swapper's secret, others see only the count."""
    if last is None:
        return None
    actor, action = last
    words = action.split()
    if words[0] == "swap" and viewer != actor:
        count = len(words) - 1
        action = f"swap {plural(count, 'tile')}"
    return {"seat": actor, "action": action}


def _reading(label: str) -> int:
    return LABELS.index(label)
