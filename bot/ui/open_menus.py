"""The menu a player has open: the last private (ephemeral) message of a table that showed a
seat its Act menu or the answer to its move, remembered with the interaction that can still edit
it, so that when the decision comes back to that seat in the same turn (after a defender's
support, an AI's move) the message turns into the seat's next decision in place, with no Act tap
(:func:`bot.ui.menus.bring_menus`).

Only in memory: after a restart a player presses *Act* on the board as before. An interaction's
token edits its messages for 15 minutes; a menu older than :data:`MAX_AGE` is never used. Only
messages known to be ephemeral are remembered, and each is edited with its own seat's menu (the
seat's private view), so an edit never shows anything to anyone else.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import titles
from bot.service import Table
from bot.ui.lang import reply_lang

if TYPE_CHECKING:
    from bot.client import BoardBot

#: How old a remembered menu may be and still be edited: Discord's tokens live 15 minutes, and
#: a minute is left for the request on its way.
MAX_AGE = datetime.timedelta(minutes=14)

#: Every so many remembered menus, the expired ones of every table are dropped.
_SWEEP_EVERY = 256


@dataclass(frozen=True)
class OpenMenu:
    """One seat's open private message: the interaction whose token edits it, the message, who
    reads it and in which language, the table version it shows and the turn it was shown in (the
    title's ``replay.turn_key``)."""

    interaction: discord.Interaction[Any]
    message_id: int
    user_id: int
    lang: str
    version: int
    turn: object
    created: datetime.datetime

    def fresh(self, now: datetime.datetime | None = None) -> bool:
        """Whether its token can still edit the message."""
        return (now or discord.utils.utcnow()) - self.created < MAX_AGE


def turn_of(game: str, view: dict[str, Any]) -> object | None:
    """The turn a view is in (the title's ``replay.turn_key``); None for a title without turns,
    whose decisions never come back within one."""
    entry = titles.title(game)
    key = entry.replay.turn_key if entry is not None else None
    return None if key is None else view.get(key)


async def remember(
    bot: BoardBot,
    interaction: discord.Interaction[Any],
    table: Table,
    message_id: int | None,
) -> None:
    """Remember ``message_id`` (sent or updated in answer to ``interaction``) as the caller's
    open menu at ``table`` (read for the version the message shows). Nothing is remembered for a
    message that is not known to be ephemeral (``None``) or a caller without a seat."""
    seat = table.seat_of(interaction.user.id)
    if message_id is None or seat is None:
        return
    turn = turn_of(table.game, await bot.service.public_view(table.id, table))
    if turn is None:
        return
    menu = OpenMenu(
        interaction=interaction,
        message_id=message_id,
        user_id=interaction.user.id,
        lang=reply_lang(interaction),
        version=table.version,
        turn=turn,
        created=interaction.created_at,
    )
    bot.open_menus.setdefault(table.id, {})[seat] = menu
    bot.open_menus_remembered += 1
    if bot.open_menus_remembered % _SWEEP_EVERY == 0:
        sweep(bot)


def clicked_ephemeral(interaction: discord.Interaction[Any]) -> int | None:
    """The id of the message a click came from, if it is ephemeral (a menu's message)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return None
    return message.id


def forget(bot: BoardBot, table_id: int, seat: int | None = None) -> None:
    """Drop one seat's open menu, or (``seat`` None) every one of the table (it ended)."""
    if seat is None:
        bot.open_menus.pop(table_id, None)
        return
    menus = bot.open_menus.get(table_id)
    if menus is not None:
        menus.pop(seat, None)
        if not menus:
            bot.open_menus.pop(table_id, None)


def sweep(bot: BoardBot) -> None:
    """Drop every menu whose token is too old to edit it."""
    now = discord.utils.utcnow()
    for table_id, menus in list(bot.open_menus.items()):
        for seat, menu in list(menus.items()):
            if not menu.fresh(now):
                forget(bot, table_id, seat)
