"""The game log: readable lines in the games' own words for every kind of action, pagination
through the service, and no secrets (hands, hidden scores, deck contents) in any line."""

from __future__ import annotations

import random
import re
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from bot.games import get_game
from bot.games.targi.rules import card_name
from bot.pbp.log import LogEntry, log_entries
from bot.pbp.usecases import PlayByPost
from bot.service import NotStarted, Service, ServiceError
from tests.service.conftest import ANN, BOB, CAT, started

NAMES = ["Ann", "Bob", "Cat"]
COLOUR = r"(red|blue|green|black)"
SQUARE = r"[A-P]\d+"
LEADER = r"(king|priest|trader|farmer)"

# The first line of an action's entry, per verb (<N> = the actor's name).
FIRST_LINE: dict[str, dict[str, str]] = {
    "tigris": {
        "tile": rf"<N> places a (temple|market|settlement|farm) on {SQUARE}",
        "leader": rf"<N> (places their {LEADER} on|moves their {LEADER} to) {SQUARE}",
        "withdraw": r"<N> withdraws their (king|priest|trader|farmer)$",
        "catastrophe": rf"<N> drops a catastrophe on {SQUARE}",
        "swap": r"<N> swaps (1 tile|[2-6] tiles)$",
        "pass": r"<N> passes$",
        "support": rf"<N> commits ([1-9]\d* {COLOUR}|no support)$",
        "war": rf"<N>: `war {COLOUR}`$",
        "monument": rf"<N> builds (no monument$|the {COLOUR}-{COLOUR} monument on {SQUARE}$)",
        "treasure": rf"<N> takes the treasure on {SQUARE}$",
    },
    "targi": {
        "place": r"<N> places a Targi on \d+ \w",
        "use": r"<N>[ :]",
        "done": r"<N>(?: ends the action phase|: `done`$)",
        "display": r"<N> displays .+ at \d\.\d \(pays",
        "pay": r"<N> pays (.+ to Raid \d|nothing)",
        "discard": r"<N> discards ",
        "drop": r"<N> discards .+ \(limit 10 goods\)$",
        "smith": r"<N> turns .+ into \d+ VP \(Silversmith\)$",
        "move": r"<N> moves (a tribe marker from [A-C]\d to [A-C]\d|the displayed cards at "
        r"\d\.\d to \d\.\d( and \d\.\d to \d\.\d)?)$",
        "trade": r"<N> trades .+ for 1 (dates|salt|pepper|gold)$",
        "take": r"<N> takes ",
        "hand": r"<N> takes .+ into hand$",
        "swap": r"<N> swaps the cards at \d\.\d and \d\.\d$",
        "keep": r"<N>(: `keep`$| ends the action phase$)",
        "play": r"<N> plays the hand card without the Noble$",
    },
}
BIAS = {"tigris": 0.1, "targi": 0.6}
RARE = ("hand", "pass", "play", "withdraw", "keep", "swap", "smith", "move")


def playout(
    name: str, seats: int, seed: int
) -> tuple[ModuleType, list[Any], list[tuple[int, str]]]:
    """A seeded full game that prefers rarely chosen kinds of action now and then."""
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(seats, seed)
    states, actions = [state], []
    while not game.is_over(state):
        seat = rng.choice(game.to_act(state))
        legal = game.legal_actions(state, seat)
        rare = [a for a in legal if a.split()[0] in RARE and a != "pass"]
        if "pass" in legal and rng.random() < 0.02:
            rare.append("pass")
        if rare and rng.random() < BIAS[name]:
            verb = rng.choice(sorted({a.split()[0] for a in rare}))
            action = rng.choice([a for a in rare if a.split()[0] == verb])
        else:
            action = rng.choice(legal)
        state = game.apply(state, seat, action)
        states.append(state)
        actions.append((seat, action))
    return game, states, actions


