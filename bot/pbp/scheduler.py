"""The one play-by-post scheduler: reminders, timer warnings and timer expiries.

:meth:`Scheduler.tick` looks at every pending decision of every running game (all of it in the
database), applies what is due and returns it for the caller to announce. Each thing is applied
once: a reminder and a warning are recorded on the pending decision with a guarded update, an
expiry is a move (or a forfeit) guarded by the table's seq. A reminder is recorded before the
caller sends it, so a crash between the two loses that reminder rather than repeating it.

Timing (``active`` time leaves out the player's away periods, see :mod:`bot.pbp.usecases`):
- reminder: when the decision has been pending for ``reminder`` seconds of active time and the
  last reminder for it (if any) is ``reminder`` seconds of active time old; never while away.
- warning: once per decision, when ``warn_lead`` or less of the timer is left; never while away.
  A reminder due in the same tick is recorded but not sent (one ping, not two).
- expiry: when the decision has been pending for ``timer`` seconds of active time (counted from
  the timer's last change if that came later, see ``PbpOptions.timer_start``) and its warning
  went out at least ``warn_lead`` of active time ago: the consequence never comes unannounced,
  even when the bot was offline through the warning time (it warns when back); the table's
  consequence is applied: ``skip`` takes :func:`bot.pbp_games.skip_action`, ``forfeit`` ends the
  game with that player last (or, at a table with `ai_replaces`, hands the seat to an AI), ``ai``
  lets the `normal` AI take the decision from the player's own view (through ``decide``, the
  worker pool; without one it falls back to ``skip``). A whole round of skips with no person
  moving abandons the table (consequence "abandoned": the skip is played, then the game is
  aborted).

AI seats are never reminded, warned or timed: their decisions are not the scheduler's.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from bot.ai import seats as ai_seats
from bot.ai.turns import Decider
from bot.ai.worker import decision_seed
from bot.games.common import GameError
from bot.pbp.log import round_decisions, skip_action
from bot.pbp.usecases import PlayByPost, active_time
from bot.service import MoveResult, ServiceError, StaleBoard, Table, has_ai
from bot.storage.pbp import AwayRow, PbpOptions, PbpQueries, PendingRow
from bot.storage.tables import TableStatus

__all__ = ["Due", "Scheduler"]

log = logging.getLogger(__name__)

MAX_PASSES = 20  # an expiry can make new decisions due in the same tick; bounded anyway
# A table is abandoned (aborted) once the timer has skipped this many rounds of decisions in a
# row (``round_decisions`` per person seated; AI seats' moves in between do not count) with no
# move by a person in between: otherwise a Tigris table whose players all left would pass for
# ever (passing draws nothing), and a game against the AI would go on with nobody there.
ABANDON_ROUNDS = 2


@dataclass(frozen=True)
class Due:
    """Something the scheduler applied: ``kind`` is "reminder", "warning" or "expired".

    ``deadline`` is the timer's end (warnings); ``consequence`` ("skip", "ai", "forfeit",
    "replaced": a forfeit whose seat an AI took over, or "abandoned": a skip after which the
    table was aborted), ``action`` and ``move`` describe an
    expiry (``action`` is the skipped decision, None for a forfeit; ``table`` is then the table
    after it).
    """

    kind: str
    table: Table
    seat: int
    user_id: int
    at: float
    waited: float
    deadline: float | None = None
    consequence: str | None = None
    action: str | None = None
    move: MoveResult | None = None


class Scheduler:
    """Fires reminders, timer warnings and expiries; stateless between ticks."""

    def __init__(
        self,
        pbp: PlayByPost,
        clock: Callable[[], float] | None = None,
        decide: Decider | None = None,
    ) -> None:
        self.pbp = pbp
        self.service = pbp.service
        self.clock = clock or self.service.clock
        self.decide = decide  # the AI for the consequence "ai" (the bot's worker pool)

    async def tick(self, now: float | None = None) -> list[Due]:
        """Apply and return everything due at ``now`` (default: the clock)."""
        at = self.clock() if now is None else now
        done: list[Due] = []
        for _ in range(MAX_PASSES):
            expired_any = False
            async with self.service.db.read() as q:
                pq = PbpQueries(q)
                decisions = await pq.pending_decisions()
                periods: dict[int, list[AwayRow]] = defaultdict(list)
                for period in await pq.away_periods():
                    periods[period.user_id].append(period)
            moved: set[int] = set()
            for row in decisions:
                if row.table_id in moved:
                    continue  # the table changed this pass; look again in the next one
                if ai_seats.is_ai(row.user_id):
                    continue  # an AI is never reminded, warned or timed: it is deciding
                mine = periods.get(row.user_id, [])
                away = any(p.start <= at < p.end() for p in mine)
                waited = active_time(mine, row.since, at)
                options = row.options
                timed = active_time(mine, options.timer_start(row.since), at)
                if (
                    options.timer is not None
                    and timed >= options.timer
                    and row.warned_at is not None
                    and active_time(mine, row.warned_at, at) >= options.warn_lead
                ):
                    due = await self._expire(row, options, at, waited)
                    moved.add(row.table_id)
                    if due is not None:
                        done.append(due)
                        expired_any = True
                    continue
                if away:
                    continue
                warned_now = False
                if (
                    options.timer is not None
                    and row.warned_at is None
                    and options.timer - timed <= options.warn_lead
                ):
                    async with self.service.db.write() as q:
                        marked = await PbpQueries(q).mark_warned(
                            row.table_id, row.seat, row.since, at
                        )
                    if marked:
                        warned_now = True
                        table = await self.service.get(row.table_id)
                        deadline = at + max(options.timer - timed, options.warn_lead)
                        done.append(
                            Due("warning", table, row.seat, row.user_id, at, waited, deadline)
                        )
                if options.reminder is not None and self._reminder_due(row, mine, at, waited):
                    async with self.service.db.write() as q:
                        marked = await PbpQueries(q).mark_reminded(
                            row.table_id, row.seat, row.since, row.reminded_at, at
                        )
                    if marked and not warned_now:  # the warning just pinged them: it counts
                        table = await self.service.get(row.table_id)
                        done.append(Due("reminder", table, row.seat, row.user_id, at, waited))
            if not expired_any:
                break
        return done

    @staticmethod
    def _reminder_due(row: PendingRow, periods: list[AwayRow], at: float, waited: float) -> bool:
        interval = row.options.reminder
        assert interval is not None
        if waited < interval:
            return False
        return row.reminded_at is None or active_time(periods, row.reminded_at, at) >= interval

    async def _ai_action(self, row: PendingRow) -> str | None:
        """The `normal` AI's decision for the absent player, from their own view (None if the
        decision is no longer pending); the submit is guarded by the seq as for a skip."""
        assert self.decide is not None
        decision = await self.service.seat_decision(row.table_id, row.seat)
        if decision is None:
            return None
        table, view, legal = decision
        seed = decision_seed(table.seed, table.version, row.seat)
        return await self.decide(table.game, view, legal, ai_seats.TIMER_LEVEL, seed)

    async def _expire(
        self, row: PendingRow, options: PbpOptions, at: float, waited: float
    ) -> Due | None:
        table = await self.service.get(row.table_id)
        try:
            if options.consequence == "forfeit":
                # One transaction records the end and the forfeiting seat.
                after = await self.service.forfeit(row.table_id, row.seat, row.seq)
                kind = "forfeit" if after.status != TableStatus.ACTIVE else "replaced"
                return Due("expired", after, row.seat, row.user_id, at, waited, consequence=kind)
            action = None
            consequence = "skip"
            # A title without an AI has its seat skipped instead (never a table stuck waiting).
            if options.consequence == "ai" and self.decide is not None and has_ai(table.game):
                action = await self._ai_action(row)
                consequence = "ai"
            if action is None:
                legal = await self.service.legal_actions(row.table_id, row.user_id)
                action = skip_action(table.game, legal)
                consequence = "skip"
            if action is None:
                return None
            move = await self.service.submit(
                row.table_id, row.user_id, action, expected_seq=row.seq
            )
        except StaleBoard:
            return None  # the player (or an earlier expiry) moved first
        except (ServiceError, GameError):
            log.exception("table %s: the timer's consequence failed", row.table_id)
            return None
        after_table = move.table
        async with self.service.db.write() as q:
            run = await PbpQueries(q).count_skip(row.table_id, row.seq, move.table.seq)
        people = sum(not ai_seats.is_ai(p.user_id) for p in table.players)
        if move.table.status == TableStatus.ACTIVE and run >= ABANDON_ROUNDS * round_decisions(
            table.game
        ) * max(1, people):
            try:
                after_table = await self.service.abort(
                    row.table_id, table.creator_id, can_manage=True, expected_seq=move.table.seq
                )
                consequence = "abandoned"
            except (StaleBoard, ServiceError):
                pass  # somebody moved (or ended it) just now: it is not abandoned
        return Due(
            "expired",
            after_table,
            row.seat,
            row.user_id,
            at,
            waited,
            consequence=consequence,
            action=action,
            move=move,
        )
