"""Statistics of finished games (issue 21): computed from the stored record, stored once, and
summed per player and game title for `/stats`. Knows no discord.py.

A game's statistics are derived data, like ratings: the engine replays the result's action log
(:func:`bot.games.game_statistics`, off the event loop) and the rows are written with an insert
that keeps rows already there, so computing a game twice (two processes, a crash between the
computation and the write) stores it once. :meth:`Statistics.catch_up` runs at every scheduler
tick of the leading process (``BoardBot.tick``), the first right after the bot is ready, so a
game's statistics are stored within a tick of its end and the games that ended before this
feature get theirs at the first start (a batch per tick); `/stats` runs it for its server, and
the league standings before they are drawn, so neither shows a game short.

Who sat in a seat is the result's: when an AI took over a leaver's seat (``ai_replaces``), the
whole seat's game counts for that AI, not for the person who left.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot import titles
from bot.ai import seats as ai_seats
from bot.games import ReplayError, game_names, game_statistics, get_game
from bot.games.contract import GameEngine
from bot.service import Service
from bot.storage.ratings import RatingQueries
from bot.storage.statistics import SeatStatistics, StatisticsQueries

__all__ = ["CATCH_UP_BATCH", "Statistics", "TitleSummary", "league_statistic", "summarize"]

log = logging.getLogger(__name__)

#: Games computed per catch-up at most (a tick must not hold the loop for a large backlog).
CATCH_UP_BATCH = 200


def league_statistic(game: str) -> tuple[str, ...] | None:
    """The one statistic a league's standings show for ``game``: the sum of its title's
    ``statistics.league`` over the player's league matches; None for a game without one."""
    title = titles.title(game)
    return (title.statistics.league or None) if title is not None else None


@dataclass(frozen=True)
class TitleSummary:
    """A player's statistics in one game title on one server."""

    game: str
    games: int
    with_ai: int  # games in which another seat was played by an AI
    names: tuple[str, ...]  # the game's STATISTICS, in the order shown
    totals: dict[str, int]

    def average(self, name: str) -> float:
        """The statistic per game."""
        return self.totals[name] / self.games if self.games else 0.0


def summarize(
    rows: Sequence[SeatStatistics], games: Callable[[str], GameEngine] = get_game
) -> list[TitleSummary]:
    """One player's rows summed per game title, the installed games first (in their order)."""
    titles = sorted({row.game for row in rows}, key=lambda g: (g not in game_names(), g))
    out = []
    for game in titles:
        mine = [row for row in rows if row.game == game]
        names = tuple(getattr(games(game), "STATISTICS", ()))
        totals = {name: sum(row.counts.get(name, 0) for row in mine) for name in names}
        with_ai = sum(
            1
            for row in mine
            if any(ai_seats.is_ai(u) for s, u in enumerate(row.players) if s != row.seat)
        )
        out.append(TitleSummary(game, len(mine), with_ai, names, totals))
    return out


class Statistics:
    """The statistics use cases over the service's database."""

    def __init__(
        self,
        service: Service,
        *,
        games: Callable[[str], GameEngine] = get_game,
        batch: int = CATCH_UP_BATCH,
    ) -> None:
        self._service = service
        self._games = games
        self._batch = batch
        self._failed: set[int] = set()  # records the engine refused: logged once, not retried

    async def catch_up(self, guild_id: int | None = None) -> int:
        """Compute and store the statistics of finished games that have none yet (only the
        server's with ``guild_id``), up to one batch; the number of games stored."""
        async with self._service.db.read() as q:
            due = await StatisticsQueries(q).missing(self._batch + len(self._failed), guild_id)
        stored = 0
        for table_id in [t for t in due if t not in self._failed][: self._batch]:
            if await self._compute(table_id):
                stored += 1
        return stored

    async def _compute(self, table_id: int) -> bool:
        record = await self._service.record(table_id)
        async with self._service.db.read() as q:
            result = await RatingQueries(q).result(table_id)
        if result is None:
            return False
        try:
            game = self._games(result.game)
            counts = await asyncio.to_thread(game_statistics, record, game)
        except (ReplayError, KeyError, ValueError):
            log.exception("table %s: its record does not replay; no statistics", table_id)
            self._failed.add(table_id)
            return False
        rows = [
            SeatStatistics(table_id, seat, user_id, result.guild_id, result.game, counts[seat])
            for seat, user_id in enumerate(result.players)
        ]
        async with self._service.db.write() as q:
            await StatisticsQueries(q).put(rows)
        return True

    async def player(self, guild_id: int, user_id: int) -> list[TitleSummary]:
        """``user_id``'s statistics per game title on the server (after a catch-up)."""
        await self.catch_up(guild_id)
        async with self._service.db.read() as q:
            rows = await StatisticsQueries(q).of_player(guild_id, user_id)
        return summarize(rows, self._games)

    async def league_column(self, game: str, table_ids: Sequence[int]) -> dict[int, int] | None:
        """Each player's league statistic (:func:`league_statistic`) summed over the games
        ``table_ids`` (after a catch-up, so a match that just ended counts); None for a game
        without one."""
        names = league_statistic(game)
        if names is None:
            return None
        await self.catch_up()
        totals: dict[int, int] = {}
        for row in await self.of_tables(table_ids):
            value = sum(row.counts.get(name, 0) for name in names)
            totals[row.user_id] = totals.get(row.user_id, 0) + value
        return totals

    async def of_tables(self, table_ids: Sequence[int]) -> list[SeatStatistics]:
        """Every seat's stored statistics of these games."""
        async with self._service.db.read() as q:
            return await StatisticsQueries(q).of_tables(table_ids)
