"""`/settings`: a server's choices for the bot (managers only): today its language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _
from bot.ui.errors import CommandRefused
from bot.ui.interactions import bot_of, can_manage
from bot.ui.lang import guild_lang, reply_lang, tr
from bot.ui.replies import reply

#: The languages a table or server can have, each named in itself.
LANGUAGE_CHOICES = [
    app_commands.Choice(name=i18n.LANGUAGE_NAMES[lang], value=lang) for lang in i18n.LANGUAGES
]
#: `/settings language:`: a language, or back to the server's Discord language.
SERVER_DEFAULT = "default"
SETTING_CHOICES = [
    *LANGUAGE_CHOICES,
    app_commands.Choice(name="server default (its Discord language)", value=SERVER_DEFAULT),
]


class SettingsCog(commands.Cog):
    """The server's settings."""

    @app_commands.command(name="settings", description="The bot's settings for this server")
    @app_commands.describe(
        language="The language of new tables and league posts (empty: show the settings)"
    )
    @app_commands.choices(language=SETTING_CHOICES)
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        service = bot_of(interaction).service
        guild_id = interaction.guild_id
        if guild_id is None:
            raise CommandRefused(_("Use this command in a server."))
        lang = reply_lang(interaction)
        if language is None:
            chosen = await service.guild_language(guild_id)
            shown = i18n.LANGUAGE_NAMES[
                await guild_lang(service, guild_id, interaction.guild_locale)
            ]
            if chosen is None:
                text = _(
                    "Server language: {language} (the server's Discord language). "
                    "Managers change it with `/settings language:`.",
                    language=shown,
                )
            else:
                text = _(
                    "Server language: {language} (set with `/settings language:`).",
                    language=shown,
                )
            await reply(interaction, tr(text, lang))
            return
        if not can_manage(interaction):
            raise CommandRefused(_("Only a server manager can change the server's settings."))
        if language.value == SERVER_DEFAULT:
            await service.set_guild_language(guild_id, None)
            shown = i18n.LANGUAGE_NAMES[i18n.normalize(interaction.guild_locale)]
            text = _(
                "Server language cleared: new tables and league posts follow the server's "
                "Discord language ({language}).",
                language=shown,
            )
        elif language.value in i18n.LANGUAGES:
            await service.set_guild_language(guild_id, language.value)
            text = _(
                "Server language: {language}. New tables and league posts use it; tables "
                "already open keep theirs.",
                language=i18n.LANGUAGE_NAMES[language.value],
            )
        else:
            raise CommandRefused(_("Unknown language; choose one from the list."))
        await reply(interaction, tr(text, lang))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog())
