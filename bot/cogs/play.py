"""`/move`, `/hand`, `/rules`: every game, every decision."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import presenters
from bot.cogs import answer
from bot.cogs.game import GAME_CHOICES, table_here
from bot.i18n import _
from bot.storage.tables import TableStatus
from bot.ui import flow, labels
from bot.ui.errors import CommandRefused
from bot.ui.lang import reply_lang

log = logging.getLogger(__name__)


async def submit_typed(interaction: discord.Interaction[Any], action: str) -> None:
    """Submit a typed action for the caller at this channel's table; reply after the commit."""
    bot = flow.bot_of(interaction)
    table = await table_here(interaction)
    if table.status != TableStatus.ACTIVE:
        raise CommandRefused(_("The game here has not started yet."))
    text = " ".join(action.split())
    if not text:
        raise CommandRefused(_("Type an action, e.g. pick one from the autocomplete list."))
    # Answer Discord at once ("thinking", only to the player): under load the commit and the
    # confirmation may take longer than the 3 seconds Discord waits for a first answer.
    await flow.acknowledge(interaction)
    result = await bot.service.submit(table.id, interaction.user.id, text)
    await answer(interaction, _("You played `{action}`.", action=result.action))
    await flow.after_move(bot, result)


async def legal_choices(
    interaction: discord.Interaction[Any], current: str, *, prefix: str = ""
) -> list[str]:
    """The caller's legal actions at this channel's table that match ``current``.

    Autocomplete must answer quickly and never fails loudly: any problem gives no suggestions.
    """
    try:
        if interaction.channel_id is None:
            return []
        bot = flow.bot_of(interaction)
        table = await bot.service.in_channel(interaction.channel_id)
        if table is None or table.status != TableStatus.ACTIVE:
            return []
        legal = await bot.service.legal_actions(table.id, interaction.user.id)
    except Exception:
        log.exception("autocomplete failed")
        return []
    if prefix:
        legal = [a[len(prefix) :] for a in legal if a.startswith(prefix)]
    return [a for a in presenters.rank_actions(legal, current) if len(a) <= 100]


async def _game_here(interaction: discord.Interaction[Any]) -> str | None:
    """The game of this channel's table (None if there is none), for labelling suggestions."""
    if interaction.channel_id is None:
        return None
    table = await flow.bot_of(interaction).service.in_channel(interaction.channel_id)
    return table.game if table is not None else None


class PlayCog(commands.Cog):
    """Commands that act on the game in the current channel."""

    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(action="Your action in the game's notation (autocompleted)")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        await submit_typed(interaction, action)

    @move.autocomplete("action")
    async def move_action(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game = await _game_here(interaction)
        lang = reply_lang(interaction)
        return [
            app_commands.Choice(
                name=labels.choice_name(game, a, lang=lang) if game else a[:100], value=a
            )
            for a in await legal_choices(interaction, current)
        ]

    @app_commands.command(name="hand", description="Show your hidden tiles, cards and scores")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        if table.status != TableStatus.ACTIVE:
            raise CommandRefused(_("The game here has not started yet."))
        await flow.send_hand(flow.bot_of(interaction), interaction, table)

    @app_commands.command(name="rules", description="A short rules summary")
    @app_commands.describe(game="Which game (default: the one in this channel)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        lang = reply_lang(interaction)
        if game is not None:
            name = game.value
        else:
            table = None
            if interaction.channel_id is not None:
                service = flow.bot_of(interaction).service
                table = await service.in_channel(interaction.channel_id)
            if table is None:
                text = "\n\n".join(
                    presenters.rules_summary(g.value, lang=lang) for g in GAME_CHOICES
                )
                await answer(interaction, text)
                return
            name = table.game
        await answer(interaction, presenters.rules_summary(name, lang=lang))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog())
