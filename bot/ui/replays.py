"""The replay and the score story in Discord: after the final result, and `/game replay`.

The final result (ranking, every score, the final board, the record) goes out at once; the
score story and the animated replay take seconds of drawing, so they follow it as a reply of
their own when drawn. The database says what is still owed (``replay_owed``, set in the very
write that ends the game), so a crash anywhere ends, after the restart, with each part in the
channel once: the result through the board catch-up, the replay through :func:`catch_up`. A
drawing is tried twice; if both fail, the result says so in one line.

The ◀ ▶ buttons step through a finished game turn by turn: each turn's still with its log,
in a message only the clicker sees (a click on the public still opens it; a click in it turns
its page).
"""

from __future__ import annotations

import asyncio
import io
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters, replays, titles
from bot.i18n import C_, Text, _
from bot.running.ids import short_id
from bot.service import ServiceError, Table
from bot.storage.tables import TableStatus
from bot.ui.images import chart_png, marked, replay_gif, turn_png
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang, table_lang, tr
from bot.ui.persistent import TABLE, Part, PersistentButton
from bot.ui.publish import HISTORY_LOOKBACK
from bot.ui.replies import clip, reply

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)

#: How many times a drawing is tried before the result says it could not be drawn.
ATTEMPTS = 2
#: Replays kept per bot for the ◀ ▶ buttons (a game's log replayed once, not at each click).
KEPT_REPLAYS = 4

# The replays on their way, per bot: one per table at a time, also between the live post and
# the scheduler's catch-up.
_drawing: weakref.WeakKeyDictionary[Any, dict[int, asyncio.Task[None]]] = (
    weakref.WeakKeyDictionary()
)
_kept: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[int, str], replays.Replay]] = (
    weakref.WeakKeyDictionary()
)


def replay_name(table: Table) -> str:
    return f"{table.game}-{table.id}-replay.gif"


def chart_name(table: Table) -> str:
    return f"{table.game}-{table.id}-score-story.png"


def has_chart(game: str) -> bool:
    """Whether the title draws a score story (an optional capability)."""
    title = titles.title(game)
    return title is not None and title.replay.chart is not None and title.replay.story is not None


