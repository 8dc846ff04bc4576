"""`/tigris tile colour square`: a typing shortcut onto the same notation as `/move`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import ANSWERS_IN_TIME
from bot.cogs.play import legal_choices, submit_typed

COLOURS = [
    app_commands.Choice(name="red (temple)", value="red"),
    app_commands.Choice(name="blue (farm)", value="blue"),
    app_commands.Choice(name="green (market)", value="green"),
    app_commands.Choice(name="black (settlement)", value="black"),
]


def tile_action(colour: str, square: str) -> str:
    """The notation of placing a civilization tile: ``tile red F4``."""
    return f"tile {colour} {square.strip().upper()}"


@app_commands.guild_only()
class TigrisCog(
    commands.GroupCog, group_name="tigris", group_description="Tigris & Euphrates shortcuts"
):
    """Shortcuts for Tigris & Euphrates."""

    @app_commands.command(
        name="tile",
        description="Place a civilization tile from your hand",
        extras={ANSWERS_IN_TIME: True},  # submit_typed answers in time
    )
    @app_commands.describe(colour="Tile colour", square="Square, e.g. F4 (legal ones suggested)")
    @app_commands.choices(colour=COLOURS)
    async def tile(
        self,
        interaction: discord.Interaction[Any],
        colour: app_commands.Choice[str],
        square: str,
    ) -> None:
        await submit_typed(interaction, tile_action(colour.value, square))

    @tile.autocomplete("square")
    async def tile_square(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        colour = getattr(interaction.namespace, "colour", None)
        if not isinstance(colour, str):
            return []
        squares = await legal_choices(interaction, current, prefix=f"tile {colour} ")
        return [app_commands.Choice(name=s, value=s) for s in squares]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TigrisCog())
