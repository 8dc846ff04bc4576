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

from bot import i18n, presenters
from bot.i18n import C_, N_, Text, _
from bot.pbp.log import action_is_public
from bot.pbp.scheduler import Due
from bot.pbp.usecases import TakebackOutcome
from bot.service import Service, Table
from bot.ui.boards import board_url
from bot.ui.catchup import caught_up, trimmed, turn_cue
from bot.ui.interactions import bot_of
from bot.ui.lang import table_lang, tr
from bot.ui.lobby import post_lobby
from bot.ui.names import names_of
from bot.ui.persistent import TABLE, VERSION, PersistentButton, current_table, ops
from bot.ui.publish import after_move, catch_up, show_current
from bot.ui.replies import MAX_CONTENT, clip, edit_message, reply

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def _when(at: float) -> str:
    """A Discord timestamp shown in each reader's own time zone ("in 3 hours")."""
    return f"<t:{int(at)}:R>"


def _duration(seconds: float) -> Text:
    hours = seconds / 3600
    if hours < 48:
        return N_("{n} hour", "{n} hours", round(hours))
    return N_("{n} day", "{n} days", round(hours / 24))


def _ping(user_id: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def _title(table: Table) -> Text:
    """ "Targi table #5", in the table's language (its public messages and DMs speak it)."""
    title = presenters.game_title(table.game, lang=table_lang(table))
    return _("{title} table #{id}", title=title, id=table.id)


def _where(table: Table) -> str:
    """ " <link to the board>" to end a message with, or ""."""
    link = board_url(table)
    return f" {link}" if link else ""


async def send_dm(bot: BoardBot, user_id: int, text: str | Text, *, lang: str) -> bool:
    """A direct message (a text in ``lang``: a table's DMs speak the table's language); False
    (and nothing else) when the user does not accept DMs."""
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        content = clip(tr(text, lang))
        await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
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
    Only public facts, in the table's language: a player's DM says what their ping says (the
    cue, then every move since their last decision; see :func:`turn_notice`) with a link."""
    lang = table_lang(table)
    waiting = [u for u in users]
    earlier = None if before is None else set(before)
    where = _where(table)
    for user_id in waiting:
        new_turn = earlier is None or user_id not in earlier
        if new_turn and user_id != mover and await bot.pbp.notify_dm(user_id):
            await send_dm(bot, user_id, await turn_notice(bot, table, user_id, where), lang=lang)
    if earlier is not None and earlier == set(waiting):
        return  # the same players still decide (a T&E player's second action): no turn change
    watchers = await bot.pbp.watchers(table.id)
    if watchers:
        names = names_of(table, lang=lang)
        seats = [s for s, p in enumerate(table.players) if p.user_id in waiting]
        who = ", ".join(names[s] for s in seats) or _("nobody")
        news = _("{table}: waiting for {who}.{where}", table=_title(table), who=who, where=where)
        for user_id in watchers:
            await send_dm(bot, user_id, news, lang=lang)


async def turn_notice(bot: BoardBot, table: Table, user_id: int, where: str) -> str:
    """The DM telling ``user_id`` it is their turn, in the table's language: the board's cue,
    every move since their last decision (trimmed to fit), then the board's link (``where``)."""
    lang = table_lang(table)
    view = await bot.service.public_view(table.id, table)
    cue = turn_cue(table, view, lang=lang)
    seat = table.seat_of(user_id)
    lines = await caught_up(bot, table, [seat], lang=lang) if seat is not None else []
    room = MAX_CONTENT - len(cue) - len(where) - 2
    announced = trimmed(lines, room, lang) if lines else ""
    return "\n".join(part for part in (cue, announced, where.strip()) if part)


async def away_note(bot: BoardBot, table: Table, lang: str | None = None) -> str:
    """ " Away: Ann (back <t:..:R>)." for the board text (in the table's language unless
    ``lang``), or ""."""
    lang = table_lang(table) if lang is None else lang
    away = await bot.pbp.away_seats(table)  # the table the board shows: no second read
    if not away:
        return ""
    names = names_of(table, lang=lang)
    listed = ", ".join(
        tr(_("{name} (back {when})", name=names[s], when=_when(until)), lang)
        for s, until in sorted(away.items())
    )
    return " " + tr(_("Away: {listed}.", listed=listed), lang)


async def announce(bot: BoardBot, due: Due) -> None:
    """Post what the scheduler applied: a reminder, a warning, or a timer's consequence, in the
    table's language (its DMs too)."""
    table = due.table
    lang = table_lang(table)
    channel = bot.get_partial_messageable(table.channel_id)
    name = names_of(table, lang=lang)[due.seat]
    where = _where(table)
    user = f"<@{due.user_id}>"
    if due.kind == "reminder":
        text = _(
            "{user} reminder: {table} has waited {waited} for your decision.{where}",
            user=user,
            table=_title(table),
            waited=_duration(due.waited),
            where=where,
        )
        await channel.send(clip(tr(text, lang)), allowed_mentions=_ping(due.user_id))
        if await bot.pbp.notify_dm(due.user_id):
            dm = _("Reminder: {table} waits for you.{where}", table=_title(table), where=where)
            await send_dm(bot, due.user_id, dm, lang=lang)
        return
    if due.kind == "warning":
        assert due.deadline is not None
        options = await bot.pbp.options(table.id)
        replaceable = Service.replaceable(table, due.seat)
        warning = _warning(
            options.consequence,
            replaceable,
            user=user,
            table=_title(table),
            when=_when(due.deadline),
        )
        await channel.send(clip(tr(warning, lang) + where), allowed_mentions=_ping(due.user_id))
        return
    note = await _expiry_note(bot, due, name)
    if due.consequence in ("forfeit", "replaced", "abandoned"):
        await show_current(bot, table.id, version=table.version, note=note)
        return
    assert due.move is not None
    await after_move(bot, due.move, note=note)


def _warning(consequence: str, replaceable: bool, **params: Any) -> Text:
    """The timer warning for a table's consequence, with its ``user``, ``table`` and ``when``
    (one whole sentence per consequence: the languages order them differently)."""
    if consequence == "forfeit" and replaceable:
        return _(
            "{user} the turn timer of {table} runs out {when}; "
            "then you forfeit and an AI plays on in your seat.",
            **params,
        )
    if consequence == "forfeit":
        return _(
            "{user} the turn timer of {table} runs out {when}; then you forfeit and the game ends.",
            **params,
        )
    if consequence == "ai":
        return _(
            "{user} the turn timer of {table} runs out {when}; "
            "then the normal AI takes the decision for you.",
            **params,
        )
    return _(
        "{user} the turn timer of {table} runs out {when}; "
        "then the bot takes the safest default decision for you.",
        **params,
    )


async def _expiry_note(bot: BoardBot, due: Due, name: str) -> Text:
    """What the channel is told when a turn timer ran out (``name``: the seat's name now)."""
    table = due.table
    if due.consequence == "forfeit":
        return _("Time ran out for {name}: they forfeit {table}.", name=name, table=_title(table))
    if due.consequence == "replaced":
        left = presenters.plain_text(await _leaver_name(bot, table.id, due.seat, name))
        return _(
            "Time ran out for {left}: they forfeit, and {name} plays on in their seat "
            "(the game is no longer rated).",
            left=left,
            name=name,
        )
    assert due.move is not None and due.action is not None
    public = action_is_public(table.game, due.action)
    action = f"`{due.action}`"
    if due.consequence == "abandoned":
        if public:
            return _(
                "Time ran out for {name}: the bot decided {action}. Nobody has moved for a "
                "whole round of turn timers, so {table} is abandoned (no result).",
                name=name,
                action=action,
                table=_title(table),
            )
        return _(
            "Time ran out for {name}: the bot decided for them. Nobody has moved for a "
            "whole round of turn timers, so {table} is abandoned (no result).",
            name=name,
            table=_title(table),
        )
    if due.consequence == "ai":
        if public:
            return _(
                "Time ran out for {name}: the normal AI decided {action}.", name=name, action=action
            )
        return _("Time ran out for {name}: the normal AI decided for them.", name=name)
    if public:
        return _("Time ran out for {name}: the bot decided {action}.", name=name, action=action)
    return _("Time ran out for {name}: the bot decided for them.", name=name)


async def _leaver_name(bot: BoardBot, table_id: int, seat: int, default: str) -> str:
    """The name of the person who last left ``seat`` (an AI took it over)."""
    left = [row[2] for row in await bot.service.replaced_seats(table_id) if row[0] == seat]
    return left[-1] if left else default


async def run_scheduler_once(bot: BoardBot, now: float | None = None) -> list[Due]:
    """One scheduler tick: first every table whose last change never reached its channel is
    shown (see :func:`bot.ui.publish.catch_up`), every AI decision nobody computes is started
    (one in flight when the bot stopped), then what is due is applied and announced (each
    failure is logged, the rest go on). With several processes the first two cover this
    process's servers only, the rest is done by the scheduler's leader alone."""
    await catch_up(bot)
    await bot.ai_player.resume()
    if not await bot.leads():
        return []  # another process fires them (see bot.running.shards)
    done = await bot.scheduler.tick(now)
    for due in done:
        try:
            await announce(bot, due)
        except Exception:
            log.exception("table %s: announcing a %s failed", due.table.id, due.kind)
    return done


# --- take-back ---------------------------------------------------------------------------------


def takeback_view(table_id: int, version: int, *, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakebackAnswer(table_id, version, "approve", lang=lang))
    view.add_item(TakebackAnswer(table_id, version, "refuse", lang=lang))
    return view


async def ask_takeback(interaction: discord.Interaction[Any], table_id: int) -> None:
    """The last mover asks; the others are pinged in the channel with Approve / Refuse."""
    bot = bot_of(interaction)
    asked = await bot.pbp.request_takeback(table_id, interaction.user.id)
    table = asked.table
    if asked.status == "undone":  # only AI seats to ask: they agree
        await reply(interaction, _("Your last move was taken back (the AI players agreed)."))
        await show_current(bot, table.id, version=table.version)
        return
    lang = table_lang(table)  # the request is public: the table's language
    names = names_of(table, lang=lang)
    others = [table.players[s].user_id for s in asked.waiting_for]
    mentions = " ".join(f"<@{u}>" for u in others)
    text = _(
        "{mentions} {name} asks to take back their last move in {table}. "
        "Everyone else must approve; one refusal ends the request.",
        mentions=mentions,
        name=names[asked.seat],
        table=_title(table),
    )
    channel = bot.get_partial_messageable(table.channel_id)
    await channel.send(
        clip(tr(text, lang)),
        view=takeback_view(table.id, table.version, lang=lang),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in others]),
    )
    await reply(interaction, _("Take-back requested; the other players are asked."))


