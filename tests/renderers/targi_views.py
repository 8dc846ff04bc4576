"""Hand-built Targi views in the shape of the Targi VIEW.md (stand-ins until the engine lands)."""

from __future__ import annotations

import copy
from typing import Any

BORDER = [
    (1, "Noble", "action", "Display your hand card (pay its cost) or discard it", [0, 1], 11),
    (2, "Dates", "goods", "+1 dates", [0, 2], 10),
    (3, "Salt", "goods", "+1 salt", [0, 3], 9),
    (4, "Raid 1", "raid", "1 good or 1 VP", [0, 4], None),
    (
        5,
        "Merchant",
        "action",
        "Trade, repeatable: 3 goods -> 1 gold, 2 goods -> 1 good",
        [1, 4],
        15,
    ),
    (6, "Pepper", "goods", "+1 pepper", [2, 4], 14),
    (7, "Dates", "goods", "+1 dates", [3, 4], 13),
    (8, "Raid 2", "raid", "2 goods or 1 VP", [4, 4], None),
    (
        9,
        "Fata Morgana",
        "action",
        "Move your unused tribe marker to another face-up card",
        [4, 3],
        3,
    ),
    (
        10,
        "Silversmith",
        "action",
        "Once: 2 goods -> 1 VP, 4 -> 3 VP, 1 gold -> 2 VP, 2 gold -> 4 VP",
        [4, 2],
        2,
    ),
    (11, "Pepper", "goods", "+1 pepper", [4, 1], 1),
    (12, "Raid 3", "raid", "3 goods or 2 VP", [4, 0], None),
    (13, "Caravan", "action", "Draw the top goods card and take what it shows", [3, 0], 7),
    (
        14,
        "Tribal Expansion",
        "action",
        "Draw the top tribe card: display, hand or discard",
        [2, 0],
        6,
    ),
    (15, "Salt", "goods", "+1 salt", [1, 0], 5),
    (16, "Raid 4", "raid", "1 gold or 3 VP, then the game ends", [0, 0], None),
]
RAIDS = [
    (4, 1, "1 good or 1 VP"),
    (8, 2, "2 goods or 1 VP"),
    (12, 3, "3 goods or 2 VP"),
    (16, 4, "1 gold or 3 VP, then the game ends"),
]
TRIBE = {
    "targia_01": ("Targia, no ability (3 VP)", "targia", "1D 2S 2P", None, 3, "none", "No ability"),
    "targia_04": (
        "Targia, dates bonus",
        "targia",
        "2D 1G",
        None,
        2,
        "ongoing",
        "+1 dates in each round you get dates from a goods card",
    ),
    "targia_08": (
        "Targia, cheaper Targia",
        "targia",
        "1D 2S",
        "1G",
        1,
        "ongoing",
        "Later Targia cost 1 good less",
    ),
    "camel_rider_02": (
        "Camel Rider, no ability (3 VP, gold)",
        "camel_rider",
        "1D 1S 1G",
        None,
        3,
        "none",
        "No ability",
    ),
    "camel_rider_05": (
        "Camel Rider, pepper bonus",
        "camel_rider",
        "2P 1G",
        None,
        2,
        "ongoing",
        "+1 pepper in each round you get pepper from a goods card",
    ),
    "camel_rider_08": (
        "Camel Rider, goods per 2 empty slots",
        "camel_rider",
        "2D 1S",
        None,
        1,
        "immediate",
        "Once: 1 good of your choice per 2 empty display slots",
    ),
    "tent_01": ("Tent, no ability (3 VP)", "tent", "2D 2S 1P", None, 3, "none", "No ability"),
    "tent_05": (
        "Tent, opponent loses a Targi",
        "tent",
        "1D 1S 2P",
        None,
        2,
        "next_round",
        "Next round the opponent places only 2 Targi",
    ),
    "tent_06": (
        "Tent, cheaper Tents",
        "tent",
        "1D 2P",
        "1G",
        1,
        "ongoing",
        "Later Tents cost 1 good less",
    ),
    "well_03": (
        "Well, goods per 2 displayed cards",
        "well",
        "1D 2S 1P",
        None,
        2,
        "immediate",
        "Once: 1 good of your choice per 2 displayed cards",
    ),
    "well_04": ("Well, no ability (2 VP)", "well", "2D 1S 1P", None, 2, "none", "No ability"),
    "well_08": (
        "Well, ignore the robber",
        "well",
        "1D 1G",
        None,
        1,
        "ongoing",
        "Your Targi may stand on the robber's card",
    ),
    "oasis_01": ("Oasis, no ability (3 VP)", "oasis", "2D 1S 2P", None, 3, "none", "No ability"),
    "oasis_04": (
        "Oasis, consolation good",
        "oasis",
        "1D 1P 1G",
        None,
        2,
        "ongoing",
        "+1 good of your choice in rounds without goods from a goods card",
    ),
    "oasis_09": (
        "Oasis, raid immunity",
        "oasis",
        "1S 1P 1G",
        None,
        1,
        "ongoing",
        "You pay nothing at raids",
    ),
}
GOODS = {
    "g_salt_dates": ("1 dates + 1 salt", "1D 1S", "Take 1 dates and 1 salt"),
    "g_pepper_2": ("2 pepper", "2P", "Take 2 pepper"),
    "g_gold": ("1 gold", "1G", "Take 1 gold"),
    "g_choice": ("1 good of your choice", "", "Take 1 dates, salt or pepper"),
    "g_dates_1": ("1 dates", "1D", "Take 1 dates"),
    "g_vp": ("1 VP", "1VP", "Take 1 VP"),
}
CELLS = ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]


