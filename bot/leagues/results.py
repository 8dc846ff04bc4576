"""Match results: a finished table's places, the round's deadline (whoever must decide
forfeits), players who left before their table opened; each recorded once."""

from __future__ import annotations

from bot.i18n import _
from bot.leagues.core import LeagueCore
from bot.leagues.records import Decision, is_ai
from bot.service import GameNotActive, StaleBoard, Table
from bot.storage.leagues import LeagueQueries, LeagueRow, MatchRow, MemberRow, RoundRow
from bot.storage.pbp import PbpQueries
from bot.storage.tables import EndReason, TableStatus

__all__ = ["Results"]


class Results(LeagueCore):
    """Deciding the current round's matches."""

    async def _settle_round(
        self,
        league: LeagueRow,
        current: RoundRow,
        at: float,
        results: list[MatchRow],
        ended: list[Table],
    ) -> bool:
        """Decide what can be decided in the current round; True when every match has a result."""
        async with self.service.db.read() as q:
            lq = LeagueQueries(q)
            matches = await lq.matches(league.id, current.number)
            members = {m.user_id: m for m in await lq.members(league.id)}
        all_decided = True
        for match in matches:
            if match.ranking is not None:
                if match.table_id is not None:  # adjudicated before its table was stopped
                    table = await self.service.get(match.table_id)
                    if table.status == TableStatus.ACTIVE:
                        await self.service.abort(table.id, league.created_by, can_manage=True)
                continue
            decision = await self._table_result(match, members if at >= current.deadline else None)
            playing = tuple(u for u in match.players if u in members and members[u].left_at is None)
            if decision is None and match.table_id is None and len(playing) < 2:
                # Players left after the round opened, before the table did: a forfeit now.
                gone = tuple(u for u in match.players if u not in playing)
                names = ", ".join(members[u].name if u in members else str(u) for u in gone)
                ranking = tuple(g for g in (playing, gone) if g)
                source = "forfeit" if playing else "void"
                left = str(_("{names} left the league", names=names))
                decision = (ranking if playing else (), gone, source, left)
            if decision is None and at >= current.deadline:
                decision = await self._deadline_result(league, match, members, ended)
            if decision is None:
                all_decided = False
                continue
            ranking, forfeited, source, reason = decision
            async with self.service.db.write() as q:
                lq = LeagueQueries(q)
                if await lq.decide(match.id, ranking, source, reason, at, forfeited=forfeited):
                    decided = await lq.match(match.id)
                    assert decided is not None
                    results.append(decided)
        return all_decided

    async def _table_result(
        self, match: MatchRow, late: dict[int, MemberRow] | None = None
    ) -> Decision | None:
        """The result of a match whose table has ended (None while it runs or has no table).
        With ``late`` (the members, once the round's deadline has passed) a timer forfeit is
        the deadline's: the bot died between ending the table and recording the match."""
        if match.table_id is None:
            return None
        table = await self.service.get(match.table_id)
        if table.status == TableStatus.ACTIVE:
            return None
        seated = {p.user_id for p in table.players}
        absent = tuple(p for p in match.players if p not in seated)
        if table.status == TableStatus.ABORTED:
            return ((), absent, "void", str(_("the table was aborted without a result")))
        summary = await self.service.final_summary(table.id)
        # A seat an AI took over from a leaver counts for nobody: the leaver is among the
        # absent, ranked last.
        people = (
            tuple(table.players[seat].user_id for seat in place if not is_ai(table.players[seat]))
            for place in summary["ranking"]
        )
        ranking = tuple(place for place in people if place)
        forfeited = absent
        if table.end_reason == EndReason.RESIGNED and table.resigned_seat is not None:
            forfeited = (table.players[table.resigned_seat].user_id, *absent)
            if late is not None:
                async with self.service.db.read() as q:
                    seat = (await PbpQueries(q).options(table.id)).forfeit_seat
                if seat is not None:
                    user = table.players[seat].user_id
                    name = late[user].name if user in late else str(user)
                    reason = str(
                        _("the round's deadline passed while {names} had to decide", names=name)
                    )
                    return (
                        (*ranking, absent) if absent else ranking,
                        forfeited,
                        "deadline",
                        reason,
                    )
        if absent:
            ranking = (*ranking, absent)
        return (ranking, forfeited, "played", None)

    async def _deadline_result(
        self,
        league: LeagueRow,
        match: MatchRow,
        members: dict[int, MemberRow],
        ended: list[Table],
    ) -> Decision | None:
        """At the round's deadline: whoever must decide in a running match forfeits."""
        if match.table_id is None:
            return ((), (), "void", str(_("the match never started before the deadline")))
        table = await self.service.get(match.table_id)
        if table.status != TableStatus.ACTIVE:
            return await self._table_result(match)
        to_act = await self.service.to_act(table.id)
        if not to_act or any(is_ai(table.players[seat]) for seat in to_act):
            return None  # an AI in a leaver's seat decides at once: look again next tick
        try:  # records the forfeiting seat in the same transaction as the end
            after = await self.service.forfeit(table.id, to_act[0], table.seq)
        except StaleBoard:
            return None  # a move landed just now: look again at the next tick
        except GameNotActive:
            return await self._table_result(match)  # it ended just now: its own end counts
        ended.append(after)
        late = tuple(table.players[s].user_id for s in to_act)
        seated = {p.user_id for p in table.players}
        absent = tuple(p for p in match.players if p not in seated)
        on_time = tuple(p.user_id for p in table.players if p.user_id not in late and not is_ai(p))
        ranking = tuple(g for g in (on_time, late, absent) if g)
        names = ", ".join(members[u].name if u in members else str(u) for u in late)
        reason = str(_("the round's deadline passed while {names} had to decide", names=names))
        return (ranking, late + absent, "deadline", reason)
