"""What a board or a ping tells of the moves since the channel last showed the table: the moves
this process committed and no board announced yet, the log lines a pinged player catches up on
(from the entries this process saw, else from the game replayed once), trimmed to fit, and the
ping's first line (the cue)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot import presenters
from bot.i18n import N_, _
from bot.pbp.log import LoggedMove, log_entry, setup_entry
from bot.service import MoveResult, Table
from bot.ui.lang import tr
from bot.ui.names import names_of
from bot.ui.replies import clip

if TYPE_CHECKING:
    from bot.client import BoardBot


#: At most this many committed moves are kept per table for its next board (a table whose
#: boards cannot go out must not grow without end); the oldest go first.
UNSHOWN_KEPT = 100


def remember_move(bot: BoardBot, result: MoveResult) -> None:
    """Keep a move this process committed until a board announces it, and its log entry for
    the catch-ups of the pings to come."""
    kept = bot.unshown_moves.setdefault(result.table.id, [])
    kept.append(result)
    del kept[:-UNSHOWN_KEPT]
    events = tuple(dict(e) for e in result.view.get("events") or [])
    logged = bot.logged_events.setdefault(result.table.id, {})
    logged[result.table.seq] = (result.seat, result.action, events)
    if len(logged) > LOGGED_KEPT:  # only the recent entries are ever caught up on
        for number in sorted(logged)[:-LOGGED_KEPT]:
            del logged[number]


#: At most this many log entries are kept per table for the catch-ups (a catch-up longer
#: than that does not fit one message anyway).
LOGGED_KEPT = 200


async def caught_up(
    bot: BoardBot, table: Table, seats: Sequence[int], *, lang: str, since: int | None = None
) -> list[str]:
    """The log lines (as `/game log` words them, in ``lang``) of every move since the last
    decision of any of ``seats``, from the first seat's point of view that decided longest ago
    (and from entry ``since`` on, if that is earlier): what a pinged player catches up on.

    "Since" is read from the stored action log, so it holds after a restart; the lines come
    from the entries this process saw, else from the game replayed once."""
    logged = (await bot.service.logged_actions(table.id))[: table.seq]
    lasts = [
        max((n for n, (s, _a) in enumerate(logged, 1) if s == seat), default=0) for seat in seats
    ]
    # A seat that never decided catches up from the deal on (entry 0: the setup's events).
    first = min(lasts, default=len(logged)) + 1 if all(lasts) else 0
    if since is not None:
        first = max(0, min(first, since))
    return await _log_lines(bot, table, logged, first, lang=lang)


async def _log_lines(
    bot: BoardBot, table: Table, logged: Sequence[tuple[int, str]], first: int, *, lang: str
) -> list[str]:
    """The log lines of entries ``first`` to the last of ``logged`` (the stored log's seats and
    actions), from the entries this process saw, else from the game replayed once (entry 0,
    the deal, when ``first`` is 0)."""
    numbers = range(max(1, first), len(logged) + 1)
    known = bot.logged_events.get(table.id, {})
    if (first == 0 and 0 not in known) or any(
        known.get(n, (None, None))[:2] != logged[n - 1] for n in numbers
    ):
        known = await _replayed_entries(bot, table, first)
    names = names_of(table, lang=lang)
    lines = []
    if first == 0 and (deal := known.get(0)) is not None:
        setup = setup_entry(table.game, deal[2], names, lang)
        lines += [setup.text()] if setup is not None else []
    for number in numbers:
        seat, action, events = known.get(number, (*logged[number - 1], ()))
        lines.append(log_entry(table.game, number, seat, action, events, names, lang).text())
    return lines


async def _replayed_entries(bot: BoardBot, table: Table, first: int) -> dict[int, LoggedMove]:
    """The log entries from ``first`` on, from the game replayed (after a restart, a take-back
    or a move another process made), kept for the next catch-ups."""
    _table, game, states, actions = await bot.service.history(table.id)
    logged = bot.logged_events.setdefault(table.id, {})
    if first == 0:  # the deal: no seat, no action
        logged[0] = (-1, "", tuple(dict(e) for e in game.view(states[0], None).get("events") or []))
    for number in range(max(1, first), len(actions) + 1):
        events = tuple(dict(e) for e in game.view(states[number], None).get("events") or [])
        logged[number] = (*actions[number - 1], events)
    for number in [n for n in logged if n > len(actions)]:  # taken back
        del logged[number]
    return logged


def unshown_moves(bot: BoardBot, table: Table) -> list[MoveResult]:
    """The moves committed here since the channel's last board up to ``table``'s version, in
    playing order: what the next board announces (a board coalesces the moves made while the
    previous one was on its way)."""
    kept = bot.unshown_moves.get(table.id, [])
    moves = [m for m in kept if table.posted_version < m.table.version <= table.version]
    return sorted(moves, key=lambda m: m.table.version)


def forget_moves(bot: BoardBot, table_id: int, version: int) -> None:
    """Drop the kept moves the channel now shows (everything up to ``version``)."""
    kept = [m for m in bot.unshown_moves.get(table_id, []) if m.table.version > version]
    if kept:
        bot.unshown_moves[table_id] = kept
    else:
        bot.unshown_moves.pop(table_id, None)


def moves_text(table: Table, moves: Sequence[MoveResult], room: int, lang: str) -> str:
    """The moves a coalesced board announces, one log line each (as `/game log` writes them:
    the public view's events only), within ``room`` characters: the oldest give way to
    "N earlier moves" when they do not all fit."""
    names = names_of(table, lang=lang)
    lines = [
        log_entry(
            table.game, m.table.seq, m.seat, m.action, m.view.get("events") or [], names, lang
        ).text()
        for m in moves
    ]
    return trimmed(lines, room, lang)


def trimmed(lines: Sequence[str], room: int, lang: str) -> str:
    """Log ``lines`` within ``room`` characters: the oldest give way to "N earlier moves are
    in `/game log`" when they do not all fit."""
    if len("\n".join(lines)) <= room:
        return "\n".join(lines)
    shown: list[str] = []
    for count, line in enumerate(reversed(lines)):
        left = len(lines) - count - 1
        head = [earlier_moves(left, lang)] if left else []
        if len("\n".join([*head, line, *shown])) > room:
            break
        shown.insert(0, line)
    left = len(lines) - len(shown)
    text = "\n".join(([earlier_moves(left, lang)] if left else []) + shown)
    return clip(text, room) if room > 0 else ""


def earlier_moves(n: int, lang: str) -> str:
    return tr(
        N_(
            "({n} earlier move is in `/game log`.)",
            "({n} earlier moves are in `/game log`.)",
            n,
        ),
        lang,
    )


def turn_cue(table: Table, view: Mapping[str, Any], *, lang: str) -> str:
    """What a ping says first, to whoever must decide now (a notification shows the start of
    a message): the game and table, "your turn" and the actions left, or the decision asked."""
    where = _(
        "{title} table #{id}", title=presenters.game_title(table.game, lang=lang), id=table.id
    )
    names = names_of(table, lang=lang)
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        # The moves under the cue tell a conflict with its sides: the cue names it only by its
        # leader and square (a conflict is told once a message).
        view = {**view, "pending": {**pending, "told": ()}}
    decision = presenters.pending_clause(view, names, lang=lang)
    left = view.get("actions_left")
    if decision:
        cue = _("{table}: your decision: {decision}.", table=where, decision=decision)
    elif isinstance(left, int) and left > 0:
        cue = N_(
            "{table}: your turn, {n} action left.",
            "{table}: your turn, {n} actions left.",
            left,
            table=where,
        )
    else:
        cue = _("{table}: your turn.", table=where)
    return tr(cue, lang)
