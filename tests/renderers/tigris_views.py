"""Hand-built T&E views in the agreed shape (stand-ins until the engine produces them)."""

from __future__ import annotations

import copy
from typing import Any

DYNASTIES = ["archer", "bull", "pot", "lion"]
TEMPLES = ["K1", "B2", "P2", "F3", "N5", "I7", "B8", "O9", "F10", "K11"]
CORNERS = {"B2", "P2", "B8", "O9"}
ALL_PAIRS = [
    ["red", "blue"],
    ["red", "green"],
    ["red", "black"],
    ["blue", "green"],
    ["blue", "black"],
    ["green", "black"],
]


def _tile(
    square: str, colour: str, treasure: bool = False, face_down: bool = False
) -> dict[str, Any]:
    return {
        "square": square,
        "colour": colour,
        "face_down": face_down,
        "treasure": treasure,
        "corner": treasure and square in CORNERS,
    }


def _order(square: str) -> tuple[int, int]:
    return int(square[1:]), ord(square[0])


def start(seats: int = 3) -> dict[str, Any]:
    tiles = [_tile(s, "red", True) for s in sorted(TEMPLES, key=_order)]
    return {
        "game": "tigris",
        "seats": seats,
        "viewer": None,
        "options": {"open_scoring": False, "english_support": False},
        "turn": 0,
        "actions_left": 2,
        "turn_number": 1,
        "to_act": [0],
        "pending": None,
        "board": {
            "tiles": tiles,
            "leaders": [],
            "catastrophes": [],
            "monuments": [],
            "unification": None,
        },
        "players": [
            {
                "seat": s,
                "dynasty": DYNASTIES[s],
                "leaders_in_supply": ["red", "blue", "green", "black"],
                "catastrophes": 2,
                "hand_size": 6,
            }
            for s in range(seats)
        ],
        "bag_size": {2: 131, 3: 125, 4: 119}[seats],
        "monuments_available": copy.deepcopy(ALL_PAIRS),
        "last_action": None,
        "events": [],
        "game_over": False,
        "final": None,
    }


def _place(
    view: dict[str, Any], tiles: list[dict[str, Any]], leaders: list[dict[str, Any]]
) -> None:
    board = view["board"]
    taken = {t["square"] for t in tiles}
    board["tiles"] = sorted(
        [t for t in board["tiles"] if t["square"] not in taken] + tiles,
        key=lambda t: _order(t["square"]),
    )
    board["leaders"] = sorted(leaders, key=lambda leader: _order(leader["square"]))
    for leader in leaders:
        supply = view["players"][leader["seat"]]["leaders_in_supply"]
        supply.remove(leader["colour"])


def war_pending() -> dict[str, Any]:
    view = start(4)
    tiles = [
        _tile("G3", "black"),
        _tile("G4", "black"),
        _tile("H4", "green"),
        _tile("F4", "red"),
        _tile("E5", "blue"),
        _tile("F5", "blue"),
        _tile("J5", "green"),
        _tile("J6", "red"),
        _tile("K6", "black"),
        _tile("J4", "black"),
        _tile("K5", "green"),
        _tile("L5", "red"),
        _tile("C9", "blue"),
        _tile("D9", "blue"),
        _tile("B9", "black"),
        _tile("M1", "blue"),
        _tile("L1", "green"),
        _tile("O2", "red"),
        _tile("O3", "green"),
    ]
    leaders = [
        {"square": "G5", "colour": "black", "seat": 0},
        {"square": "E4", "colour": "red", "seat": 0},
        {"square": "H3", "colour": "green", "seat": 1},
        {"square": "K4", "colour": "black", "seat": 2},
        {"square": "L6", "colour": "green", "seat": 2},
        {"square": "I6", "colour": "red", "seat": 3},
        {"square": "C8", "colour": "blue", "seat": 1},
        {"square": "J2", "colour": "blue", "seat": 3},
    ]
    _place(view, tiles, leaders)
    view["board"]["catastrophes"] = ["H6"]
    view["board"]["unification"] = "I5"
    view["players"][1]["catastrophes"] = 1
    view["players"][1]["hand_size"] = 5
    view.update(
        turn=1,
        actions_left=1,
        turn_number=14,
        to_act=[2],
        bag_size=84,
        pending={
            "kind": "support",
            "conflict": "war",
            "colour": "black",
            "square": "I5",
            "attacker": 0,
            "defender": 2,
            "attacker_base": 3,
            "defender_base": 2,
            "attacker_committed": 2,
            "defender_committed": None,
        },
        last_action={"seat": 1, "action": "tile green I5"},
        events=[
            {
                "kind": "war",
                "text": "@1's tile unites two kingdoms at I5: wars over black and green",
                "seats": [1],
            },
            {"kind": "support", "text": "@0 commits 2 supporters", "seats": [0]},
        ],
    )
    return view


