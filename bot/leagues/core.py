"""League use cases: sign-up, start, rounds that open themselves, results, standings, leaving.

Knows no discord.py. Everything lives in the service's database (migration 0008), so a restart
at any point loses nothing: :meth:`LeagueService.advance` and :meth:`LeagueService.open_matches`
derive what is left to do from the database and each step is guarded (a round row per number,
a result recorded only once, a thread and a table attached to a match only once; a table already
created in the match's thread before a crash is found there and attached, never created twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.ai.seats import is_ai as is_ai_user
from bot.games import get_game
from bot.i18n import Text, _
from bot.leagues import pairing
from bot.leagues.standings import MatchScore, StandingRow, match_points, rank
from bot.presenters import plain_text
from bot.service import (
    GameNotActive,
    Player,
    Service,
    ServiceError,
    StaleBoard,
    Table,
    UnknownGame,
)
from bot.storage.leagues import (
    LeagueQueries,
    LeagueRow,
    LeagueStatus,
    MatchRow,
    MemberRow,
    RoundRow,
)
from bot.storage.pbp import PbpOptions, PbpQueries
from bot.storage.tables import TableStatus

__all__ = [
    "DECIDED_REASONS",
    "FORMATS",
    "League",
    "LeagueError",
    "LeagueService",
    "LeagueStatus",
    "LeagueUpdate",
    "Match",
    "Member",
    "RatingSource",
    "Round",
    "Snapshot",
    "reason_text",
    "table_timing",
]

League = LeagueRow
Match = MatchRow
Member = MemberRow
Round = RoundRow
Ranking = tuple[tuple[int, ...], ...]
RatingSource = Callable[[int | None, str, Sequence[int]], Awaitable[dict[int, float]]]
ThreadMaker = Callable[[LeagueRow, MatchRow, tuple[Player, ...]], Awaitable[int]]

DAY = 86400.0
HOUR = 3600.0
FORMATS = ("round_robin", "swiss")
ROUND_DAYS = (1, 30)
SWISS_ROUNDS = (1, 30)
MAX_MEMBERS = 64
NAME_LENGTH = 40
REASON_LENGTH = 200


class LeagueError(ServiceError):
    """A league request the bot refuses; the message says why."""


async def equal_ratings(
    guild_id: int | None, game: str, user_ids: Sequence[int]
) -> dict[int, float]:
    """The default rating source: everyone equal."""
    return {user: 0.0 for user in user_ids}


def table_timing(round_days: int) -> PbpOptions:
    """A match table's play-by-post timing, from the round length: turn timer a seventh of the
    round (1 to 48 hours), reminders every fourteenth (1 to 24 hours), timer ``skip``, warning 4
    hours before (a quarter of a shorter timer)."""
    length = round_days * DAY
    timer = min(max(length / 7, HOUR), 48 * HOUR)
    reminder = min(max(length / 14, HOUR), 24 * HOUR)
    return PbpOptions(reminder, timer, "skip", min(4 * HOUR, timer / 4), None, None)


@dataclass(frozen=True)
class LeagueUpdate:
    """What one :meth:`LeagueService.advance` (or leave, kick, adjudicate) changed."""

    league: LeagueRow
    results: tuple[MatchRow, ...] = ()
    ended_tables: tuple[Table, ...] = ()  # tables the league ended (deadline, leaving)
    opened_round: int | None = None
    finished: bool = False
    replaced_tables: tuple[Table, ...] = ()  # running T&E tables where an AI took a leaver's seat

    @property
    def changed(self) -> bool:
        return bool(
            self.results
            or self.ended_tables
            or self.opened_round
            or self.finished
            or self.replaced_tables
        )


@dataclass(frozen=True)
class Snapshot:
    """Everything `/league show` and the standings need."""

    league: LeagueRow
    members: tuple[MemberRow, ...]
    rounds: tuple[RoundRow, ...]
    matches: tuple[MatchRow, ...]
    standings: tuple[StandingRow, ...]

    def name_of(self, user_id: int) -> str:
        return next((m.name for m in self.members if m.user_id == user_id), str(user_id))

    @property
    def current_round(self) -> RoundRow | None:
        return self.rounds[-1] if self.rounds else None


def _score(match: MatchRow) -> MatchScore | None:
    if match.ranking is None:
        return None
    return MatchScore(
        match.players, match.ranking, match.source == "bye", frozenset(match.forfeited)
    )


#: The reasons the bot gives a match it decides itself. The database keeps them in English (as
#: before languages); :func:`reason_text` reads one back as a text to show in any language.
DECIDED_REASONS = (  # the ones without names first: "every player had left the league"
    _("every player had left the league"),
    _("the table was aborted without a result"),
    _("the match never started before the deadline"),
    _("{names} left the league"),
    _("the round's deadline passed while {names} had to decide"),
)


def _reason_pattern(msgid: str) -> re.Pattern[str]:
    return re.compile(re.escape(msgid).replace(re.escape("{names}"), "(?P<names>.+)"))


_REASON_PATTERNS = tuple((text.msgid, _reason_pattern(text.msgid)) for text in DECIDED_REASONS)


def reason_text(stored: str | None) -> Text | str:
    """A match's stored reason as a text in every language: one of :data:`DECIDED_REASONS`
    with its names, or (a manager's own words) the stored text itself."""
    for msgid, pattern in _REASON_PATTERNS:
        found = pattern.fullmatch(stored or "")
        if found is not None:
            return Text(msgid, tuple(sorted(found.groupdict().items())))
    return stored or ""


def _shown(league: LeagueRow) -> str:
    """The league's name as typed, shown literally in a sentence (no formatting, no mention)."""
    return plain_text(league.name)


def is_ai(player: Player) -> bool:
    """An AI seat: at a match table, one that took a leaver's seat over."""
    return is_ai_user(player.user_id)


def _pairs_only(game: str) -> bool:
    counts: tuple[int, ...] = tuple(get_game(game).SEAT_COUNTS)
    return max(counts) == 2


class LeagueService:
    """Leagues over one :class:`Service` (and its database)."""

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

    # -- sign-up ------------------------------------------------------------------------------

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

    async def join(self, league_id: int, player: Player) -> LeagueRow:
        async with self._lock(league_id), self.service.db.write() as q:
            lq = LeagueQueries(q)
            league = await self._league(lq, league_id)
            if league.status != LeagueStatus.SIGNUP:
                raise LeagueError(
                    _(
                        "Sign-up for {league} is closed; the season has started.",
                        league=_shown(league),
                    )
                )
            members = await lq.members(league_id)
            if any(m.user_id == player.user_id for m in members):
                raise LeagueError(
                    _("You are already signed up for {league}.", league=_shown(league))
                )
            if len(members) >= MAX_MEMBERS:
                raise LeagueError(
                    _("{league} is full ({n} players).", league=_shown(league), n=MAX_MEMBERS)
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
                        _("You are not in {league}.", league=_shown(league))
                        if reason == "left"
                        else _("That player is not in {league}.", league=_shown(league))
                    )
                if league.status == LeagueStatus.FINISHED:
                    raise LeagueError(
                        _("{league} is over; its results stay as they are.", league=_shown(league))
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

    # -- start and rounds ---------------------------------------------------------------------

    async def start(self, league_id: int, user_id: int, *, can_manage: bool) -> LeagueUpdate:
        """Close sign-up and open round 1 (server managers)."""
        if not can_manage:
            raise LeagueError(_("Only a server manager can start a league."))
        async with self._lock(league_id):
            async with self.service.db.read() as q:
                lq = LeagueQueries(q)
                league = await self._league(lq, league_id)
                members = await lq.members(league_id)
            if league.status != LeagueStatus.SIGNUP:
                raise LeagueError(_("{league} has already started.", league=_shown(league)))
            if len(members) < 2:
                raise LeagueError(
                    _(
                        "{league} needs at least 2 players; {n} signed up.",
                        league=_shown(league),
                        n=len(members),
                    )
                )
            ids = [m.user_id for m in members]
            rng = random.Random(f"league:{league.seed}:schedule")
            rng.shuffle(ids)
            pods = not _pairs_only(league.game)
            schedule: list[dict[str, list[object]]] | None = None
            if league.format == "round_robin":
                plans = (
                    pairing.round_robin_pod_schedule(ids, rng)
                    if pods
                    else pairing.round_robin_pairs(ids)
                )
                schedule = [
                    {"groups": [list(g) for g in p.groups], "byes": list(p.byes)} for p in plans
                ]
                rounds = len(plans)
            else:
                rounds = league.rounds or pairing.swiss_rounds(len(ids), pods)
            at = self.service.clock()
            started = LeagueRow(**{**league.__dict__, "rounds": rounds, "schedule": schedule})
            plan = await self._plan(started, 1, members, [])
            async with self.service.db.write() as q:
                lq = LeagueQueries(q)
                if not await lq.set_started(league_id, rounds, schedule, at):
                    raise LeagueError(_("{league} has already started.", league=_shown(league)))
                await self._insert_round(lq, started, 1, plan, members, at)
                league = await self._league(lq, league_id)
        update = await self.advance(league_id)
        return LeagueUpdate(update.league, update.results, update.ended_tables, 1, update.finished)

    async def _plan(
        self,
        league: LeagueRow,
        number: int,
        members: Sequence[MemberRow],
        matches: Sequence[MatchRow],
    ) -> pairing.RoundPlan:
        active = [m.user_id for m in members if m.left_at is None]
        if league.format == "round_robin":
            assert league.schedule is not None
            entry = league.schedule[number - 1]
            return pairing.RoundPlan(
                tuple(tuple(int(p) for p in g) for g in entry["groups"]),
                tuple(int(p) for p in entry["byes"]),
            )
        history = pairing.History()
        points: dict[int, float] = {}
        for match in matches:
            score = _score(match)
            if score is None:
                continue
            if score.bye:
                history.byes.update(match.players)
            else:
                history.add([match.players], match.round)
            for player, value in match_points(score).items():
                points[player] = points.get(player, 0.0) + value
        ratings = await self.rating_of(league.guild_id, league.game, active)
        rng = random.Random(f"league:{league.seed}:round:{number}")
        ranked = pairing.rank_for_pairing(sorted(active), points, ratings, rng)
        if _pairs_only(league.game):
            return pairing.swiss_pairs(ranked, history, number, rng)
        if len(ranked) < 2:
            return pairing.RoundPlan(())
        return pairing.swiss_pods(ranked, history, number, rng)

    async def _insert_round(
        self,
        lq: LeagueQueries,
        league: LeagueRow,
        number: int,
        plan: pairing.RoundPlan,
        members: Sequence[MemberRow],
        at: float,
    ) -> bool:
        if not await lq.insert_round(league.id, number, at, at + league.round_days * DAY):
            return False
        names = {m.user_id: m.name for m in members}
        active = {m.user_id for m in members if m.left_at is None}
        position = 0
        for group in plan.groups:
            playing = tuple(p for p in group if p in active)
            gone = tuple(p for p in group if p not in active)
            if len(playing) >= 2:
                await lq.insert_match(league.id, number, position, group)
            elif playing:
                await lq.insert_match(
                    league.id,
                    number,
                    position,
                    group,
                    ranking=(playing, gone),
                    forfeited=gone,
                    source="forfeit",
                    reason=str(
                        _(
                            "{names} left the league",
                            names=", ".join(names.get(p, str(p)) for p in gone),
                        )
                    ),
                    at=at,
                )
            else:
                await lq.insert_match(
                    league.id,
                    number,
                    position,
                    group,
                    ranking=(),
                    source="void",
                    reason=str(_("every player had left the league")),
                    at=at,
                )
            position += 1
        for player in plan.byes:
            if player in active:
                await lq.insert_match(
                    league.id,
                    number,
                    position,
                    (player,),
                    ranking=((player,),),
                    source="bye",
                    at=at,
                )
                position += 1
        return True

    @staticmethod
    async def _league(lq: LeagueQueries, league_id: int) -> LeagueRow:
        row = await lq.league(league_id)
        if row is None:
            raise LeagueError(_("There is no such league."))
        return row

    async def advance(self, league_id: int, now: float | None = None) -> LeagueUpdate:
        """Record finished match tables, enforce the round's deadline, close the round, open the
        next one or finish the season. Safe to call at any time, any number of times."""
        at = self._now(now)
        results: list[MatchRow] = []
        ended: list[Table] = []
        opened: int | None = None
        finished = False
        async with self._lock(league_id):
            for _ in range(64):
                async with self.service.db.read() as q:
                    lq = LeagueQueries(q)
                    league = await self._league(lq, league_id)
                    rounds = await lq.rounds(league_id)
                if league.status != LeagueStatus.RUNNING or not rounds:
                    break
                current = rounds[-1]
                if current.closed_at is None:
                    decided = await self._settle_round(league, current, at, results, ended)
                    if not decided:
                        break
                    async with self.service.db.write() as q:
                        await LeagueQueries(q).close_round(league_id, current.number, at)
                async with self.service.db.read() as q:
                    lq = LeagueQueries(q)
                    members = await lq.members(league_id)
                    matches = await lq.matches(league_id)
                active = [m for m in members if m.left_at is None]
                assert league.rounds is not None
                if current.number >= league.rounds or len(active) < 2:
                    async with self.service.db.write() as q:
                        finished = await LeagueQueries(q).set_finished(league_id, at) or finished
                    break
                plan = await self._plan(league, current.number + 1, members, matches)
                async with self.service.db.write() as q:
                    if await self._insert_round(
                        LeagueQueries(q), league, current.number + 1, plan, members, at
                    ):
                        opened = current.number + 1
            league = await self.get(league_id)
        return LeagueUpdate(league, tuple(results), tuple(ended), opened, finished)

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
    ) -> tuple[Ranking, tuple[int, ...], str, str | None] | None:
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
        if table.end_reason == "resigned" and table.resigned_seat is not None:
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
    ) -> tuple[Ranking, tuple[int, ...], str, str | None] | None:
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

    # -- matches in Discord -------------------------------------------------------------------

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

    # -- adjudication -------------------------------------------------------------------------

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
            async with self.service.db.read() as q:
                found = await LeagueQueries(q).match(match_id)
            played = (
                found is not None
                and found.ranking is None
                and found.table_id is not None
                and (await self.service.get(found.table_id)).status == TableStatus.FINISHED
            )
            if played:  # and rated: the game's own result counts, never a second one
                raise LeagueError(
                    _(
                        "Match #{match} was played to the end; its game's result counts.",
                        match=match_id,
                    )
                )
            async with self.service.db.write() as q:
                lq = LeagueQueries(q)
                league = await self._league(lq, league_id)
                match = await lq.match(match_id)
                if match is None or match.league_id != league_id:
                    raise LeagueError(
                        _("{league} has no match #{match}.", league=_shown(league), match=match_id)
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

    # -- reading ------------------------------------------------------------------------------

    async def snapshot(self, league_id: int) -> Snapshot:
        async with self.service.db.read() as q:
            lq = LeagueQueries(q)
            league = await self._league(lq, league_id)
            members = await lq.members(league_id)
            rounds = await lq.rounds(league_id)
            matches = await lq.matches(league_id)
        ratings = await self.rating_of(league.guild_id, league.game, [m.user_id for m in members])
        scores = [s for s in (_score(m) for m in matches) if s is not None]
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


def schedule_json(plans: Sequence[pairing.RoundPlan]) -> str:
    """A schedule as stored (for tests and tools)."""
    return json.dumps(
        [{"groups": [list(g) for g in p.groups], "byes": list(p.byes)} for p in plans]
    )
