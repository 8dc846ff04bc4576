"""The texts the bot shows: status lines, menus, autocomplete ranking, results."""

from __future__ import annotations

from bot import action_menus, presenters

NAMES = ["Alice", "Bob", "Carol"]


def test_status_line_names_seats_and_says_who_acts() -> None:
    view = {
        "last_action": {"seat": 0, "action": "tile red F4"},
        "events": [{"kind": "score", "text": "@0 scores 1 red", "seats": [0]}],
        "to_act": [1],
        "actions_left": 2,
        "pending": None,
        "game_over": False,
    }
    line = presenters.status_line(view, NAMES, lang="en")
    assert line == (
        "Alice played `tile red F4`. Alice scores 1 red. To act: **Bob** (2 actions left)."
    )


def test_status_line_describes_an_off_turn_conflict_decision() -> None:
    view = {
        "last_action": {"seat": 0, "action": "leader red G5"},
        "events": [],
        "to_act": [2],
        "actions_left": 1,
        "pending": {
            "kind": "support",
            "conflict": "revolt",
            "colour": "red",
            "square": "G5",
            "attacker": 0,
            "defender": 2,
        },
        "game_over": False,
    }
    line = presenters.status_line(view, NAMES, lang="en")
    assert "Pending: priest revolt at G5: Alice attacks Carol." in line
    assert line.endswith("To act: **Carol**.")


def test_status_line_for_targi_pending_kinds() -> None:
    view = {
        "last_action": None,
        "events": [],
        "to_act": [0],
        "pending": {"kind": "place", "seat": 0, "left": 3},
    }
    assert presenters.status_line(view, NAMES, lang="en") == (
        "Pending: place a Targi (3 left). To act: **Alice**."
    )


def test_unknown_seat_reference_is_left_alone() -> None:
    assert presenters.name_seats("@0 beats @7", NAMES) == "Alice beats @7"


