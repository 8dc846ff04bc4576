"""The shared base of the league use cases: the service and its database, the clock, one lock
per league (and one per league for publishing), reading a league and recording its messages."""

from __future__ import annotations

import asyncio

from bot.i18n import _
from bot.leagues.records import LeagueError, RatingSource, equal_ratings
from bot.service import Service
from bot.storage.leagues import LeagueQueries, LeagueRow, MatchRow

__all__ = ["LeagueCore"]


class LeagueCore:
    """Leagues over one :class:`Service` (and its database): what every use case of
    :class:`bot.leagues.LeagueService` reads and writes through."""

    def __init__(self, service: Service, *, rating_of: RatingSource | None = None) -> None:
        self.service = service
        self.rating_of: RatingSource = rating_of or equal_ratings
        self._locks: dict[int, asyncio.Lock] = {}
        self._publishing: dict[int, asyncio.Lock] = {}

    def publishing(self, league_id: int) -> asyncio.Lock:
        """Held by the Discord layer while it publishes a league's changes (one at a time, so
        the scheduler and a game's end never post the same board twice)."""
        return self._publishing.setdefault(league_id, asyncio.Lock())

    def _lock(self, league_id: int) -> asyncio.Lock:
        return self._locks.setdefault(league_id, asyncio.Lock())

    def _now(self, now: float | None) -> float:
        return self.service.clock() if now is None else now

    async def get(self, league_id: int) -> LeagueRow:
        async with self.service.db.read() as q:
            row = await LeagueQueries(q).league(league_id)
        if row is None:
            raise LeagueError(_("There is no such league."))
        return row

    @staticmethod
    async def _league(lq: LeagueQueries, league_id: int) -> LeagueRow:
        row = await lq.league(league_id)
        if row is None:
            raise LeagueError(_("There is no such league."))
        return row

    async def set_message(self, league_id: int, kind: str, message_id: int | None) -> None:
        """Remember the sign-up card (``"signup"``) or standings message (``"standings"``)."""
        async with self.service.db.write() as q:
            await LeagueQueries(q).set_message(league_id, kind, message_id)

    async def set_standings_digest(self, league_id: int, digest: str | None) -> None:
        async with self.service.db.write() as q:
            await LeagueQueries(q).set_standings_digest(league_id, digest)

    async def mark_announced(self, league_id: int, number: int) -> bool:
        """Record the round as announced (after its post); True the first time."""
        async with self.service.db.write() as q:
            return await LeagueQueries(q).mark_announced(league_id, number, self.service.clock())

    async def mark_final_posted(self, league_id: int) -> bool:
        async with self.service.db.write() as q:
            return await LeagueQueries(q).mark_final_posted(league_id, self.service.clock())

    async def league_of_table(self, table_id: int) -> tuple[LeagueRow, MatchRow] | None:
        async with self.service.db.read() as q:
            lq = LeagueQueries(q)
            match = await lq.match_of_table(table_id)
            if match is None:
                return None
            league = await lq.league(match.league_id)
        assert league is not None
        return league, match

    async def running_leagues(self) -> list[int]:
        """Leagues with work left: running, finished with the champion not yet announced, or in
        sign-up without a recorded sign-up card (the bot died while posting it)."""
        async with self.service.db.read() as q:
            return await LeagueQueries(q).running_league_ids()
