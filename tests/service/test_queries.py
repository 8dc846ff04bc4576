"""Query-level edge cases that the two databases treat differently unless the SQL is written
for both (each test runs on SQLite and PostgreSQL)."""

from __future__ import annotations

from bot.service import Service
from tests.service.conftest import ANN, BOB, started


async def test_pending_for_no_seat_clears_the_table(service: Service) -> None:
    table = await started(service, (ANN, BOB))
    assert await service.pending_since(table.id) != {}
    async with service.db.write() as q:  # "NOT IN ()" is SQLite only
        await q.set_pending(table.id, {})
    assert await service.pending_since(table.id) == {}


async def test_league_names_match_ignoring_case(service: Service) -> None:
    from bot.storage.leagues import LeagueQueries

    async with service.db.write() as q:
        leagues = LeagueQueries(q)
        made = await leagues.insert_league(
            guild_id=1,
            channel_id=2,
            game="targi",
            name="Winter Cup",
            format="swiss",
            round_days=7,
            rounds=3,
            seed=5,
            created_by=9,
            at=1.0,
        )
        found = await leagues.open_league_named(1, "wINTER cUP")
    assert found is not None and found.id == made
