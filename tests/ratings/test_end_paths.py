"""The other ways a game ends: concurrent last moves, the turn timer's forfeit through the
scheduler, a rematch of a friendly game."""

from __future__ import annotations

import asyncio
import random

from bot.pbp.scheduler import Scheduler
from bot.pbp.usecases import PlayByPost
from bot.ratings import rebuild
from bot.service import Service
from bot.storage.ratings import RatingQueries
from tests.service.conftest import ANN, BOB, CAT, ManualClock, started

DAY = 24 * 3600.0


async def to_last_move(service: Service, table_id: int, rng: random.Random) -> tuple[int, str]:
    """Play random moves until some seat's legal move would end the game; return that move."""
    while True:
        table, game, states, _ = await service.history(table_id)
        state = states[-1]
        for seat in game.to_act(state):
            for action in game.legal_actions(state, seat):
                if game.is_over(game.apply(state, seat, action)):
                    return table.players[seat].user_id, action
        seat = rng.choice(list(game.to_act(state)))
        user = table.players[seat].user_id
        action = rng.choice(await service.legal_actions(table_id, user))
        await service.submit(table_id, user, action, expected_seq=table.seq)


async def test_last_moves_of_two_games_at_the_same_instant_rate_each_once(
    service: Service,
) -> None:
    rng = random.Random(4)
    first = await started(service, (ANN, BOB), channel=1)
    second = await started(service, (BOB, ANN), channel=2)
    moves = [await to_last_move(service, t.id, rng) for t in (first, second)]
    results = await asyncio.gather(
        *(
            service.submit(t.id, user, action)
            for t, (user, action) in zip((second, first), reversed(moves), strict=True)
        )
    )
    assert all(r.finished for r in results)
    async with service.db.read() as q:
        rq = RatingQueries(q)
        rows, history = await rq.all_ratings(), await rq.all_history()
        order = [r.table_id for r in await rq.rated_results()]
    assert {r.user_id: r.games for r in rows} == {ANN.user_id: 2, BOB.user_id: 2}
    assert sorted(h.table_id for h in history) == [first.id, first.id, second.id, second.id]
    assert order == [second.id, first.id]  # the order they were applied in
    await rebuild(service.db)
    async with service.db.read() as q:
        rq = RatingQueries(q)
        assert (await rq.all_ratings(), await rq.all_history()) == (rows, history)


async def test_the_timer_forfeit_is_a_forfeit_result(service: Service, clock: ManualClock) -> None:
    pbp = PlayByPost(service)
    scheduler = Scheduler(pbp)
    table = await started(service, (ANN, BOB, CAT))
    late = sorted(await service.to_act(table.id))
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=DAY, consequence="forfeit"
    )
    clock.advance(DAY - 4 * 3600)
    await scheduler.tick()  # the warning
    clock.advance(4 * 3600)
    due = await scheduler.tick()
    assert [d.consequence for d in due] == ["forfeit"]
    async with service.db.read() as q:
        result = await RatingQueries(q).result(table.id)
    assert result is not None and result.end_reason == "forfeit" and result.rated
    assert result.ranking[-1] == (due[0].seat,) and due[0].seat in late


async def test_a_rematch_of_a_friendly_game_is_friendly_too(service: Service) -> None:
    pbp = PlayByPost(service)
    table = await started(service, (ANN, BOB), rated=False)
    await service.resign(table.id, BOB.user_id)
    again = await pbp.rematch(table.id, BOB.user_id)
    assert again.rated is False
    rated = await started(service, (ANN, BOB), channel=77)
    await service.resign(rated.id, ANN.user_id)
    assert (await pbp.rematch(rated.id, ANN.user_id)).rated is True
