"""The view keeps the shape documented in bot/games/targi/VIEW.md and shows only what it may."""

from __future__ import annotations

import json

import bot.games.targi as targi

from .helpers import act, given, marker_on, new, place

FILLERS = ["targia_01", "tent_01", "well_01", "oasis_01"]
GOODS5 = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]
TOP = {
    "game", "seats", "viewer", "options", "round", "phase", "start_player", "to_act", "robber",
    "raids_done", "raid_track", "border", "centre", "decks", "discards", "players", "pending",
    "last_action", "events", "game_over", "final",
}  # fmt: skip
PLAYER = {
    "seat", "start_player", "dates", "salt", "pepper", "gold", "vp_tokens", "goods",
    "stored_gold", "display", "display_count", "hand_held", "hand", "hand_playable", "targi",
    "markers", "targi_allowed", "score", "short_round", "got_from_goods_cards", "income_taken",
    "played_hand_this_round",
}  # fmt: skip
CARD = {
    "id",
    "type",
    "name",
    "symbol",
    "cost",
    "cost_alternative",
    "vp",
    "gives",
    "timing",
    "effect",
}


def test_top_level_and_player_fields():
    state = new(FILLERS, GOODS5)
    for viewer in (None, 0, 1):
        view = targi.view(state, viewer)
        assert set(view) == TOP and view["viewer"] == viewer
        assert [p["seat"] for p in view["players"]] == [0, 1]
        # Hands are private by default: only the viewer's own player entry carries "hand".
        assert all(set(p) | {"hand"} == PLAYER for p in view["players"])
        assert [p["seat"] for p in view["players"] if "hand" in p] == (
            [] if viewer is None else [viewer]
        )
        assert [b["number"] for b in view["border"]] == list(range(1, 17))
        assert [c["cell"] for c in view["centre"]] == [
            "A1",
            "B1",
            "C1",
            "A2",
            "B2",
            "C2",
            "A3",
            "B3",
            "C3",
        ]
        assert all(set(c["card"]) == CARD for c in view["centre"])
        assert view["pending"] == {"kind": "place", "seat": 0, "left": 3}
        assert view["border"][0]["robber"] is True and view["robber"] == 1
        assert view["decks"] == {"tribe": 41, "goods": 14}
        json.dumps(view)


def test_centre_card_objects():
    view = targi.view(new(["well_03", *FILLERS[1:]], GOODS5), None)
    b1 = view["centre"][1]["card"]
    assert b1 == {
        "id": "well_03",
        "type": "tribe",
        "name": "Well, goods per 2 displayed cards",
        "symbol": "well",
        "cost": "1D 2S 1P",
        "cost_alternative": None,
        "vp": 2,
        "gives": None,
        "timing": "immediate",
        "effect": "Once: 1 good of your choice per 2 displayed cards",
    }
    assert view["centre"][0]["card"]["gives"] == "1D" and view["centre"][0]["card"]["vp"] is None


def test_pieces_markers_pending_and_events():
    state = marker_on(new(FILLERS, GOODS5), "B1")
    view = targi.view(state, None)
    assert view["players"][0]["targi"] == [2, 5, 15] and view["players"][0]["markers"] == ["B1"]
    assert view["centre"][1]["marker"] == 0 and view["border"][1]["targi"] == 0
    assert view["pending"] == {"kind": "act", "seat": 0, "pieces": ["2", "15", "5", "B1"]}
    state = act(state, "use B1")
    view = targi.view(state, 1)
    assert view["pending"]["kind"] == "tribe" and view["pending"]["card"]["id"] == "targia_01"
    assert view["last_action"] == {"seat": 0, "action": "use B1"}
    state = act(state, "display 1 1D 2S 2P")
    texts = [e["text"] for e in targi.view(state, None)["events"]]
    assert texts[0] == "@0 displays Targia, no ability (3 VP) at 1.1 (pays 1D 2S 2P)"
    assert texts[1] == "a goods card is dealt face down to B1"
    for event in targi.view(state, None)["events"]:
        assert set(event) == {"kind", "text", "seats", "key", "params"}
        assert all(f"@{seat}" in event["text"] for seat in event["seats"])


def test_secret_hand_and_tribal_expansion_draw():
    state = new(["targia_01", "tent_01", "well_01", "oasis_01", "camel_rider_03"], GOODS5,
                hand_public=False)  # fmt: skip
    state = place(state, [14, 6, 2], [15, 5, 13])  # seat 0 on Tribal Expansion
    state = act(state, "use 14")
    mine, theirs, public = (targi.view(state, v) for v in (0, 1, None))
    assert mine["pending"]["card"]["id"] == "camel_rider_03"
    for view in (theirs, public):
        assert "card" not in view["pending"]
        assert "camel_rider_03" not in json.dumps(view)
    state = act(state, "hand")
    for view in (targi.view(state, 1), targi.view(state, None)):
        assert "camel_rider_03" not in json.dumps(view)
        assert view["players"][0]["hand_held"] is True and "hand" not in view["players"][0]
    assert targi.view(state, 0)["players"][0]["hand"]["id"] == "camel_rider_03"


def test_final_scores_in_the_view():
    state = given(new(), 0, display=[["well_01"], [], []])
    state = state.copy()
    state.over, state.phase, state.turn = "raid4", "over", -1
    view = targi.view(state, None)
    assert view["game_over"] and view["to_act"] == [] and view["pending"] is None
    assert view["final"]["reason"] == "raid4" and view["final"]["ranking"] == [[0], [1]]
    assert view["final"]["scores"][0]["vp"] == 4 + 3


def test_every_hand_is_revealed_once_the_game_is_over():
    state = given(new(hand_public=False), 0, hand="oasis_05")
    state = given(state, 1, hand="tent_02")
    for viewer in (1, None):
        assert "hand" not in targi.view(state, viewer)["players"][0]
    state = state.copy()
    state.over, state.phase, state.turn = "raid4", "over", -1
    for viewer in (0, 1, None):
        players = targi.view(state, viewer)["players"]
        assert [p["hand"]["id"] for p in players] == ["oasis_05", "tent_02"]


def test_hand_event_names_the_card_only_while_hands_are_public():
    for public in (False, True):
        state = marker_on(new(FILLERS, GOODS5, hand_public=public), "B1")
        state = act(state, "use B1", "hand")
        texts = [e["text"] for e in targi.view(state, None)["events"] if e["kind"] == "hand"]
        if public:
            assert texts == ["@0 takes Targia, no ability (3 VP) into hand"]
        else:  # the view keeps the hand private, so its event does too
            assert texts == ["@0 takes the tribe card from B1 into hand"]
            assert "Targia" not in json.dumps(targi.view(state, 1))


def test_public_hands_show_a_tribal_expansion_draw_to_everyone():
    state = new([*FILLERS, "camel_rider_03"], GOODS5, hand_public=True)
    state = place(state, [14, 6, 2], [15, 5, 13])  # seat 0 on Tribal Expansion
    state = act(state, "use 14")
    for viewer in (None, 0, 1):
        assert targi.view(state, viewer)["pending"]["card"]["id"] == "camel_rider_03"
    state = act(state, "hand")
    assert targi.view(state, None)["players"][0]["hand"]["id"] == "camel_rider_03"
    assert [e["text"] for e in state.events if e["kind"] == "hand"] == [
        "@0 takes Camel Rider, no ability (2 VP) into hand"
    ]
