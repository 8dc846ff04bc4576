"""What a table's state says to one reader: whom it waits for, why a click came after the end
or too late (the current state again, with fresh buttons), and `/game list`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n, presenters
from bot.i18n import Text, _, command
from bot.service import Table
from bot.storage.tables import TableStatus
from bot.ui.boards import board_url
from bot.ui.lang import reply_lang, tr
from bot.ui.names import names_of
from bot.ui.replies import clip, reply

if TYPE_CHECKING:
    from bot.client import BoardBot


def ended_text(table: Table) -> Text:
    """What Act says once a table is no longer running."""
    if table.status == TableStatus.FINISHED:
        return _("This game is over; the final result is in the channel.")
    if table.status == TableStatus.ABORTED:
        return _("This game was aborted.")
    return _("This game has not started yet.")


def waiting_names(table: Table, view: dict[str, Any], lang: str) -> str | Text:
    """The names of the seats the table waits for, or "nobody"."""
    seats = [int(s) for s in view.get("to_act") or []]
    names = names_of(table, lang=lang)
    return ", ".join(names[s] for s in seats if 0 <= s < len(names)) or _("nobody")


def describe_waiting(table: Table, view: dict[str, Any], *, lang: str) -> Text:
    return _(
        "It is not your decision now; waiting for {waiting}.",
        waiting=waiting_names(table, view, lang),
    )


async def send_stale(bot: BoardBot, interaction: discord.Interaction[Any], table_id: int) -> None:
    """The board has moved on: show the current state and fresh buttons to the caller only
    (in the caller's language)."""
    lang = reply_lang(interaction)
    table = await bot.service.get(table_id)
    view = await bot.service.public_view(table_id)
    lines = [
        tr(_("The board has changed; here is the current state."), lang),
        presenters.status_line(view, names_of(table, lang=lang), lang=lang),
    ]
    url = board_url(table)
    if url:
        lines.append(tr(_("Current board: {url}", url=url), lang))
    buttons = bot.hooks.board_view(table, lang) if table.status == TableStatus.ACTIVE else None
    await reply(interaction, clip("\n".join(lines)), view=buttons)


def listing(
    tables: Sequence[Table], views: Sequence[dict[str, Any]], lang: str = i18n.DEFAULT
) -> str:
    """`/game list` in ``lang``: one line per table in this server with whose turn it is."""
    if not tables:
        none = _(
            "No open games in this server. Start one with {command}.", command=command("game new")
        )
        return tr(none, lang)
    lines = []
    for table, view in zip(tables, views, strict=True):
        title = presenters.game_title(table.game, lang=lang)
        where = f"<#{table.channel_id}>"
        if table.status == TableStatus.LOBBY:
            line = _(
                "#{id} {title} in {channel}: lobby, {seated}/{seats} seated.",
                id=table.id,
                title=title,
                channel=where,
                seated=len(table.players),
                seats=table.max_seats,
            )
        else:
            line = _(
                "#{id} {title} in {channel}: waiting for {waiting}.",
                id=table.id,
                title=title,
                channel=where,
                waiting=waiting_names(table, view, lang),
            )
        lines.append(tr(line, lang))
    return clip("\n".join(lines))