async def _drawn(what: str, table: Table, make: Callable[[], Awaitable[bytes]]) -> bytes | None:
    """``make()`` tried :data:`ATTEMPTS` times (a worker that died counts as a failure); None
    (each failure logged with an id) if every attempt failed."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return await make()
        except Exception:
            error_id = short_id()
            log.exception(
                "table %d: drawing its %s failed (attempt %d of %d) [%s]",
                table.id,
                what,
                attempt,
                ATTEMPTS,
                error_id,
            )
    return None


async def story_and_replay(
    table: Table, replay: replays.Replay, lang: str
) -> tuple[list[discord.File], list[Text]]:
    """The score story and the animated replay as files, and a line for each that could not
    be drawn."""
    files: list[discord.File] = []
    failed: list[Text] = []
    if has_chart(table.game):
        chart = await _drawn(
            "score story", table, lambda: chart_png(table.game, replay.story, lang=lang)
        )
        if chart is None:
            failed.append(_("The score chart could not be drawn (tried twice)."))
        else:
            files.append(discord.File(io.BytesIO(chart), chart_name(table)))
    steps = list(replay.steps) or [
        replays.Step(n + 1, frame) for n, frame in enumerate(replay.frames)
    ]
    # the players' names as the boards show them, so the last frame is the final board
    shown = [marked(table, s.view, lang) for s in steps]
    animation = await _drawn(
        "replay",
        table,
        lambda: replay_gif(
            table.game,
            shown,
            lang=lang,
            turns=[s.turn for s in steps],
            changed=[s.changed for s in steps],
        ),
    )
    if animation is None:
        failed.append(_("The replay could not be drawn (tried twice)."))
    else:
        files.append(discord.File(io.BytesIO(animation), replay_name(table)))
    return files, failed


# ---- after the final result ---------------------------------------------------------------


def after_final(bot: BoardBot, table_id: int, *, recovering: bool = False) -> None:
    """Draw and post the replay and score story a finished table owes, in the background (the
    final result is already in the channel). ``recovering``: first look in the channel for
    them (a crash may have come after they were posted)."""
    drawing = _drawing.setdefault(bot, {})
    if table_id in drawing:
        return
    task = asyncio.get_running_loop().create_task(
        _follow(bot, table_id, recovering), name=f"replay-{table_id}"
    )
    drawing[table_id] = task
    task.add_done_callback(lambda _task: drawing.pop(table_id, None))


async def catch_up(bot: BoardBot) -> int:
    """On every scheduler tick (and after a restart): start the replays still owed by this
    process's servers' finished tables. Returns how many were started."""
    started = 0
    for table in await bot.service.replays_owed():
        if bot.owns(table.guild_id) and table.id not in _drawing.get(bot, {}):
            after_final(bot, table.id, recovering=True)
            started += 1
    return started


async def drawn(bot: BoardBot) -> None:
    """Wait until every replay on its way has been posted (or given up)."""
    while tasks := list(_drawing.get(bot, {}).values()):
        await asyncio.gather(*tasks, return_exceptions=True)


async def stop_drawing(bot: BoardBot) -> None:
    """Drop the replays on their way (the bot stops): they stay owed in the database."""
    tasks = list(_drawing.pop(bot, {}).values())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _follow(bot: BoardBot, table_id: int, recovering: bool) -> None:
    try:
        await _post_owed(bot, table_id, recovering)
    except Exception:  # the next scheduler tick tries again (it is still owed)
        log.exception("table %d: posting its replay failed; trying again later", table_id)


def _posts_it(message: discord.Message, table: Table) -> bool:
    names = {replay_name(table), chart_name(table)}
    return any(a.filename in names for a in message.attachments)


async def _post_owed(bot: BoardBot, table_id: int, recovering: bool) -> None:
    table = await bot.service.get(table_id)
    if table.status != TableStatus.FINISHED or table.posted_version != table.version:
        return
    if not await bot.service.replay_owed(table.id):  # posted already (`/game status` again)
        return
    channel = bot.get_partial_messageable(table.channel_id)
    lang = table_lang(table)
    result: discord.Message | None = None
    if table.board_message_id is not None:
        try:
            result = await channel.fetch_message(table.board_message_id)
        except discord.NotFound:
            result = None
    if recovering:
        me = bot.user.id if bot.user is not None else None
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if (me is None or message.author.id == me) and _posts_it(message, table):
                await bot.service.set_replay_posted(table.id)
                log.info("table %d: its replay was already in the channel", table.id)
                return
    try:
        replay = await replays.load(bot.service, table.id, lang)
    except ServiceError:  # no turn was played: nothing to replay
        await bot.service.set_replay_posted(table.id)
        return
    except Exception:
        error_id = short_id()
        log.exception("table %d: replaying its log failed [%s]", table.id, error_id)
        files: list[discord.File] = []
        failed: list[Text] = [_("The replay could not be drawn (tried twice).")]
    else:
        files, failed = await story_and_replay(table, replay, lang)
    if failed and result is not None:
        note = " ".join(tr(line, lang) for line in failed)
        if note not in result.content:
            await result.edit(content=clip(f"{result.content}\n{note}"))
    if files:
        title = presenters.game_title(table.game, lang=lang)
        total = len(replay.turns)
        head = _(
            "{title} table #{id}: the replay, turn by turn ({n} in all), and the score story.",
            title=title,
            id=table.id,
            n=total,
        )
        reference = result.to_reference(fail_if_not_exists=False) if result is not None else None
        await channel.send(
            tr(head, lang),
            files=files,
            view=step_view(table.id, None, total, lang=lang),
            reference=reference or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    await bot.service.set_replay_posted(table.id)
    log.info("table %d: replay posted (%d files, %d left out)", table.id, len(files), len(failed))


# ---- /game replay and its buttons -----------------------------------------------------------


async def finished_table(
    bot: BoardBot, channel_id: int | None, guild_id: int | None, number: int | None
) -> Table:
    """The game `/game replay` asks for: table ``number`` of this server, else the channel's
    last finished game; a clear refusal otherwise."""
    if number is not None:
        try:
            table = await bot.service.get(number)
        except ServiceError:
            table = None
        if table is None or table.guild_id != guild_id:
            raise ServiceError(_("There is no table #{id} in this server.", id=number))
        return table
    table = None if channel_id is None else await bot.service.finished_in_channel(channel_id)
    if table is None:
        raise ServiceError(_("No game has finished in this channel yet."))
    return table


async def _replay(bot: BoardBot, table_id: int, lang: str) -> replays.Replay:
    """The finished game's replay in ``lang``, kept for the next clicks."""
    kept = _kept.setdefault(bot, OrderedDict())
    key = (table_id, lang)
    if key in kept:
        kept.move_to_end(key)
        return kept[key]
    replay = await replays.load(bot.service, table_id, lang)
    kept[key] = replay
    while len(kept) > KEPT_REPLAYS:
        kept.popitem(last=False)
    return replay


