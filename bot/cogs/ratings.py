"""`/leaderboard`, `/rating`, `/history`: who is best at which game on this server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game import GAME_CHOICES
from bot.ui import ratings as ui


class RatingsCog(commands.Cog):
    """Ratings per server and game (openskill), read-only commands."""

    @app_commands.command(name="leaderboard", description="This server's top players of a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]
    ) -> None:
        await ui.show_leaderboard(interaction, game.value)

    @app_commands.command(name="rating", description="A player's rating card (default: yours)")
    @app_commands.describe(user="Whose rating (default: yours)", game="One game (default: all)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rating(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | discord.Member | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        await ui.show_rating(interaction, user, game.value if game is not None else None)

    @app_commands.command(name="history", description="A player's last finished games")
    @app_commands.describe(user="Whose games (default: yours)")
    async def history(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User | discord.Member | None = None,
    ) -> None:
        await ui.show_history(interaction, user)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RatingsCog())