def test_rank_actions_puts_prefix_matches_first_and_caps_at_25() -> None:
    actions = [f"tile red {c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 12)]
    actions += ["pass", "catastrophe F4", "leader red F4"]
    ranked = action_menus.rank_actions(actions, "tile red A")
    assert len(ranked) == 11
    assert ranked[:3] == ["tile red A1", "tile red A2", "tile red A3"]
    assert ranked[-1] == "tile red A11"
    # Words in order: "red f4" finds both a tile and a leader on F4, prefix-first ordering stays.
    assert action_menus.rank_actions(actions, "red f4") == ["leader red F4", "tile red F4"]
    assert action_menus.rank_actions(actions, "PASS") == ["pass"]
    assert len(action_menus.rank_actions(actions, "")) == action_menus.MAX_CHOICES
    assert action_menus.rank_actions(actions, "fly") == []


def test_small_menu_is_the_actions_themselves() -> None:
    menu = action_menus.action_menu(["pass", "tile red F4", "tile blue F4"])
    assert [[o.value for o in group] for group in menu] == [["pass", "tile blue F4", "tile red F4"]]
    assert not any(o.is_group for group in menu for o in group)


def test_big_menu_groups_by_word_and_reopens_a_group() -> None:
    squares = [f"{c}{r}" for c in "ABCDEFGHIJKLMNOP" for r in range(1, 12)]
    actions = [f"tile {colour} {sq}" for colour in ("red", "blue") for sq in squares]
    actions += ["pass"] + [f"catastrophe {sq}" for sq in squares]
    top = action_menus.action_menu(actions)
    values = [(o.value, o.is_group) for group in top for o in group]
    assert values == [("catastrophe", True), ("pass", False), ("tile", True)]
    tiles = action_menus.action_menu(actions, "tile")
    assert [(o.value, o.count) for group in tiles for o in group] == [
        ("tile blue", 176),
        ("tile red", 176),
    ]
    red = action_menus.action_menu(actions, "tile red")
    options = [o for group in red for o in group]
    assert all(len(group) <= action_menus.MAX_CHOICES for group in red) and len(red) <= 5
    # 176 squares do not fit five selects: grouped again by the square's first letter.
    assert options[0].value == "tile red A" and options[0].count == 11
    assert len(options) == 16
    column = action_menus.action_menu(actions, "tile red A")
    assert [o.value for group in column for o in group][:3] == [
        "tile red A1",
        "tile red A2",
        "tile red A3",
    ]


def test_final_text_ranks_and_reveals_scores() -> None:
    summary = {
        "end_reason": "over",
        "ranking": [[1], [0, 2]],
        "scores": [
            {"red": 3, "blue": 4, "green": 5, "black": 6, "treasures": 0},
            {"red": 7, "blue": 7, "green": 7, "black": 7, "treasures": 1},
            {"red": 3, "blue": 9, "green": 9, "black": 9, "treasures": 0},
        ],
        "public": {"final": {"final_score": [3, 7, 3]}},
    }
    summary["views"] = [
        {"hand": ["red", "red", "blue"], "players": [{"seat": 0}]},
        {"hand": [], "players": [{"seat": 1}]},
        {"hand": ["black"], "players": [{"seat": 2}]},
    ]
    text = presenters.final_text("tigris", summary, NAMES, lang="en")
    assert text.splitlines() == [
        "**Tigris & Euphrates: final result**",
        "1. Bob: final score 7 (red 7, blue 7, green 7, black 7, treasures 1)",
        "2. Alice: final score 3 (red 3, blue 4, green 5, black 6, treasures 0)",
        "2. Carol: final score 3 (red 3, blue 9, green 9, black 9, treasures 0)",
        "Hands at the end: Alice: 2 red, blue; Bob: nothing; Carol: black.",
    ]


def test_final_text_names_who_resigned() -> None:
    summary = {"end_reason": "resigned", "resigned_seat": 0, "ranking": [[1], [0]], "scores": []}
    text = presenters.final_text("targi", summary, NAMES[:2], lang="en")
    assert text.splitlines() == ["**Targi: final result** (Alice resigned)", "1. Bob", "2. Alice"]


def test_hand_text_counts_tiles_and_shows_hidden_score() -> None:
    private = {
        "hand": ["red", "red", "blue", "black"],
        "players": [
            {"seat": 0, "score": {"red": 1, "blue": 0}, "treasures": 1},
            {"seat": 1},
        ],
    }
    assert presenters.hand_text("tigris", private, 0, lang="en") == (
        "Your hand: 2 red, blue, black. Your points: red 1, blue 0, treasures 1."
    )


def test_rules_summaries_exist_for_both_games() -> None:
    assert "Tigris & Euphrates" in presenters.rules_summary("tigris", lang="en")
    assert "Targi" in presenters.rules_summary("targi", lang="en")


def test_hand_text_for_targi_names_the_hand_card() -> None:
    private = {
        "players": [
            {
                "seat": 0,
                "hand_held": True,
                "hand": {"id": "oasis_05", "name": "Oasis, 1 VP"},
                "score": {"vp": 7, "gold": 1},
            },
            {"seat": 1, "hand_held": False, "hand": None},
        ]
    }
    assert presenters.hand_text("targi", private, 0, lang="en") == (
        "Your hand card: Oasis, 1 VP. Your score: 7 VP · goods: gold 1."
    )
    assert presenters.hand_text("targi", private, 1, lang="en") == "Your hand is empty."


def test_event_sentences_start_with_a_capital() -> None:
    view = {"events": [{"text": "round 5 begins; @1 is start player"}], "to_act": []}
    assert presenters.status_line(view, NAMES, lang="en") == "Round 5 begins; Bob is start player."


def test_final_text_for_targi_puts_points_first() -> None:
    summary = {
        "end_reason": "over",
        "ranking": [[1], [0]],
        "scores": [{"vp": 4, "gold": 0}, {"vp": 7, "gold": 2}],
        "views": [
            {"players": [{"seat": 0, "hand_held": False, "hand": None}]},
            {"players": [{"seat": 1, "hand_held": True, "hand": {"name": "Well"}}]},
        ],
    }
    assert presenters.final_text("targi", summary, NAMES[:2], lang="en").splitlines() == [
        "**Targi: final result**",
        "1. Bob: 7 VP · goods: gold 2",
        "2. Alice: 4 VP · goods: gold 0",
        "Hands at the end: Alice: no card; Bob: Well.",
    ]


def test_status_line_names_a_revolt_by_its_leaders() -> None:
    # A real engine position: seat 0 moves its king next to seat 1's king (a black revolt, fought
    # with red temples); then seat 0 commits two temples and seat 1 must answer.
    from bot.games import tigris
    from tests.tigris.helpers import play, position

    state = play(position(board="F6: K0 r\nH7: K1 r*"), "0: leader black J7")
    view = tigris.view(state, None)
    assert (view["pending"]["colour"], view["pending"]["leader_colour"]) == ("red", "black")
    assert presenters.pending_clause(view, NAMES[:2], lang="en") == (
        "king revolt at J7: Alice attacks Bob"
    )
    line = presenters.status_line(view, NAMES[:2], lang="en")
    # The move's event tells the revolt; the pending line only what it waits for.
    assert "Revolt: Alice's king against Bob's. Pending: commit support." in line, line
    assert "red revolt" not in line and "black revolt" not in line
    assert line.endswith("To act: **Alice**.")

    held = tigris.view(state, 0)["hand"].count("red")
    committed = play(state, f"0: support {held}")
    line = presenters.status_line(tigris.view(committed, None), NAMES[:2], lang="en")
    assert "Pending: support for the king revolt at J7." in line, line
    # the engine's event says what was committed
    assert (f"Alice commits {held} red." if held else "Alice commits no support.") in line
    assert line.endswith("To act: **Bob**.")


def test_status_line_names_a_war_by_its_leaders() -> None:
    from bot.games import tigris
    from tests.tigris.helpers import play, position

    # Two kingdoms, each with a blue farmer, joined by a tile on G6.
    hands = {0: "red red red blue blue blue"}
    state = play(position(board="E6: F0 r . r F1", hands=hands), "0: tile red G6")
    view = tigris.view(state, None)
    pending = view["pending"]
    assert pending["conflict"] == "war" and pending["leader_colour"] == "blue"
    assert presenters.pending_clause(view, NAMES[:2], lang="en") == (
        "farmer war at G6: Alice attacks Bob"
    )
    line = presenters.status_line(view, NAMES[:2], lang="en")
    assert "Farmer war: Alice attacks Bob. Pending: commit support." in line, line
