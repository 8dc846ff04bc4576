"""Seats during a game: the AI's decisions, and leaving it (resign, forfeit on time, abort),
where an AI may take over a leaver's seat."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot import ratings, titles
from bot.ai import seats as ai_seats
from bot.i18n import _
from bot.service.core import ServiceCore
from bot.service.errors import GameNotActive, NotSeated, StaleBoard
from bot.service.records import Table
from bot.storage.pbp import PbpQueries
from bot.storage.tables import EndReason, Queries, TableStatus

__all__ = ["Seats", "ai_replaces_leavers"]


def ai_replaces_leavers(table: Table) -> bool:
    """Whether the title of ``table`` lets an AI take over a leaver's seat at its number of
    seats (its ``ai.replaces_leavers`` from ``ai.min_seats_replaced`` seats on)."""
    title = titles.title(table.game)
    return (
        title is not None
        and title.ai.module is not None
        and title.ai.replaces_leavers
        and len(table.players) >= title.ai.min_seats_replaced
    )


async def _changed_by_people(
    q: Queries, table_id: int, version: int, seq: int, expected_version: int
) -> bool:
    """Whether the table changed since ``expected_version`` (a confirmation's) other than
    by AI seats' moves. The AIs play on while a person reads "Resign?" (a move every
    `AI_MOVE_DELAY`), so their moves alone must not make the answer stale. A move adds
    one to both seq and version, so the changes since are the last ``version -
    expected_version`` moves when all of them were moves; the answer stands if those are
    all the AIs'. (A take-back or a seat handed over in between, which every person
    approved or did, shifts that window to older moves: it stands only if they were the
    AIs' too.)"""
    changes = version - expected_version
    if changes == 0:
        return False
    if changes < 0 or changes > seq:
        return True
    since = [a for a in await q.actions(table_id) if a.seq >= seq - changes]
    return len(since) != changes or not all(ai_seats.is_ai(a.user_id) for a in since)


