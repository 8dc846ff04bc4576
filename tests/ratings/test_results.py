"""Results and ratings written by the service's end paths: what counts, one transaction,
exactly once, and ``rebuild`` reproducing every number."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot import ratings
from bot.ratings.model import Skill, rate, shown
from bot.service import BadOption, Player, Service
from bot.storage import IntegrityError, Location
from bot.storage.ratings import RatingQueries
from tests.postgres import query
from tests.service.conftest import (
    ANN,
    BOB,
    CAT,
    GUILD,
    ManualClock,
    open_service,
    play,
    started,
)


async def finish(service: Service, table_id: int, seed: int = 1) -> None:
    """Play seeded random legal moves until the game is over."""
    await play(service, table_id, random.Random(seed), 500)
    assert (await service.get(table_id)).status == "finished"


async def derived(service: Service) -> tuple[list[Any], list[Any]]:
    async with service.db.read() as q:
        rq = RatingQueries(q)
        return await rq.all_ratings(), await rq.all_history()


async def result_of(service: Service, table_id: int) -> Any:
    async with service.db.read() as q:
        return await RatingQueries(q).result(table_id)


async def test_a_game_over_is_rated_from_the_engine_ranking(service: Service) -> None:
    table = await started(service, (ANN, BOB, CAT))
    await finish(service, table.id)
    result = await result_of(service, table.id)
    summary = await service.final_summary(table.id)
    assert result.end_reason == "over" and result.rated and result.unrated_why is None
    assert [list(p) for p in result.ranking] == summary["ranking"]
    assert result.players == (ANN.user_id, BOB.user_id, CAT.user_id)
    assert result.guild_id == GUILD and result.game == "blind_bids"
    rows, history = await derived(service)
    assert sorted(r.user_id for r in rows) == [101, 102, 103]
    assert all(r.games == 1 for r in rows)
    winners = {result.players[s] for s in result.ranking[0]}
    assert {r.user_id for r in rows if r.wins == 1} == winners
    # The stored numbers are openskill's Plackett-Luce update of three new players.
    places = [result.place_of(s) - 1 for s in range(3)]
    expected = rate([Skill()] * 3, places)
    by_user = {r.user_id: r for r in rows}
    for seat, user in enumerate(result.players):
        assert (by_user[user].mu, by_user[user].sigma) == (expected[seat].mu, expected[seat].sigma)
    assert len(history) == 3
    assert all(h.shown_before == ratings.STARTING_RATING for h in history)


async def test_a_resignation_ranks_the_resigner_last_and_costs_the_others_nothing(
    service: Service,
) -> None:
    table = await started(service, (ANN, BOB, CAT))
    await service.resign(table.id, BOB.user_id)
    result = await result_of(service, table.id)
    assert result.end_reason == "resigned"
    assert result.ranking == ((0, 2), (1,))
    _, history = await derived(service)
    change = {h.user_id: h.shown_after - h.shown_before for h in history}
    assert change[BOB.user_id] < 0 < change[ANN.user_id]
    assert change[CAT.user_id] > 0
    # Each other player is rated as having beaten the resigner, not as a draw between them.
    beat = rate([Skill(), Skill()], [0, 1])[0]
    assert {h.mu_after for h in history if h.user_id != BOB.user_id} == {beat.mu}


async def test_a_timer_forfeit_is_told_apart_from_a_resignation(service: Service) -> None:
    table = await started(service, (ANN, BOB))
    await service.forfeit(table.id, 0, table.seq)
    result = await result_of(service, table.id)
    assert result.end_reason == "forfeit" and result.ranking == ((1,), (0,))
    rows, _ = await derived(service)
    assert {r.user_id: r.wins for r in rows} == {ANN.user_id: 0, BOB.user_id: 1}


async def test_an_aborted_game_leaves_no_result_and_no_rating(service: Service) -> None:
    table = await started(service, (ANN, BOB))
    await service.abort(table.id, ANN.user_id, can_manage=False)
    assert await result_of(service, table.id) is None
    assert await derived(service) == ([], [])


async def test_rated_no_is_kept_apart_from_the_engine_options(service: Service) -> None:
    with pytest.raises(BadOption):  # the engine has no option of that name
        await service.create(
            game="blind_bids",
            guild_id=GUILD,
            channel_id=1,
            creator=ANN,
            max_seats=2,
            options={"rated": False},
            language="en",
        )
    table = await started(service, (ANN, BOB), rated=False)
    assert table.rated is False and "rated" not in table.options
    await finish(service, table.id)
    result = await result_of(service, table.id)
    assert not result.rated and result.unrated_why == "a friendly game (rated=no)"
    assert await derived(service) == ([], [])


async def test_a_game_with_an_ai_seat_is_not_rated(service: Service) -> None:
    table = await started(service, (ANN, Player(-7, "Robot")))
    await finish(service, table.id)
    result = await result_of(service, table.id)
    assert result.players == (ANN.user_id, -7)
    assert not result.rated and "not played by a person" in str(result.unrated_why)
    assert await derived(service) == ([], [])


def test_what_counts() -> None:
    assert ratings.unrated_reason(1, [1, 2], True) is None
    assert ratings.unrated_reason(None, [1, 2], True) == "not played in a server"
    assert ratings.unrated_reason(1, [1, -2], True) is not None
    assert ratings.unrated_reason(1, [1, 2], False) is not None
    assert ratings.is_human(0) and not ratings.is_human(-1)


async def test_results_are_immutable(service: Service, database: Location) -> None:
    table = await started(service, (ANN, BOB))
    await service.resign(table.id, ANN.user_id)
    with pytest.raises(IntegrityError, match="immutable"):
        query(database, "UPDATE results SET rated = 0")
    with pytest.raises(IntegrityError, match="immutable"):
        query(database, "DELETE FROM results")
    assert len(query(database, "SELECT * FROM results WHERE rated = 1")) == 1


async def test_a_game_is_never_rated_twice_the_end_rolls_back_whole(
    service: Service, database: Location
) -> None:
    table = await started(service, (ANN, BOB))
    # A result already exists for this table (as if it had been rated before): ending the game
    # again must fail as a whole, leaving the game running and nobody rated.
    query(
        database,
        "INSERT INTO results (table_id, game, guild_id, finished_at, end_reason, ranking, "
        "players, rated) VALUES (?, 'blind_bids', ?, 0, 'over', '[]', '[]', 0)",
        (table.id, GUILD),
    )
    with pytest.raises(IntegrityError):
        await service.resign(table.id, ANN.user_id)
    assert (await service.get(table.id)).status == "active"
    assert await derived(service) == ([], [])


async def test_two_games_ending_at_the_same_instant_rate_once_each(
    service: Service, clock: ManualClock
) -> None:
    first = await started(service, (ANN, BOB), channel=1)
    second = await started(service, (BOB, ANN), channel=2)
    third = await started(service, (ANN, CAT), channel=3)
    # All at the same clock time, the highest table id first: the order they are applied in
    # differs from table-id order, which rebuild must still reproduce.
    await asyncio.gather(
        service.resign(third.id, CAT.user_id),
        service.resign(first.id, ANN.user_id),
        service.resign(second.id, ANN.user_id),
    )
    rows, history = await derived(service)
    games = {r.user_id: r.games for r in rows}
    assert games == {ANN.user_id: 3, BOB.user_id: 2, CAT.user_id: 1}
    assert sorted(h.table_id for h in history) == sorted([first.id, second.id, third.id] * 2)
    async with service.db.read() as q:
        results = await RatingQueries(q).rated_results()
    assert [r.table_id for r in results] == [third.id, first.id, second.id]
    await ratings.rebuild(service.db)
    assert await derived(service) == (rows, history)


async def test_rebuild_gives_identical_numbers(service: Service, clock: ManualClock) -> None:
    rng = random.Random(5)
    players = (ANN, BOB, CAT)
    for index in range(8):
        seated = tuple(rng.sample(players, rng.choice([2, 3])))
        table = await started(service, seated, channel=100 + index)
        clock.advance(60)
        if index % 3 == 2:
            await service.resign(table.id, seated[-1].user_id)
        else:
            await finish(service, table.id, seed=index)
    friendly = await started(service, (ANN, BOB), channel=99, rated=False)
    await finish(service, friendly.id)
    before = await derived(service)
    assert len(before[1]) > 8
    assert await ratings.rebuild(service.db) == 8
    assert await derived(service) == before


async def test_displayed_ratings_for_the_leagues(service: Service) -> None:
    table = await started(service, (ANN, BOB))
    await service.forfeit(table.id, 1, table.seq)
    shown_now = await ratings.displayed_ratings(service.db, GUILD, "blind_bids", [101, 102, 103])
    rows, _ = await derived(service)
    by_user = {r.user_id: shown(Skill(r.mu, r.sigma)) for r in rows}
    assert shown_now == {101: by_user[101], 102: by_user[102], 103: ratings.STARTING_RATING}
    assert shown_now[101] > 1500 > shown_now[102]
    elsewhere = await ratings.displayed_ratings(service.db, None, "blind_bids", [101])
    assert elsewhere == {101: ratings.STARTING_RATING}


async def test_results_survive_a_restart(database: Location, clock: ManualClock) -> None:
    service = await open_service(database, clock)
    table = await started(service, (ANN, BOB))
    await service.resign(table.id, BOB.user_id)
    before = await derived(service)
    await service.close()
    again = await open_service(database, clock)
    try:
        assert await derived(again) == before
    finally:
        await again.close()
