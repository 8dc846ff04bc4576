"""`/away`, `/back`, `/notify` and the play-by-post parts of `/game` (log, watch, timing, mine)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import presenters
from bot.cogs import answer
from bot.i18n import N_, Text, _, command
from bot.pbp.usecases import AWAY_BUDGET_DAYS, DAY, HOUR
from bot.service import Table
from bot.ui.boards import board_url
from bot.ui.interactions import bot_of, can_manage
from bot.ui.lang import reply_lang
from bot.ui.replies import MAX_CONTENT

ON_OFF = [
    app_commands.Choice(name="on", value="on"),
    app_commands.Choice(name="off", value="off"),
]
CONSEQUENCE_CHOICES = [
    app_commands.Choice(name="skip: the safest default decision", value="skip"),
    app_commands.Choice(name="forfeit: the late player loses", value="forfeit"),
    app_commands.Choice(name="ai: the normal AI decides for the late player", value="ai"),
]
#: What happens when the timer runs out, as the timing summary says it.
CONSEQUENCE_TEXT = {
    "skip": _("skip the decision"),
    "forfeit": _("forfeit"),
    "ai": _("the normal AI decides"),
}


def _days(seconds: float) -> Text:
    """A number of days: "1 day", "3 days", "1.5 days"."""
    days = seconds / DAY
    if days.is_integer():
        return N_("{n} day", "{n} days", int(days))
    return _("{days} days", days=format(days, "g"))


def _hours(seconds: float) -> str:
    return f"{seconds / HOUR:g}"


class PlayByPostCog(commands.Cog):
    """Away, back and DM preferences: per user, across every server."""

    @app_commands.command(name="away", description="Pause your reminders and turn timers")
    @app_commands.describe(days=f"How many days you will be away (1 to {AWAY_BUDGET_DAYS})")
    async def away(self, interaction: discord.Interaction[Any], days: int) -> None:
        bot = bot_of(interaction)
        status = await bot.pbp.away(interaction.user.id, days)
        assert status.until is not None
        until = f"<t:{int(status.until)}:f>"
        await answer(
            interaction,
            _(
                "You are away until {until}: no reminders, and your turn timers wait for you. "
                "{days} of away time left this month. {command} ends it early.",
                until=until,
                command=command("back"),
                days=_days(status.budget_left),
            ),
        )

    @app_commands.command(name="back", description="End your away time now")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        status = await bot.pbp.back(interaction.user.id)
        await answer(
            interaction,
            _(
                "Welcome back; reminders and timers run again. "
                "{days} of away time left this month.",
                days=_days(status.budget_left),
            ),
        )

    @app_commands.command(name="notify", description="A direct message when it is your turn")
    @app_commands.describe(dm="on: DM me when I must act; off: only pings in the channel")
    @app_commands.choices(dm=ON_OFF)
    async def notify(
        self, interaction: discord.Interaction[Any], dm: app_commands.Choice[str]
    ) -> None:
        bot = bot_of(interaction)
        on = dm.value == "on"
        await bot.pbp.set_notify_dm(interaction.user.id, on)
        await answer(
            interaction,
            _("I will DM you when it is your turn (if your DMs are open).")
            if on
            else _("No more DMs; you are still pinged in the game's channel."),
        )


# --- the play-by-post subcommands of /game (registered by GameCog) ----------------------------


async def game_log(interaction: discord.Interaction[Any], table: Table, page: int) -> None:
    bot = bot_of(interaction)
    head_room = 120  # the heading line below
    lang = reply_lang(interaction)
    log_page = await bot.pbp.game_log(
        table.id, page=page, per_page=15, max_chars=MAX_CONTENT - head_room, lang=lang
    )
    head = _(
        "**{game} table #{table}**, log page {page}/{pages} (page 1 is the latest)",
        game=presenters.game_title(table.game, lang=lang),
        table=table.id,
        page=log_page.page,
        pages=log_page.pages,
    )
    lines = log_page.lines()
    if not lines:
        await answer(interaction, _("{head}\nNo moves yet.", head=head))
        return
    await answer(interaction, _("{head}\n{lines}", head=head, lines="\n".join(lines)))


async def game_watch(interaction: discord.Interaction[Any], table: Table, on: bool) -> None:
    bot = bot_of(interaction)
    if on:
        await bot.pbp.watch(table.id, interaction.user.id)
        text = _(
            "You will get a DM whenever a turn changes at table #{table} (if DMs are open).",
            table=table.id,
        )
    else:
        await bot.pbp.unwatch(table.id, interaction.user.id)
        text = _("You no longer watch table #{table}.", table=table.id)
    await answer(interaction, text)


async def game_timing(
    interaction: discord.Interaction[Any],
    table: Table,
    reminder_hours: int | None,
    timer_hours: int | None,
    consequence: str | None,
) -> None:
    """Set or show the table's timing; 0 hours turns reminders / the timer off."""
    bot = bot_of(interaction)
    changes: dict[str, Any] = {}
    if reminder_hours is not None:
        changes["reminder"] = None if reminder_hours == 0 else reminder_hours * HOUR
    if timer_hours is not None:
        changes["timer"] = None if timer_hours == 0 else timer_hours * HOUR
    if consequence is not None:
        changes["consequence"] = consequence
    if changes:
        options = await bot.pbp.set_options(
            table.id, interaction.user.id, can_manage=can_manage(interaction), **changes
        )
    else:
        options = await bot.pbp.options(table.id)
    if options.reminder is None:
        reminder = _("reminders off")
    else:
        reminder = _("reminders every {hours} h", hours=_hours(options.reminder))
    if options.timer is None:
        timer = _("no turn timer")
    else:
        timer = _(
            "turn timer {hours} h (then {consequence}; warning {lead} h before)",
            hours=_hours(options.timer),
            consequence=CONSEQUENCE_TEXT.get(options.consequence, options.consequence),
            lead=_hours(options.warn_lead),
        )
    await answer(
        interaction,
        _("Table #{table}: {reminders}, {timer}.", table=table.id, reminders=reminder, timer=timer),
    )


async def list_mine(interaction: discord.Interaction[Any]) -> None:
    """Every game in every server where the caller must act, with links to the boards."""
    bot = bot_of(interaction)
    tables = await bot.service.list_waiting_on(interaction.user.id)
    if not tables:
        await answer(interaction, _("No game is waiting for you."))
        return
    lang = reply_lang(interaction)
    lines = []
    for table in tables:
        link = board_url(table) or f"<#{table.channel_id}>"
        lines.append(f"#{table.id} {presenters.game_title(table.game, lang=lang)}: {link}")
    await answer(interaction, _("Waiting for you:\n{tables}", tables="\n".join(lines)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayByPostCog())
