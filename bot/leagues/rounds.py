"""Scheduling and pairing: the season's start (its schedule), each round's pairings and
matches, and :meth:`Rounds.advance`, which moves a running season on."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.i18n import _
from bot.leagues import pairing
from bot.leagues.records import DAY, LeagueError, LeagueUpdate, match_score, pairs_only, shown
from bot.leagues.results import Results
from bot.leagues.standings import match_points
from bot.service import Table
from bot.storage.leagues import LeagueQueries, LeagueRow, LeagueStatus, MatchRow, MemberRow

__all__ = ["Rounds"]


class Rounds(Results):
    """Start a season, open its rounds, close them when every match has a result."""

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
                raise LeagueError(_("{league} has already started.", league=shown(league)))
            if len(members) < 2:
                raise LeagueError(
                    _(
                        "{league} needs at least 2 players; {n} signed up.",
                        league=shown(league),
                        n=len(members),
                    )
                )
            ids = [m.user_id for m in members]
            rng = random.Random(f"league:{league.seed}:schedule")
            rng.shuffle(ids)
            pods = not pairs_only(league.game)
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
                    raise LeagueError(_("{league} has already started.", league=shown(league)))
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
            score = match_score(match)
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
        if pairs_only(league.game):
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
