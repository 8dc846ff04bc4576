"""`/stats`: a player's statistics per game title on this server, as an image and a short text.

The answer is ephemeral (only the caller sees it), like `/rating`. Nothing in it is secret; the
name is escaped for Markdown in the text and drawn as plain text in the image.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot import i18n, presenters
from bot.i18n import N_, _
from bot.stats import TitleSummary
from bot.ui.errors import CommandRefused
from bot.ui.images import render
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang, tr
from bot.ui.replies import acknowledge, clip
from renderers.stats import StatsBlock, StatsLine, average_text, label_of, render_stats

log = logging.getLogger(__name__)

PER_SERVER = _("Statistics are kept per server: use this command in a server channel.")


def _escape(name: str) -> str:
    return presenters.plain_text(name)


def stats_text(summaries: Sequence[TitleSummary], name: str, lang: str = i18n.DEFAULT) -> str:
    """The text answer: per title the games played, then each statistic's total and average."""
    if not summaries:
        nothing = _("{name} has not finished a game on this server yet.", name=_escape(name))
        return tr(nothing, lang)
    lines = [tr(_("Statistics of **{name}** on this server:", name=_escape(name)), lang)]
    for summary in summaries:
        games = N_("{n} game", "{n} games", summary.games)
        if summary.with_ai:
            head = _(
                "**{game}**: {games}, {ai} of them with AI seats",
                game=presenters.game_title(summary.game, lang=lang),
                games=games,
                ai=summary.with_ai,
            )
        else:
            head = _(
                "**{game}**: {games}",
                game=presenters.game_title(summary.game, lang=lang),
                games=games,
            )
        lines.append(tr(head, lang))
        for stat in summary.names:
            line = _(
                "{label}: {total} ({average} per game)",
                label=label_of(summary.game, stat),
                total=summary.totals[stat],
                average=average_text(summary.average(stat), lang),
            )
            lines.append("- " + tr(line, lang))
    return clip("\n".join(lines))


def stats_blocks(summaries: Sequence[TitleSummary], lang: str = i18n.DEFAULT) -> list[StatsBlock]:
    """What the image draws, per title."""
    return [
        StatsBlock(
            presenters.game_title(s.game, lang=lang),
            s.games,
            s.with_ai,
            tuple(
                StatsLine(label_of(s.game, stat), s.totals[stat], s.average(stat))
                for stat in s.names
            ),
        )
        for s in summaries
    ]


async def show_stats(interaction: discord.Interaction[Any], user: discord.abc.User | None) -> None:
    if interaction.guild_id is None:
        raise CommandRefused(PER_SERVER)
    who = user or interaction.user
    bot = bot_of(interaction)
    lang = reply_lang(interaction)
    await acknowledge(interaction)
    summaries = await bot.statistics.player(interaction.guild_id, who.id)
    text = stats_text(summaries, who.display_name, lang)
    if not summaries:
        await interaction.followup.send(text, ephemeral=True)
        return
    try:
        png: bytes | None = await render(
            render_stats, who.display_name, stats_blocks(summaries, lang), lang
        )
    except Exception:  # the text says it all; an image that fails to draw must not hide it
        log.exception("drawing the statistics of user %s failed", who.id)
        png = None
    if png is None:
        await interaction.followup.send(text, ephemeral=True)
    else:
        image = discord.File(io.BytesIO(png), "stats.png")
        await interaction.followup.send(text, file=image, ephemeral=True)
