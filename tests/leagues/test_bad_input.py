"""Bad league input gets a short clear sentence and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.leagues import LeagueError, LeagueService
from bot.service import Service, UnknownGame
from bot.storage import Location
from tests.leagues.conftest import CHANNEL, GUILD, MANAGER, Threads, people
from tests.service.conftest import dump

ANN, BOB, CAT = people(3)


async def create(leagues: LeagueService, **kw: Any) -> int:
    args: dict[str, Any] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "creator": MANAGER,
        "can_manage": True,
        "game": "targi",
        "name": "Winter",
        "format": "round_robin",
        "round_days": 7,
    }
    args.update(kw)
    return (await leagues.create(**args)).id


async def refused(database: Location, call: Any, error: type[Exception] = LeagueError) -> str:
    before = dump(database)
    with pytest.raises(error) as caught:
        await call
    assert dump(database) == before, "a refusal changes nothing"
    message = str(caught.value)
    assert message.endswith(".") and len(message) < 120
    return message


async def test_create_refusals(leagues: LeagueService, database: Location) -> None:
    await create(leagues)
    assert "server manager" in await refused(database, create(leagues, can_manage=False))
    assert "no game called" in await refused(database, create(leagues, game="chess"), UnknownGame)
    assert "1 to 30 days, not 0" in await refused(database, create(leagues, round_days=0))
    assert "1 to 30 days, not 1000" in await refused(database, create(leagues, round_days=1000))
    assert "whole number" in await refused(database, create(leagues, round_days=2.5))
    assert "already has a league" in await refused(database, create(leagues, name="winter"))
    assert "`round_robin` or `swiss`" in await refused(database, create(leagues, format="ladder"))
    assert "1 to 40" in await refused(database, create(leagues, name="   "))
    assert "only for Swiss" in await refused(database, create(leagues, name="B", rounds=3))
    assert "1 to 30 rounds" in await refused(
        database, create(leagues, name="C", format="swiss", rounds=0)
    )


async def test_join_leave_start_kick_refusals(
    leagues: LeagueService, service: Service, database: Location, threads: Threads
) -> None:
    league = await create(leagues)
    await leagues.join(league, ANN)
    assert "already signed up" in await refused(database, leagues.join(league, ANN))
    assert "not in Winter" in await refused(database, leagues.leave(league, BOB.user_id))
    assert "at least 2 players" in await refused(
        database, leagues.start(league, MANAGER.user_id, can_manage=True)
    )
    await leagues.join(league, BOB)
    assert "server manager" in await refused(
        database, leagues.start(league, ANN.user_id, can_manage=False)
    )
    assert "server manager" in await refused(
        database, leagues.kick(league, ANN.user_id, can_manage=False, user_id=BOB.user_id)
    )
    await leagues.start(league, MANAGER.user_id, can_manage=True)
    assert "already started" in await refused(
        database, leagues.start(league, MANAGER.user_id, can_manage=True)
    )
    assert "Sign-up for Winter is closed" in await refused(database, leagues.join(league, CAT))
    assert "not in Winter" in await refused(
        database, leagues.kick(league, MANAGER.user_id, can_manage=True, user_id=CAT.user_id)
    )
    assert "no such league" in await refused(database, leagues.join(999, CAT))


async def test_adjudication_refusals(
    leagues: LeagueService, service: Service, database: Location, threads: Threads
) -> None:
    league = await create(leagues)
    for p in (ANN, BOB, CAT):
        await leagues.join(league, p)
    await leagues.start(league, MANAGER.user_id, can_manage=True)
    await leagues.open_matches(league, threads)
    snap = await leagues.snapshot(league)
    match = next(m for m in snap.matches if m.source is None)
    bye = next(m for m in snap.matches if m.source == "bye")
    a, b = match.players
    ok = {"can_manage": True, "ranking": [[a], [b]], "reason": "no-show"}
    assert "server manager" in await refused(
        database, leagues.adjudicate(league, match.id, a, **{**ok, "can_manage": False})
    )
    assert "Give a reason" in await refused(
        database, leagues.adjudicate(league, match.id, MANAGER.user_id, **{**ok, "reason": " "})
    )
    assert "every player of the match exactly once" in await refused(
        database,
        leagues.adjudicate(league, match.id, MANAGER.user_id, **{**ok, "ranking": [[a], [a]]}),
    )
    assert "no match #999" in await refused(
        database, leagues.adjudicate(league, 999, MANAGER.user_id, **ok)
    )
    assert "already has a result" in await refused(
        database, leagues.adjudicate(league, bye.id, MANAGER.user_id, **ok)
    )
    update = await leagues.adjudicate(league, match.id, MANAGER.user_id, **ok)
    assert update.results[0].source == "adjudicated"
    assert [t.status for t in update.ended_tables] == ["aborted"]
    assert "already has a result" in await refused(
        database, leagues.adjudicate(league, match.id, MANAGER.user_id, **ok)
    )


async def test_finished_league_refuses_leaving(
    leagues: LeagueService, service: Service, database: Location, threads: Threads
) -> None:
    league = await create(leagues)
    await leagues.join(league, ANN)
    await leagues.join(league, BOB)
    await leagues.start(league, MANAGER.user_id, can_manage=True)
    [table] = await leagues.open_matches(league, threads)
    await service.resign(table.id, ANN.user_id)
    update = await leagues.advance(league)
    assert update.finished
    assert "is over" in await refused(database, leagues.leave(league, BOB.user_id))
