"""Adjudication: a server manager sets an undecided match's result, with a reason shown."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import _
from bot.leagues.records import REASON_LENGTH, LeagueError, LeagueUpdate, shown
from bot.leagues.rounds import Rounds
from bot.service import Table
from bot.storage.leagues import LeagueQueries
from bot.storage.tables import TableStatus

__all__ = ["Adjudication"]


class Adjudication(Rounds):
    """A manager's decision on a match."""

    async def adjudicate(
        self,
        league_id: int,
        match_id: int,
        user_id: int,
        *,
        can_manage: bool,
        ranking: Sequence[Sequence[int]],
        reason: str,
    ) -> LeagueUpdate:
        """A manager sets an undecided match's result (places, best first) with a reason that
        is shown; a running table of that match is stopped."""
        if not can_manage:
            raise LeagueError(_("Only a server manager can set a match's result."))
        text = " ".join(reason.split())
        if not 1 <= len(text) <= REASON_LENGTH:
            raise LeagueError(
                _("Give a reason (1 to {n} characters); it is shown.", n=REASON_LENGTH)
            )
        ended: list[Table] = []
        async with self._lock(league_id):
            await self._refuse_played(match_id)
            async with self.service.db.write() as q:
                lq = LeagueQueries(q)
                league = await self._league(lq, league_id)
                match = await lq.match(match_id)
                if match is None or match.league_id != league_id:
                    raise LeagueError(
                        _("{league} has no match #{match}.", league=shown(league), match=match_id)
                    )
                if match.ranking is not None:
                    raise LeagueError(_("Match #{match} already has a result.", match=match_id))
                members = {m.user_id: m for m in await lq.members(league_id)}
                playing = [u for u in match.players if u in members and members[u].left_at is None]
                places = tuple(tuple(int(u) for u in place) for place in ranking if place)
                named = [u for place in places for u in place]
                if sorted(named) != sorted(playing):
                    raise LeagueError(
                        _("The result must place every player of the match exactly once.")
                    )
                gone = tuple(u for u in match.players if u not in playing)
                final = (*places, gone) if gone else places
                await lq.decide(
                    match.id,
                    final,
                    "adjudicated",
                    text,
                    self.service.clock(),
                    forfeited=gone,
                    by=user_id,
                )
            if match.table_id is not None:
                table = await self.service.get(match.table_id)
                if table.status == TableStatus.ACTIVE:
                    ended.append(await self.service.abort(table.id, user_id, can_manage=True))
        update = await self.advance(league_id)
        async with self.service.db.read() as q:
            decided = await LeagueQueries(q).match(match_id)
        assert decided is not None
        return LeagueUpdate(
            update.league,
            (decided, *update.results),
            tuple(ended) + update.ended_tables,
            update.opened_round,
            update.finished,
        )

    async def _refuse_played(self, match_id: int) -> None:
        """A match whose table was played to the end (and rated) keeps its game's own result,
        never a second one."""
        async with self.service.db.read() as q:
            found = await LeagueQueries(q).match(match_id)
        played = (
            found is not None
            and found.ranking is None
            and found.table_id is not None
            and (await self.service.get(found.table_id)).status == TableStatus.FINISHED
        )
        if played:
            raise LeagueError(
                _(
                    "Match #{match} was played to the end; its game's result counts.",
                    match=match_id,
                )
            )
