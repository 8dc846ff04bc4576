"""Statistics stored for finished games, on SQLite and PostgreSQL: equal to the counts of the
log, written once, computed for games that ended before (the backfill), none for aborted games,
and summed per player and title with the AI seats' games marked."""

from __future__ import annotations

import random
from typing import Any

from bot.ai import seats as ai_seats
from bot.service import Service
from bot.stats import Statistics, summarize
from bot.storage import Location
from bot.storage.statistics import StatisticsQueries
from tests.postgres import query
from tests.service.conftest import ANN, BOB, CAT, GUILD, games, play, started
from tests.targi.test_statistics import counted_from_log as targi_counts
from tests.tigris.test_statistics import counted_from_log as tigris_counts

COUNTED = {"tigris": tigris_counts, "targi": targi_counts}


async def finish(service: Service, table_id: int, seed: int) -> None:
    await play(service, table_id, random.Random(seed), 2000)
    assert (await service.get(table_id)).status == "finished"


async def stored(service: Service, table_id: int) -> list[dict[str, int]]:
    async with service.db.read() as q:
        rows = await StatisticsQueries(q).of_tables([table_id])
    return [row.counts for row in rows]


async def test_a_finished_game_stores_the_counts_of_its_log(service: Service) -> None:
    tigris = await started(service, (ANN, BOB, CAT), channel=1, game="tigris")
    targi = await started(service, (ANN, BOB), channel=2, game="targi")
    await finish(service, tigris.id, seed=3)
    await finish(service, targi.id, seed=4)
    stats = Statistics(service, games=games)
    assert await stats.catch_up() == 2
    for table in (tigris, targi):
        record: dict[str, Any] = await service.record(table.id)
        assert await stored(service, table.id) == COUNTED[table.game](record)
    assert await stats.catch_up() == 0  # nothing left to do


async def test_computing_twice_stores_once(service: Service, database: Location) -> None:
    table = await started(service, (ANN, BOB), game="targi")
    await finish(service, table.id, seed=5)
    first, second = Statistics(service, games=games), Statistics(service, games=games)
    # Two processes that both saw the game without statistics: each writes, one row per seat.
    async with service.db.read() as q:
        assert await StatisticsQueries(q).missing(10) == [table.id]
    await first._compute(table.id)
    await second._compute(table.id)
    rows = query(database, "SELECT seat FROM game_statistics ORDER BY seat")
    assert [r[0] for r in rows] == [0, 1]


async def test_games_that_ended_before_get_statistics_when_asked(
    service: Service, database: Location
) -> None:
    """The backfill: results without statistics (finished before migration 0013) are computed
    the first time anyone asks, and count in the player's totals."""
    table = await started(service, (ANN, BOB), game="targi")
    await finish(service, table.id, seed=6)
    await Statistics(service, games=games).catch_up()
    query(database, "DELETE FROM game_statistics")  # as a database migrated to 0013 holds it
    summary = await Statistics(service, games=games).player(GUILD, ANN.user_id)
    record = await service.record(table.id)
    expected = targi_counts(record)[0]
    assert [(s.game, s.games) for s in summary] == [("targi", 1)]
    assert summary[0].totals == expected


async def test_resigned_games_count_and_aborted_games_do_not(service: Service) -> None:
    resigned = await started(service, (ANN, BOB), channel=1, game="tigris")
    await play(service, resigned.id, random.Random(7), 30)
    await service.resign(resigned.id, BOB.user_id)
    aborted = await started(service, (ANN, BOB), channel=2, game="tigris")
    await play(service, aborted.id, random.Random(8), 30)
    await service.abort(aborted.id, ANN.user_id, can_manage=True)
    stats = Statistics(service, games=games)
    assert await stats.catch_up() == 1
    assert await stored(service, aborted.id) == []
    assert await stored(service, resigned.id) == tigris_counts(await service.record(resigned.id))


async def test_totals_and_averages_per_title_mark_the_games_with_ai_seats(
    service: Service,
) -> None:
    lobby = await service.create(
        game="targi", guild_id=GUILD, channel_id=1, creator=ANN, max_seats=2, language="en"
    )
    await service.add_ai(lobby.id, ANN.user_id, "easy", can_manage=False)
    with_ai = await service.start(lobby.id, ANN.user_id, can_manage=False)
    assert ai_seats.is_ai(with_ai.players[1].user_id)
    await finish(service, with_ai.id, seed=9)
    person = await started(service, (BOB, ANN), channel=2, game="targi")
    await finish(service, person.id, seed=10)
    stats = Statistics(service, games=games)
    [targi] = await stats.player(GUILD, ANN.user_id)
    first = targi_counts(await service.record(with_ai.id))[0]
    second = targi_counts(await service.record(person.id))[1]
    assert (targi.games, targi.with_ai) == (2, 1)
    assert targi.totals == {name: first[name] + second[name] for name in targi.names}
    assert targi.average("score") == (first["score"] + second["score"]) / 2
    assert await stats.player(GUILD + 1, ANN.user_id) == []  # another server: nothing
    assert summarize([]) == []


async def test_the_league_column_sums_one_statistic_over_the_given_games(
    service: Service,
) -> None:
    first = await started(service, (ANN, BOB), channel=1, game="tigris")
    second = await started(service, (BOB, ANN), channel=2, game="tigris")
    other = await started(service, (ANN, CAT), channel=3, game="tigris")
    for table, seed in ((first, 11), (second, 12), (other, 13)):
        await finish(service, table.id, seed)
    stats = Statistics(service, games=games)
    column = await stats.league_column("tigris", [first.id, second.id])
    one = tigris_counts(await service.record(first.id))
    two = tigris_counts(await service.record(second.id))

    def won(row: dict[str, int]) -> int:
        return row["revolts_won"] + row["wars_won"]

    assert column == {
        ANN.user_id: won(one[0]) + won(two[1]),
        BOB.user_id: won(one[1]) + won(two[0]),
    }
    assert await stats.league_column("blind_bids", [first.id]) is None
