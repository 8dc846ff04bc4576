"""Slash commands in the reader's language: names, descriptions, options and choices.

Discord shows each user the command definitions in their client's language when the synced
payload carries ``name_localizations`` / ``description_localizations``; discord.py asks an
:class:`app_commands.Translator` for them at sync. :class:`CatalogTranslator` answers from the
``commands`` catalogue, where the English text is the message id and its place in a command
is the context (:data:`CONTEXTS`): a command name ("game") and an option name ("game") or a
description with the same English get separate translations. :func:`command_texts` (the
collector of the ``commands`` domain) finds every such text by asking the same questions
discord.py asks at sync, of the command tree the bot builds, without connecting to Discord.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Iterator, Mapping

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from bot.i18n import catalog, extract

__all__ = [
    "CONTEXTS",
    "DISCORD_LOCALES",
    "CatalogTranslator",
    "command_texts",
    "command_tree",
]

#: The catalogue context of each place a command text sits.
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_name: "option name",
    Where.parameter_description: "description",
    Where.choice_name: "choice",
}

#: The Discord client languages that get translated commands, and their catalogue.
DISCORD_LOCALES: dict[discord.Locale, str] = {
    discord.Locale.korean: "ko",
    discord.Locale.turkish: "tr",
}


class CatalogTranslator(app_commands.Translator):
    """Command texts from the ``commands`` catalogue, for the locales of ``languages``
    (default :data:`DISCORD_LOCALES`); every other locale sees the English definitions."""

    def __init__(self, languages: Mapping[discord.Locale, str] | None = None) -> None:
        self.languages = dict(DISCORD_LOCALES if languages is None else languages)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = self.languages.get(locale)
        where = CONTEXTS.get(context.location)
        if lang is None or where is None:
            return None
        return catalog.gettext(lang, string.message, where)


class _Recorder(app_commands.Translator):
    """Remembers every (text, context) discord.py asks about; translates nothing."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], None] = {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        where = CONTEXTS.get(context.location)
        if where is not None:
            self.seen.setdefault((string.message, where), None)
        return None


def command_tree() -> app_commands.CommandTree[discord.Client]:
    """The bot's slash commands in a tree of their own (no login, no service)."""
    from bot.client import command_cogs

    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none())
    )
    for cog in command_cogs():
        group = cog.app_command if isinstance(cog, commands.GroupCog) else None
        for command in [group] if group is not None else cog.get_app_commands():
            tree.add_command(command)
    return tree


async def _record() -> list[tuple[str, str]]:
    tree = command_tree()
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return list(recorder.seen)


def command_texts() -> Iterator[tuple[str, str | None]]:
    """Every command name, description, option name and choice name, with its context."""
    # In a thread of its own: the caller may already run an event loop (a test).
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        yield from pool.submit(asyncio.run, _record()).result()


extract.COLLECTORS["commands"] = command_texts
