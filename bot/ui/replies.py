"""Answering an interaction: in time (Discord waits 3 seconds for a first answer), ephemerally,
within one message's length.

Long-lived messages (lobbies, boards, results) go out with the bot token through
``bot.get_partial_messageable(channel).send`` (:mod:`bot.ui.publish`); interaction responses
are only used for short, mostly ephemeral, answers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.i18n import Text
from bot.ui.lang import reply_lang, tr

#: Discord's limit for a message's text.
MAX_CONTENT = 2000


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """``text`` cut to fit one Discord message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answer Discord at once, before any work that may take time (the database, the render
    pool, a replayed log): Discord waits 3 seconds for a first answer. A click defers its update
    (the answer then edits the clicked message, or follows up ephemerally); a slash command shows
    "thinking" to the caller alone (every command answers ephemerally). Once is enough."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


#: How long a move's work (the commit) may take before Discord is answered with a deferral:
#: Discord waits 3 seconds for a first answer, and the deferral needs its own trip there.
ANSWER_BUDGET = 1.5


T = TypeVar("T")


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """``work``'s result, Discord answered in time: when it is not done within
    :data:`ANSWER_BUDGET` of the interaction's creation (or of now, whichever is sooner) the
    interaction is acknowledged first (a deferral). In the common case the work is done well
    before, and the caller's answer is the first and only one (a click that moves costs the
    answer, the new board and the older board's buttons removed: three requests)."""
    task = asyncio.ensure_future(work)
    waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    budget = min(ANSWER_BUDGET, ANSWER_BUDGET - waited)
    try:
        await asyncio.wait_for(asyncio.shield(task), timeout=max(0.0, budget))
    except TimeoutError:
        await acknowledge(interaction)
    except BaseException:
        if not task.done():
            task.cancel()
        raise
    return await task


async def edit_message(
    interaction: discord.Interaction[Any],
    *,
    content: str,
    view: discord.ui.View | None = discord.utils.MISSING,
) -> None:
    """Replace the clicked message's text and (unless ``view`` is left out) its components,
    acknowledged already or not."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.edit_message(content=content, view=view)


async def reply(
    interaction: discord.Interaction[Any],
    text: str | Text,
    *,
    view: discord.ui.View | None = None,
) -> int | None:
    """An ephemeral answer, whether or not the interaction was already acknowledged; a
    :class:`~bot.i18n.Text` is shown in the reader's language. Returns the answer's message id
    when Discord tells it (it can be edited through the interaction for 15 minutes)."""
    text = clip(tr(text, reply_lang(interaction)))
    if interaction.response.is_done():
        if view is None:
            sent = await interaction.followup.send(text, ephemeral=True, wait=True)
        else:
            sent = await interaction.followup.send(text, ephemeral=True, view=view, wait=True)
        return sent.id
    if view is None:
        response = await interaction.response.send_message(text, ephemeral=True)
    else:
        response = await interaction.response.send_message(text, ephemeral=True, view=view)
    return response.message_id