def tribe(card_id: str) -> dict[str, Any]:
    name, symbol, cost, alternative, vp, timing, effect = TRIBE[card_id]
    return {
        "id": card_id,
        "type": "tribe",
        "name": name,
        "symbol": symbol,
        "cost": cost,
        "cost_alternative": alternative,
        "vp": vp,
        "gives": None,
        "timing": timing,
        "effect": effect,
    }


def goods(card_id: str) -> dict[str, Any]:
    name, gives, effect = GOODS[card_id]
    return {
        "id": card_id,
        "type": "goods",
        "name": name,
        "symbol": None,
        "cost": None,
        "cost_alternative": None,
        "vp": None,
        "gives": gives,
        "timing": None,
        "effect": effect,
    }


def _player(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "start_player": seat == 0,
        "dates": 2,
        "salt": 2,
        "pepper": 2,
        "gold": 1,
        "vp_tokens": 4,
        "goods": 6,
        "stored_gold": 0,
        "display": [[], [], []],
        "display_count": 0,
        "hand_held": False,
        "hand": None,
        "hand_playable": True,
        "targi": [],
        "markers": [],
        "targi_allowed": 3,
        "score": {
            "vp": 4,
            "tokens": 4,
            "cards": 0,
            "bonus": 0,
            "gold": 1,
            "dates": 2,
            "salt": 2,
            "pepper": 2,
        },
    }


