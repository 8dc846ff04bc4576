"""The AI players: legal choices, fair play, faithful determinization, whole AI-only games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.ai import LEVELS, choose_action
from bot.ai import targi as targi_ai
from bot.ai import tigris as tigris_ai
from bot.ai.arena import play_game, wilson
from bot.games import get_game
from bot.games.playout import steps

TABLES = [("tigris", 2), ("tigris", 3), ("tigris", 4), ("targi", 2)]
DETERMINIZERS = {"tigris": tigris_ai.determinize, "targi": targi_ai.determinize}
# Tests run strong (and, in T&E, every level's candidate list) on a small budget.
TEST_BUDGET = 3


def positions(game_name: str, seats: int, count: int, every: int, seed: int) -> list[Any]:
    """``count`` positions (state, seat to act) spread over seeded random games."""
    game = get_game(game_name)
    out: list[Any] = []
    while len(out) < count:
        for index, (state, seat, _legal, _chosen) in enumerate(steps(game, seats, seed)):
            if index % every == seed % every:
                out.append((state, seat))
        seed += 1
    return out[:count]


@pytest.mark.parametrize(("game_name", "seats"), TABLES)
def test_a_legal_action_in_1000_random_positions(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    for index, (state, seat) in enumerate(positions(game_name, seats, 1000, 7, 11)):
        level = LEVELS[index % 3]
        legal = game.legal_actions(state, seat)
        chosen = choose_action(
            game_name, game.view(state, seat), legal, level, index, iterations=TEST_BUDGET
        )
        assert chosen in legal, (level, chosen)


@pytest.mark.parametrize(("game_name", "seats"), TABLES)
def test_a_sampled_state_shows_the_ai_exactly_its_view(game_name: str, seats: int) -> None:
    game = get_game(game_name)
    rng = random.Random(5)
    for state, actor in positions(game_name, seats, 150, 3, 21):
        for seat in range(seats):
            view = game.view(state, seat)
            sample = DETERMINIZERS[game_name](view, rng)
            assert game.view(sample, seat) == view
            if seat == actor:
                assert game.legal_actions(sample, seat) == game.legal_actions(state, seat)


def _other_targi_world(state: Any, seat: int, rng: random.Random) -> Any:
    """The same position for ``seat`` with every card it cannot see dealt differently."""
    game = get_game("targi")
    data = json.loads(game.to_json(state))
    slots: dict[str, list[tuple[Any, Any]]] = {"tribe": [], "goods": []}
    slots["tribe"] += [(data["tribe_deck"], i) for i in range(len(data["tribe_deck"]))]
    slots["goods"] += [(data["goods_deck"], i) for i in range(len(data["goods_deck"]))]
    for cell, card in enumerate(data["centre"]):
        if card is not None and data["face_down"][cell]:
            kind = "goods" if card.startswith("g_") else "tribe"
            slots[kind].append((data["centre"], cell))
    other = data["players"][1 - seat]
    if other["hand"] is not None and not data["options"]["hand_public"]:
        slots["tribe"].append((other, "hand"))
    pending = data["pending"]
    if pending and pending.get("source") == "expansion" and data["turn"] != seat:
        slots["tribe"].append((pending, "card"))
    for group in slots.values():
        cards = [holder[key] for holder, key in group]
        rng.shuffle(cards)
        for (holder, key), card in zip(group, cards, strict=True):
            holder[key] = card
    data["seed"] += 1
    return game.from_json(json.dumps(data))


def _other_tigris_world(state: Any, seat: int, rng: random.Random) -> Any:
    """The same position for ``seat`` with the bag, the other hands and hidden scores changed."""
    game = get_game("tigris")
    data = json.loads(game.to_json(state))
    others = [s for s in range(data["seats"]) if s != seat]
    drawn = data["drawn"]
    pool = list(data["bag"][drawn:])
    for s in others:
        pool += [c for c in range(4) for _ in range(data["hands"][s][c])]
    rng.shuffle(pool)
    for s in others:
        size = sum(data["hands"][s])
        hand = [0, 0, 0, 0]
        for colour in pool[:size]:
            hand[colour] += 1
        pool = pool[size:]
        data["hands"][s] = hand
        if not data["open_scoring"]:
            data["score"][s][s % 4] += 3
    data["bag"] = data["bag"][:drawn] + pool
    return game.from_json(json.dumps(data))


WORLDS = {"tigris": _other_tigris_world, "targi": _other_targi_world}


@pytest.mark.parametrize(("game_name", "seats"), [("tigris", 2), ("tigris", 4), ("targi", 2)])
@pytest.mark.parametrize("level", LEVELS)
def test_two_worlds_with_one_view_get_one_decision(game_name: str, seats: int, level: str) -> None:
    game = get_game(game_name)
    rng = random.Random(9)
    checked = 0
    for index, (state, seat) in enumerate(positions(game_name, seats, 60, 11, 31)):
        legal = game.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        other = WORLDS[game_name](state, seat, rng)
        view = game.view(state, seat)
        assert game.view(other, seat) == view
        if game.to_json(other) == game.to_json(state):
            continue  # nothing hidden to change here
        # The first decision is taken on strong's full budget, the rest on the test budget.
        budget = None if checked == 0 and level == "strong" else TEST_BUDGET
        first = choose_action(game_name, view, legal, level, index, iterations=budget)
        second = choose_action(
            game_name,
            game.view(other, seat),
            game.legal_actions(other, seat),
            level,
            index,
            iterations=budget,
        )
        assert first == second
        checked += 1
    assert checked >= 20


def test_the_same_seed_gives_the_same_choice_and_seeds_vary_easy() -> None:
    game = get_game("tigris")
    state, seat = positions("tigris", 2, 1, 5, 3)[0]
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat)
    picks = {choose_action("tigris", view, legal, "easy", s) for s in range(12)}
    assert len(picks) > 1
    assert choose_action("tigris", view, legal, "easy", 4) == choose_action(
        "tigris", view, legal, "easy", 4
    )


@pytest.mark.parametrize(
    ("game_name", "levels"),
    [
        ("tigris", ["strong", "normal"]),
        ("tigris", ["easy", "normal", "strong", "easy"]),
        ("targi", ["strong", "normal"]),
        ("targi", ["easy", "strong"]),
    ],
)
def test_a_whole_game_of_ai_seats_ends_normally(game_name: str, levels: list[str]) -> None:
    result = play_game(game_name, levels, 7, iterations=TEST_BUDGET)
    assert sorted(result["places"])[0] == 1
    assert sorted(seat for group in result["ranking"] for seat in group) == list(range(len(levels)))
    assert result["decisions"] > 20


def test_bad_requests_are_refused() -> None:
    game = get_game("targi")
    state = game.new_game(2, 1)
    view = game.view(state, 0)
    with pytest.raises(ValueError, match="unknown AI level"):
        choose_action("targi", view, game.legal_actions(state, 0), "grandmaster", 1)
    with pytest.raises(ValueError, match="no legal action"):
        choose_action("targi", view, [], "easy", 1)
    with pytest.raises(ValueError, match="no AI"):
        choose_action("chess", view, ["a", "b"], "easy", 1)


def test_wilson_interval() -> None:
    low, high = wilson(140, 200)
    assert 0.63 < low < 0.64 and 0.75 < high < 0.76
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_the_bench_and_arena_commands_print_their_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.ai.__main__ import main

    assert main(["bench", "targi", "--level", "normal", "--positions", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 positions" in out and "wall per decision: median" in out and "cpu" in out
    # Without a game: every game and level, with the median and the max CPU per decision.
    assert main(["bench", "--positions", "2", "--iterations", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "CPU median / p90 / max" in lines[0] and len(lines) == 1 + 3 * 3
    assert all(" CPU " in line and " wall " in line for line in lines[1:])
    assert any(line.split()[:4] == ["tigris", "4", "seats,", "strong"] for line in lines)
    args = ["arena", "targi", "--games", "2", "--levels", "strong-unbounded,random", "--quiet"]
    assert main([*args, "--iterations", "4"]) == 0
    assert "strong-unbounded (1 seat, rotated) vs random" in capsys.readouterr().out
    args = ["arena", "targi", "--games", "2", "--levels", "easy,random", "--quiet"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "easy (1 seat, rotated) vs random, 2 games" in out and "95% CI" in out
    assert "average place of easy" in out


@pytest.mark.parametrize("level", LEVELS)
def test_a_defender_commits_just_enough_temples_to_hold(level: str) -> None:
    from tests.tigris.helpers import play, position

    game = get_game("tigris")
    # Seat 1's priest on F5 has two temples beside it; seat 0's priest comes in on H5 (one).
    state = position(
        2,
        board="E5: r P1 r .",
        hands={0: "red red blue blue green green", 1: "red red red blue blue black"},
    )
    state = play(state, "0: leader red H5", "0: support 2")
    assert game.to_act(state) == (1,)
    legal = game.legal_actions(state, 1)
    assert legal == ["support 0", "support 1", "support 2", "support 3"]
    # Attack 1 + 2 = 3 against a base of 2: one red tile ties, and a tie holds.
    chosen = choose_action("tigris", game.view(state, 1), legal, level, 3)
    assert chosen == "support 1"


@pytest.mark.parametrize("level", LEVELS)
def test_a_targi_ai_displays_an_affordable_card_rather_than_keep_it(level: str) -> None:
    from tests.targi.helpers import marker_on, new

    game = get_game("targi")
    goods = ["g_dates_1", "g_salt_1", "g_pepper_1", "g_dates_1", "g_salt_1"]
    # B1 holds "Well, goods per 2 displayed cards" (2 VP for 1 dates 2 salt 1 pepper).
    state = marker_on(new(["well_03", "tent_01", "well_01", "oasis_01"], goods), "B1")
    state = game.apply(state, 0, "use B1")
    legal = game.legal_actions(state, 0)
    assert {"hand", "discard", "display 1 1D 2S 1P"} <= set(legal)
    view = game.view(state, 0)
    if level == "easy":
        # Easy picks at random among the decent choices: display or hand, never discard.
        picks = {choose_action("targi", view, legal, level, seed) for seed in range(10)}
        assert any(p.startswith("display ") for p in picks) and "discard" not in picks
        return
    chosen = choose_action("targi", view, legal, level, 2, iterations=40)
    assert chosen.startswith("display ")


def test_a_targi_ai_leaves_the_merchant_instead_of_trading_round_and_round() -> None:
    # This game once went on forever: easy swapped single goods back and forth (a Tent lets it
    # trade 1 for 1) because each trade's value counted the trades that could follow it.
    result = play_game("targi", ["easy", "normal"], 1_000_114, max_decisions=1000)
    assert result["decisions"] < 400
