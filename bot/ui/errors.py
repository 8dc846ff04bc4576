"""The one place where errors become replies.

Expected errors (the service's and the engines', each carrying a sentence for the player) get a
short ephemeral answer; a stale board gets the current state; anything else is logged with an id
and the user sees a short apology naming that id. Every answer is in the reader's language.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot import presenters
from bot.games.common import GameError
from bot.i18n import Text, _, command
from bot.running.ids import short_id
from bot.service import ServiceError, StaleBoard
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang, tr
from bot.ui.names import names_of
from bot.ui.replies import clip, reply
from bot.ui.status import send_stale

log = logging.getLogger(__name__)


MISSING_PERMISSION = _(
    "I am missing a permission in this channel. I need View Channel, Send Messages, "
    "Send Messages in Threads, Create Public Threads, Attach Files and Read Message History."
)


OUTDATED_COMMAND = _(
    "This command was updated and Discord still shows the old version; it refreshes soon "
    "(reload Discord with Ctrl+R to hurry it)."
)


class CommandRefused(ServiceError):
    """A slash command cannot run here (no game in this channel, not a server channel, ...)."""


async def guarded(
    interaction: discord.Interaction[Any],
    run: Callable[[discord.Interaction[Any]], Awaitable[None]],
) -> None:
    """Run an interaction handler, turning any error into a reply."""
    try:
        await run(interaction)
    except Exception as error:
        await report(interaction, error)


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ or getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


def unknown_choice(interaction: discord.Interaction[Any], error: BaseException) -> Text | None:
    """The sentence for a value outside an option's declared choices (Discord clients can send
    any string there), naming the choices there are; None for any other error."""
    if not isinstance(error, app_commands.TransformerError) or error.__cause__ is not None:
        return None
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    for param in command.parameters:
        values = [choice.value for choice in param.choices]
        given = getattr(interaction.namespace, param.display_name, None)
        if values and given is not None and given not in values and given == error.value:
            listed = ", ".join(choice.name for choice in param.choices)
            shown = presenters.plain_text(str(given)[:40])
            return _(
                "Unknown {option} “{given}”; choose one of: {choices}.",
                option=param.display_name,
                given=shown,
                choices=listed,
            )
    return None


def sentence(error: BaseException) -> Any:
    """The sentence an expected error carries for the player: a :class:`~bot.i18n.Text` or
    plain English (engine refusals through :func:`bot.presenters.refusal`)."""
    if isinstance(error, GameError | ServiceError):  # a service refusal carries ``text``
        return presenters.refusal(error)
    if len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    return str(error)


async def _with_names(interaction: discord.Interaction[Any], text: str, lang: str) -> str:
    """Engine sentences name seats as ``@N``: put the players of this channel's game there."""
    if "@" not in text or interaction.channel_id is None:
        return text
    table = await bot_of(interaction).service.in_channel(interaction.channel_id)
    return presenters.name_seats(text, names_of(table, lang=lang)) if table else text


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer the user about ``error`` (ephemerally) and log what needs logging."""
    error = _unwrap(error)
    lang = reply_lang(interaction)
    try:
        if isinstance(error, StaleBoard):
            await send_stale(bot_of(interaction), interaction, error.table.id)
            return
        if isinstance(error, ServiceError | GameError):
            said = tr(sentence(error), lang) or tr(_("That is not possible now."), lang)
            text = await _with_names(interaction, said, lang)
            await reply(interaction, clip(text))
            return
        if isinstance(error, discord.Forbidden):
            log.warning("missing permission: %s", error)
            await reply(interaction, MISSING_PERMISSION)
            return
        if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            log.warning("outdated command: %s", error)
            await reply(interaction, OUTDATED_COMMAND)
            return
        unknown = unknown_choice(interaction, error)
        if unknown is not None:
            await reply(interaction, unknown)
            return
        if isinstance(error, app_commands.CheckFailure):
            said = sentence(error) if error.args else ""
            await reply(interaction, said or _("You cannot use this command here."))
            return
    except discord.HTTPException:
        # Only the kind: an expected error's sentence may name the player's own hand.
        log.warning("could not answer an interaction about %s", type(error).__name__)
        return
    error_id = short_id()
    log.error("unexpected error [%s]", error_id, exc_info=error)
    try:
        await reply(
            interaction,
            _(
                "Sorry, something went wrong on our side (error id `{error_id}`). "
                "An action counts only if you saw it confirmed; {command} shows the board.",
                error_id=error_id,
                command=command("game status"),
            ),
        )
    except discord.HTTPException:
        log.warning("could not send the apology for [%s]", error_id)
