"""Sign-up and leaving: a league's creation, joining, and a player leaving or removed (their
running match tables end as resignations, or an AI plays on in their seat)."""

from __future__ import annotations

import contextlib
import random

from bot.games import get_game
from bot.i18n import _
from bot.leagues.records import (
    FORMATS,
    MAX_MEMBERS,
    NAME_LENGTH,
    ROUND_DAYS,
    SWISS_ROUNDS,
    LeagueError,
    LeagueUpdate,
    shown,
)
from bot.leagues.rounds import Rounds
from bot.presenters import plain_text
from bot.service import GameNotActive, Player, Table, UnknownGame
from bot.storage.leagues import LeagueQueries, LeagueRow, LeagueStatus
from bot.storage.tables import TableStatus

__all__ = ["Signup"]


class Signup(Rounds):
    """Who plays in a league."""

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: Player,
        can_manage: bool,
        game: str,
        name: str,
        format: str,
        round_days: object,
        rounds: object = None,
    ) -> LeagueRow:
        """A league in sign-up (server managers only). The creator is not signed up."""
        if not can_manage:
            raise LeagueError(_("Only a server manager (Manage Server) can create a league."))
        try:
            module = get_game(game)
        except KeyError:
            raise UnknownGame(_("There is no game called {game}.", game=repr(game))) from None
        clean = " ".join(str(name).split())
        if not 1 <= len(clean) <= NAME_LENGTH:
            raise LeagueError(_("A league name has 1 to {n} characters.", n=NAME_LENGTH))
        if format not in FORMATS:
            raise LeagueError(_("The format is `round_robin` or `swiss`."))
        if isinstance(round_days, bool) or not isinstance(round_days, int):
            raise LeagueError(_("Give the round length as a whole number of days, like 7."))
        low, high = ROUND_DAYS
        if not low <= round_days <= high:
            raise LeagueError(
                _(
                    "A round lasts {low} to {high} days, not {days}.",
                    low=low,
                    high=high,
                    days=round_days,
                )
            )
        if rounds is not None:
            if format != "swiss":
                raise LeagueError(_("The number of rounds can be set only for Swiss leagues."))
            if isinstance(rounds, bool) or not isinstance(rounds, int):
                raise LeagueError(_("Give the number of rounds as a whole number."))
            if not SWISS_ROUNDS[0] <= rounds <= SWISS_ROUNDS[1]:
                raise LeagueError(
                    _(
                        "A Swiss league has {low} to {high} rounds.",
                        low=SWISS_ROUNDS[0],
                        high=SWISS_ROUNDS[1],
                    )
                )
        async with self.service.db.write() as q:
            lq = LeagueQueries(q)
            if await lq.open_league_named(guild_id, clean) is not None:
                raise LeagueError(
                    _("This server already has a league called {league}.", league=plain_text(clean))
                )
            league_id = await lq.insert_league(
                guild_id=guild_id,
                channel_id=channel_id,
                game=module.NAME,
                name=clean,
                format=format,
                round_days=round_days,
                rounds=rounds,
                seed=random.SystemRandom().getrandbits(62),
                created_by=creator.user_id,
                at=self.service.clock(),
            )
            row = await lq.league(league_id)
        assert row is not None
        return row

    async def join(self, league_id: int, player: Player) -> LeagueRow:
        async with self._lock(league_id), self.service.db.write() as q:
            lq = LeagueQueries(q)
            league = await self._league(lq, league_id)
            if league.status != LeagueStatus.SIGNUP:
                raise LeagueError(
                    _(
                        "Sign-up for {league} is closed; the season has started.",
                        league=shown(league),
                    )
                )
            members = await lq.members(league_id)
            if any(m.user_id == player.user_id for m in members):
                raise LeagueError(
                    _("You are already signed up for {league}.", league=shown(league))
                )
            if len(members) >= MAX_MEMBERS:
                raise LeagueError(
                    _("{league} is full ({n} players).", league=shown(league), n=MAX_MEMBERS)
                )
            await lq.add_member(league_id, player.user_id, player.name, self.service.clock())
            return league

    async def leave(self, league_id: int, user_id: int) -> LeagueUpdate:
        """Leave sign-up, or leave a running season: the remaining matches are forfeited and no
        new pairing includes them. A running match table ends as the leaver's resignation,
        except a 3-4 player T&E table where another person plays: there a `normal` AI takes
        the seat over and the others finish the game, rated for them, the leaver last."""
        return await self._remove(league_id, user_id, "left")

    async def kick(
        self, league_id: int, manager_id: int, *, can_manage: bool, user_id: int
    ) -> LeagueUpdate:
        if not can_manage:
            raise LeagueError(_("Only a server manager can remove a player from a league."))
        return await self._remove(league_id, user_id, "kicked")

    async def _remove(self, league_id: int, user_id: int, reason: str) -> LeagueUpdate:
        ended: list[Table] = []
        replaced: list[Table] = []
        async with self._lock(league_id):
            async with self.service.db.write() as q:
                lq = LeagueQueries(q)
                league = await self._league(lq, league_id)
                member = next(
                    (m for m in await lq.members(league_id) if m.user_id == user_id), None
                )
                if member is None or member.left_at is not None:
                    raise LeagueError(
                        _("You are not in {league}.", league=shown(league))
                        if reason == "left"
                        else _("That player is not in {league}.", league=shown(league))
                    )
                if league.status == LeagueStatus.FINISHED:
                    raise LeagueError(
                        _("{league} is over; its results stay as they are.", league=shown(league))
                    )
                if league.status == LeagueStatus.SIGNUP:
                    await lq.remove_member(league_id, user_id)
                    return LeagueUpdate(league)
                await lq.mark_left(league_id, user_id, reason, self.service.clock())
                rounds = await lq.rounds(league_id)
                current = await lq.matches(league_id, rounds[-1].number) if rounds else []
            for match in current:
                if match.ranking is not None or match.table_id is None:
                    continue
                if user_id not in match.players:
                    continue
                table = await self.service.get(match.table_id)
                if table.status != TableStatus.ACTIVE or table.seat_of(user_id) is None:
                    continue
                # Like a resignation (not a timer forfeit: nobody ran out of time), or an AI
                # plays on in the seat; a table that ended meanwhile counts with its own result.
                with contextlib.suppress(GameNotActive):
                    after = await self.service.resign(table.id, user_id, left_league=True)
                    (replaced if after.status == TableStatus.ACTIVE else ended).append(after)
        update = await self.advance(league_id)
        return LeagueUpdate(
            update.league,
            update.results,
            tuple(ended) + update.ended_tables,
            update.opened_round,
            update.finished,
            tuple(replaced),
        )