def start() -> dict[str, Any]:
    centre_cards = [
        goods("g_salt_dates"),
        tribe("well_03"),
        goods("g_pepper_2"),
        tribe("targia_01"),
        goods("g_gold"),
        tribe("camel_rider_05"),
        goods("g_choice"),
        tribe("oasis_04"),
        goods("g_dates_1"),
    ]
    return {
        "game": "targi",
        "seats": 2,
        "viewer": None,
        "options": {"raid_unpaid_bonus": "fixed3", "hand_public": True},
        "round": 1,
        "phase": "place",
        "start_player": 0,
        "to_act": [0],
        "robber": 1,
        "raids_done": 0,
        "raid_track": [{"card": c, "raid": r, "demand": d, "done": False} for c, r, d in RAIDS],
        "border": [
            {
                "number": n,
                "name": name,
                "kind": kind,
                "short": short,
                "grid": grid,
                "opposite": opp,
                "robber": n == 1,
                "targi": None,
            }
            for n, name, kind, short, grid, opp in BORDER
        ],
        "centre": [
            {"cell": cell, "grid": [1 + i // 3, 1 + i % 3], "marker": None, "card": card}
            for i, (cell, card) in enumerate(zip(CELLS, centre_cards, strict=True))
        ],
        "decks": {"tribe": 41, "goods": 14},
        "discards": {"tribe": [], "goods": []},
        "players": [_player(0), _player(1)],
        "pending": {"kind": "place", "seat": 0, "left": 3},
        "last_action": None,
        "events": [],
        "game_over": False,
        "final": None,
    }


def _display(player: dict[str, Any], rows: list[list[str]]) -> None:
    player["display"] = [[tribe(c) for c in row] for row in rows]
    player["display_count"] = sum(len(r) for r in rows)


def mid_game() -> dict[str, Any]:
    view = start()
    view.update(round=7, phase="act", start_player=1, to_act=[1], robber=7, raids_done=1)
    view["raid_track"][0]["done"] = True
    for entry in view["border"]:
        entry["robber"] = entry["number"] == 7
        entry["targi"] = {1: 0, 14: 0, 9: 1, 5: 1, 2: 1}.get(entry["number"])
        if entry["number"] in (2,):
            entry["targi"] = 0
    view["centre"][4]["card"] = tribe("tent_05")
    view["centre"][2]["card"] = "face_down"
    view["centre"][8]["card"] = None
    view["centre"][6]["marker"] = 0  # A3: Noble column A... marker of seat 0
    view["centre"][5]["marker"] = 1
    blue, white = view["players"]
    blue.update(
        start_player=False,
        dates=1,
        salt=4,
        pepper=0,
        gold=2,
        vp_tokens=6,
        goods=5,
        hand_held=True,
        hand=tribe("tent_06"),
        hand_playable=False,
        targi=[1, 2, 14],
        markers=["A3"],
    )
    _display(
        blue,
        [
            ["targia_01", "camel_rider_02", "tent_01", "well_04"],
            ["oasis_01", "oasis_09", "targia_04"],
            ["well_08"],
        ],
    )
    blue["score"].update(vp=24, tokens=6, cards=16, bonus=2)
    white.update(
        start_player=True,
        dates=3,
        salt=0,
        pepper=5,
        gold=0,
        vp_tokens=3,
        goods=8,
        hand_held=False,
        hand=None,
        targi=[5, 9],
        markers=["C2"],
        targi_allowed=2,
    )
    _display(
        white,
        [["camel_rider_08", "well_03"], ["tent_01", "oasis_04", "targia_08", "camel_rider_05"], []],
    )
    white["score"].update(vp=13, tokens=3, cards=10, bonus=0)
    view["pending"] = {
        "kind": "tribe",
        "seat": 1,
        "source": "centre",
        "cell": "C2",
        "card": copy.deepcopy(view["centre"][5]["card"]),
    }
    view["last_action"] = {"seat": 1, "action": "use C2"}
    view["events"] = [
        {"kind": "goods", "text": "@0 takes 1 dates from 2", "seats": [0]},
        {"kind": "markers", "text": "@1 resolves the tribe card on C2", "seats": [1]},
    ]
    view["decks"] = {"tribe": 19, "goods": 6}
    return view


def end() -> dict[str, Any]:
    view = mid_game()
    view.update(
        round=12, phase="over", to_act=[], robber=16, raids_done=4, game_over=True, pending=None
    )
    for raid in view["raid_track"]:
        raid["done"] = True
    for entry in view["border"]:
        entry["robber"] = entry["number"] == 16
        entry["targi"] = None
    for cell in view["centre"]:
        cell["marker"] = None
    blue, white = view["players"]
    _display(
        blue,
        [
            ["targia_01", "camel_rider_02", "tent_01", "well_04"],
            ["oasis_01", "oasis_09", "targia_04", "tent_06"],
            ["well_08", "camel_rider_08", "oasis_04"],
        ],
    )
    blue.update(hand=None, hand_held=False, targi=[], markers=[], vp_tokens=3)
    blue["score"].update(vp=33, tokens=3, cards=25, bonus=4)
    _display(
        white,
        [
            ["camel_rider_08", "well_03", "targia_08"],
            ["tent_01", "oasis_04", "targia_08", "camel_rider_05"],
            ["tent_05", "well_03"],
        ],
    )
    white.update(targi=[], markers=[], targi_allowed=3, vp_tokens=5)
    white["score"].update(vp=27, tokens=5, cards=20, bonus=2)
    view["final"] = {
        "reason": "raid4",
        "ranking": [[0], [1]],
        "scores": [blue["score"], white["score"]],
    }
    view["last_action"] = {"seat": 1, "action": "pay 3VP"}
    view["events"] = [
        {"kind": "raid", "text": "@1 pays 3 VP for the last raid", "seats": [1]},
        {"kind": "end", "text": "The game ends after raid 4", "seats": []},
    ]
    return view


def private(seat: int = 0) -> dict[str, Any]:
    view = mid_game()
    view["viewer"] = seat
    return view


def private_drawn(seat: int = 1) -> dict[str, Any]:
    """White has drawn a secret card with Tribal Expansion (table with hidden hands)."""
    view = mid_game()
    view["viewer"] = seat
    view["options"]["hand_public"] = False
    view["pending"] = {
        "kind": "tribe",
        "seat": seat,
        "source": "expansion",
        "cell": None,
        "card": tribe("oasis_01"),
    }
    return view