def check_entry(name: str, entry: LogEntry, seat: int, action: str) -> str:
    verb = action.split()[0]
    text = entry.text()
    assert "@" not in text
    assert text.startswith(f"{entry.number}. ") and entry.player == NAMES[seat]
    pattern = "^" + FIRST_LINE[name][verb].replace("<N>", NAMES[seat])
    assert re.search(pattern, entry.lines[0]), (action, text)
    if name == "tigris" and verb == "swap":
        assert not re.search(COLOUR, entry.lines[0]), text  # swapped tiles are secret
    return verb


@pytest.mark.parametrize(("name", "seats"), [("tigris", 3), ("targi", 2)])
def test_every_kind_of_action_reads_in_the_games_words(name: str, seats: int) -> None:
    """Every entry of seeded full games matches its verb's wording; a kind of action the
    playouts did not choose is tried on a side branch the first time it is legal."""
    seen: set[str] = set()
    for seed in range(80):
        if seed >= 4 and len(seen) == len(FIRST_LINE[name]):
            break
        game, states, actions = playout(name, seats, seed)
        entries = [e for e in log_entries(game, states, actions, NAMES, lang="en") if e.number > 0]
        assert len(entries) == len(actions)
        for entry, state, (seat, action) in zip(entries, states[:-1], actions, strict=True):
            seen.add(check_entry(name, entry, seat, action))
            for other in game.legal_actions(state, seat):
                verb = other.split()[0]
                if verb not in seen:
                    branch = game.apply(state, seat, other)
                    [tried] = log_entries(game, [state, branch], [(seat, other)], NAMES, lang="en")[
                        -1:
                    ]
                    seen.add(check_entry(name, tried, seat, other))
    assert sorted(seen) == sorted(FIRST_LINE[name])


def test_exact_lines() -> None:
    game, states, actions = playout("targi", 2, 0)
    entries = log_entries(game, states, actions, ["Ann", "Bob"], lang="en")
    assert entries[0].text().startswith("Setup Round 1 begins; Ann is start player")
    assert (
        entries[1].text()
        == f"1. Ann places a Targi on {actions[0][1].split()[1]} "
        + (game.view(states[1], None)["border"][int(actions[0][1].split()[1]) - 1]["name"])
    )
    tigris = get_game("tigris")
    state = tigris.new_game(2, 3)
    [seat] = tigris.to_act(state)
    passed = tigris.apply(state, seat, "pass")
    names = ["Ann", "Bob"]
    [entry] = log_entries(tigris, [state, passed], [(seat, "pass")], names, lang="en")
    assert entry == LogEntry(1, seat, names[seat], (f"{names[seat]} passes",), "en")


def test_the_log_reads_only_the_public_view() -> None:
    for name, seats in (("tigris", 2), ("targi", 2)):
        game, states, actions = playout(name, seats, 1)

        def public_only(state: Any, seat: int | None, real: ModuleType = game) -> Any:
            assert seat is None, "the log asked for a private view"
            return real.view(state, None)

        spy: Any = SimpleNamespace(NAME=game.NAME, view=public_only)
        assert log_entries(spy, states, actions, NAMES, lang="en") == log_entries(
            game, states, actions, NAMES, lang="en"
        )


