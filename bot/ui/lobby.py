"""A table's lobby message: the game, its language and options, the seats taken, who may start;
the card it becomes once the game started."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot import i18n, presenters, titles
from bot.ai import seats as ai_seats
from bot.games import get_game
from bot.i18n import C_, _
from bot.service import Table
from bot.storage.tables import TableStatus
from bot.ui.lang import table_lang, tr
from bot.ui.names import names_of, plain_names
from bot.ui.replies import clip

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


def _option_value(value: Any) -> Any:
    if isinstance(value, bool):
        return C_("option value", "yes") if value else C_("option value", "no")
    return str(value)


def seating(table: Table, view: dict[str, Any], *, lang: str) -> str:
    """ "Alice (궁수), Bob (황소)": the seats in order, with the symbol the images give each seat
    (after a dash where the player's name already ends in parentheses: "AI (보통) 2 – 항아리")."""
    return tr(presenters.seat_order(names_of(table, lang=lang), ()), lang)


def lobby_content(table: Table, lang: str | None = None) -> str:
    """The lobby message (in the table's language unless ``lang``): game, language, options,
    seats taken, who may start."""
    lang = table_lang(table) if lang is None else lang
    title = presenters.game_title(table.game, lang=lang)
    if table.seat_order == "random":
        head = _(
            "**{title}**, table #{id}: up to {seats} players, random seat order.",
            title=title,
            id=table.id,
            seats=table.max_seats,
        )
    else:
        head = _(
            "**{title}**, table #{id}: up to {seats} players, seats in join order.",
            title=title,
            id=table.id,
            seats=table.max_seats,
        )
    language = i18n.LANGUAGE_NAMES.get(table_lang(table), table.language)
    lines = [tr(head, lang), tr(_("Language: {language}.", language=language), lang)]
    if table.options or not table.rated or table.hints:
        try:  # only what differs from the game's defaults (Targi alone has 17 options)
            defaults: dict[str, Any] = dict(get_game(table.game).OPTIONS)
        except KeyError:
            defaults = {}
        changed = {k: v for k, v in table.options.items() if k not in defaults or defaults[k] != v}
        if not table.rated:  # the bot's own table option, kept apart from the engine's
            changed["rated"] = False
        if table.hints:
            changed["hints"] = True
        # Option names in the reader's words with the name typed in `/game new`; yes/no are words.
        shown = ", ".join(
            f"{tr(presenters.option_label(k), lang)}: {tr(_option_value(v), lang)}"
            for k, v in sorted(changed.items())
        )
        options = _("Options: {options}.", options=shown or _("the standard rules"))
        lines.append(tr(options, lang))
    people = sum(not ai_seats.is_ai(p.user_id) for p in table.players)
    # Only people are replaced, and never the last one: a started game with one person (a
    # solo game against the AI) promises nothing.
    if (
        table.ai_replaces
        and (entry := titles.title(table.game)) is not None
        and entry.ai.replaces_leavers
        and table.max_seats >= entry.ai.min_seats_replaced
        and (table.status == TableStatus.LOBBY or people > 1)
    ):
        lines.append(
            tr(_("A player who resigns or runs out of time is replaced by a normal AI."), lang)
        )
    # The seats as joined (the started card lists them in order with their symbols below).
    seated = ", ".join(plain_names(table, lang=lang)) or _("nobody yet")
    lines.append(
        tr(
            _(
                "Seated ({seated}/{seats}): {names}.",
                seated=len(table.players),
                seats=table.max_seats,
                names=seated,
            ),
            lang,
        )
    )
    if table.status == TableStatus.LOBBY:
        starter = f"<@{table.creator_id}>"
        lines.append(tr(_("{user} (or a server manager) starts or cancels.", user=starter), lang))
    return clip("\n".join(lines))


def started_content(table: Table, view: dict[str, Any]) -> str:
    """The lobby card once the game started: the card and the seats in order, in the table's
    language."""
    lang = table_lang(table)
    started = _("Started; seats in order: {seating}.", seating=seating(table, view, lang=lang))
    return clip(f"{lobby_content(table, lang)}\n{tr(started, lang)}")


async def post_lobby(bot: BoardBot, table: Table) -> None:
    """Post the lobby message in the table's channel and remember its id."""
    channel = bot.get_partial_messageable(table.channel_id)
    message = await channel.send(lobby_content(table), view=bot.hooks.lobby_view(table))
    await bot.service.set_lobby_message(table.id, message.id)
    log.info("table %d (%s): lobby in channel %d", table.id, table.game, table.channel_id)
