"""`/stats`: a player's statistics per game title on this server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import stats as ui


class StatsCog(commands.Cog):
    """Statistics of finished games, read-only."""

    @app_commands.command(name="stats", description="A player's statistics per game on this server")
    @app_commands.describe(user="Whose statistics (default: yours)")
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | discord.Member | None = None,
    ) -> None:
        await ui.show_stats(interaction, user)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog())
