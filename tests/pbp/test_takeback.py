"""Take-backs: approved, refused, refused after a draw or a reveal, and void when someone moves."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.games import get_game
from bot.pbp.log import takeback_refusal
from bot.pbp.usecases import NoTakeback, PlayByPost, TakebackRefused, TakebackVoid
from bot.service import NotSeated, Service, StaleBoard, Table
from tests.service.conftest import ANN, BOB, CAT, EVE, ManualClock, started


async def views(service: Service, table: Table) -> list[dict[str, Any]]:
    public = await service.public_view(table.id)
    private = [await service.private_view(table.id, p.user_id) for p in table.players]
    return [public, *private]


async def first_mover(service: Service, table: Table) -> tuple[int, int]:
    [seat] = await service.to_act(table.id)
    return seat, table.players[seat].user_id


async def quiet_tile(service: Service, table_id: int, user_id: int) -> str:
    """A tile placement (no draw: the turn's first action)."""
    return next(a for a in await service.legal_actions(table_id, user_id) if a.startswith("tile"))


async def test_approved_take_back_restores_every_view_exactly(
    service: Service, pbp: PlayByPost, clock: ManualClock
) -> None:
    table = await started(service, game="tigris")
    seat, user = await first_mover(service, table)
    other = table.players[1 - seat].user_id
    before = await views(service, table)
    action = await quiet_tile(service, table.id, user)
    await service.submit(table.id, user, action, expected_seq=0)
    clock.advance(600)

    asked = await pbp.request_takeback(table.id, user)
    assert (asked.status, asked.seat, asked.waiting_for) == ("pending", seat, (1 - seat,))
    with pytest.raises(TakebackRefused, match="already waiting"):
        await pbp.request_takeback(table.id, user)
    with pytest.raises(TakebackRefused, match="other players answer"):
        await pbp.answer_takeback(table.id, user, True)
    done = await pbp.answer_takeback(table.id, other, True)
    assert done.status == "undone" and done.table.seq == 0

    after = await service.get(table.id)
    assert after.seq == 0
    assert await views(service, after) == before
    assert await service.pending_since(table.id) == {seat: clock.now}  # a fresh wait
    assert (await pbp.game_log(table.id, lang="en")).entries == ()
    assert await pbp.takeback(table.id) is None
    # The game goes on from the restored position, also after a reload from the database.
    service._states.clear()
    assert await views(service, after) == before
    await service.submit(table.id, user, action, expected_seq=0)


async def test_one_refusal_ends_the_request(service: Service, pbp: PlayByPost) -> None:
    table = await started(service, (ANN, BOB, CAT), game="tigris")
    seat, user = await first_mover(service, table)
    await service.submit(table.id, user, await quiet_tile(service, table.id, user))
    others = [p.user_id for s, p in enumerate(table.players) if s != seat]
    await pbp.request_takeback(table.id, user)
    half = await pbp.answer_takeback(table.id, others[0], True)
    assert half.status == "pending" and len(half.waiting_for) == 1
    refused = await pbp.answer_takeback(table.id, others[1], False)
    assert refused.status == "refused"
    assert (await service.get(table.id)).seq == 1
    assert await pbp.takeback(table.id) is None
    with pytest.raises(NoTakeback):
        await pbp.answer_takeback(table.id, others[0], True)


async def test_bad_requests_change_nothing(service: Service, pbp: PlayByPost) -> None:
    table = await started(service, game="tigris")
    seat, user = await first_mover(service, table)
    other = table.players[1 - seat].user_id
    with pytest.raises(TakebackRefused, match="last action"):
        await pbp.request_takeback(table.id, user)  # nothing to take back yet
    await service.submit(table.id, user, await quiet_tile(service, table.id, user))
    with pytest.raises(NotSeated):
        await pbp.request_takeback(table.id, EVE.user_id)
    with pytest.raises(TakebackRefused, match="Only the player who took the last action"):
        await pbp.request_takeback(table.id, other)
    with pytest.raises(NoTakeback):
        await pbp.answer_takeback(table.id, other, True)
    await pbp.request_takeback(table.id, user)
    with pytest.raises(NotSeated):
        await pbp.answer_takeback(table.id, EVE.user_id, True)
    assert (await service.get(table.id)).seq == 1
    bids = await started(service, channel=1, setup={"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]})
    await service.submit(bids.id, ANN.user_id, "bid 1")
    with pytest.raises(TakebackRefused, match="not available for this game"):
        await pbp.request_takeback(bids.id, ANN.user_id)


async def test_the_end_of_a_tigris_turn_draws_tiles_and_cannot_be_taken_back(
    service: Service, pbp: PlayByPost
) -> None:
    table = await started(service, game="tigris")
    seat, user = await first_mover(service, table)
    await service.submit(table.id, user, await quiet_tile(service, table.id, user))
    await service.submit(table.id, user, await quiet_tile(service, table.id, user))
    assert await service.to_act(table.id) == (1 - seat,)  # the turn ended and refilled the hand
    with pytest.raises(TakebackRefused, match="tiles were drawn from the bag"):
        await pbp.request_takeback(table.id, user)
    assert (await service.get(table.id)).seq == 2


async def play_until(
    service: Service, table: Table, rng: random.Random, wanted: Any, limit: int = 3000
) -> tuple[int, str]:
    """Seeded random moves through the service until ``wanted(before, after, seat, action)``."""
    game = get_game(table.game)
    for _ in range(limit):
        current = await service.get(table.id)
        seat = rng.choice(await service.to_act(table.id))
        user = current.players[seat].user_id
        action = rng.choice(await service.legal_actions(table.id, user))
        _, _, states, _ = await service.history(table.id)
        await service.submit(table.id, user, action, expected_seq=current.seq)
        after = game.from_json(game.to_json(game.apply(states[-1], seat, action)))
        if wanted(states[-1], after, seat, action):
            return seat, action
    raise AssertionError("no such action in the playout")


@pytest.mark.parametrize(
    ("game", "reason", "wanted"),
    [
        ("tigris", "support tiles were revealed", lambda b, a, s, x: x.startswith("support")),
        ("tigris", "tiles were drawn", lambda b, a, s, x: x.startswith("swap")),
        ("targi", "a card was drawn", lambda b, a, s, x: len(a.goods_deck) < len(b.goods_deck)),
        ("targi", "a card was drawn", lambda b, a, s, x: len(a.tribe_deck) < len(b.tribe_deck)),
        (
            "targi",
            "your hand card was revealed",
            lambda b, a, s, x: b.players[s].hand is not None and a.players[s].hand is None,
        ),
    ],
)
async def test_actions_that_reveal_something_are_refused(
    service: Service, pbp: PlayByPost, game: str, reason: str, wanted: Any
) -> None:
    table = await started(service, game=game)
    seat, _ = await play_until(service, table, random.Random(5), wanted)
    table = await service.get(table.id)
    if table.status != "active":
        pytest.skip("the wanted action ended the game")
    with pytest.raises(TakebackRefused, match=reason):
        await pbp.request_takeback(table.id, table.players[seat].user_id)


def test_quiet_actions_change_no_hidden_information() -> None:
    """Over seeded playouts: whenever a take-back is allowed, the action left the bag / decks,
    every other seat's hand and the face-down cards exactly as they were."""
    allowed = 0
    for name, seats in (("tigris", 3), ("targi", 2)):
        game = get_game(name)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_game(seats, seed)
            while not game.is_over(state):
                seat = rng.choice(game.to_act(state))
                after = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
                if takeback_refusal(name, state, after, seat) is None:
                    allowed += 1
                    for other in range(seats):
                        if other != seat:
                            assert _hidden(name, state, other) == _hidden(name, after, other)
                state = after
    assert allowed > 100


def _hidden(name: str, state: Any, seat: int) -> Any:
    if name == "tigris":
        return state.bag[state.drawn :], state.hands[seat]
    return (
        state.tribe_deck,
        state.goods_deck,
        state.players[seat].hand,
        [c for c, down in zip(state.centre, state.face_down, strict=True) if down],
    )


async def test_a_request_is_void_once_the_next_player_moves(
    service: Service, pbp: PlayByPost
) -> None:
    table = await started(service, game="targi")
    await service.submit(table.id, ANN.user_id, "place 2", expected_seq=0)
    await pbp.request_takeback(table.id, ANN.user_id)
    await service.submit(table.id, BOB.user_id, "place 3", expected_seq=1)
    with pytest.raises(TakebackVoid):
        await pbp.answer_takeback(table.id, BOB.user_id, True)
    assert (await service.get(table.id)).seq == 2
    assert await pbp.takeback(table.id) is None


@pytest.mark.parametrize("concurrent", [True, False])
async def test_race_between_approval_and_the_next_move(
    service: Service, pbp: PlayByPost, concurrent: bool
) -> None:
    """Bob approves Ann's take-back and places a Targi at the same time (or approves just
    before placing with the old board): exactly one of the two happens."""
    table = await started(service, game="targi")
    await service.submit(table.id, ANN.user_id, "place 2", expected_seq=0)
    await pbp.request_takeback(table.id, ANN.user_id)
    approve = pbp.answer_takeback(table.id, BOB.user_id, True)
    move = service.submit(table.id, BOB.user_id, "place 3", expected_seq=1)
    if concurrent:
        approved, moved = await asyncio.gather(approve, move, return_exceptions=True)
    else:
        approved = await approve
        moved = await asyncio.gather(move, return_exceptions=True)
        moved = moved[0]
    after = await service.get(table.id)
    _, _, _, actions = await service.history(table.id)
    if after.seq == 0:  # the take-back won; the move saw a changed board
        assert isinstance(moved, StaleBoard)
        assert not isinstance(approved, BaseException) and approved.status == "undone"
        assert actions == []
    else:  # the move won; the take-back no longer applies
        assert after.seq == 2 and actions == [(0, "place 2"), (1, "place 3")]
        assert isinstance(approved, TakebackVoid)
    assert concurrent or after.seq == 0
    assert await pbp.takeback(table.id) is None


async def test_a_refused_move_cannot_be_asked_again(service: Service, pbp: PlayByPost) -> None:
    """One refusal settles that move: asking again (and pinging everyone again) is refused;
    the next move can be asked about as usual, also after a restart of the request table."""
    table = await started(service, game="targi")
    await service.submit(table.id, ANN.user_id, "place 2", expected_seq=0)
    await pbp.request_takeback(table.id, ANN.user_id)
    assert (await pbp.answer_takeback(table.id, BOB.user_id, False)).status == "refused"
    with pytest.raises(TakebackRefused, match="already refused"):
        await pbp.request_takeback(table.id, ANN.user_id)
    assert await pbp.takeback(table.id) is None
    with pytest.raises(NoTakeback):
        await pbp.answer_takeback(table.id, BOB.user_id, True)
    assert (await service.get(table.id)).seq == 1
    await service.submit(table.id, BOB.user_id, "place 3", expected_seq=1)
    asked = await pbp.request_takeback(table.id, BOB.user_id)
    assert asked.status == "pending" and asked.waiting_for == (0,)
    assert (await pbp.answer_takeback(table.id, ANN.user_id, True)).status == "undone"
    assert (await service.get(table.id)).seq == 1