async def _answered(
    interaction: discord.Interaction[Any], outcome: TakebackOutcome, who: str
) -> None:
    """Update the (public) take-back request after an answer, in the table's language."""
    bot = bot_of(interaction)
    table = outcome.table
    lang = table_lang(table)
    names = names_of(table, lang=lang)
    if outcome.status == "pending":
        waiting = ", ".join(names[s] for s in outcome.waiting_for)
        text = _(
            "{name} asks to take back their last move. {who} approved; waiting for {waiting}.",
            name=names[outcome.seat],
            who=who,
            waiting=waiting,
        )
        await edit_message(interaction, content=clip(tr(text, lang)))
        return
    if outcome.status == "refused":
        text = _("{who} refused: {name}'s move stands.", who=who, name=names[outcome.seat])
        await edit_message(interaction, content=clip(tr(text, lang)), view=None)
        return
    text = _("Everyone approved: {name}'s last move was taken back.", name=names[outcome.seat])
    await edit_message(interaction, content=clip(tr(text, lang)), view=None)
    await show_current(bot, table.id, version=table.version)


def takeback_offer(
    table: Table, view: dict[str, Any], user_id: int, lang: str = i18n.DEFAULT
) -> discord.ui.View | None:
    """A "Take back my last move" button (labelled in ``lang``, the reader's) for the player
    whose action was the last one."""
    last = view.get("last_action")
    seat = table.seat_of(user_id)
    if seat is None or not isinstance(last, dict) or last.get("seat") != seat or table.seq == 0:
        return None
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(TakebackButton(table.id, table.version, lang=lang))
    return buttons


