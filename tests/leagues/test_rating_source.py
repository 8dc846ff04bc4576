"""The bot's leagues seed Swiss rounds and break ties with the server's shown ratings."""

from __future__ import annotations

from bot import ratings
from bot.client import BoardBot
from bot.service import Service
from tests.service.conftest import ANN, BOB, started


async def test_the_bots_leagues_read_the_shown_ratings(service: Service) -> None:
    table = await started(service, (ANN, BOB), channel=1)
    await service.resign(table.id, BOB.user_id)  # a rated result: Ann beats Bob
    bot = BoardBot(service, scheduler_interval=None)
    try:
        got = await bot.leagues.rating_of(table.guild_id, table.game, [ANN.user_id, BOB.user_id])
        shown = await ratings.displayed_ratings(
            service.db, table.guild_id, table.game, [ANN.user_id, BOB.user_id]
        )
        assert got == shown
        assert got[ANN.user_id] > ratings.STARTING_RATING > got[BOB.user_id]
    finally:
        await bot.close()
