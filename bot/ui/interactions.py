"""Who is asking: the bot, the player and their rights behind an interaction (a slash command
or a click)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.service import Player

if TYPE_CHECKING:
    from bot.client import BoardBot


def bot_of(interaction: discord.Interaction[Any]) -> BoardBot:
    """The bot that received ``interaction``."""
    client: BoardBot = interaction.client
    return client


def player_of(interaction: discord.Interaction[Any]) -> Player:
    """The user behind an interaction, as the service sees players."""
    return Player(user_id=interaction.user.id, name=interaction.user.display_name)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user may manage the server (start, cancel or abort anyone's table)."""
    return bool(interaction.permissions.manage_guild)