class TakebackButton(PersistentButton, key="undo", parts=(TABLE, VERSION)):
    """ "Take back my last move": the player who just moved asks the others to undo it."""

    def __init__(self, table_id: int, version: int, *, lang: str) -> None:
        self.table_id, self.version = table_id, version
        label = tr(C_("button", "Take back my last move"), lang)
        super().__init__(label, discord.ButtonStyle.secondary)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        table = await current_table(interaction, self.table_id, self.version)
        if table is not None:
            await ask_takeback(interaction, table.id)


class TakebackAnswer(
    PersistentButton, key="undo", parts=(TABLE, VERSION, ops("approve", "refuse"))
):
    """Approve or Refuse under a take-back request."""

    def __init__(self, table_id: int, version: int, op: str, *, lang: str) -> None:
        self.table_id, self.version, self.op = table_id, version, op
        style = discord.ButtonStyle.success if op == "approve" else discord.ButtonStyle.danger
        label = C_("button", "Approve") if op == "approve" else C_("button", "Refuse")
        super().__init__(tr(label, lang), style)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        request = await bot.pbp.takeback(self.table_id)
        if request is None or request.version != self.version:
            table = await bot.service.get(self.table_id)  # the request is the table's message
            closed = _("This take-back request is no longer open.")
            await edit_message(interaction, content=tr(closed, table_lang(table)), view=None)
            return
        outcome = await bot.pbp.answer_takeback(
            self.table_id, interaction.user.id, self.op == "approve"
        )
        who = presenters.plain_text(interaction.user.display_name)
        await _answered(interaction, outcome, who)


# --- rematch -----------------------------------------------------------------------------------


class RematchButton(PersistentButton, key="rematch", parts=(TABLE,)):
    """Under the final scores: a new lobby here with the same players and options."""

    def __init__(self, table_id: int, *, lang: str) -> None:
        self.table_id = table_id
        super().__init__(tr(C_("button", "Rematch"), lang), discord.ButtonStyle.primary)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await bot.pbp.rematch(self.table_id, interaction.user.id)
        await post_lobby(bot, table)
        await reply(interaction, _("Rematch lobby opened: table #{id}.", id=table.id))


def rematch_view(table_id: int, *, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table_id, lang=lang))
    return view


PBP_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    TakebackButton,
    TakebackAnswer,
    RematchButton,
)
