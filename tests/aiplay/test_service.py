"""AI seats through the service and the worker pool: whole games with only AI seats, never
rated, stale answers dropped, a leaver replaced by a `normal` AI, the timer consequence `ai`,
and an AI that is never reminded, warned or timed."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.ai import choose_action
from bot.ai import seats as ai_seats
from bot.ai.turns import AiTurns
from bot.ai.worker import AiPool, decision_seed
from bot.games import get_game
from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.service import NotAllowed, NotInLobby, Player, Service, Table, TableFull
from bot.storage.ratings import RatingQueries
from tests.service.conftest import ANN, BOB, CAT, GUILD, ManualClock

HOUR = 3600.0
CHANNEL = 7100


async def ai_table(
    service: Service,
    game: str,
    humans: tuple[Player, ...],
    levels: tuple[str, ...],
    *,
    channel: int = CHANNEL,
    ai_replaces: bool = False,
) -> Table:
    """A running table: ``humans`` (the first opens it; none = it leaves again) and AI seats."""
    opener = humans[0] if humans else ANN
    table = await service.create(
        game=game,
        guild_id=GUILD,
        channel_id=channel,
        creator=opener,
        max_seats=len(humans) + len(levels),
        ai_replaces=ai_replaces,
        language="en",
    )
    if not humans:
        await service.leave(table.id, opener.user_id)
    for person in humans[1:]:
        await service.join(table.id, person)
    for level in levels:
        table = await service.add_ai(table.id, opener.user_id, level, can_manage=False)
    return await service.start(table.id, opener.user_id, can_manage=False)


async def result_of(service: Service, table_id: int) -> Any:
    async with service.db.read() as q:
        return await RatingQueries(q).result(table_id)


async def play_out(service: Service, turns: AiTurns, table_id: int, seed: int = 1) -> int:
    """People play seeded random legal actions, AI seats answer through ``turns``; returns how
    many AI moves were made."""
    rng = random.Random(seed)
    ai_moves = 0
    for _ in range(2000):
        table = await service.get(table_id)
        if table.status != "active":
            return ai_moves
        if await turns.play_once(table_id) is not None:
            ai_moves += 1
            continue
        seats = await service.to_act(table_id)
        people = [s for s in seats if not ai_seats.is_ai(table.players[s].user_id)]
        assert people, "nobody to act, and no AI acted"
        user = table.players[rng.choice(people)].user_id
        legal = await service.legal_actions(table_id, user)
        await service.submit(table_id, user, rng.choice(legal), expected_version=table.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game", "levels"),
    [("targi", ("normal", "easy")), ("tigris", ("easy", "normal")), ("tigris", ("easy",) * 3)],
)
async def test_a_whole_game_with_only_ai_seats(
    service: Service, pool: AiPool, game: str, levels: tuple[str, ...]
) -> None:
    table = await ai_table(service, game, (), levels)
    assert len({p.user_id for p in table.players}) == len(levels)
    assert [ai_seats.ai_level(p.user_id) for p in table.players] == list(levels)
    turns = AiTurns(service, pool.decide)
    moves = await play_out(service, turns, table.id)
    final = await service.get(table.id)
    assert final.status == "finished" and final.end_reason == "over"
    assert moves == final.seq > 20
    result = await result_of(service, table.id)
    assert not result.rated and result.unrated_why == "a seat was not played by a person"
    # Every logged action was the level's own choice from that seat's view (replayed here).
    record = await service.record(table.id)
    engine = get_game(game)
    state = engine.new_game(len(levels), table.seed, options=table.options)
    version = 1
    for seat, action in record["actions"]:
        legal = list(engine.legal_actions(state, seat))
        level = levels[seat]
        seed = decision_seed(table.seed, version, seat)
        assert action == choose_action(
            game, engine.view(state, seat), legal, level, seed, iterations=pool.iterations
        )
        state = engine.apply(state, seat, action)
        version += 1


async def test_a_person_against_ai_seats_is_never_rated(service: Service, pool: AiPool) -> None:
    table = await ai_table(service, "targi", (ANN,), ("easy",))
    await play_out(service, AiTurns(service, pool.decide), table.id, seed=3)
    result = await result_of(service, table.id)
    assert result.end_reason == "over" and not result.rated
    assert result.players == (ANN.user_id, -11)
    async with service.db.read() as q:
        assert await RatingQueries(q).all_ratings() == []


async def test_only_the_creator_seats_ais_and_only_in_a_free_seat(service: Service) -> None:
    table = await service.create(
        game="tigris", guild_id=GUILD, channel_id=CHANNEL, creator=ANN, max_seats=3, language="en"
    )
    await service.join(table.id, BOB)
    with pytest.raises(NotAllowed):
        await service.add_ai(table.id, BOB.user_id, "easy", can_manage=False)
    table = await service.add_ai(table.id, BOB.user_id, "strong", can_manage=True)  # a manager
    assert [p.name for p in table.players] == ["Ann", "Bob", "AI (strong)"]
    with pytest.raises(TableFull):
        await service.add_ai(table.id, ANN.user_id, "easy", can_manage=False)
    table = await service.remove_ai(table.id, ANN.user_id, can_manage=False)
    assert [p.name for p in table.players] == ["Ann", "Bob"]
    await service.start(table.id, ANN.user_id, can_manage=False)
    with pytest.raises(NotInLobby):
        await service.add_ai(table.id, ANN.user_id, "easy", can_manage=False)


async def test_an_answer_for_a_board_that_changed_is_dropped(
    service: Service, pool: AiPool
) -> None:
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    (first,) = await service.to_act(table.id)
    assert first == 0  # Ann opens
    legal = await service.legal_actions(table.id, ANN.user_id)
    moved = await service.submit(table.id, ANN.user_id, legal[0])
    asked: list[int] = []

    async def undo_while_thinking(
        game: str, view: dict[str, Any], legal: list[str], level: str, seed: int
    ) -> str:
        asked.append(len(asked))
        answer = await pool.decide(game, view, legal, level, seed)
        if len(asked) == 1:  # Ann's move is taken back while the AI thinks
            await service.undo_last(table.id, moved.table.seq)
        return answer

    result = await AiTurns(service, undo_while_thinking).play_once(table.id)
    assert result is None and asked == [0]  # dropped; now Ann decides again
    after = await service.get(table.id)
    assert after.seq == 0 and after.version == moved.table.version + 1
    assert await service.to_act(table.id) == (0,)


async def test_two_drivers_never_apply_one_decision_twice(service: Service, pool: AiPool) -> None:
    table = await ai_table(service, "targi", (), ("easy", "normal"))
    turns = AiTurns(service, pool.decide)
    both = await asyncio.gather(turns.play_once(table.id), turns.play_once(table.id))
    applied = [r for r in both if r is not None]
    # The slower one found the board changed and took the next decision instead, never the same.
    assert {r.table.seq for r in applied} == set(range(1, len(applied) + 1))
    assert (await service.get(table.id)).seq == len(applied)


async def test_a_resigning_player_of_a_three_player_game_is_replaced(
    service: Service, pool: AiPool
) -> None:
    table = await ai_table(service, "tigris", (ANN, BOB, CAT), (), ai_replaces=True)
    after = await service.resign(table.id, BOB.user_id)
    assert after.status == "active" and after.version == table.version + 1
    assert [p.user_id for p in after.players] == [ANN.user_id, -21, CAT.user_id]
    assert after.players[1].name == "AI (normal)"
    assert await service.replaced_seats(table.id) == [(1, BOB.user_id, "Bob", "resigned")]
    # Cat resigns too: Ann still plays, so the AI takes that seat over as well.
    after = await service.resign(table.id, CAT.user_id)
    assert [p.user_id for p in after.players] == [ANN.user_id, -21, -22]
    await play_out(service, AiTurns(service, pool.decide), table.id, seed=5)
    final = await service.get(table.id)
    assert final.status == "finished" and final.end_reason == "over"
    result = await result_of(service, table.id)
    assert not result.rated and result.players == (ANN.user_id, -21, -22)


@pytest.mark.parametrize(
    ("game", "people", "replaces"),
    [
        ("tigris", (ANN, BOB, CAT), False),  # the table did not choose it
        ("tigris", (ANN, BOB), True),  # two players: the game ends
        ("targi", (ANN, BOB), True),
    ],
)
async def test_resigning_ends_the_game_without_replacement(
    service: Service, game: str, people: tuple[Player, ...], replaces: bool
) -> None:
    table = await ai_table(service, game, people, (), ai_replaces=replaces)
    after = await service.resign(table.id, BOB.user_id)
    assert after.status == "finished" and after.resigned_seat == 1
    assert await service.replaced_seats(table.id) == []


async def test_the_last_person_leaving_ends_the_game(service: Service) -> None:
    table = await ai_table(service, "tigris", (ANN,), ("easy", "easy"), ai_replaces=True)
    after = await service.resign(table.id, ANN.user_id)
    assert after.status == "finished"  # AIs alone do not play on


async def test_a_league_match_never_replaces(service: Service) -> None:
    table = await service.create_started(
        game="tigris",
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator_id=1,
        players=(ANN, BOB, CAT),
        language="en",
    )
    assert not table.ai_replaces
    assert (await service.resign(table.id, BOB.user_id)).status == "finished"


async def test_a_forfeit_on_time_hands_the_seat_to_an_ai(
    service: Service, clock: ManualClock, pool: AiPool
) -> None:
    table = await ai_table(service, "tigris", (ANN, BOB, CAT), (), ai_replaces=True)
    pbp = PlayByPost(service)
    scheduler = Scheduler(pbp, decide=pool.decide)
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR, consequence="forfeit"
    )
    (first,) = await service.to_act(table.id)
    clock.advance(HOUR)
    [warning] = await scheduler.tick()
    assert warning.kind == "warning"
    clock.advance(HOUR)
    [expired] = await scheduler.tick()
    assert (expired.kind, expired.consequence, expired.seat) == ("expired", "replaced", first)
    assert expired.table.status == "active" and expired.table.players[first].user_id == -21
    assert (await pbp.options(table.id)).forfeit_seat is None
    replaced = await service.replaced_seats(table.id)
    assert replaced == [(first, table.players[first].user_id, table.players[first].name, "forfeit")]
    # The AI now decides there: the timer never counts its decision.
    clock.advance(10 * HOUR)
    assert await scheduler.tick() == []


async def test_the_timer_consequence_ai_takes_the_normal_ais_decision(
    service: Service, clock: ManualClock, pool: AiPool
) -> None:
    table = await ai_table(service, "tigris", (ANN, BOB), ())
    pbp = PlayByPost(service)
    scheduler = Scheduler(pbp, decide=pool.decide)
    options = await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR, consequence="ai"
    )
    assert options.consequence == "ai"
    (seat,) = await service.to_act(table.id)
    user = table.players[seat].user_id
    decision = await service.seat_decision(table.id, seat)
    assert decision is not None
    _, view, legal = decision
    seed = decision_seed(table.seed, table.version, seat)
    wanted = choose_action("tigris", view, legal, "normal", seed, iterations=pool.iterations)
    clock.advance(HOUR)
    [warning] = await scheduler.tick()
    assert warning.kind == "warning"
    clock.advance(HOUR)
    [expired] = await scheduler.tick()
    assert (expired.consequence, expired.action) == ("ai", wanted)
    assert expired.move is not None and expired.move.seat == seat
    after = await service.get(table.id)
    assert after.seq == 1 and after.players[seat].user_id == user  # still the person's seat


async def test_without_a_pool_the_consequence_ai_falls_back_to_skip(
    service: Service, clock: ManualClock
) -> None:
    table = await ai_table(service, "tigris", (ANN, BOB), ())
    pbp = PlayByPost(service)
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=HOUR, consequence="ai"
    )
    scheduler = Scheduler(pbp)
    clock.advance(HOUR)
    await scheduler.tick()
    clock.advance(HOUR)
    [expired] = await scheduler.tick()
    assert (expired.consequence, expired.action) == ("skip", "pass")


async def test_an_ai_is_never_reminded_warned_or_timed(
    service: Service, clock: ManualClock
) -> None:
    table = await ai_table(service, "targi", (ANN,), ("normal",))
    legal = await service.legal_actions(table.id, ANN.user_id)
    await service.submit(table.id, ANN.user_id, legal[0])
    (seat,) = await service.to_act(table.id)
    assert ai_seats.is_ai(table.players[seat].user_id)  # the AI's decision waits (no driver)
    pbp = PlayByPost(service)
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=HOUR, timer=2 * HOUR, warn_lead=HOUR
    )
    scheduler = Scheduler(pbp)
    for _ in range(6):
        clock.advance(HOUR)
        assert await scheduler.tick() == []
    assert await service.due_reminders(clock.now, HOUR) == []
    assert (await service.get(table.id)).seq == 1  # nothing was decided for the AI
    assert await service.ai_to_act() == [(table.id, seat, table.players[seat].user_id)]
