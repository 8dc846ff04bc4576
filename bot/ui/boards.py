"""A table's board message: the status line, the catch-up of moves for whoever is pinged, the
image and the buttons; its jump link; the older board's buttons taken off."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters, titles
from bot.ai import seats as ai_seats
from bot.service import MoveResult, Table
from bot.ui import images
from bot.ui.catchup import caught_up, moves_text, trimmed, turn_cue
from bot.ui.lang import table_lang
from bot.ui.names import names_of
from bot.ui.replies import MAX_CONTENT, clip

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def board_url(table: Table) -> str | None:
    """The jump link of the table's current board message, if there is one."""
    if table.board_message_id is None:
        return None
    where = table.guild_id if table.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{table.channel_id}/{table.board_message_id}"


def to_ping(table: Table, view: dict[str, Any]) -> list[int]:
    """User ids of the people who must decide now (off-turn decisions included); an AI seat is
    never pinged (nor, through this list, sent a DM)."""
    seats = [int(s) for s in view.get("to_act") or []]
    users = [table.players[s].user_id for s in seats if 0 <= s < len(table.players)]
    return [u for u in users if not ai_seats.is_ai(u)]


async def post_board(
    bot: BoardBot,
    table: Table,
    view: dict[str, Any],
    *,
    ping: bool,
    actor: int | None = None,
    moves: Sequence[MoveResult] = (),
) -> discord.Message:
    """Send the public board, pinging only the seats that must act (through
    :func:`show_current`, which records it).

    ``actor`` (the user who just moved) is not pinged again: after their first T&E action they
    still act, and they know it. ``moves``: the moves since the previous board; when there are
    several (made while that board was on its way) the board lists each one's log line.
    """
    lang = table_lang(table)
    names = names_of(table, lang=lang)
    users = [u for u in to_ping(table, view) if u != actor] if ping else []
    pings = " ".join(f"<@{u}>" for u in users) + " " if users else ""
    listed = len(moves) > 1 or bool(users)
    # A ping's cue names the decision asked and the actions left: the line under it does not
    # repeat them (it still says whose turn it is, for everyone else).
    shown = {**view, "pending": None, "actions_left": None} if users else view
    text = presenters.status_line(shown, names, lang=lang, last_move=not listed)
    text += await bot.hooks.away_note(bot, table, lang)
    entry = titles.title(table.game)
    if (
        entry is not None and entry.drawing.board_lines is not None
    ):  # what the image leaves to the text
        text += "".join(f"\n-# {line}" for line in entry.drawing.board_lines(view, names, lang))
    if users:  # the ping: the cue first (a notification shows the start), then the catch-up
        cue = turn_cue(table, view, lang=lang)
        seats = [s for s in map(table.seat_of, users) if s is not None]
        since = min((m.table.seq for m in moves), default=None)  # the moves never announced
        lines = await caught_up(bot, table, seats, lang=lang, since=since)
        room = MAX_CONTENT - len(pings) - len(cue) - len(text) - 2
        announced = trimmed(lines, room, lang) if lines else ""
        text = "\n".join(part for part in (cue, announced, text) if part)
    elif listed:
        announced = moves_text(table, moves, MAX_CONTENT - len(pings) - len(text) - 1, lang)
        text = f"{announced}\n{text}" if announced else text
    text = pings + text
    image = await images.render_file(
        table.game,
        images.marked(table, view, lang),
        f"{table.game}-{table.id}-{table.seq}.png",
        lang=lang,
        table_id=table.id,
    )
    channel = bot.get_partial_messageable(table.channel_id)
    mentions = discord.AllowedMentions(users=[discord.Object(u) for u in users])
    kwargs: dict[str, Any] = {"view": bot.hooks.board_view(table), "allowed_mentions": mentions}
    if image is not None:
        kwargs["file"] = image
    return await channel.send(clip(text), **kwargs)


async def retire_board(bot: BoardBot, table: Table, newest: int | None) -> None:
    """Strip the buttons off the table's previous board (``table.board_message_id``) now that
    ``newest`` replaced it: dead buttons disappear. A failure (deleted, no permission) only
    logs: the move stands and stale clicks are refused anyway."""
    old = table.board_message_id
    if old is None or old == newest:
        return
    try:
        await bot.get_partial_messageable(table.channel_id).get_partial_message(old).edit(view=None)
    except discord.HTTPException as error:
        log.info("table %d: could not clear the buttons of board %d: %s", table.id, old, error)
