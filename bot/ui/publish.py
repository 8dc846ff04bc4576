"""Bring a table's channel up to its current state, exactly once, also across a crash: the board
pinging whoever must act, the final result, or the abort notice; after a restart, every table
whose last change never reached its channel.

Posts of one table never overlap (the bot's board lock) and show only the newest state; what
the features add to them (the turn's direct messages, what follows a game's end) comes through
``bot.hooks`` (:mod:`bot.ui.hooks`).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import presenters
from bot.ai import seats as ai_seats
from bot.i18n import Text, _
from bot.service import MoveResult, Table
from bot.storage.tables import EndReason, TableStatus
from bot.ui.boards import post_board, retire_board, to_ping
from bot.ui.catchup import forget_moves, remember_move, unshown_moves
from bot.ui.final import post_final
from bot.ui.lang import table_lang, tr
from bot.ui.menus import bring_menus
from bot.ui.replies import clip

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


#: How far back in a channel the bot looks, after a restart, for a board it may have posted
#: just before a crash (the crash came after the post, before the database recorded it).
HISTORY_LOOKBACK = 25


#: A turn notification to send after a board went out: (the table, or None for none; the users
#: to act; the users the previous board waited for, None if unknown; the user who just moved).
TurnNotice = tuple[Table | None, list[int], list[int] | None, int | None]


async def show_current(
    bot: BoardBot,
    table_id: int,
    *,
    version: int | None = None,
    actor: int | None = None,
    ping: bool = True,
    again: bool = False,
    note: str | Text | None = None,
    recovering: bool = False,
) -> bool:
    """Bring the table's channel up to its current state: the board pinging whoever must act,
    the final result, or the abort notice. True if something was posted.

    Posts of one table never overlap and show only the newest state: a caller that committed
    ``version`` posts nothing once a newer version exists (that one's own post shows it), and
    nothing is posted for a state the channel already shows unless ``again`` (`/game status`).
    ``note`` goes out first (why the state changed; for an aborted game it is the notice), in
    the table's language like everything posted here.
    ``recovering`` (after a restart) first looks for the board in the channel's last messages:
    a crash may have come after the post and before the database recorded it.
    After the post the older board loses its buttons.
    """
    async with bot.board_lock(table_id):
        shown = await _show_locked(bot, table_id, version, actor, ping, again, note, recovering)
    if shown is None:
        return False
    table, waiting, before, mover = shown
    if table is not None:  # direct messages after the lock: they must not hold up the next board
        await _bring_menus(bot, table, waiting)
        await bot.hooks.after_turn(bot, table, waiting, mover=mover, before=before)
    else:  # after the lock too: a league may open the next round's tables
        await bot.hooks.after_end(bot, table_id, recovering=recovering)
    return True


async def _bring_menus(bot: BoardBot, table: Table, waiting: Sequence[int]) -> None:
    """The deciding players' open menus turned into their decision (:func:`bring_menus`),
    after the board: best-effort, the board already says whose decision it is."""
    try:
        await bring_menus(bot, table.id, table.version, waiting)
    except Exception:
        log.exception("table %d: bringing the open menus failed", table.id)


async def _show_locked(
    bot: BoardBot,
    table_id: int,
    version: int | None,
    actor: int | None,
    ping: bool,
    again: bool,
    note: str | Text | None,
    recovering: bool,
) -> TurnNotice | None:
    """:func:`show_current` under the table's board lock: None if nothing was posted, else the
    turn notification still to send (the table, or None for none; the users to act; those the
    previous board waited for, None if unknown; the mover)."""
    nothing: TurnNotice = (None, [], None, None)
    table = await bot.service.get(table_id)
    if (
        table.status == TableStatus.ACTIVE
        and any(ai_seats.is_ai(p.user_id) for p in table.players)
        and bot.owns(table.guild_id)  # the AI seats of other processes' servers are theirs
    ):
        bot.ai_player.kick(table.id)  # thinks (in a worker) while the board goes out
    if version is not None and table.version != version:
        return None
    if table.status == TableStatus.LOBBY or table.end_reason == EndReason.CANCELLED:
        return None
    behind = table.posted_version < table.version
    if not behind and not again:
        return None
    notice = nothing
    if behind:  # the last change was never announced: announce it now
        if not ping:
            ping, actor = True, await bot.service.last_mover(table.id)
        if not (recovering and await _already_shown(bot, table)):
            moves = unshown_moves(bot, table)
            notice = await _post_state(bot, table, ping=ping, actor=actor, note=note, moves=moves)
        if not again:
            return notice
        table = await bot.service.get(table.id)
        if table.status != TableStatus.ACTIVE:  # an end is announced once, not reposted
            return notice
    # `/game status`: the current state again, never pinging, the same text whatever the
    # channel showed before (a restart, an announcement still owed).
    await _post_state(bot, table, ping=False, actor=None, note=None, moves=())
    return notice


async def _post_state(
    bot: BoardBot,
    table: Table,
    *,
    ping: bool,
    actor: int | None,
    note: str | Text | None,
    moves: Sequence[MoveResult],
) -> TurnNotice:
    """Post the table's state (the board naming ``moves``, the final result or the abort
    notice) after ``note``, record it and retire the older board; the turn notification
    still to send."""
    nothing: TurnNotice = (None, [], None, None)
    channel = bot.get_partial_messageable(table.channel_id)
    lang = table_lang(table)
    if table.status == TableStatus.ABORTED:
        title = presenters.game_title(table.game, lang=lang)
        notice = note or _("{title} table #{id} was aborted (no result).", title=title, id=table.id)
        await channel.send(clip(tr(notice, lang)))
        await _posted(bot, table, None, ())
        return nothing
    if note is not None:
        await channel.send(clip(tr(note, lang)))
    if table.status == TableStatus.FINISHED:
        message = await post_final(bot, table, moves=moves)
        await _posted(bot, table, message.id, ())
        return nothing
    view = await bot.service.public_view(table.id, table)
    message = await post_board(bot, table, view, ping=ping, actor=actor, moves=moves)
    waiting = to_ping(table, view)
    seats = tuple(int(s) for s in view.get("to_act") or [])
    await _posted(bot, table, message.id, seats)
    if not ping:
        return nothing
    before = None
    if table.posted_to_act is not None:
        before = [table.players[s].user_id for s in table.posted_to_act]
        before = [u for u in before if not ai_seats.is_ai(u)]
    posted = dataclasses.replace(
        table, posted_version=table.version, board_message_id=message.id, posted_to_act=seats
    )  # what set_posted wrote: the table is not read again
    return posted, waiting, before, actor


async def _posted(
    bot: BoardBot, table: Table, message_id: int | None, to_act: tuple[int, ...]
) -> None:
    """Record that the channel shows ``table``'s version (in ``message_id``, if a new board or
    result), forget the moves it announced and strip the older board's buttons."""
    await bot.service.set_posted(table.id, table.version, message_id, to_act)
    forget_moves(bot, table.id, table.version)
    if table.status != TableStatus.ACTIVE:  # an ended table pings nobody any more: its entries go
        bot.logged_events.pop(table.id, None)
    await retire_board(bot, table, message_id)


