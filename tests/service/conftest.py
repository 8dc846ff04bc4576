"""Fixtures for the service tests: a real database per test (an SQLite file, or a fresh
PostgreSQL database: the ``database`` fixture of ``tests/postgres.py`` runs each test on both),
a manual clock, fixed seeds."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator, Callable
from types import ModuleType
from typing import Any

import pytest

from bot.games import get_game
from bot.service import MoveResult, Player, Service, Table
from bot.storage import Location
from tests.postgres import dump
from tests.service import blind_bids

__all__ = ["dump"]  # re-exported: the suites import it from here

ANN = Player(101, "Ann")
BOB = Player(102, "Bob")
CAT = Player(103, "Cat")
DAN = Player(104, "Dan")
EVE = Player(105, "Eve")
GUILD = 9000
CHANNEL = 7000


class ManualClock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def games(name: str) -> ModuleType:
    """The installed engines plus the test game ``blind_bids``."""
    if name == blind_bids.NAME:
        return blind_bids
    return get_game(name)


def seeds(start: int = 1000) -> Callable[[], int]:
    return itertools.count(start).__next__


async def open_service(
    path: Location, clock: ManualClock, seed_source: Callable[[], int] | None = None, **kw: Any
) -> Service:
    return await Service.open(
        path, clock=clock, seed_source=seed_source or seeds(), games=games, **kw
    )


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(database: Location, clock: ManualClock) -> AsyncIterator[Service]:
    svc = await open_service(database, clock)
    yield svc
    await svc.close()


async def started(
    service: Service,
    players: tuple[Player, ...] = (ANN, BOB),
    channel: int = CHANNEL,
    game: str = "blind_bids",
    **kw: Any,
) -> Table:
    """A running table of ``players`` (the first opens it), seated in join order unless told."""
    table = await service.create(
        game=game,
        guild_id=GUILD,
        channel_id=channel,
        creator=players[0],
        max_seats=len(players),
        **{"language": "en", **kw},
    )
    for player in players[1:]:
        await service.join(table.id, player)
    return await service.start(table.id, players[0].user_id, can_manage=False)


async def play(service: Service, table_id: int, rng: random.Random, limit: int) -> list[MoveResult]:
    """Up to ``limit`` seeded random legal moves through submit; stops when the game ends."""
    results = []
    for _ in range(limit):
        table = await service.get(table_id)
        if table.status != "active":
            break
        seat = rng.choice(await service.to_act(table_id))
        user = table.players[seat].user_id
        legal = await service.legal_actions(table_id, user)
        assert legal, "a seat to act has legal actions"
        results.append(
            await service.submit(table_id, user, rng.choice(legal), expected_seq=table.seq)
        )
    return results


async def play_short_of_the_end(
    service: Service, table_id: int, rng: random.Random, limit: int
) -> list[MoveResult]:
    """:func:`play` from a table's first move, the same draws of ``rng``, but stopping before a
    move that would end the game: the table is still running after it, however few moves the
    game lasts (a title's game may be over in fewer than ``limit``)."""
    table = await service.get(table_id)
    assert table.seq == 0, "from the table's first move"
    game = get_game(table.game)
    state = game.new_game(len(table.players), table.seed, options=table.options)
    results = []
    for _ in range(limit):
        table = await service.get(table_id)
        seat = rng.choice(await service.to_act(table_id))
        user = table.players[seat].user_id
        action = rng.choice(await service.legal_actions(table_id, user))
        after = game.apply(state, seat, action)
        if game.is_over(after):
            break
        results.append(await service.submit(table_id, user, action, expected_seq=table.seq))
        state = after
    return results
