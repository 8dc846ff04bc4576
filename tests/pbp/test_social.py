"""Watchers, the DM preference, "my turn everywhere" and rematches."""

from __future__ import annotations

import pytest

from bot.pbp.usecases import DAY, PlayByPost
from bot.service import ChannelBusy, NotSeated, Service, ServiceError
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, EVE, GUILD, started

HANDS = {"hands": [[1, 5, 9, 12], [2, 6, 7, 11]]}


async def test_watching(service: Service, pbp: PlayByPost) -> None:
    table = await started(service, setup=HANDS)
    await pbp.watch(table.id, EVE.user_id)
    await pbp.watch(table.id, CAT.user_id)
    assert await pbp.watchers(table.id) == [CAT.user_id, EVE.user_id]
    with pytest.raises(ServiceError, match="already watching"):
        await pbp.watch(table.id, EVE.user_id)
    with pytest.raises(ServiceError, match="You play in this game"):
        await pbp.watch(table.id, ANN.user_id)
    await pbp.unwatch(table.id, EVE.user_id)
    with pytest.raises(ServiceError, match="not watching"):
        await pbp.unwatch(table.id, EVE.user_id)
    assert await pbp.watchers(table.id) == [CAT.user_id]
    await service.resign(table.id, ANN.user_id)
    with pytest.raises(ServiceError, match="ended"):
        await pbp.watch(table.id, EVE.user_id)


async def test_dm_preference_is_opt_in(service: Service, pbp: PlayByPost) -> None:
    assert await pbp.notify_dm(ANN.user_id) is False
    await pbp.set_notify_dm(ANN.user_id, True)
    assert await pbp.notify_dm(ANN.user_id) is True
    assert await pbp.notify_dm(BOB.user_id) is False
    await pbp.set_notify_dm(ANN.user_id, False)
    assert await pbp.notify_dm(ANN.user_id) is False


async def test_my_turn_everywhere(service: Service) -> None:
    first = await started(service, setup=HANDS)
    second = await started(service, (CAT, ANN), channel=CHANNEL + 1, setup=HANDS)
    elsewhere = await service.create(
        game="blind_bids",
        guild_id=GUILD + 1,
        channel_id=CHANNEL + 2,
        creator=BOB,
        max_seats=2,
        language="en",
    )
    await service.join(elsewhere.id, ANN)
    await service.start(elsewhere.id, BOB.user_id, can_manage=False)
    assert [t.id for t in await service.list_waiting_on(ANN.user_id)] == [
        first.id,
        second.id,
        elsewhere.id,
    ]
    await service.submit(first.id, ANN.user_id, "bid 1")
    assert [t.id for t in await service.list_waiting_on(ANN.user_id)] == [second.id, elsewhere.id]


async def test_rematch_opens_a_lobby_with_the_same_players_and_options(
    service: Service, pbp: PlayByPost
) -> None:
    table = await started(service, (ANN, BOB, CAT), game="tigris", options={"open_scoring": True})
    await pbp.set_options(
        table.id, ANN.user_id, can_manage=False, reminder=None, timer=2 * DAY, consequence="forfeit"
    )
    with pytest.raises(ServiceError, match="once the game is over"):
        await pbp.rematch(table.id, BOB.user_id)
    await service.resign(table.id, CAT.user_id)
    with pytest.raises(NotSeated, match="Only a player"):
        await pbp.rematch(table.id, EVE.user_id)
    assert await service.in_channel(CHANNEL) is None  # the stranger changed nothing
    lobby = await pbp.rematch(table.id, BOB.user_id)
    assert lobby.status == "lobby" and lobby.channel_id == CHANNEL and lobby.id != table.id
    assert lobby.creator_id == BOB.user_id
    assert {p.user_id for p in lobby.players} == {ANN.user_id, BOB.user_id, CAT.user_id}
    assert lobby.options == table.options and lobby.max_seats == table.max_seats
    timing = await pbp.options(lobby.id)
    assert (timing.reminder, timing.timer, timing.consequence) == (None, 2 * DAY, "forfeit")
    assert timing.forfeit_seat is None
    with pytest.raises(ChannelBusy):
        await pbp.rematch(table.id, ANN.user_id)
    started_again = await service.start(lobby.id, BOB.user_id, can_manage=False)
    assert started_again.status == "active"
