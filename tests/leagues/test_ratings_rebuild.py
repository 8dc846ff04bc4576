"""League games count for the ratings like any other game: `ratings rebuild` after a season whose
matches ended every way (played out, resigned, forfeited at the deadline, a player removed,
adjudicated) gives identical numbers; the adjudicated match is not rated."""

from __future__ import annotations

from bot import ratings
from bot.leagues import LeagueService
from bot.service import Service
from tests.leagues.conftest import MANAGER, Threads, people
from tests.leagues.test_season import post_boards, signed_up
from tests.ratings.test_results import derived, finish, result_of
from tests.service.conftest import ManualClock


async def test_rebuild_with_league_games_gives_identical_numbers(
    service: Service, leagues: LeagueService, threads: Threads, clock: ManualClock
) -> None:
    players = people(4)
    league_id = await signed_up(leagues, players, "targi", "round_robin")
    await leagues.start(league_id, MANAGER.user_id, can_manage=True)
    endings: dict[int, str] = {}
    for number in (1, 2, 3):
        await post_boards(service, await leagues.open_matches(league_id, threads))
        snap = await leagues.snapshot(league_id)
        first, second = [m for m in snap.matches if m.round == number]
        assert first.table_id is not None and second.table_id is not None
        clock.advance(3600)
        if number == 1:
            await finish(service, first.table_id, seed=1)
            endings[first.table_id] = "over"
            await leagues.adjudicate(
                league_id,
                second.id,
                MANAGER.user_id,
                can_manage=True,
                ranking=[[second.players[1]], [second.players[0]]],
                reason="agreed",
            )
            endings[second.table_id] = "adjudicated"
        elif number == 2:
            await service.resign(first.table_id, first.players[0])
            endings[first.table_id] = "resigned"
            clock.now = snap.rounds[-1].deadline
            endings[second.table_id] = "forfeit"
        else:
            await leagues.kick(league_id, 0, can_manage=True, user_id=first.players[1])
            endings[first.table_id] = "resigned"
            await finish(service, second.table_id, seed=3)
            endings[second.table_id] = "over"
        await leagues.advance(league_id)
    assert (await leagues.get(league_id)).status == "finished"
    for table_id, how in endings.items():
        result = await result_of(service, table_id)
        if how == "adjudicated":
            assert result is None, "an adjudicated match was not played out: not rated"
        else:
            assert result is not None and result.end_reason == how, (table_id, how)
    before = await derived(service)
    assert await ratings.rebuild(service.db) == 5
    assert await derived(service) == before
