"""Table options: the English support variant (§9.2) and open scoring, both off by default."""

from __future__ import annotations

import pytest

from bot.games import tigris
from bot.games.common import IllegalAction
from tests.tigris.helpers import leader_at, play, position

# Attacker on J7 touches I7 only (1); defender on H7 touches I7 and H8 (2).
REVOLT = "H7: P1 r*\nH8: r"
HANDS = {0: "red red red red blue blue", 1: "red red red blue blue blue"}


def _revolt(english: bool) -> tigris.State:
    state = position(hands=HANDS, board=REVOLT, options={"english_support": english})
    return play(state, "0: leader red J7")


def test_defaults() -> None:
    assert tigris.OPTIONS == {"open_scoring": False, "english_support": False}
    options = tigris.view(tigris.new_game(2, 1), None)["options"]
    assert options == {"open_scoring": False, "english_support": False}
    with pytest.raises(ValueError, match="unknown table option"):
        tigris.new_game(2, 1, options={"advanced_board": True})


def test_standard_support_allows_any_amount_held() -> None:
    state = _revolt(english=False)
    assert tigris.legal_actions(state, 0) == [f"support {n}" for n in range(5)]
    state = play(state, "0: support 1")
    assert tigris.legal_actions(state, 1) == [f"support {n}" for n in range(4)]


def test_english_attacker_commits_only_to_go_strictly_ahead() -> None:
    state = _revolt(english=True)
    # 1 + 1 = 2 would only tie the defender's 2: not allowed.
    assert tigris.legal_actions(state, 0) == ["support 0", "support 2", "support 3", "support 4"]
    with pytest.raises(IllegalAction, match="English variant"):
        tigris.apply(state, 0, "support 1")


def test_english_defender_commits_only_exactly_enough_to_tie() -> None:
    state = play(_revolt(english=True), "0: support 3")  # attacker 4, defender 2
    assert tigris.legal_actions(state, 1) == ["support 0", "support 2"]
    for amount in (1, 3):
        with pytest.raises(IllegalAction, match="English variant"):
            tigris.apply(state, 1, f"support {amount}")
    state = play(state, "1: support 2")  # 4 : 4, the defender wins
    assert leader_at(state, "H7") == (1, "red") and leader_at(state, "J7") is None


def test_english_defender_cannot_tie_without_enough_tiles() -> None:
    state = play(_revolt(english=True), "0: support 4")  # 5 vs 2: a tie needs 3, held 3
    assert tigris.legal_actions(state, 1) == ["support 0", "support 3"]
    state = position(
        hands={0: "red red red red red blue", 1: "red red blue blue blue blue"},
        board=REVOLT,
        options={"english_support": True},
    )
    state = play(state, "0: leader red J7", "0: support 5")  # 6 vs 2: needs 4, holds 2
    assert tigris.legal_actions(state, 1) == ["support 0"]


@pytest.mark.parametrize("open_scoring", [False, True])
def test_scores_are_hidden_unless_open_scoring(open_scoring: bool) -> None:
    state = position(
        board="H7: T1 r*",
        hands={0: "green red red red red red"},
        options={"open_scoring": open_scoring},
    )
    state = play(state, "0: tile green G7")  # seat 1 scores 1 green
    own = tigris.view(state, 1)["players"][1]
    assert own["score"]["green"] == 1 and own["treasures"] == 0
    for viewer in (None, 0):
        other = tigris.view(state, viewer)["players"][1]
        if open_scoring:
            assert other["score"] == {"red": 0, "blue": 0, "green": 1, "black": 0}
            assert other["treasures"] == 0
        else:
            assert "score" not in other and "treasures" not in other
    # The event says who scored and the colour, never a total.
    texts = [e["text"] for e in tigris.view(state, None)["events"]]
    assert "@1 scores 1 green" in texts


def test_scores_are_revealed_when_the_game_is_over() -> None:
    state = play(position(bag_left=0, score={1: (3, 4, 5, 6)}), "0: swap blue")
    view = tigris.view(state, 0)
    assert view["players"][1]["score"] == {"red": 3, "blue": 4, "green": 5, "black": 6}
    assert view["final"]["ranking"] == [[1], [0]] and view["final"]["final_score"] == [0, 3]
