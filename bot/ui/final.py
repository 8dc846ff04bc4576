"""A game's final result: ranking and scores with everything revealed, the rating changes, the
final board and the record, in one message."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot import presenters
from bot.i18n import _
from bot.service import MoveResult, Table
from bot.storage.tables import EndReason
from bot.ui import images
from bot.ui.catchup import moves_text
from bot.ui.lang import table_lang, tr
from bot.ui.names import names_of
from bot.ui.ratings import final_line
from bot.ui.replies import MAX_CONTENT, clip

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


async def post_final(
    bot: BoardBot, table: Table, *, moves: Sequence[MoveResult] = ()
) -> discord.Message:
    """Send the end: final ranking and scores with everything revealed, the board and the
    record, in one message (through :func:`show_current`, which records it); first the log
    lines of ``moves`` when several moves since the previous board ended the game. The score
    story and the replay follow it when drawn (:func:`bot.ui.replays.after_final`)."""
    lang = table_lang(table)
    summary = await bot.service.final_summary(table.id)
    forfeit = (await bot.pbp.options(table.id)).forfeit_seat
    if forfeit is not None:  # recorded like a resignation; say what happened
        ran_out = tr(_("@{seat} ran out of time.", seat=forfeit), lang)
        summary = {**summary, "end_reason": EndReason.FORFEIT, "note": ran_out}
    record = await bot.service.record(table.id)
    view = await bot.service.public_view(table.id)
    view = presenters.ended_view(view)  # resigned or out of time: no turn on the final board
    names = names_of(table, lang=lang)
    # Several moves are told as log lines first; a single last move (with why the game ended)
    # by the final text itself.
    text = presenters.final_text(table.game, summary, names, lang=lang, last_move=len(moves) <= 1)
    text += await final_line(bot.service.db, table)
    if len(moves) > 1:
        announced = moves_text(table, moves, MAX_CONTENT - len(text) - 1, lang)
        text = f"{announced}\n{text}" if announced else text
    files: list[discord.File] = []
    image = await images.render_file(
        table.game,
        images.marked(table, view, lang),
        f"{table.game}-{table.id}-final.png",
        lang=lang,
        table_id=table.id,
        changes=False,  # it is also the replay's last frame
    )
    if image is not None:
        files.append(image)
    record_bytes = json.dumps(record, indent=1).encode()
    files.append(discord.File(io.BytesIO(record_bytes), f"{table.game}-{table.id}-record.json"))
    channel = bot.get_partial_messageable(table.channel_id)
    buttons = bot.hooks.result_view(table, lang)
    message = await channel.send(clip(text), files=files, view=buttons or discord.utils.MISSING)
    log.info("table %d (%s): finished (%s)", table.id, table.game, table.end_reason)
    return message
