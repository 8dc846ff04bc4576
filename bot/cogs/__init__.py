"""Slash commands, one cog per area; thin adapters over the service."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import Text
from bot.ui.lang import reply_lang, tr
from bot.ui.replies import clip, reply

#: A command's ``extras`` key: the command answers Discord itself, in time, with its result
#: (:func:`bot.ui.replies.in_time`): the command tree does not defer it first (a move saves a
#: request).
ANSWERS_IN_TIME = "answers_in_time"


async def answer(
    interaction: discord.Interaction[Any],
    text: Text | str,
    *,
    view: discord.ui.View | None = None,
) -> int | None:
    """An ephemeral answer in the reader's language (their Discord locale), cut to fit one
    message; its message id when Discord tells it."""
    return await reply(interaction, clip(tr(text, reply_lang(interaction))), view=view)
