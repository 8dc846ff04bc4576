"""The notes under the tables a league change ended or handed to an AI: a manager's result,
the deadline's, a leaver's resignation, an AI playing on; shown through the tables' own
recorded path."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import presenters
from bot.i18n import Text, _
from bot.leagues import LeagueUpdate, Match, Snapshot, reason_text
from bot.service import Table
from bot.storage.tables import TableStatus
from bot.ui.lang import table_lang, tr
from bot.ui.leagues.channel import show_table
from bot.ui.leagues.words import SOURCE_NOTES, escape
from bot.ui.names import names_of
from bot.ui.replies import clip

if TYPE_CHECKING:
    from bot.client import BoardBot


def _ranking_text(snap: Snapshot, match: Match) -> Text | str:
    places = []
    for index, tied in enumerate(match.ranking or ()):
        names = " = ".join(escape(snap.name_of(u)) for u in tied)
        places.append(f"{index + 1}. {names}")
    return ", ".join(places) or SOURCE_NOTES["void"]


def _result_note(snap: Snapshot, match: Match) -> Text | None:
    """Why a match was decided other than by its game's own end (shown in its thread)."""
    if match.source == "adjudicated":
        return _(
            "A league manager set this match's result: {ranking}. Reason: {reason}",
            ranking=_ranking_text(snap, match),
            reason=escape(match.reason or ""),
        )
    if match.source == "deadline":
        # The stored reason names players as written: shown as text, never as a mention.
        reason = reason_text(match.reason)
        return _(
            "League result: {ranking} ({reason}).",
            ranking=_ranking_text(snap, match),
            reason=escape(reason) if isinstance(reason, str) else _escaped(reason),
        )
    return None


def _escaped(text: Text) -> Text:
    """``text`` with its parameters (names as the players wrote them) shown literally."""
    params = tuple((key, escape(str(value))) for key, value in text.params)
    return Text(text.msgid, params, text.plural, text.count, text.context)


def _leaver_note(snap: Snapshot, table: Table) -> Text | None:
    """The thread's note for a table ended because a player left the league (or was removed)."""
    if table.resigned_seat is None or not 0 <= table.resigned_seat < len(table.players):
        return None
    user = table.players[table.resigned_seat].user_id
    member = next((m for m in snap.members if m.user_id == user), None)
    if member is None or member.left_at is None:
        return None
    name = escape(member.name)
    league = escape(snap.league.name)
    if member.left_reason == "kicked":
        return _(
            "{name} was removed from {league}: this match counts as their resignation.",
            name=name,
            league=league,
        )
    return _(
        "{name} left {league}: this match counts as their resignation.", name=name, league=league
    )


async def _handover_note(bot: BoardBot, snap: Snapshot, table: Table) -> Text | None:
    """The thread's note for a table where an AI took over the seat of a player who left the
    league (or was removed), in the table's language; None if nobody there left."""
    leavers = {m.user_id: m for m in snap.members if m.left_at is not None}
    handed = [row for row in await bot.service.replaced_seats(table.id) if row[1] in leavers]
    if not handed:
        return None
    seat, user, _name, _reason = handed[-1]
    member = leavers[user]
    ai = names_of(table, lang=table_lang(table))[seat]
    params = {"name": escape(member.name), "league": escape(snap.league.name), "ai": ai}
    if member.left_reason == "kicked":
        return _(
            "{name} was removed from {league}; {ai} plays on in their seat. The game stays "
            "rated for the others, with {name} last.",
            **params,
        )
    return _(
        "{name} left {league}; {ai} plays on in their seat. The game stays rated for the "
        "others, with {name} last.",
        **params,
    )


async def end_tables(bot: BoardBot, update: LeagueUpdate, lang: str) -> None:
    """The tables a league change ended get their final result or stop notice, through the
    tables' own recorded path (:func:`show_current`): shown once, also across a crash; a
    note (in the table's language) says why (the deadline, a manager's decision, a player
    leaving). Decisions of matches without such a table are explained in the match's thread
    (in the server's language ``lang``)."""
    if not update.ended_tables and not update.results and not update.replaced_tables:
        return
    snap = await bot.leagues.snapshot(update.league.id)
    for table in update.replaced_tables:  # still running: the board shows the AI's seat
        note = await _handover_note(bot, snap, table)
        await show_table(bot, table.id, None if note is None else tr(note, table_lang(table)))
    decided = {m.table_id: m for m in update.results if m.table_id is not None}
    ended = {table.id for table in update.ended_tables}
    for table in update.ended_tables:
        match = decided.get(table.id)
        note = _result_note(snap, match) if match is not None else None
        if table.status == TableStatus.ABORTED:
            note = _(
                "{game} table #{table} was aborted (no game result). {note}",
                game=presenters.game_title(table.game, lang=table_lang(table)),
                table=table.id,
                note=note or _("A league manager set this match's result."),
            )
        elif note is None:
            note = _leaver_note(snap, table)
        await show_table(bot, table.id, None if note is None else tr(note, table_lang(table)))
    for match in update.results:
        if match.thread_id is None or match.table_id in ended:
            continue
        note = _result_note(snap, match)
        if note is not None:
            await bot.get_partial_messageable(match.thread_id).send(clip(tr(note, lang)))