def monuments_built() -> dict[str, Any]:
    view = start(2)
    tiles = [
        _tile("C4", "red", face_down=True),
        _tile("D4", "red", face_down=True),
        _tile("C5", "red", face_down=True),
        _tile("D5", "red", face_down=True),
        _tile("B5", "blue"),
        _tile("E5", "red"),
        _tile("E4", "black"),
        _tile("C6", "green"),
        _tile("L2", "blue", face_down=True),
        _tile("M2", "blue", face_down=True),
        _tile("L3", "blue", face_down=True),
        _tile("M3", "blue", face_down=True),
        _tile("M4", "blue"),
        _tile("N4", "blue"),
        _tile("L4", "green"),
        _tile("K3", "red"),
        _tile("I9", "blue"),
        _tile("I10", "blue"),
        _tile("H10", "black"),
        _tile("G10", "red"),
    ]
    leaders = [
        {"square": "D6", "colour": "red", "seat": 0},
        {"square": "E3", "colour": "black", "seat": 0},
        {"square": "N3", "colour": "blue", "seat": 1},
        {"square": "K2", "colour": "green", "seat": 1},
        {"square": "H9", "colour": "blue", "seat": 0},
    ]
    _place(view, tiles, leaders)
    view["board"]["monuments"] = [
        {"square": "C4", "colours": ["red", "blue"]},
        {"square": "L2", "colours": ["blue", "green"]},
    ]
    view["board"]["catastrophes"] = ["F6", "J9"]
    view["players"][0]["catastrophes"] = 1
    view["players"][1]["catastrophes"] = 1
    view["monuments_available"] = [
        p for p in ALL_PAIRS if p not in (["red", "blue"], ["blue", "green"])
    ]
    view.update(
        turn=1,
        actions_left=2,
        turn_number=21,
        to_act=[1],
        bag_size=77,
        last_action={"seat": 0, "action": "tile blue I10"},
        events=[{"kind": "score", "text": "@0 scores 1 blue", "seats": [0]}],
    )
    return view


def late_game() -> dict[str, Any]:
    view = monuments_built()
    more = [
        _tile("G2", "black"),
        _tile("H2", "black"),
        _tile("G1", "green"),
        _tile("A10", "blue"),
        _tile("A11", "blue"),
        _tile("B11", "blue"),
        _tile("C10", "black"),
        _tile("D10", "red"),
        _tile("O6", "green"),
        _tile("P6", "green"),
        _tile("P7", "red"),
        _tile("N8", "black"),
        _tile("J11", "green"),
        _tile("L11", "red"),
        _tile("M11", "red"),
        _tile("H7", "blue"),
        _tile("G7", "blue"),
        _tile("F8", "blue"),
        _tile("G8", "blue"),
    ]
    view["board"]["tiles"] = sorted(
        view["board"]["tiles"] + more, key=lambda t: _order(t["square"])
    )
    for t in view["board"]["tiles"]:
        if t["square"] in ("F3", "K1", "N5"):
            t["treasure"] = False
    view["board"]["leaders"] += [
        {"square": "B10", "colour": "green", "seat": 0},
        {"square": "O7", "colour": "black", "seat": 1},
    ]
    view["board"]["leaders"].sort(key=lambda leader: _order(leader["square"]))
    view["players"][0]["leaders_in_supply"] = []
    view["players"][1]["leaders_in_supply"] = ["red"]
    view["players"][0]["catastrophes"] = 0
    view["options"]["open_scoring"] = True
    view["players"][0].update(score={"red": 9, "blue": 14, "green": 6, "black": 8}, treasures=2)
    view["players"][1].update(score={"red": 11, "blue": 7, "green": 10, "black": 5}, treasures=1)
    view.update(
        turn=0,
        actions_left=0,
        turn_number=58,
        to_act=[0],
        bag_size=3,
        pending={"kind": "treasure", "chooser": 0, "squares": ["B8", "F10"], "count": 1},
        last_action={"seat": 0, "action": "leader green B10"},
        events=[{"kind": "treasure", "text": "@0's trader may take 1 treasure", "seats": [0]}],
    )
    return view


def private(seat: int = 0) -> dict[str, Any]:
    view = late_game()
    view["viewer"] = seat
    view["options"]["open_scoring"] = False
    for p in view["players"]:
        if p["seat"] != seat:
            p.pop("score", None)
            p.pop("treasures", None)
    view["hand"] = ["red", "red", "blue", "green", "black", "black"]
    return view