def _names(value: Any) -> set[str]:
    """Every card name in a view (card objects) and its event texts."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("name"), str) and "type" in value:
            found.add(value["name"])
        for item in value.values():
            found |= _names(item)
    elif isinstance(value, list):
        for item in value:
            found |= _names(item)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_no_targi_log_line_names_a_secret_card(seed: int) -> None:
    """A hand card, a card drawn in secret, a face-down card or a deck card that nobody could
    see yet is never named in the log up to that moment."""
    game, states, actions = playout("targi", 2, seed)
    entries = log_entries(game, states, actions, ["Ann", "Bob"], lang="en")
    by_number = {e.number: e.text() for e in entries}
    public_names: set[str] = set()
    text_so_far = ""
    for index, state in enumerate(states):
        public = game.view(state, None)
        public_names |= _names(public)
        public_names |= {e["text"] for e in public["events"]}
        text_so_far += by_number.get(index, "") + "\n"
        secret: set[str] = set()
        for seat in (0, 1):
            private = game.view(state, seat)
            secret |= _names(private) - _names(public)
        secret |= {card_name(c) for c in (*state.tribe_deck, *state.goods_deck)}
        secret |= {
            card_name(str(c)) for c, down in zip(state.centre, state.face_down, strict=True) if down
        }
        for name in secret:
            if not any(name in seen for seen in public_names):
                assert name not in text_so_far, (index, name)


@pytest.mark.parametrize("seed", range(4))
def test_no_tigris_log_line_shows_a_hand_or_a_hidden_score(seed: int) -> None:
    game, states, actions = playout("tigris", 3, seed)
    entries = log_entries(game, states, actions, NAMES, lang="en")
    for entry, state in zip(entries, states[1:], strict=True):
        text = entry.text()
        for seat in range(3):
            private = game.view(state, seat)
            hand = private["hand"]
            for sep in (", ", " "):
                assert sep.join(hand) not in text or len(hand) < 2
            if not state.over:
                assert "score" not in game.view(state, None)["players"][seat]
                total = sum(private["players"][seat]["score"].values())
                assert not re.search(rf"\b{total} (VP|points)\b", text)
        assert not re.search(r"\bbag\b.*\b(red|blue|green|black)\b", text)
        assert not re.search(r"\bdraws\b", text)


async def test_the_log_is_paginated_newest_first(service: Service, pbp: PlayByPost) -> None:
    table = await started(service, (ANN, BOB, CAT), game="tigris")
    with pytest.raises(ServiceError, match="1 page"):
        await pbp.game_log(table.id, page=2, lang="en")
    rng = random.Random(3)
    for _ in range(23):
        current = await service.get(table.id)
        seat = rng.choice(await service.to_act(table.id))
        user = current.players[seat].user_id
        legal = await service.legal_actions(table.id, user)
        await service.submit(table.id, user, rng.choice(legal), expected_seq=current.seq)
    first = await pbp.game_log(table.id, page=1, per_page=10, lang="en")
    assert (first.page, first.pages) == (1, 3)
    assert [e.number for e in first.entries] == list(range(14, 24))
    last = await pbp.game_log(table.id, page=3, per_page=10, lang="en")
    assert [e.number for e in last.entries] == [1, 2, 3]
    assert all(
        line.startswith(f"{n}. ") for n, line in zip(range(14, 24), first.lines(), strict=True)
    )
    with pytest.raises(ServiceError, match="3 pages"):
        await pbp.game_log(table.id, page=4, lang="en")
    with pytest.raises(ServiceError):
        await pbp.game_log(table.id, page=0, lang="en")
    lobby = await service.create(
        game="targi", guild_id=1, channel_id=55, creator=ANN, max_seats=2, language="en"
    )
    with pytest.raises(NotStarted):
        await pbp.game_log(lobby.id, lang="en")


async def test_a_page_fits_its_message_and_every_move_is_on_exactly_one_page(
    service: Service, pbp: PlayByPost
) -> None:
    """Long names and busy moves: a page holds fewer entries rather than being cut off."""
    table = await started(service, (ANN, BOB, CAT), game="tigris")
    rng = random.Random(4)
    for _ in range(40):
        current = await service.get(table.id)
        seat = rng.choice(await service.to_act(table.id))
        user = current.players[seat].user_id
        legal = await service.legal_actions(table.id, user)
        await service.submit(table.id, user, rng.choice(legal), expected_seq=current.seq)
    whole = (await pbp.game_log(table.id, per_page=1000, lang="en")).entries
    budget = 300
    first = await pbp.game_log(table.id, page=1, per_page=15, max_chars=budget, lang="en")
    assert first.pages > 40 * 30 // (15 * budget) + 1  # more pages than 15 moves each
    seen: list[int] = []
    for page in range(first.pages, 0, -1):
        shown = await pbp.game_log(table.id, page=page, per_page=15, max_chars=budget, lang="en")
        assert 1 <= len(shown.entries) <= 15
        assert len("\n".join(shown.lines())) <= budget or len(shown.entries) == 1
        seen.extend(e.number for e in shown.entries)
    assert seen == [e.number for e in whole]
