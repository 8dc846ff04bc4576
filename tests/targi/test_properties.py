"""Invariants over seeded random playouts (default options and every option flipped)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

import bot.games.targi as targi
from bot.games import replay
from bot.games.playout import play
from bot.games.targi.cards import CARDS
from bot.games.targi.state import State

FLIPPED = {
    name: next(v for v in targi.rules.OPTION_CHOICES[name] if v != default)
    for name, default in targi.OPTIONS.items()
}
RUNS = (
    [(seed, None, "uniform") for seed in range(12)]
    + [(seed, FLIPPED, "uniform") for seed in range(100, 106)]
    + [(seed, None, "builder") for seed in range(200, 206)]
    + [(seed, FLIPPED, "builder") for seed in range(300, 306)]
)
BUILD_FIRST = ("display", "play", "smith", "trade 3", "swap")


def _ids(run):
    return f"seed{run[0]}-{'flipped' if run[1] else 'default'}-{run[2]}"


@dataclass
class Game:
    states: list[State]
    record: dict[str, Any]

    @property
    def final(self) -> State:
        return self.states[-1]


def _builder(seed: int, options: dict[str, Any] | None) -> Game:
    """A seeded player that displays whenever it can, so more card effects come into play."""
    rng = random.Random(seed)
    state = targi.new_game(2, seed, options=options)
    game = Game([state], {"game": "targi", "seats": 2, "seed": seed, "options": options or {},
                          "actions": []})  # fmt: skip
    while not targi.is_over(state):
        legal = targi.legal_actions(state, state.turn)
        preferred = [a for a in legal if a.startswith(BUILD_FIRST)]
        preferred = preferred or [a for a in legal if a.startswith(("use", "hand"))] or legal
        action = rng.choice(preferred)
        game.record["actions"].append([state.turn, action])
        state = targi.apply(state, state.turn, action)
        game.states.append(state)
    return game


@pytest.fixture(scope="module", params=RUNS, ids=_ids)
def playout(request):
    seed, options, policy = request.param
    if policy == "builder":
        return _builder(seed, options)
    result = play(targi, 2, seed, options=options, keep_states=True)
    return Game(result.states, result.record)


def _tribe_cards(state: State) -> list[str]:
    cards = [c for c in state.centre if c in CARDS.tribe]
    cards += state.tribe_deck + state.tribe_discard
    for player in state.players:
        cards += player.displayed() + ([player.hand] if player.hand else [])
    pending = state.pending
    if pending and pending["kind"] == "tribe" and pending["source"] == "expansion":
        cards.append(pending["card"])
    return cards


def _goods_cards(state: State) -> Counter[str]:
    cards = [c for c in state.centre if c in CARDS.goods]
    return Counter(cards + state.goods_deck + state.goods_discard)


def test_game_ends_within_twelve_rounds(playout):
    assert targi.is_over(playout.final)
    assert max(s.round for s in playout.states) <= 12
    assert playout.final.over in ("raid4", "twelve_cards")


def test_cards_are_conserved(playout):
    every_goods = Counter(CARDS.goods_deck())
    for state in playout.states:
        tribe = _tribe_cards(state)
        assert sorted(tribe) == sorted(CARDS.tribe)
        assert _goods_cards(state) == every_goods


def test_no_resource_ever_negative(playout):
    for state in playout.states:
        for player in state.players:
            assert min(player.res) >= 0 and player.stored >= 0
            assert player.hand is None or player.hand in CARDS.tribe


def test_limits_hold_at_every_round_start(playout):
    previous = None
    for state in playout.states:
        if previous is not None and state.round != previous.round:
            for player in state.players:
                goods = player.res[0] + player.res[1] + player.res[2]
                assert goods <= 10 and player.res[3] <= 3
        previous = state


def test_views_hide_deck_order_and_face_down_cards(playout):
    for state in playout.states[::3]:
        secret = set(state.tribe_deck)
        secret |= {c for c, down in zip(state.centre, state.face_down, strict=True) if c and down}
        for viewer in (None, 0, 1):
            view = targi.view(state, viewer)
            text = json.dumps(view)
            leaked = {c for c in secret if c in CARDS.tribe and f'"{c}"' in text}
            assert not leaked, (viewer, leaked)
            assert "tribe_deck" not in view and "goods_deck" not in view
            for cell, down in zip(view["centre"], state.face_down, strict=True):
                assert (cell["card"] == "face_down") == (down and cell["card"] is not None)
            if not state.options["hand_public"]:
                for seat in (0, 1):
                    # Private until the end, then every hand is revealed.
                    shown = viewer == seat or bool(state.over)
                    assert ("hand" in view["players"][seat]) == shown


def _drawn(state: State) -> bool:
    """A card drawn with Tribal Expansion waits for its drawer's decision."""
    pending = state.pending
    return bool(pending and pending["kind"] == "tribe" and pending["source"] == "expansion")


def _expansion_hands(game: Game) -> list[dict[int, str]]:
    """Per state: the hand cards that came from Tribal Expansion (unseen by the other seat)."""
    secret: dict[int, str] = {}
    out = [dict(secret)]
    for state, (seat, action) in zip(game.states, game.record["actions"], strict=False):
        if _drawn(state) and action == "hand":
            assert state.pending is not None
            secret[seat] = state.pending["card"]
        nxt = game.states[len(out)]
        secret = {s: c for s, c in secret.items() if nxt.players[s].hand == c}
        out.append(dict(secret))
    return out


def _named(card_id: str, text: str) -> bool:
    name = CARDS.tribe[card_id].name
    return f'"{card_id}"' in text or re.search(re.escape(name) + r"(?![\w,])", text) is not None


def test_no_view_event_or_pending_names_a_secret_card(playout):
    """Deck cards and face-down cards for everyone; with hand_public false, a Tribal Expansion
    draw (pending or kept in hand, until the game is over) for everyone but the drawer, by id or
    by name."""
    hands = _expansion_hands(playout)
    for state, hidden_hands in zip(playout.states, hands, strict=True):
        secret = set(state.tribe_deck)
        secret |= {c for c, down in zip(state.centre, state.face_down, strict=True) if c and down}
        secret &= set(CARDS.tribe)
        pending = state.pending
        if pending and pending["kind"] == "tribe":
            # a face-down card reached by Fata Morgana (table option) is revealed by taking it
            secret.discard(pending["card"])
        for viewer in (None, 0, 1):
            mine = set(secret)
            if not state.options["hand_public"] and not state.over:  # hands revealed at the end
                mine |= {c for seat, c in hidden_hands.items() if seat != viewer}
                if _drawn(state) and viewer != state.turn:
                    assert pending is not None
                    mine.add(pending["card"])
            view = targi.view(state, viewer)
            text = json.dumps([view["events"], view["pending"], view["players"], view["centre"]])
            leaked = {c for c in mine if _named(c, text)}
            assert not leaked, (viewer, leaked)


def test_json_round_trip_and_replay(playout):
    for state in playout.states[::5]:
        assert targi.from_json(targi.to_json(state)) == state
    assert replay(playout.record) == playout.final
    final = targi.view(playout.final, None)["final"]
    assert final["ranking"] == targi.outcome(playout.final)["ranking"]


def test_every_decision_is_a_short_string_from_a_short_list(playout):
    for state in playout.states[:-1:4]:
        options = targi.legal_actions(state, state.turn)
        assert 1 < len(options) < 100
        assert all(len(a) <= 30 for a in options)
        for action in options[:5]:
            assert targi.apply(state, state.turn, action.lower()).last_action[1] == action