class Seats(ServiceCore):
    """Who sits where once the game runs: AI decisions, leavers and their replacements."""

    @staticmethod
    def replaceable(table: Table, seat: int, *, left_league: bool = False) -> bool:
        """Whether a leaver's seat passes to an AI instead of ending the game: the table chose
        `ai_replaces` (or the leaver left the league of this match table), its title lets an
        AI replace a leaver at this many seats (:func:`ai_replaces_leavers`), the leaver is a
        person and another person still plays (AIs alone do not play on)."""
        if not (table.ai_replaces or left_league):
            return False
        if not ai_replaces_leavers(table):
            return False
        users = [p.user_id for p in table.players]
        others = [u for s, u in enumerate(users) if s != seat]
        return not ai_seats.is_ai(users[seat]) and any(not ai_seats.is_ai(u) for u in others)

    async def _replace(self, q: Queries, table: Table, seat: int, reason: str, at: float) -> Table:
        ai_id = ai_seats.next_ai_id(ai_seats.REPLACEMENT_LEVEL, (p.user_id for p in table.players))
        await q.replace_seat(table.id, seat, ai_id, ai_seats.ai_name(ai_id), reason, at)
        return (await self._load(q, table.id))[1]

    async def replaced_seats(self, table_id: int) -> list[tuple[int, int, str, str]]:
        """(seat, user id, name, "resigned" | "forfeit") of each person an AI replaced."""
        async with self._db.read() as q:
            return await q.replaced_seats(table_id)

    async def ai_to_act(self) -> list[tuple[int, int, int]]:
        """(table, seat, AI user id) of every decision a running game waits for from an AI."""
        async with self._db.read() as q:
            return await q.ai_to_act()

    async def seat_decision(
        self, table_id: int, seat: int
    ) -> tuple[Table, dict[str, Any], list[str]] | None:
        """The table, ``seat``'s own view and its legal actions, taken together (one state);
        None unless the game runs and ``seat`` must decide now. For the AI of that seat."""
        async with self._lock(table_id):
            row, table = await self._read(table_id)
            if table.status != TableStatus.ACTIVE or not 0 <= seat < len(table.players):
                return None
            game = self._game(table.game)
            state = await self._state(row, table)
            if seat not in game.to_act(state):
                return None
            return table, game.view(state, seat), list(game.legal_actions(state, seat))

    async def forfeit(self, table_id: int, seat: int, expected_seq: int) -> Table:
        """End the game with ``seat`` losing on time (recorded like a resignation); at a table
        with `ai_replaces` (3-4 player T&E) the seat passes to an AI instead (still running).

        StaleBoard if the table moved past ``expected_seq`` (the decision was taken meanwhile).
        """
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._require_active(table)
            if row.seq != expected_seq:
                raise StaleBoard(table)
            at = self._clock()
            if self.replaceable(table, seat):
                return await self._replace(q, table, seat, "forfeit", at)
            await q.set_ended(
                table_id,
                status=TableStatus.FINISHED,
                reason=EndReason.RESIGNED,
                at=at,
                resigned_seat=seat,
            )
            # In the same transaction: a crash must never leave a forfeit that reads "resigned".
            pbp = PbpQueries(q)
            await pbp.put_options(
                table_id, dataclasses.replace(await pbp.options(table_id), forfeit_seat=seat)
            )
            ranking = ratings.resign_ranking(len(table.players), seat)
            await ratings.record_result(q, table, EndReason.FORFEIT, ranking, at)
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]

    async def resign(
        self,
        table_id: int,
        user_id: int,
        *,
        expected_version: int | None = None,
        left_league: bool = False,
    ) -> Table:
        """End the game: the resigning seat ranks last; at a table with `ai_replaces` (3-4 player
        T&E, another person still playing) the seat passes to a `normal` AI and the game goes
        on (the returned table is still running), and so it does at any such league match
        table when the player left the league (``left_league``: the game stays rated for the
        people, the leaver last, see :func:`bot.ratings.record_result`). With
        ``expected_version`` (a confirmation button): StaleBoard if the game changed since it
        was offered."""
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._require_active(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated(_("You are not playing in this game."))
            if expected_version is not None and await _changed_by_people(
                q, table_id, row.version, row.seq, expected_version
            ):
                raise StaleBoard(table)
            at = self._clock()
            if self.replaceable(table, seat, left_league=left_league):
                return await self._replace(q, table, seat, "resigned", at)
            await q.set_ended(
                table_id,
                status=TableStatus.FINISHED,
                reason=EndReason.RESIGNED,
                at=at,
                resigned_seat=seat,
            )
            ranking = ratings.resign_ranking(len(table.players), seat)
            await ratings.record_result(q, table, EndReason.RESIGNED, ranking, at)
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]

    async def abort(
        self,
        table_id: int,
        user_id: int,
        *,
        can_manage: bool,
        expected_seq: int | None = None,
        expected_version: int | None = None,
    ) -> Table:
        """Stop a lobby or running game without a result (creator or manager). With
        ``expected_seq``: StaleBoard if the table moved past it (the play-by-post scheduler
        abandoning a table must not undo a player's return); ``expected_version`` likewise for
        a confirmation button offered before the last change."""
        async with self._lock(table_id), self._db.write() as q:
            row, table = await self._load(q, table_id)
            self._allowed(table, user_id, can_manage)
            if table.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
                raise GameNotActive(_("This game has already ended."))
            if expected_seq is not None and row.seq != expected_seq:
                raise StaleBoard(table)
            if expected_version is not None and await _changed_by_people(
                q, table_id, row.version, row.seq, expected_version
            ):
                raise StaleBoard(table)
            reason = EndReason.CANCELLED if table.status == TableStatus.LOBBY else EndReason.ABORTED
            await q.set_ended(table_id, status=TableStatus.ABORTED, reason=reason, at=self._clock())
            self._states.pop(table_id, None)
            return (await self._load(q, table_id))[1]
