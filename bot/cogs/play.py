"""`/move`, `/hand`, `/rules`: every game, every decision."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import action_menus, presenters
from bot.cogs import ANSWERS_IN_TIME, answer
from bot.cogs.game import GAME_CHOICES, table_here
from bot.i18n import _
from bot.service import MoveResult
from bot.storage.tables import TableStatus
from bot.ui import labels
from bot.ui.errors import CommandRefused
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang, tr
from bot.ui.menus import next_decision, send_hand
from bot.ui.open_menus import remember
from bot.ui.publish import after_move
from bot.ui.replies import in_time

log = logging.getLogger(__name__)


async def submit_typed(interaction: discord.Interaction[Any], action: str) -> None:
    """Submit a typed action for the caller at this channel's table; reply after the commit."""
    bot = bot_of(interaction)

    async def commit() -> MoveResult:
        table = await table_here(interaction)
        if table.status != TableStatus.ACTIVE:
            raise CommandRefused(_("The game here has not started yet."))
        text = " ".join(action.split())
        if not text:
            raise CommandRefused(_("Type an action, e.g. pick one from the autocomplete list."))
        return await bot.service.submit(table.id, interaction.user.id, text)

    # The confirmation is Discord's first answer unless the commit is slow; then "thinking"
    # (only to the player) goes first: Discord waits 3 seconds for a first answer.
    result = await in_time(interaction, commit())
    lang = reply_lang(interaction)
    played = tr(_("You played `{action}`.", action=result.action), lang)
    # The mover's next decision comes with the answer: no Act tap.
    nxt = await next_decision(bot, result.table.id, interaction.user.id, lang=lang)
    if nxt is None:
        shown = await answer(interaction, played)
    else:
        shown = await answer(interaction, f"{played}\n{nxt[0]}", view=nxt[1])
    # The answer the mover looks at: a decision coming back to them later replaces it.
    await remember(bot, interaction, result.table, shown)
    await after_move(bot, result)


async def _legal_here(interaction: discord.Interaction[Any]) -> tuple[str, list[str]] | None:
    """The game at this channel's table and the caller's legal actions there (None: none).

    Autocomplete must answer quickly and never fails loudly: any problem gives no suggestions.
    """
    try:
        if interaction.channel_id is None:
            return None
        bot = bot_of(interaction)
        table = await bot.service.in_channel(interaction.channel_id)
        if table is None or table.status != TableStatus.ACTIVE:
            return None
        return table.game, await bot.service.legal_actions(table.id, interaction.user.id)
    except Exception:
        log.exception("autocomplete failed")
        return None


async def legal_choices(
    interaction: discord.Interaction[Any], current: str, *, prefix: str = ""
) -> list[str]:
    """The caller's legal actions at this channel's table that match ``current``."""
    here = await _legal_here(interaction)
    if here is None:
        return []
    legal = here[1]
    if prefix:
        legal = [a[len(prefix) :] for a in legal if a.startswith(prefix)]
    return [a for a in action_menus.rank_actions(legal, current) if len(a) <= 100]


class PlayCog(commands.Cog):
    """Commands that act on the game in the current channel."""

    @app_commands.command(
        name="move",
        description="Make your move in this channel's game",
        extras={ANSWERS_IN_TIME: True},  # submit_typed answers in time
    )
    @app_commands.describe(action="Your action in the game's notation (autocompleted)")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        await submit_typed(interaction, action)

    @move.autocomplete("action")
    async def move_action(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        here = await _legal_here(interaction)
        if here is None:
            return []
        game, legal = here
        lang = reply_lang(interaction)
        # The notation typed, or the player's own words ("사원 f4", "tapınak f4").
        found = labels.search(game, legal, current, lang=lang, limit=action_menus.MAX_CHOICES)
        return [
            app_commands.Choice(name=labels.choice_name(game, a, lang=lang), value=a)
            for a in found
            if len(a) <= 100
        ]

    @app_commands.command(name="hand", description="Show your hidden tiles, cards and scores")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        if table.status != TableStatus.ACTIVE:
            raise CommandRefused(_("The game here has not started yet."))
        await send_hand(bot_of(interaction), interaction, table)

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
                service = bot_of(interaction).service
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
