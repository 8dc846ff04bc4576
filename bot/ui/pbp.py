"""Play-by-post in Discord: the scheduler's announcements, turn DMs and watcher DMs, the away
note on boards, take-back and rematch buttons.

Pings go out as channel messages with the bot token and ``allowed_mentions`` naming exactly the
user concerned; direct messages are opt-in (``/notify dm:on``) and skipped silently when the
user's DMs are closed.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters
from bot.games.text import plural
from bot.pbp import TakebackOutcome
from bot.pbp_games import action_is_public
from bot.scheduler import Due
from bot.service import Service, Table
from bot.ui import flow
from bot.ui.items import Persistent

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def _when(at: float) -> str:
    """A Discord timestamp shown in each reader's own time zone ("in 3 hours")."""
    return f"<t:{int(at)}:R>"


def _duration(seconds: float) -> str:
    hours = seconds / 3600
    return plural(round(hours), "hour") if hours < 48 else plural(round(hours / 24), "day")


def _ping(user_id: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def _title(table: Table) -> str:
    return f"{presenters.game_title(table.game)} table #{table.id}"


async def send_dm(bot: BoardBot, user_id: int, text: str) -> bool:
    """A direct message; False (and nothing else) when the user does not accept DMs."""
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(flow.clip(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.info("no DM to user %s: %s", user_id, getattr(error, "code", error))
        return False
    return True


async def notify_turn(
    bot: BoardBot,
    table: Table,
    users: Iterable[int],
    *,
    mover: int | None = None,
    before: Iterable[int] | None = None,
) -> None:
    """After a board is posted, once per turn change: a DM to each player who now must act and
    did not have to on the previous board (``before``; None = unknown), who opted in and is not
    the ``mover`` (who just acted), and, if the players to act changed, one to each watcher.
    Only public facts (table, whose turn, a link)."""
    waiting = [u for u in users]
    earlier = None if before is None else set(before)
    link = flow.board_url(table)
    where = f" {link}" if link else ""
    for user_id in waiting:
        new_turn = earlier is None or user_id not in earlier
        if new_turn and user_id != mover and await bot.pbp.notify_dm(user_id):
            await send_dm(bot, user_id, f"It is your turn in {_title(table)}.{where}")
    if earlier is not None and earlier == set(waiting):
        return  # the same players still decide (a T&E player's second action): no turn change
    watchers = await bot.pbp.watchers(table.id)
    if watchers:
        names = flow.names_of(table)
        seats = [s for s, p in enumerate(table.players) if p.user_id in waiting]
        who = ", ".join(names[s] for s in seats) or "nobody"
        for user_id in watchers:
            await send_dm(bot, user_id, f"{_title(table)}: waiting for {who}.{where}")


async def away_note(bot: BoardBot, table: Table) -> str:
    """ " Away: Ann (back <t:..:R>)." for the board text, or ""."""
    away = await bot.pbp.away_seats(table.id)
    if not away:
        return ""
    names = flow.names_of(table)
    listed = ", ".join(f"{names[s]} (back {_when(until)})" for s, until in sorted(away.items()))
    return f" Away: {listed}."


async def announce(bot: BoardBot, due: Due) -> None:
    """Post what the scheduler applied: a reminder, a warning, or a timer's consequence."""
    table = due.table
    channel = bot.get_partial_messageable(table.channel_id)
    name = flow.names_of(table)[due.seat]
    link = flow.board_url(table)
    where = f" {link}" if link else ""
    if due.kind == "reminder":
        text = (
            f"<@{due.user_id}> reminder: {_title(table)} has waited {_duration(due.waited)} "
            f"for your decision.{where}"
        )
        await channel.send(flow.clip(text), allowed_mentions=_ping(due.user_id))
        if await bot.pbp.notify_dm(due.user_id):
            await send_dm(bot, due.user_id, f"Reminder: {_title(table)} waits for you.{where}")
        return
    if due.kind == "warning":
        assert due.deadline is not None
        options = await bot.pbp.options(table.id)
        then = {
            "forfeit": "you forfeit and the game ends",
            "ai": "the normal AI takes the decision for you",
        }.get(options.consequence, "the bot takes the safest default decision for you")
        if options.consequence == "forfeit" and Service.replaceable(table, due.seat):
            then = "you forfeit and an AI plays on in your seat"
        text = (
            f"<@{due.user_id}> the turn timer of {_title(table)} runs out "
            f"{_when(due.deadline)}; then {then}.{where}"
        )
        await channel.send(flow.clip(text), allowed_mentions=_ping(due.user_id))
        return
    if due.consequence == "forfeit":
        note = f"Time ran out for {name}: they forfeit {_title(table)}."
        await flow.show_current(bot, table.id, version=table.version, note=note)
        return
    if due.consequence == "replaced":
        left = presenters.plain_text(await _leaver_name(bot, table.id, due.seat, name))
        note = (
            f"Time ran out for {left}: they forfeit, and {name} plays on in their seat "
            "(the game is no longer rated)."
        )
        await flow.show_current(bot, table.id, version=table.version, note=note)
        return
    assert due.move is not None and due.action is not None
    shown = f" `{due.action}`" if action_is_public(table.game, due.action) else " for them"
    if due.consequence == "abandoned":
        note = (
            f"Time ran out for {name}: the bot decided{shown}. Nobody has moved for a whole "
            f"round of turn timers, so {_title(table)} is abandoned (no result)."
        )
        await flow.show_current(bot, table.id, version=table.version, note=note)
        return
    who = "the normal AI" if due.consequence == "ai" else "the bot"
    await flow.after_move(bot, due.move, note=f"Time ran out for {name}: {who} decided{shown}.")


async def _leaver_name(bot: BoardBot, table_id: int, seat: int, default: str) -> str:
    """The name of the person who last left ``seat`` (an AI took it over)."""
    left = [n for s, _, n, _ in await bot.service.replaced_seats(table_id) if s == seat]
    return left[-1] if left else default


async def run_scheduler_once(bot: BoardBot, now: float | None = None) -> list[Due]:
    """One scheduler tick: first every table whose last change never reached its channel is
    shown (see :func:`bot.ui.flow.catch_up`), every AI decision nobody computes is started
    (one in flight when the bot stopped), then what is due is applied and announced (each
    failure is logged, the rest go on). With several processes the first two cover this
    process's servers only, the rest is done by the scheduler's leader alone."""
    await flow.catch_up(bot)
    await bot.ai_player.resume()
    if not await bot.leads():
        return []  # another process fires them (see bot.shards)
    done = await bot.scheduler.tick(now)
    for due in done:
        try:
            await announce(bot, due)
        except Exception:
            log.exception("table %s: announcing a %s failed", due.table.id, due.kind)
    return done


# --- take-back ---------------------------------------------------------------------------------


def takeback_view(table_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackAnswer(table_id, version, "approve"))
    view.add_item(TakebackAnswer(table_id, version, "refuse"))
    return view


async def ask_takeback(interaction: discord.Interaction[Any], table_id: int) -> None:
    """The last mover asks; the others are pinged in the channel with Approve / Refuse."""
    bot = flow.bot_of(interaction)
    asked = await bot.pbp.request_takeback(table_id, interaction.user.id)
    table = asked.table
    if asked.status == "undone":  # only AI seats to ask: they agree
        await flow.reply(interaction, "Your last move was taken back (the AI players agreed).")
        await flow.show_current(bot, table.id, version=table.version)
        return
    names = flow.names_of(table)
    others = [table.players[s].user_id for s in asked.waiting_for]
    mentions = " ".join(f"<@{u}>" for u in others)
    text = (
        f"{mentions} {names[asked.seat]} asks to take back their last move in {_title(table)}. "
        "Everyone else must approve; one refusal ends the request."
    )
    channel = bot.get_partial_messageable(table.channel_id)
    await channel.send(
        flow.clip(text),
        view=takeback_view(table.id, table.version),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
    )
    await flow.reply(interaction, "Take-back requested; the other players are asked.")


async def _answered(
    interaction: discord.Interaction[Any], outcome: TakebackOutcome, who: str
) -> None:
    bot = flow.bot_of(interaction)
    table = outcome.table
    names = flow.names_of(table)
    if outcome.status == "pending":
        waiting = ", ".join(names[s] for s in outcome.waiting_for)
        await interaction.response.edit_message(
            content=f"{names[outcome.seat]} asks to take back their last move. "
            f"{who} approved; waiting for {waiting}."
        )
        return
    if outcome.status == "refused":
        await interaction.response.edit_message(
            content=f"{who} refused: {names[outcome.seat]}'s move stands.", view=None
        )
        return
    await interaction.response.edit_message(
        content=f"Everyone approved: {names[outcome.seat]}'s last move was taken back.", view=None
    )
    await flow.show_current(bot, table.id, version=table.version)


def takeback_offer(table: Table, view: dict[str, Any], user_id: int) -> discord.ui.View | None:
    """A "Take back my last move" button for the player whose action was the last one."""
    last = view.get("last_action")
    seat = table.seat_of(user_id)
    if seat is None or not isinstance(last, dict) or last.get("seat") != seat or table.seq == 0:
        return None
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TakebackButton(table.id, table.version))
    return buttons


class TakebackButton(
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"undo:(?P<table>\d+):(?P<version>\d+)",
):
    """ "Take back my last move": the player who just moved asks the others to undo it."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take back my last move",
                style=discord.ButtonStyle.secondary,
                custom_id=f"undo:{table_id}:{version}",
            )
        )
        self.table_id = table_id
        self.version = version

    fields = (("table", int), ("version", int))

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = flow.bot_of(interaction)
        table = await bot.service.get(self.table_id)
        if table.status != "active":
            await flow.reply(interaction, flow.ended_text(table))
        elif table.version != self.version:
            await flow.send_stale(bot, interaction, table.id)
        else:
            await ask_takeback(interaction, table.id)


class TakebackAnswer(
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"undo:(?P<table>\d+):(?P<version>\d+):(?P<op>approve|refuse)",
):
    """Approve or Refuse under a take-back request."""

    def __init__(self, table_id: int, version: int, op: str) -> None:
        style = discord.ButtonStyle.success if op == "approve" else discord.ButtonStyle.danger
        super().__init__(
            discord.ui.Button(
                label=op.capitalize(), style=style, custom_id=f"undo:{table_id}:{version}:{op}"
            )
        )
        self.table_id = table_id
        self.version = version
        self.op = op

    fields = (("table", int), ("version", int), ("op", str))

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = flow.bot_of(interaction)
        request = await bot.pbp.takeback(self.table_id)
        if request is None or request.version != self.version:
            await interaction.response.edit_message(
                content="This take-back request is no longer open.", view=None
            )
            return
        outcome = await bot.pbp.answer_takeback(
            self.table_id, interaction.user.id, self.op == "approve"
        )
        who = presenters.plain_text(interaction.user.display_name)
        await _answered(interaction, outcome, who)


# --- rematch -----------------------------------------------------------------------------------


class RematchButton(
    Persistent,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rematch:(?P<table>\d+)",
):
    """Under the final scores: a new lobby here with the same players and options."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch", style=discord.ButtonStyle.primary, custom_id=f"rematch:{table_id}"
            )
        )
        self.table_id = table_id

    fields = (("table", int),)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = flow.bot_of(interaction)
        table = await bot.pbp.rematch(self.table_id, interaction.user.id)
        await flow.post_lobby(bot, table)
        await flow.reply(interaction, f"Rematch lobby opened: table #{table.id}.")


def rematch_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table_id))
    return view


PBP_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TakebackButton,
    TakebackAnswer,
    RematchButton,
)
