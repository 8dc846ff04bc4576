"""Play-by-post: table timing options, away periods, take-backs, the game log, watchers,
notification preferences and rematches. Knows no discord.py; shares the service's database.

Time is always passed in (``now``) or read from the service's injected clock, so tests drive it
by hand. Every deadline is derived from what the database holds (when a decision became
pending, the table's options, the players' away periods), so a restart loses nothing.

Choices:
- Away budget: at most :data:`AWAY_BUDGET_DAYS` days per calendar month (UTC) per user, counted
  in the month an away period starts; a period ended early by ``back`` counts only the time
  used. ``away`` while already away ends the current period and starts the new one.
- While a player is away their reminders and timer warnings stop and their timers pause: a
  decision's clock counts only time the player was not away.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai import seats as ai_seats
from bot.i18n import N_, Text, _, render
from bot.pbp.log import LogEntry, log_entries, takeback_refusal
from bot.presenters import plain_text, symbol_names
from bot.service import (
    NO_AI,
    NotSeated,
    Player,
    Service,
    ServiceError,
    StaleBoard,
    Table,
    has_ai,
)
from bot.storage.pbp import DEFAULT_WARN_LEAD, AwayRow, PbpOptions, PbpQueries, TakebackRow
from bot.storage.tables import TableStatus

__all__ = [
    "AWAY_BUDGET_DAYS",
    "AwayStatus",
    "BadAway",
    "BadTiming",
    "LogPage",
    "NoTakeback",
    "PbpOptions",
    "PlayByPost",
    "TakebackOutcome",
    "TakebackRefused",
    "TakebackVoid",
    "active_time",
]

DAY = 86400.0
HOUR = 3600.0
AWAY_BUDGET_DAYS = 14
REMINDER_RANGE = (1 * HOUR, 14 * DAY)
TIMER_RANGE = (1 * HOUR, 30 * DAY)
CONSEQUENCES = ("skip", "forfeit", "ai")


class BadAway(ServiceError):
    """An away request the bot refuses (a silly number, over budget, not away)."""


class BadTiming(ServiceError):
    """A reminder interval, timer, warning lead or consequence out of range."""


class TakebackRefused(ServiceError):
    """The take-back cannot be asked for (not the last mover, the action revealed something)."""


class NoTakeback(ServiceError):
    """There is no open take-back request at this table."""


class TakebackVoid(ServiceError):
    """Somebody acted after the request: it no longer applies."""


@dataclass(frozen=True)
class AwayStatus:
    """A user's current away period and what is left of this month's budget (in days)."""

    user_id: int
    until: float | None
    budget_left: float


@dataclass(frozen=True)
class TakebackOutcome:
    """After an answer: "pending" (more approvals needed), "refused" or "undone"."""

    status: str
    table: Table
    seat: int
    waiting_for: tuple[int, ...]


@dataclass(frozen=True)
class LogPage:
    """``entries`` in playing order; page 1 holds the most recent moves."""

    entries: tuple[LogEntry, ...]
    page: int
    pages: int

    def lines(self) -> list[str]:
        return [entry.text() for entry in self.entries]


def active_time(periods: Sequence[AwayRow], start: float, end: float) -> float:
    """Seconds from ``start`` to ``end`` during which the user was not away."""
    if end <= start:
        return 0.0
    paused = sum(max(0.0, min(end, p.end()) - max(start, p.start)) for p in periods)
    return max(0.0, end - start - paused)


def _month(at: float) -> tuple[int, int]:
    day = dt.datetime.fromtimestamp(at, tz=dt.UTC)
    return day.year, day.month


def _hours(seconds: float) -> Text:
    hours = seconds / HOUR
    if hours < 48:
        return N_("{n} hour", "{n} hours", _count(hours), n=format(hours, "g"))
    return N_("{n} day", "{n} days", _count(hours / 24), n=format(hours / 24, "g"))


def _count(amount: float) -> int:
    """The count that chooses a plural form: exactly one is singular, anything else is not."""
    return 1 if amount == 1 else 2 if not float(amount).is_integer() else int(amount)


class PlayByPost:
    """Play-by-post use cases over one :class:`Service` (and its database)."""

    def __init__(self, service: Service) -> None:
        self.service = service

    def _now(self, now: float | None) -> float:
        return self.service.clock() if now is None else now

    # -- table options ------------------------------------------------------------------------

    async def options(self, table_id: int) -> PbpOptions:
        await self.service.get(table_id)  # UnknownTable
        async with self.service.db.read() as q:
            return await PbpQueries(q).options(table_id)

    async def set_options(
        self,
        table_id: int,
        user_id: int,
        *,
        can_manage: bool,
        reminder: float | str | None = "keep",
        timer: float | str | None = "keep",
        consequence: str | None = None,
        warn_lead: float | None = None,
    ) -> PbpOptions:
        """Change a table's timing (creator or manager; lobby or running game).

        ``reminder``/``timer`` in seconds, or None for off ("keep" leaves them). The warning
        lead defaults to 4 hours, or a quarter of a shorter timer.
        """
        table = await self.service.get(table_id)
        if not (can_manage or user_id == table.creator_id):
            raise BadTiming(
                _(
                    "Only the player who opened this table or a server manager "
                    "may change its timing."
                )
            )
        if table.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
            raise BadTiming(_("This game has ended; its timing can no longer change."))
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            current = await pq.options(table_id)
            new_reminder = current.reminder if reminder == "keep" else reminder
            new_timer = current.timer if timer == "keep" else timer
            if new_reminder is not None:
                new_reminder = _in_range(new_reminder, REMINDER_RANGE, "reminder")
            if new_timer is not None:
                new_timer = _in_range(new_timer, TIMER_RANGE, "timer")
            chosen = current.consequence if consequence is None else consequence
            if chosen not in CONSEQUENCES:
                raise BadTiming(
                    _(
                        "When the timer runs out the game can `skip`, `forfeit` "
                        "or let the `ai` decide."
                    )
                )
            if consequence == "ai" and not has_ai(table.game):
                raise BadTiming(NO_AI)
            lead = current.warn_lead if warn_lead is None else float(warn_lead)
            if new_timer is not None:
                if warn_lead is None and new_timer != current.timer:
                    lead = DEFAULT_WARN_LEAD  # the default follows the new timer
                if warn_lead is None and lead >= new_timer:
                    lead = new_timer / 4
                if not (0 <= lead < new_timer) or math.isnan(lead):
                    raise BadTiming(_("The warning must come before the timer runs out."))
            timer_since = current.timer_since
            if new_timer != current.timer or lead != current.warn_lead:
                # Decisions already pending get the new timer in full, and a new warning.
                timer_since = self._now(None)
                await pq.clear_warnings(table_id)
            options = PbpOptions(
                new_reminder, new_timer, chosen, lead, current.forfeit_seat, timer_since
            )
            await pq.put_options(table_id, options)
            return options

    # -- away ---------------------------------------------------------------------------------

    async def away(self, user_id: int, days: object, now: float | None = None) -> AwayStatus:
        """Pause ``user_id``'s reminders and timers for ``days`` whole days (within budget)."""
        at = self._now(now)
        if isinstance(days, bool) or not isinstance(days, int):
            raise BadAway(_("Give the number of days you will be away as a whole number, like 3."))
        if not 1 <= days <= AWAY_BUDGET_DAYS:
            raise BadAway(
                _(
                    "You can be away for 1 to {budget} days at a time, not {days}.",
                    budget=AWAY_BUDGET_DAYS,
                    days=days,
                )
            )
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            periods = await pq.away_periods(user_id)
            current = _current(periods, at)
            left = _budget_left(periods, at, ending_now=current)
            if days * DAY > left + 1e-6:
                raise BadAway(
                    N_(
                        "You have {n} away day left this month "
                        "(the budget is {budget} days per calendar month).",
                        "You have {n} away days left this month "
                        "(the budget is {budget} days per calendar month).",
                        math.floor(left / DAY),
                        budget=AWAY_BUDGET_DAYS,
                    )
                )
            if current is not None:
                await pq.end_away(user_id, current.start, at)
            await pq.add_away(user_id, at, at + days * DAY)
            return AwayStatus(user_id, at + days * DAY, left - days * DAY)

    async def back(self, user_id: int, now: float | None = None) -> AwayStatus:
        """End ``user_id``'s away period now. BadAway if they are not away."""
        at = self._now(now)
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            periods = await pq.away_periods(user_id)
            current = _current(periods, at)
            if current is None:
                raise BadAway(_("You are not away."))
            await pq.end_away(user_id, current.start, at)
            left = _budget_left(await pq.away_periods(user_id), at, ending_now=None)
            return AwayStatus(user_id, None, left)

    async def away_status(self, user_id: int, now: float | None = None) -> AwayStatus:
        at = self._now(now)
        async with self.service.db.read() as q:
            periods = await PbpQueries(q).away_periods(user_id)
        current = _current(periods, at)
        left = _budget_left(periods, at, ending_now=None)
        return AwayStatus(user_id, None if current is None else current.end(), left)

    async def away_seats(self, table: Table | int, now: float | None = None) -> dict[int, float]:
        """Seats of the table (or the table of that id) whose player is away now -> when they
        are back (for the board)."""
        at = self._now(now)
        if not isinstance(table, Table):
            table = await self.service.get(table)
        out: dict[int, float] = {}
        async with self.service.db.read() as q:  # every player's periods in one statement
            periods = await PbpQueries(q).away_periods_of([p.user_id for p in table.players])
        for seat, player in enumerate(table.players):
            current = _current([a for a in periods if a.user_id == player.user_id], at)
            if current is not None:
                out[seat] = current.end()
        return out

    async def deadline(self, table_id: int, seat: int, now: float | None = None) -> float | None:
        """When ``seat``'s pending decision times out if its player stays present; None if
        no timer runs for it. Never sooner than the warning's lead after the warning (which
        goes out at the next tick if it is late)."""
        at = self._now(now)
        options = await self.options(table_id)
        since = (await self.service.pending_since(table_id)).get(seat)
        if options.timer is None or since is None:
            return None
        table = await self.service.get(table_id)
        async with self.service.db.read() as q:
            pq = PbpQueries(q)
            periods = await pq.away_periods(table.players[seat].user_id)
            warned = await pq.warned_at(table_id, seat)
        current = _current(periods, at)
        resume = at if current is None else current.end()
        left = options.timer - active_time(periods, options.timer_start(since), at)
        lead_left = options.warn_lead - (
            0.0 if warned is None else active_time(periods, warned, at)
        )
        return resume + max(0.0, left, lead_left)

    # -- take-back ----------------------------------------------------------------------------

    async def request_takeback(self, table_id: int, user_id: int) -> TakebackOutcome:
        """The player who took the last action asks to undo it; the others must approve."""
        table, _game, states, actions = await self.service.history(table_id)
        if table.status != TableStatus.ACTIVE:
            raise TakebackRefused(_("Only a running game's last action can be taken back."))
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in this game."))
        if not actions or actions[-1][0] != seat:
            raise TakebackRefused(_("Only the player who took the last action can take it back."))
        reason = takeback_refusal(table.game, states[-2], states[-1], seat)
        if reason is not None:
            raise TakebackRefused(_("That action cannot be taken back: {reason}.", reason=reason))
        # An AI seat never answers (nor is asked): it agrees at once. With only AIs to ask,
        # the move is taken back straight away.
        robots = tuple(
            s for s, p in enumerate(table.players) if s != seat and ai_seats.is_ai(p.user_id)
        )
        others = tuple(s for s in range(len(table.players)) if s != seat and s not in robots)
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            now_row = await q.table(table_id)
            if now_row is None or now_row.seq != table.seq or now_row.status != TableStatus.ACTIVE:
                raise TakebackRefused(
                    _("The game has moved on; that action can no longer be taken back.")
                )
            existing = await pq.takeback(table_id)
            if existing is not None and existing.seq == table.seq:
                if existing.refused:
                    raise TakebackRefused(
                        _("Taking back this move was already refused; it stands.")
                    )
                raise TakebackRefused(_("A take-back is already waiting for an answer."))
            await pq.put_takeback(
                TakebackRow(
                    table_id, table.seq, seat, robots, self._now(None), version=now_row.version
                )
            )
            if not others:
                await pq.delete_takeback(table_id)
        if not others:
            try:
                after = await self.service.undo_last(table_id, table.seq)
            except StaleBoard:
                raise TakebackVoid(
                    _("The game has moved on; that action can no longer be taken back.")
                ) from None
            return TakebackOutcome("undone", after, seat, ())
        return TakebackOutcome("pending", table, seat, others)

    async def takeback(self, table_id: int) -> TakebackRow | None:
        """The open take-back request, if it still applies (void ones are dropped)."""
        table = await self.service.get(table_id)
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            row = await pq.takeback(table_id)
            if row is not None and (row.seq != table.seq or table.status != TableStatus.ACTIVE):
                await pq.delete_takeback(table_id)
                return None
            return None if row is None or row.refused else row

    async def answer_takeback(self, table_id: int, user_id: int, approve: bool) -> TakebackOutcome:
        """Another player approves or refuses. One refusal ends the request; when all have
        approved the last action is removed and the state rebuilt by replay."""
        table = await self.service.get(table_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in this game."))
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            row = await pq.takeback(table_id)
            if row is None or row.refused:
                raise NoTakeback(_("No take-back is waiting for an answer here."))
            now_row = await q.table(table_id)
            if now_row is None or row.seq != now_row.seq or now_row.status != TableStatus.ACTIVE:
                await pq.delete_takeback(table_id)
                raise TakebackVoid(_("The game has moved on since the take-back was asked for."))
            if seat == row.seat:
                raise TakebackRefused(_("The other players answer your take-back request."))
            others = tuple(s for s in range(len(table.players)) if s != row.seat)
            if not approve:  # kept as refused: the same move is not asked about again
                await pq.put_takeback(dataclasses.replace(row, refused=True))
                return TakebackOutcome("refused", table, row.seat, ())
            approvals = tuple(sorted({*row.approvals, seat}))
            waiting = tuple(s for s in others if s not in approvals)
            if waiting:
                await pq.put_takeback(dataclasses.replace(row, approvals=approvals))
                return TakebackOutcome("pending", table, row.seat, waiting)
            await pq.delete_takeback(table_id)
        try:
            after = await self.service.undo_last(table_id, row.seq)
        except StaleBoard:
            raise TakebackVoid(
                _("The game has moved on since the take-back was asked for.")
            ) from None
        return TakebackOutcome("undone", after, row.seat, ())

    # -- log ----------------------------------------------------------------------------------

    async def game_log(
        self,
        table_id: int,
        page: int = 1,
        per_page: int = 10,
        max_chars: int | None = None,
        *,
        lang: str,
    ) -> LogPage:
        """The readable log, newest page first; only public events, names for seats; its
        sentences in ``lang``.

        A page holds at most ``per_page`` entries and, when ``max_chars`` is given, only as
        many as fit in that many characters (one per line; a single longer entry gets a page
        of its own), so a message never has to cut a page short.
        """
        if page < 1 or per_page < 1:
            raise ServiceError(_("Pages are numbered from 1."))
        table, game, states, actions = await self.service.history(table_id)
        # The log is shown in Discord: the names the boards give the seats (bot.ui.names.names_of).
        names = [
            ai_seats.mark(
                p.user_id,
                str(render(ai_seats.ai_label(p.user_id), lang))
                if ai_seats.is_ai(p.user_id)
                else plain_text(p.name),
            )
            for p in table.players
        ]
        names = symbol_names(table.game, names, lang=lang)
        entries = log_entries(game, states, actions, names, lang=lang)
        bounds = _pages(entries, per_page, max_chars)
        pages = max(1, len(bounds))
        if page > pages:
            raise ServiceError(N_("The log has {n} page.", "The log has {n} pages.", pages))
        start, end = bounds[page - 1] if bounds else (0, 0)
        return LogPage(tuple(entries[start:end]), page, pages)

    # -- watchers, notifications --------------------------------------------------------------

    async def watch(self, table_id: int, user_id: int) -> None:
        table = await self.service.get(table_id)
        if table.status not in (TableStatus.LOBBY, TableStatus.ACTIVE):
            raise ServiceError(_("This game has ended; there is nothing left to watch."))
        if table.seat_of(user_id) is not None:
            raise ServiceError(_("You play in this game; you are notified anyway."))
        async with self.service.db.write() as q:
            if not await PbpQueries(q).add_watcher(table_id, user_id):
                raise ServiceError(_("You are already watching this game."))

    async def unwatch(self, table_id: int, user_id: int) -> None:
        await self.service.get(table_id)
        async with self.service.db.write() as q:
            if not await PbpQueries(q).remove_watcher(table_id, user_id):
                raise ServiceError(_("You are not watching this game."))

    async def watchers(self, table_id: int) -> list[int]:
        async with self.service.db.read() as q:
            return await PbpQueries(q).watchers(table_id)

    async def set_notify_dm(self, user_id: int, on: bool) -> None:
        async with self.service.db.write() as q:
            await PbpQueries(q).set_notify_dm(user_id, on)

    async def notify_dm(self, user_id: int) -> bool:
        async with self.service.db.read() as q:
            return await PbpQueries(q).notify_dm(user_id)

    # -- rematch ------------------------------------------------------------------------------

    async def rematch(self, table_id: int, user_id: int) -> Table:
        """A new lobby in the same channel with the same players, options and timing; only a
        player of the finished game may ask (they open it)."""
        old = await self.service.get(table_id)
        seat = old.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("Only a player of that game can ask for a rematch."))
        if old.status != TableStatus.FINISHED:
            raise ServiceError(_("A rematch can be asked for once the game is over."))
        opener = old.players[seat]
        table = await self.service.create(
            game=old.game,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            creator=Player(opener.user_id, opener.name),
            max_seats=old.max_seats,
            seat_order=old.seat_order,
            options=dict(old.options),
            rated=old.rated,
            ai_replaces=old.ai_replaces,
            language=old.language,
            hints=old.hints,
        )
        for player in old.players:
            if player.user_id != opener.user_id:
                table = await self.service.join(table.id, player)
        async with self.service.db.write() as q:
            pq = PbpQueries(q)
            timing = await pq.options(table_id)
            await pq.put_options(
                table.id,
                PbpOptions(timing.reminder, timing.timer, timing.consequence, timing.warn_lead),
            )
        return table


