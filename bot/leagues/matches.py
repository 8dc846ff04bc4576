"""A round's matches in Discord: each undecided match gets its thread and its running table,
each exactly once (a table created before a crash is found in its thread and attached)."""

from __future__ import annotations

from bot.leagues.core import LeagueCore
from bot.leagues.records import ThreadMaker, table_timing
from bot.service import Player, Table
from bot.storage.leagues import LeagueQueries, LeagueStatus, MatchRow
from bot.storage.pbp import PbpQueries
from bot.storage.tables import TableStatus

__all__ = ["Matches"]


class Matches(LeagueCore):
    """Threads and tables for the current round."""

    async def open_matches(
        self, league_id: int, create_thread: ThreadMaker, language: str = "en"
    ) -> list[Table]:
        """Give every undecided match of the current round its thread and its running table
        (each exactly once, a table's public messages in ``language``: the server's); return
        the running tables whose current state never reached their thread
        (``Table.posted_version`` behind)."""
        out: list[Table] = []
        async with self._lock(league_id):
            async with self.service.db.read() as q:
                lq = LeagueQueries(q)
                league = await self._league(lq, league_id)
                rounds = await lq.rounds(league_id)
                members = {m.user_id: m for m in await lq.members(league_id)}
                matches = await lq.matches(league_id, rounds[-1].number) if rounds else []
            if (
                league.status != LeagueStatus.RUNNING
                or not rounds
                or rounds[-1].closed_at is not None
            ):
                return out
            for match in matches:
                if match.ranking is not None:
                    continue
                playing = tuple(
                    Player(u, members[u].name)
                    for u in match.players
                    if u in members and members[u].left_at is None
                )
                if match.table_id is None and len(playing) < 2:
                    continue  # settled by advance(): the others left before it opened
                if match.thread_id is None:
                    thread_id = await create_thread(league, match, playing)
                    async with self.service.db.write() as q:
                        await LeagueQueries(q).set_thread(match.id, thread_id)
                    match = MatchRow(**{**match.__dict__, "thread_id": thread_id})
                assert match.thread_id is not None
                if match.table_id is None:
                    table = await self.service.in_channel(match.thread_id)
                    if table is None:  # else: created before a crash, not yet attached
                        table = await self.service.create_started(
                            game=league.game,
                            guild_id=league.guild_id,
                            channel_id=match.thread_id,
                            creator_id=league.created_by,
                            players=playing,
                            language=language,
                        )
                    async with self.service.db.write() as q:
                        await LeagueQueries(q).set_table(match.id, table.id)
                        await PbpQueries(q).put_options(table.id, table_timing(league.round_days))
                else:
                    table = await self.service.get(match.table_id)
                if table.status == TableStatus.ACTIVE and table.posted_version < table.version:
                    out.append(table)  # its board never reached the thread
        return out
