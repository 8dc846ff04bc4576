"""The post-game review: turning points with a better legal move, judged from one seat's view."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from bot.ai import review as rv
from bot.ai import review_tigris
from bot.ai import tigris as tigris_ai
from bot.games.tigris.state import State


@pytest.fixture(scope="module", params=["tigris", "targi"])
def reviewed(request: pytest.FixtureRequest) -> tuple[str, Any, list[Any], rv.Review]:
    """A seeded game of `normal` against `easy`, reviewed (T&E: its first 120 decisions)."""
    game_name = request.param
    game, states, actions = rv.recorded_game(game_name, ["normal", "easy"], 5)
    choices = rv.decisions(game, states, actions)
    if game_name == "tigris":
        choices = choices[:120]
    return game_name, game, states, rv.review(game_name, 2, choices, 1)


def test_three_to_five_turning_points_each_with_a_different_legal_move(
    reviewed: tuple[str, Any, list[Any], rv.Review],
) -> None:
    game_name, game, states, review = reviewed
    for seat in range(2):
        points = review.turning[seat]
        assert 3 <= len(points) <= 5, (game_name, seat, points)
        drops = [review.decisions[i].drop for i in points]
        assert drops == sorted(drops, reverse=True)
        for i in points:
            judged = review.decisions[i]
            assert judged.seat == seat
            assert judged.preferred != judged.played
            assert judged.preferred in game.legal_actions(states[judged.index], seat)
            assert judged.chance_preferred > judged.chance_played
            assert judged.term is not None


def test_the_weaker_level_agrees_less_with_the_ai(
    reviewed: tuple[str, Any, list[Any], rv.Review],
) -> None:
    _name, _game, _states, review = reviewed
    normal, easy = review.agreement
    assert 0.0 <= easy < normal <= 1.0


def test_the_review_is_the_same_for_a_seed_and_survives_storage(
    reviewed: tuple[str, Any, list[Any], rv.Review],
) -> None:
    game_name, game, states, review = reviewed
    judged = review.decisions[review.turning[0][0]]
    index, seat, action = judged.index, judged.seat, judged.played
    decision = rv.Decision(
        index, seat, game.view(states[index], seat), game.legal_actions(states[index], seat), action
    )
    assert rv.judge(game_name, decision, 1) == review.decisions[index]
    assert rv.Review.from_json(review.to_json()) == review


def _other_hand_and_bag_changed(state: State, other: int) -> State:
    """The same position with one tile of ``other``'s hand swapped for a different colour
    from the bag (what the viewer cannot see)."""
    hand = list(state.hands[other])
    bag = list(state.bag)
    for spot in range(state.drawn, len(bag)):
        given = bag[spot]
        taken = next((c for c in range(4) if c != given and hand[c]), None)
        if taken is not None:
            hand[taken] -= 1
            hand[given] += 1
            bag[spot] = taken
            hands = list(state.hands)
            hands[other] = (hand[0], hand[1], hand[2], hand[3])
            return dataclasses.replace(state, hands=tuple(hands), bag=tuple(bag))
    raise AssertionError("no tile to swap")


def test_a_tigris_judgement_never_reads_the_others_hands_or_the_bag() -> None:
    game, states, actions = rv.recorded_game("tigris", ["normal", "normal"], 9)
    checked = 0
    for index in range(0, 80, 7):
        seat, played = actions[index]
        real = states[index]
        changed = _other_hand_and_bag_changed(real, 1 - seat)
        assert game.view(changed, 1 - seat) != game.view(real, 1 - seat)
        [before] = rv.decisions(game, [real], [(seat, played)])
        [after] = rv.decisions(game, [changed], [(seat, played)])
        assert rv.judge("tigris", after, 3) == rv.judge("tigris", before, 3)
        checked += 1
    assert checked >= 10


def test_a_targi_judgement_never_reads_the_decks_order() -> None:
    game, states, actions = rv.recorded_game("targi", ["normal", "normal"], 9)
    for index in range(0, 120, 11):
        seat, played = actions[index]
        real = states[index]
        changed = copy.deepcopy(real)
        changed.tribe_deck = list(reversed(changed.tribe_deck))
        changed.goods_deck = list(reversed(changed.goods_deck))
        changed.legal_cache = None
        [before] = rv.decisions(game, [real], [(seat, played)])
        [after] = rv.decisions(game, [changed], [(seat, played)])
        assert rv.judge("targi", after, 3) == rv.judge("targi", before, 3)


def test_the_tigris_terms_add_up_to_the_ai_evaluation() -> None:
    _game, states, _actions = rv.recorded_game("tigris", ["easy", "easy", "easy"], 4)
    for state in states[::25]:
        if state.over:
            continue
        for seat in range(3):
            terms = review_tigris.terms(state, seat)
            assert sum(terms.values()) == pytest.approx(tigris_ai.evaluate(state, seat))
