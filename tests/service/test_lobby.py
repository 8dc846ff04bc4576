"""Lobbies: one per channel, joining and leaving, who may start or cancel, seat orders."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import presenters
from bot.i18n import render
from bot.service import (
    AlreadySeated,
    BadOption,
    ChannelBusy,
    GameNotActive,
    NotAllowed,
    NotInLobby,
    NotSeated,
    NotStarted,
    Service,
    Table,
    TableFull,
    UnknownGame,
    UnknownTable,
    WrongPlayerCount,
)
from bot.storage import Location
from tests.service.conftest import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    DAN,
    GUILD,
    ManualClock,
    dump,
    open_service,
    seeds,
)


async def _lobby(service: Service, max_seats: int = 3, **kw: object):
    return await service.create(
        game="blind_bids",
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        max_seats=max_seats,
        **{"language": "en", **kw},  # type: ignore[arg-type]
    )


async def test_create_opens_a_lobby_with_the_creator_seated(service: Service) -> None:
    table = await _lobby(service, options={"rounds": 2})
    assert table.status == "lobby" and table.game == "blind_bids"
    assert table.players == (ANN,) and table.creator_id == ANN.user_id
    assert table.options == {"rounds": 2, "open_hands": False}  # defaults merged in
    assert table.seq == 0 and table.seat_order == "join"
    assert await service.in_channel(CHANNEL) == table
    assert await service.get(table.id) == table


async def test_one_open_table_per_channel(service: Service) -> None:
    first = await _lobby(service)
    with pytest.raises(ChannelBusy) as info:
        await service.create(
            game="blind_bids",
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator=BOB,
            max_seats=2,
            language="en",
        )
    assert info.value.table.id == first.id
    other = await service.create(
        game="blind_bids",
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        creator=BOB,
        max_seats=2,
        language="en",
    )
    assert [t.id for t in await service.list_guild(GUILD)] == [first.id, other.id]
    # Once the lobby is cancelled, the channel is free again.
    await service.cancel(first.id, ANN.user_id, can_manage=False)
    again = await _lobby(service)
    assert again.id not in (first.id, other.id)
    assert [t.id for t in await service.list_guild(GUILD)] == [other.id, again.id]


async def test_bad_create_arguments_are_refused(service: Service, database: Location) -> None:
    before = dump(database)
    with pytest.raises(UnknownGame):
        await service.create(
            game="chess", guild_id=GUILD, channel_id=1, creator=ANN, max_seats=2, language="en"
        )
    with pytest.raises(WrongPlayerCount, match="2 to 3"):
        await _lobby(service, max_seats=5)
    with pytest.raises(BadOption, match="no option 'colour'"):
        await _lobby(service, options={"colour": "red"})
    with pytest.raises(BadOption, match="takes a whole number, not 'three'") as wrong:
        await _lobby(service, options={"rounds": "three"})
    assert render(presenters.refusal(wrong.value), "ko") == (
        "옵션 'rounds': 정수 값을 써야 해요. 받은 값: 'three'."
    )
    with pytest.raises(BadOption, match="1 to 5"):  # the engine's own refusal
        await _lobby(service, options={"rounds": 9})
    with pytest.raises(BadOption, match="Seat order"):
        await _lobby(service, seat_order="alphabetical")
    assert dump(database) == before


async def test_join_and_leave(service: Service, database: Location) -> None:
    table = await _lobby(service, max_seats=2)
    table = await service.join(table.id, BOB)
    assert table.players == (ANN, BOB)
    before = dump(database)
    with pytest.raises(AlreadySeated):
        await service.join(table.id, BOB)
    with pytest.raises(TableFull):
        await service.join(table.id, CAT)
    with pytest.raises(NotSeated):
        await service.leave(table.id, CAT.user_id)
    with pytest.raises(UnknownTable):
        await service.join(table.id + 100, CAT)
    assert dump(database) == before
    table = await service.leave(table.id, BOB.user_id)
    assert table.players == (ANN,)
    table = await service.join(table.id, CAT)
    assert table.players == (ANN, CAT)


async def test_only_creator_or_manager_starts_and_cancels(
    service: Service, database: Location
) -> None:
    table = await _lobby(service)
    await service.join(table.id, BOB)
    before = dump(database)
    with pytest.raises(NotAllowed):
        await service.start(table.id, BOB.user_id, can_manage=False)
    with pytest.raises(NotAllowed):
        await service.cancel(table.id, BOB.user_id, can_manage=False)
    with pytest.raises(NotAllowed):
        await service.abort(table.id, BOB.user_id, can_manage=False)
    assert dump(database) == before
    started = await service.start(table.id, DAN.user_id, can_manage=True)  # a manager, not seated
    assert started.status == "active" and started.players == (ANN, BOB)


async def test_start_needs_a_legal_player_count(service: Service, database: Location) -> None:
    table = await _lobby(service)
    before = dump(database)
    with pytest.raises(WrongPlayerCount, match="1 has joined"):
        await service.start(table.id, ANN.user_id, can_manage=False)
    assert dump(database) == before
    await service.join(table.id, BOB)
    started = await service.start(table.id, ANN.user_id, can_manage=False)
    assert len(started.players) == 2 and started.max_seats == 3  # fewer than max is fine


async def test_a_started_table_is_no_lobby(service: Service) -> None:
    table = await _lobby(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id, can_manage=False)
    with pytest.raises(NotInLobby):
        await service.join(table.id, CAT)
    with pytest.raises(NotInLobby):
        await service.leave(table.id, BOB.user_id)
    with pytest.raises(NotInLobby):
        await service.start(table.id, ANN.user_id, can_manage=False)
    with pytest.raises(NotInLobby):
        await service.cancel(table.id, ANN.user_id, can_manage=False)


async def test_cancelled_lobby(service: Service) -> None:
    table = await _lobby(service)
    cancelled = await service.cancel(table.id, ANN.user_id, can_manage=False)
    assert cancelled.status == "aborted" and cancelled.end_reason == "cancelled"
    assert await service.in_channel(CHANNEL) is None
    with pytest.raises(NotInLobby):
        await service.join(table.id, BOB)
    with pytest.raises(NotStarted):
        await service.public_view(table.id)
    with pytest.raises(NotStarted):
        await service.record(table.id)
    with pytest.raises(GameNotActive):
        await service.abort(table.id, ANN.user_id, can_manage=False)


async def test_join_order_seats_players_as_they_joined(service: Service) -> None:
    table = await _lobby(service)
    await service.join(table.id, CAT)
    await service.join(table.id, BOB)
    started = await service.start(table.id, ANN.user_id, can_manage=False)
    assert started.players == (ANN, CAT, BOB)
    assert [started.seat_of(p.user_id) for p in (ANN, CAT, BOB, DAN)] == [0, 1, 2, None]


async def _random_order(path: Path, seed: int) -> tuple[int, ...]:
    svc = await open_service(path, ManualClock(), seeds(seed))
    try:
        table = await _lobby(svc, seat_order="random")
        await svc.join(table.id, BOB)
        await svc.join(table.id, CAT)
        started = await svc.start(table.id, ANN.user_id, can_manage=False)
        assert sorted(p.user_id for p in started.players) == [ANN.user_id, BOB.user_id, CAT.user_id]
        return tuple(p.user_id for p in started.players)
    finally:
        await svc.close()


async def test_random_order_is_seeded_and_recorded(tmp_path: Path) -> None:
    orders = [await _random_order(tmp_path / f"{seed}.sqlite3", seed) for seed in range(12)]
    assert len(set(orders)) > 1  # really shuffled
    assert orders != [(ANN.user_id, BOB.user_id, CAT.user_id)] * 12
    # The same seed gives the same order (another database file, another process).
    assert await _random_order(tmp_path / "again.sqlite3", 5) == orders[5]
    # The order is stored: a restarted service sees the same seats.
    svc = await open_service(tmp_path / "5.sqlite3", ManualClock())
    try:
        table = await svc.in_channel(CHANNEL)
        assert table is not None
        assert tuple(p.user_id for p in table.players) == orders[5]
    finally:
        await svc.close()


async def test_message_ids_are_stored(service: Service) -> None:
    table = await _lobby(service)
    await service.set_lobby_message(table.id, 555)
    await service.set_board_message(table.id, 666)
    stored = await service.get(table.id)
    assert (stored.lobby_message_id, stored.board_message_id) == (555, 666)
    with pytest.raises(UnknownTable):
        await service.set_board_message(table.id + 1, 1)


async def test_two_processes_opening_a_lobby_in_one_channel_get_one(
    database: Location, clock: ManualClock
) -> None:
    first = await open_service(database, clock, seeds(1))
    second = await open_service(database, clock, seeds(500))
    try:
        outcomes = await asyncio.gather(
            *(
                svc.create(
                    game="blind_bids",
                    guild_id=GUILD,
                    channel_id=CHANNEL,
                    creator=who,
                    max_seats=2,
                    language="en",
                )
                for svc, who in ((first, ANN), (second, BOB))
            ),
            return_exceptions=True,
        )
        opened = [o for o in outcomes if isinstance(o, Table)]
        busy = [o for o in outcomes if isinstance(o, ChannelBusy)]
        assert len(opened) == 1 and len(busy) == 1, outcomes
        assert busy[0].table.id == opened[0].id
        assert len(dump(database)["game_tables"]) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_manager_may_abort_a_running_game(service: Service) -> None:
    table = await _lobby(service)
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id, can_manage=False)
    aborted = await service.abort(table.id, DAN.user_id, can_manage=True)
    assert aborted.status == "aborted" and aborted.end_reason == "aborted"
    assert await service.in_channel(CHANNEL) is None