async def turn_still(
    table: Table, replay: replays.Replay, turn: int, lang: str
) -> tuple[str, discord.File | None]:
    """Turn ``turn``'s caption with its log lines, and its still (the board after it under the
    banner "turn N of M", the squares the turn changed framed, the board's own counter reading
    the caption's turn)."""
    replays.check_turn(replay, turn)
    title = presenters.game_title(table.game, lang=lang)
    total = len(replay.turns)
    head = _(
        "{title} table #{id}, turn {turn} of {n}:", title=title, id=table.id, turn=turn, n=total
    )
    lines = [tr(head, lang), *(entry.text() for entry in replay.turn_log(turn))]
    step = [s for s in replay.steps if s.turn == turn][-1:]  # the turn's end, with its squares
    changed = step[0].changed if step else ()
    data = await _drawn(
        "turn",
        table,
        lambda: turn_png(
            table.game,
            marked(table, replay.frames[turn - 1], lang),
            turn=turn,
            total=total,
            changed=changed,
            lang=lang,
        ),
    )
    filename = f"{table.game}-{table.id}-turn-{turn}.png"
    still = None if data is None else discord.File(io.BytesIO(data), filename)
    return clip("\n".join(lines)), still


async def post_replay(
    bot: BoardBot,
    interaction: discord.Interaction[Any],
    number: int | None,
    turn: int | None,
) -> None:
    """`/game replay`: the replay and score story of a finished game, or one turn as a still with
    its log and ◀ ▶ buttons, posted in the channel in the table's language (like everything
    the table posts). The asker is answered apart (ephemerally, as every command is deferred):
    a refusal or the note that the replay is in the channel, in their own language."""
    table = await finished_table(bot, interaction.channel_id, interaction.guild_id, number)
    lang = table_lang(table)
    replay = await _replay(bot, table.id, lang)
    total = len(replay.turns)
    if turn is None:
        title = presenters.game_title(table.game, lang=lang)
        head: Text = _(
            "{title} table #{id}: the replay, turn by turn ({n} in all), and the score story.",
            title=title,
            id=table.id,
            n=total,
        )
        files, failed = await story_and_replay(table, replay, lang)
        text = "\n".join([tr(head, lang), *(tr(line, lang) for line in failed)])
        buttons = step_view(table.id, None, total, lang=lang)
    else:
        text, still = await turn_still(table, replay, turn, lang)
        files = [still] if still is not None else []
        buttons = step_view(table.id, turn, total, lang=lang)
    mentions = discord.AllowedMentions.none()
    channel_id = interaction.channel_id or table.channel_id
    posted = await bot.get_partial_messageable(channel_id).send(
        clip(text), files=files, view=buttons, allowed_mentions=mentions
    )
    where = interaction.guild_id or "@me"
    link = f"https://discord.com/channels/{where}/{channel_id}/{posted.id}"
    await reply(interaction, _("Posted in the channel: {link}", link=link))


class ReplayStep(PersistentButton, key="replay", parts=(TABLE, Part("turn", r"\d+", int))):
    """◀ / ▶ (and "Step through the turns"): turn ``turn`` of a finished game's replay, its
    still and log lines, for the clicker alone."""

    def __init__(self, table_id: int, turn: int, *, lang: str, label: str = "") -> None:
        self.table_id, self.turn = table_id, turn
        super().__init__(label or str(turn), discord.ButtonStyle.secondary)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = reply_lang(interaction)
        table = await finished_table(bot, None, interaction.guild_id, self.table_id)
        replay = await _replay(bot, table.id, lang)
        text, still = await turn_still(table, replay, self.turn, lang)
        buttons = step_view(table.id, self.turn, len(replay.turns), lang=lang)
        message = interaction.message
        if message is not None and message.flags.ephemeral:  # the clicker's own pages
            await interaction.edit_original_response(
                content=text, attachments=[still] if still else [], view=buttons
            )
        elif still is not None:
            await interaction.followup.send(text, file=still, view=buttons, ephemeral=True)
        else:
            await interaction.followup.send(text, view=buttons, ephemeral=True)


def step_view(table_id: int, turn: int | None, total: int, *, lang: str) -> discord.ui.View:
    """◀ ▶ around turn ``turn`` (greyed at the ends), or, for the whole replay (``turn`` None),
    one button that opens turn 1."""
    view = discord.ui.View(timeout=None)
    if turn is None:
        label = tr(C_("button", "Step through the turns"), lang)
        view.add_item(ReplayStep(table_id, 1, lang=lang, label=f"▶ {label}"))
        return view
    back = ReplayStep(table_id, turn - 1, lang=lang, label=f"◀ {max(1, turn - 1)}")
    forward = ReplayStep(table_id, turn + 1, lang=lang, label=f"{min(total, turn + 1)} ▶")
    back.item.disabled = turn <= 1
    forward.item.disabled = turn >= total
    view.add_item(back)
    view.add_item(forward)
    return view


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayStep,)
