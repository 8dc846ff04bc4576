"""Reading leagues: a league's snapshot with its standings, a server's leagues, one found by
name or id."""

from __future__ import annotations

from bot.i18n import _
from bot.leagues.core import LeagueCore
from bot.leagues.records import LeagueError, Snapshot, match_score
from bot.leagues.standings import rank
from bot.storage.leagues import LeagueQueries, LeagueRow

__all__ = ["Reading"]


class Reading(LeagueCore):
    """What `/league show` and `/league list` read."""

    async def snapshot(self, league_id: int) -> Snapshot:
        async with self.service.db.read() as q:
            lq = LeagueQueries(q)
            league = await self._league(lq, league_id)
            members = await lq.members(league_id)
            rounds = await lq.rounds(league_id)
            matches = await lq.matches(league_id)
        ratings = await self.rating_of(league.guild_id, league.game, [m.user_id for m in members])
        scores = [s for s in (match_score(m) for m in matches) if s is not None]
        rows = rank([(m.user_id, m.name, m.left_at is not None) for m in members], scores, ratings)
        return Snapshot(league, tuple(members), tuple(rounds), tuple(matches), tuple(rows))

    async def leagues(self, guild_id: int) -> list[LeagueRow]:
        """The server's leagues: sign-up and running first, then past seasons (newest first)."""
        async with self.service.db.read() as q:
            return await LeagueQueries(q).leagues_in_guild(guild_id)

    async def find(self, guild_id: int, text: str) -> LeagueRow:
        """A league of this server by id (as autocompleted) or by name."""
        wanted = text.strip()
        for league in await self.leagues(guild_id):
            if wanted == str(league.id) or wanted.casefold() == league.name.casefold():
                return league
        raise LeagueError(
            _(
                "This server has no league {league}; `/league list` shows them.",
                league=repr(wanted),
            )
        )
