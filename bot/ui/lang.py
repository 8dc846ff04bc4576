"""Which language a Discord message is written in.

An ephemeral reply follows the reader: the clicking or typing user's Discord locale. A public
message follows its table (``Table.language``, fixed at creation) or, for what belongs to no
table (league posts), the server: the language a manager set with `/settings language:`, else
the server's preferred Discord locale. Anything without a catalogue is English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.i18n import tr

if TYPE_CHECKING:
    from bot.service import Service, Table

__all__ = ["guild_lang", "reply_lang", "table_lang", "tr"]


def reply_lang(interaction: discord.Interaction[Any]) -> str:
    """The language of an ephemeral reply to ``interaction``: its user's Discord locale."""
    return i18n.normalize(interaction.locale)


def table_lang(table: Table | None) -> str:
    """The language of a table's public messages (English when there is no table)."""
    return i18n.normalize(table.language) if table is not None else i18n.DEFAULT


async def guild_lang(service: Service, guild_id: int | None, guild_locale: object = None) -> str:
    """The server's language: the one set with `/settings language:`, else ``guild_locale``
    (the server's preferred Discord locale), else English."""
    if guild_id is not None:
        chosen = await service.guild_language(guild_id)
        if chosen is not None:
            return i18n.normalize(chosen)
    return i18n.normalize(guild_locale)