def _pages(
    entries: Sequence[LogEntry], per_page: int, max_chars: int | None
) -> list[tuple[int, int]]:
    """Slices of ``entries`` per page, page 1 (the newest) first."""
    bounds: list[tuple[int, int]] = []
    end = len(entries)
    while end > 0:
        start, size = end, -1
        while start > 0 and end - start < per_page:
            grown = size + 1 + len(entries[start - 1].text())
            if max_chars is not None and start < end and grown > max_chars:
                break
            start, size = start - 1, grown
        bounds.append((start, end))
        end = start
    return bounds


def _in_range(value: object, bounds: tuple[float, float], what: str) -> float:
    """``value`` (seconds) if it is a number within ``bounds``; ``what`` is "reminder" or
    "timer", the setting a refusal names."""
    name = _("The reminder interval") if what == "reminder" else _("The turn timer")
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise BadTiming(_("{what} must be a number of hours.", what=name))
    low, high = bounds
    if not low <= value <= high:
        raise BadTiming(
            _(
                "{what} must be between {low} and {high}.",
                what=name,
                low=_hours(low),
                high=_hours(high),
            )
        )
    return float(value)


def _current(periods: Sequence[AwayRow], at: float) -> AwayRow | None:
    for period in periods:
        if period.start <= at < period.end():
            return period
    return None


def _budget_left(periods: Sequence[AwayRow], at: float, *, ending_now: AwayRow | None) -> float:
    """Away seconds left in ``at``'s calendar month; ``ending_now`` counts only up to ``at``."""
    month = _month(at)
    used = 0.0
    for period in periods:
        if _month(period.start) != month:
            continue
        end = at if period is ending_now else period.end()
        used += max(0.0, end - period.start)
    return max(0.0, AWAY_BUDGET_DAYS * DAY - used)