async def _already_shown(bot: BoardBot, table: Table) -> bool:
    """Whether the channel's last messages already show the table's current state (posted just
    before a crash); if so it is recorded as posted and the older board loses its buttons."""
    if table.status == TableStatus.ACTIVE:

        def shows(message: discord.Message) -> bool:
            wanted = f"board:{table.id}:{table.version}:act"
            return any(
                getattr(item, "custom_id", None) == wanted
                for row in message.components
                for item in getattr(row, "children", ())
            )
    elif table.status == TableStatus.FINISHED:
        record = f"{table.game}-{table.id}-record.json"

        def shows(message: discord.Message) -> bool:
            return any(a.filename == record for a in message.attachments)
    else:
        marks = ended_marks(table)

        def shows(message: discord.Message) -> bool:
            return any(mark in message.content for mark in marks)

    me = bot.user.id if bot.user is not None else None
    channel = bot.get_partial_messageable(table.channel_id)
    try:
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (me is None or message.author.id == me) and shows(message):
                break
        else:
            return False
    except discord.HTTPException as error:  # no history access: post again rather than lose it
        log.info("table %d: cannot read channel history: %s", table.id, error)
        return False
    seats: tuple[int, ...] = ()
    new_board: int | None = None
    if table.status != TableStatus.ABORTED:
        new_board = message.id
    if table.status == TableStatus.ACTIVE:
        view = await bot.service.public_view(table.id)
        seats = tuple(int(s) for s in view.get("to_act") or [])
    await bot.service.set_posted(table.id, table.version, new_board, seats)
    forget_moves(bot, table.id, table.version)
    await retire_board(bot, table, new_board)
    log.info("table %d: version %d was already in the channel", table.id, table.version)
    return True


def ended_marks(table: Table) -> tuple[str, ...]:
    """What every notice of the table's abort or abandonment contains, in its language: how a
    restart recognises one it posted just before a crash (each translation keeps them whole)."""
    lang = table_lang(table)
    return (
        tr(_("table #{id} was aborted", id=table.id), lang),
        tr(_("table #{id} is abandoned", id=table.id), lang),
    )


async def after_move(bot: BoardBot, result: MoveResult, *, note: str | Text | None = None) -> None:
    """Publish the consequences of a committed move (unless a newer move already replaced it)."""
    actor = result.table.players[result.seat].user_id
    remember_move(bot, result)
    await show_current(bot, result.table.id, version=result.table.version, actor=actor, note=note)


async def catch_up(bot: BoardBot) -> int:
    """After a restart (and on every scheduler tick): show every table of this process's
    servers whose last change never reached its channel, once. Returns how many tables were
    brought up to date."""
    shown = 0
    for table in await bot.service.unposted():
        if not bot.owns(table.guild_id):
            continue  # another process's server: that process shows it
        try:
            actor = await bot.service.last_mover(table.id)
            if await show_current(bot, table.id, actor=actor, recovering=True):
                shown += 1
        except discord.NotFound as error:  # the channel is gone: nothing can show it any more
            log.warning("table %d: its channel is gone (%s); not posting it again", table.id, error)
            await bot.service.set_posted(table.id, table.version, None, table.posted_to_act or ())
            forget_moves(bot, table.id, table.version)
        except discord.Forbidden as error:  # the permission may come back: try again next tick
            log.warning("table %d: cannot post its current state: %s", table.id, error)
        except Exception:
            log.exception(
                "table %d: could not post its current state; trying again later", table.id
            )
    await bot.hooks.replays_owed(bot)  # the replays that follow results already in the channel
    return shown
