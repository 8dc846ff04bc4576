"""The post-game review in Discord: what the *Review* button under the final result and
`/game review` post, and the answer of the *Hint* button under the boards of friendly tables
with `hints=yes` (the buttons are :mod:`bot.ui.items`'s, with the board's other buttons).

The review (:mod:`bot.review`) is computed in the render pool's long lane and posted in the
channel in the table's language: the chance-to-win chart with the summary lines, then per
player a message with the turning points (the still of each turn, the move played, the AI's
move and why). The asker is answered apart, ephemerally, in their own language. A hint is
computed in the AI worker pool and answers the clicker alone.
"""

from __future__ import annotations

import io
import weakref
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters
from bot import review as use_case
from bot.ai import review as ai_review
from bot.ai import seats as ai_seats
from bot.ai.worker import AiPool
from bot.i18n import Text, _, tr
from bot.service import ServiceError
from bot.storage.tables import TableStatus
from bot.ui.images import render_long
from bot.ui.labels import action_label
from bot.ui.lang import reply_lang, table_lang
from bot.ui.names import names_of
from bot.ui.replies import clip, reply
from bot.ui.status import ended_text, send_stale
from renderers.review import render_review_chart, render_stills, split_stills

if TYPE_CHECKING:
    from bot.client import BoardBot
    from bot.service import Table

__all__ = ["hint_answer", "post_review", "reviews_of"]

_reviews: weakref.WeakKeyDictionary[Any, use_case.Reviews] = weakref.WeakKeyDictionary()


def reviews_of(bot: BoardBot) -> use_case.Reviews:
    """The bot's reviews (one limit of reviews in flight per server for the whole bot)."""
    reviews = _reviews.get(bot)
    if reviews is None:
        reviews = _reviews[bot] = use_case.Reviews(bot.service, render_long)
    return reviews


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


async def post_review(bot: BoardBot, interaction: discord.Interaction[Any], table_id: int) -> None:
    """Post the finished table's review in the channel (computed first if it is not stored)."""
    reviews = reviews_of(bot)
    table = await bot.service.get(table_id)
    if table.status != TableStatus.FINISHED:
        raise ServiceError(_("The review is made once the game has ended."))
    if not ai_review.reviewable(table.game):
        raise ServiceError(_("This game has no AI review."))
    lang = table_lang(table)
    if await reviews.stored(table_id) is None:
        await reply(
            interaction,
            _(
                "Preparing the review of table #{id}; it will be posted in the channel.",
                id=table_id,
            ),
        )
    got = await reviews.get(table_id, lang)
    names = names_of(got.table, lang=lang)
    title = presenters.game_title(got.table.game, lang=lang)
    review = got.review
    lines = [tr(_("{title} table #{id}: the AI's review.", title=title, id=got.table.id), lang)]
    for seat in range(review.seats):
        real = [j for j in review.decisions if j.seat == seat and j.choices > 1]
        lines.append(
            tr(use_case.summary_text(names[seat], review.agreement[seat], len(real)), lang)
        )
    # The chart names AI seats by their label alone: the robot mark is an emoji the image
    # fonts do not draw.
    plain = [
        tr(ai_seats.ai_label(p.user_id), lang)
        if ai_seats.is_ai(p.user_id)
        else presenters.plain_text(p.name)
        for p in got.table.players
    ]
    chart_bytes = await render_long(render_review_chart, got.series(), plain, lang)
    chart = discord.File(io.BytesIO(chart_bytes), f"{got.table.game}-{got.table.id}-review.png")
    channel = bot.get_partial_messageable(interaction.channel_id or got.table.channel_id)
    mentions = discord.AllowedMentions.none()
    first = await channel.send(clip("\n".join(lines)), file=chart, allowed_mentions=mentions)
    # Every turning point's still in one job of the long lane: not at the boards' priority, and
    # not queued still by still behind the other reviews being computed there.
    turning = [(seat, got.turning(seat)) for seat in range(review.seats)]
    frames = [
        presenters.localize_view(got.table.game, got.replay.frames[point.turn - 1], lang=lang)
        for _seat, points in turning
        for point in points
    ]
    stills = iter(split_stills(await render_long(render_stills, got.table.game, frames, lang)))
    for seat, points in turning:
        if not points:
            continue
        head: Text = _("Turning points of {player}:", player=names[seat])
        text = [tr(head, lang)]
        files = []
        for number, point in enumerate(points, start=1):
            judged = point.judged
            played = "`" + action_label(got.table.game, judged.played, lang=lang) + "`"
            better = "`" + action_label(got.table.game, judged.preferred, lang=lang) + "`"
            line = _(
                "{number}. Turn {turn}: you played {played} ({before}); the AI prefers {better} "
                "({after}).",
                number=number,
                turn=point.turn,
                played=played,
                before=_percent(judged.chance_played),
                better=better,
                after=_percent(judged.chance_preferred),
            )
            why = use_case.term_text(got.table.game, judged.term, names)
            text.append(f"{tr(line, lang)} {tr(why, lang)}")
            still = next(stills)
            filename = f"{got.table.game}-{got.table.id}-turn-{point.turn}-{number}.png"
            files.append(discord.File(io.BytesIO(still), filename))
        await channel.send(clip("\n".join(text)), files=files, allowed_mentions=mentions)
    where = interaction.guild_id or "@me"
    link = f"https://discord.com/channels/{where}/{first.channel.id}/{first.id}"
    await reply(interaction, _("Posted in the channel: {link}", link=link))


# --- hints (friendly games) ---------------------------------------------------------------------


def _hint_seed(table_seed: int, version: int, seat: int) -> int:
    return use_case.review_seed(table_seed) ^ (version * 8 + seat)


async def hint_answer(
    bot: BoardBot, interaction: discord.Interaction[Any], table_id: int, version: int
) -> tuple[Table, str, str, str] | None:
    """The AI's suggestion to the clicker, from their own view, computed in the AI worker pool:
    the table, the answer (the action and why), the action and its label (for the button that
    plays it; :class:`bot.ui.items.HintButton` sends them). None: the clicker was answered
    already (the game ended, the board moved on)."""
    table = await bot.service.get(table_id)
    if table.status != TableStatus.ACTIVE:
        await reply(interaction, ended_text(table))
        return None
    if not table.hints:  # a rated table never shows the button; a forged click gets nothing
        raise ServiceError(_("Hints are only for friendly games with the option `hints=yes`."))
    if table.version != version:
        await send_stale(bot, interaction, table.id)
        return None
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise ServiceError(_("Only the players of this table get hints."))
    decision = await bot.service.seat_decision(table.id, seat)
    if decision is None:
        raise ServiceError(_("You have no decision to take now."))
    now, view, legal = decision
    if bot.ai_pool is None:
        bot.ai_pool = AiPool(bot.ai_workers, iterations=bot.ai_iterations)
    seed = _hint_seed(now.seed, now.version, seat)
    suggestion = await bot.ai_pool.run(ai_review.hint, now.game, view, legal, seed)
    lang = reply_lang(interaction)
    label = action_label(now.game, suggestion.action, lang=lang)
    names = names_of(now, lang=lang)
    text = tr(
        _(
            "The AI suggests {action} (estimated chance to win after it: {chance}).",
            action="`" + label + "`",
            chance=_percent(suggestion.chance),
        ),
        lang,
    )
    if suggestion.runner_up is not None:
        other = "`" + action_label(now.game, suggestion.runner_up, lang=lang) + "`"
        why = use_case.term_text(now.game, suggestion.term, names, other=other)
        text = f"{text} {tr(why, lang)}"
    return now, text, suggestion.action, label
