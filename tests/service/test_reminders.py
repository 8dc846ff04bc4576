"""Groundwork for play-by-post reminders: when each decision became pending, what is due."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import Service
from bot.storage import Location, connect, latest_version, load_migrations, schema_version
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, ManualClock, open_service, started

HOUR = 3600.0
DAY = 24 * HOUR
HANDS = {"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]}


def _due(reminders: list) -> list[tuple[int, str]]:
    return [(r.table.id, r.table.players[r.seat].name) for r in reminders]


async def test_reminders_fall_due_once_per_interval(service: Service, clock: ManualClock) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    assert await service.pending_since(table.id) == {0: t0, 1: t0}
    assert await service.due_reminders(t0 + DAY - 1, DAY) == []
    assert _due(await service.due_reminders(t0 + DAY, DAY)) == [
        (table.id, "Ann"),
        (table.id, "Bob"),
    ]

    await service.mark_reminded(table.id, 0, t0 + DAY)
    assert _due(await service.due_reminders(t0 + 30 * HOUR, DAY)) == [(table.id, "Bob")]
    clock.now = t0 + 30 * HOUR
    await service.submit(table.id, BOB.user_id, "bid 11")  # Bob is done for this round
    assert await service.pending_since(table.id) == {0: t0}  # Ann's wait goes on
    assert await service.due_reminders(t0 + 2 * DAY - 1, DAY) == []  # Ann: not twice a day
    [again] = await service.due_reminders(t0 + 2 * DAY, DAY)
    assert again.seat == 0 and again.pending_since == t0 and again.reminded_at == t0 + DAY

    clock.now = t0 + 50 * HOUR
    await service.submit(table.id, ANN.user_id, "bid 1")  # Bob wins, must draw or pass
    assert await service.pending_since(table.id) == {1: t0 + 50 * HOUR}
    assert await service.due_reminders(t0 + 50 * HOUR + DAY - 1, DAY) == []
    [bob] = await service.due_reminders(t0 + 50 * HOUR + DAY, DAY)
    assert (bob.seat, bob.user_id, bob.reminded_at) == (1, BOB.user_id, None)


async def test_a_seat_that_acts_and_still_decides_waits_afresh(
    service: Service, clock: ManualClock
) -> None:
    t0 = clock.now
    table = await started(service, setup=HANDS)
    await service.submit(table.id, ANN.user_id, "bid 12")
    clock.advance(HOUR)
    await service.submit(table.id, BOB.user_id, "bid 2")  # Ann won: her decision is new
    assert await service.pending_since(table.id) == {0: t0 + HOUR}


async def test_reminders_survive_a_restart_and_stop_when_the_game_ends(
    database: Location, clock: ManualClock
) -> None:
    t0 = clock.now
    svc = await open_service(database, clock)
    table = await started(svc, setup=HANDS)
    other = await started(svc, (CAT, ANN), channel=CHANNEL + 1)
    await svc.mark_reminded(table.id, 1, t0 + DAY)
    await svc.close()
    svc = await open_service(database, clock)
    try:
        due = await svc.due_reminders(t0 + DAY + 1, DAY)
        assert [(r.table.id, r.seat) for r in due] == [(table.id, 0), (other.id, 0), (other.id, 1)]
        await svc.resign(other.id, ANN.user_id)
        await svc.abort(table.id, ANN.user_id, can_manage=False)
        assert await svc.due_reminders(t0 + 10 * DAY, DAY) == []
        assert await svc.pending_since(table.id) == {}
        with pytest.raises(ValueError):
            await svc.due_reminders(t0, 0)
    finally:
        await svc.close()


async def test_a_version_1_database_gains_reminders(tmp_path: Path, clock: ManualClock) -> None:
    database = tmp_path / "bot.sqlite3"  # an SQLite file's upgrade (test_postgres.py: PostgreSQL)
    conn = await connect(database, load_migrations()[:1])
    try:
        assert await schema_version(conn) == 1
        await conn.execute(
            "INSERT INTO game_tables (id, game, guild_id, channel_id, creator_id, status, "
            "max_seats, seat_order, options, seed, created_at) "
            "VALUES (1, 'blind_bids', 1, 2, 101, 'active', 2, 'join', '{}', 5, 0)"
        )
        await conn.execute("INSERT INTO seats VALUES (1, 101, 'Ann', 0, 0), (1, 102, 'Bob', 1, 1)")
        await conn.execute("INSERT INTO pending VALUES (1, 1, 100.0)")
    finally:
        await conn.close()
    svc = await open_service(database, clock)
    try:
        [due] = await svc.due_reminders(100.0 + DAY, DAY)
        assert (due.table.id, due.seat, due.user_id, due.reminded_at) == (1, 1, 102, None)
    finally:
        await svc.close()
    conn = await connect(database)
    try:
        assert await schema_version(conn) == latest_version() >= 2
    finally:
        await conn.close()
