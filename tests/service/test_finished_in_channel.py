"""`/game replay`'s lookup: the channel's most recent finished game, on SQLite and PostgreSQL."""

from __future__ import annotations

from bot.service import Service
from tests.service.conftest import ANN, BOB, CHANNEL, started


async def _finished_id(service: Service) -> int | None:
    table = await service.finished_in_channel(CHANNEL)
    return None if table is None else table.id


async def test_the_channels_last_finished_game_is_found_and_nothing_else(
    service: Service,
) -> None:
    assert await _finished_id(service) is None
    first = await started(service)
    assert await _finished_id(service) is None  # running: not finished
    await service.resign(first.id, BOB.user_id)
    assert await _finished_id(service) == first.id
    aborted = await started(service)
    await service.abort(aborted.id, ANN.user_id, can_manage=False)
    assert await _finished_id(service) == first.id
    second = await started(service)
    await service.resign(second.id, ANN.user_id)
    found = await service.finished_in_channel(CHANNEL)
    assert found is not None and found.id == second.id and found.players == second.players
    assert await service.finished_in_channel(CHANNEL + 1) is None
