"""Where a league posts: its server's language, the channel's last messages (a post made just
before a crash is found there), and a match table shown in its thread."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot.leagues import League
from bot.ui.lang import guild_lang
from bot.ui.publish import show_current

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

#: How far back in the league's channel the bot looks, after a restart, for a message it may
#: have posted just before a crash (before the database recorded it).
LOOKBACK = 50


async def league_lang(bot: BoardBot, league: League) -> str:
    """The language of a league's posts: its server's at the time of the post (the one set with
    `/settings language:`, else the server's preferred Discord locale, else English)."""
    guild = bot.get_guild(league.guild_id)
    locale = guild.preferred_locale if guild is not None else None
    return await guild_lang(bot.service, league.guild_id, locale)


def custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of a message's buttons."""
    return [
        str(getattr(item, "custom_id", None))
        for row in message.components
        for item in getattr(row, "children", ())
    ]


async def find_posted(
    bot: BoardBot, channel_id: int, shows: Callable[[discord.Message], bool]
) -> discord.Message | None:
    """The bot's message among the channel's last ones that ``shows`` recognises:
    one posted just before a crash, before the database recorded it (None if there is none,
    or the history cannot be read: then it is posted again rather than lost)."""
    me = bot.user.id if bot.user is not None else None
    try:
        async for message in bot.get_partial_messageable(channel_id).history(limit=LOOKBACK):
            if (me is None or message.author.id == me) and shows(message):
                return message
    except discord.HTTPException as error:
        log.info("channel %d: cannot read its history: %s", channel_id, error)
    return None


async def show_table(bot: BoardBot, table_id: int, note: str | None) -> None:
    """A match table's current state in its thread; a thread that cannot take it (deleted, no
    permission) holds up neither the other matches nor the standings (the scheduler's catch-up
    retries it or gives it up)."""
    try:
        await show_current(bot, table_id, note=note, recovering=True)
    except discord.HTTPException as error:
        log.warning("table %d: its league thread cannot show it: %s", table_id, error)
