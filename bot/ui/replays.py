"""The replay and the score story in Discord: attached to the final result, and `/game replay`.

The final result carries both in its one message (with the final board and the record), so the
rule that brings a final result to the channel exactly once across a crash covers them too.
"""

from __future__ import annotations

import io
import logging
import uuid
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters, replays, titles
from bot.i18n import Text, _
from bot.service import ServiceError, Table
from bot.ui.images import board_png, chart_png, replay_gif
from bot.ui.lang import table_lang, tr

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def replay_name(table: Table) -> str:
    return f"{table.game}-{table.id}-replay.gif"


def chart_name(table: Table) -> str:
    return f"{table.game}-{table.id}-score-story.png"


async def _image(
    what: str, table: Table, make: Awaitable[bytes], filename: str
) -> discord.File | None:
    """An awaited image as a file, or None (logged with an id) if drawing it failed: the final
    result goes out without it rather than not at all."""
    try:
        data = await make
    except Exception:
        error_id = uuid.uuid4().hex[:8]
        log.exception("table %d: drawing its %s failed [%s]", table.id, what, error_id)
        return None
    return discord.File(io.BytesIO(data), filename)


async def final_files(bot: BoardBot, table: Table) -> list[discord.File]:
    """The score story and the replay of a finished game, in the table's language, for its
    final result (none for a game without a turn)."""
    if table.status != "finished":
        return []
    lang = table_lang(table)
    try:
        replay = await replays.load(bot.service, table.id, lang)
    except ServiceError:  # no turn was played
        return []
    except Exception:  # the result must go out even if its replay cannot be built
        error_id = uuid.uuid4().hex[:8]
        log.exception("table %d: replaying its log failed [%s]", table.id, error_id)
        return []
    return await story_and_replay(table, replay, lang)


async def story_and_replay(table: Table, replay: replays.Replay, lang: str) -> list[discord.File]:
    """The score story and the animated replay as files (a failed drawing is left out; a
    title without a score story has none)."""
    entry = titles.title(table.game)
    chart = None
    if entry is not None and entry.has_chart:
        chart = await _image(
            "score story", table, chart_png(table.game, replay.story, lang=lang), chart_name(table)
        )
    from bot.ui.flow import marked

    # the players' names as the boards show them, so the last frame is the final board
    frames = [marked(table, frame, lang) for frame in replay.frames]
    animation = await _image(
        "replay", table, replay_gif(table.game, frames, lang=lang), replay_name(table)
    )
    return [f for f in (chart, animation) if f is not None]


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


async def post_replay(
    bot: BoardBot,
    interaction: discord.Interaction[Any],
    number: int | None,
    turn: int | None,
) -> None:
    """`/game replay`: the replay and score story of a finished game, or one turn as a still with
    its log, posted in the channel in the table's language (like everything the table posts).
    The asker is answered apart (ephemerally, as every command is deferred): a refusal or the
    note that the replay is in the channel, in their own language."""
    table = await finished_table(bot, interaction.channel_id, interaction.guild_id, number)
    lang = table_lang(table)
    replay = await replays.load(bot.service, table.id, lang)
    if turn is not None:
        replays.check_turn(replay, turn)
    title = presenters.game_title(table.game, lang=lang)
    total = len(replay.turns)
    if turn is None:
        head: Text = _(
            "{title} table #{id}: the replay, one frame per turn ({n} in all), and the score "
            "story.",
            title=title,
            id=table.id,
            n=total,
        )
        files = await story_and_replay(table, replay, lang)
        text = tr(head, lang)
    else:
        head = _(
            "{title} table #{id}, turn {turn} of {n}:", title=title, id=table.id, turn=turn, n=total
        )
        lines = [tr(head, lang), *(entry.text() for entry in replay.turn_log(turn))]
        filename = f"{table.game}-{table.id}-turn-{turn}.png"
        from bot.ui.flow import marked

        frame = marked(table, replay.frames[turn - 1], lang)
        still = await _image("turn", table, board_png(table.game, frame, lang=lang), filename)
        files = [still] if still is not None else []
        text = "\n".join(lines)
    from bot.ui.flow import clip, reply

    mentions = discord.AllowedMentions.none()
    channel_id = interaction.channel_id or table.channel_id
    posted = await bot.get_partial_messageable(channel_id).send(
        clip(text), files=files, allowed_mentions=mentions
    )
    where = interaction.guild_id or "@me"
    link = f"https://discord.com/channels/{where}/{channel_id}/{posted.id}"
    await reply(interaction, _("Posted in the channel: {link}", link=link))
