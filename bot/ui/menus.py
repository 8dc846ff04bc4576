"""A seated player's private answers: their hand, and the Act menu of their legal actions (the
picker's screens, buttons or grouped selects), also the one that follows their own move when the
next decision is theirs again, and the one that replaces their open menu when the decision comes
back to them later in the turn (:func:`bring_menus`)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot import presenters
from bot.i18n import Text, _, command
from bot.service import Table
from bot.storage.tables import TableStatus
from bot.ui import images
from bot.ui.lang import reply_lang, tr
from bot.ui.names import names_of
from bot.ui.open_menus import clicked_ephemeral, forget, remember, turn_of
from bot.ui.replies import acknowledge, clip, edit_message, reply
from bot.ui.status import describe_waiting

if TYPE_CHECKING:
    from bot.client import BoardBot

log = logging.getLogger(__name__)


async def send_hand(bot: BoardBot, interaction: discord.Interaction[Any], table: Table) -> None:
    """Answer ephemerally with the caller's private view (image and short text), in the
    caller's language."""
    await acknowledge(interaction)
    lang = reply_lang(interaction)
    seat = table.seat_of(interaction.user.id)
    private = await bot.service.private_view(table.id, interaction.user.id)
    text = presenters.hand_text(table.game, private, seat if seat is not None else -1, lang=lang)
    image = await images.render_file(
        table.game, images.marked(table, private, lang), "hand.png", private=True, lang=lang
    )
    if image is None:
        await interaction.followup.send(clip(text), ephemeral=True)
    else:
        await interaction.followup.send(clip(text), file=image, ephemeral=True)


async def send_act_menu(
    bot: BoardBot,
    interaction: discord.Interaction[Any],
    table: Table,
    prefix: str = "",
    *,
    edit: bool = False,
) -> None:
    """Answer with the caller's legal actions: the picker's screen ``prefix`` where the game
    has one, else buttons when few and grouped selects when many."""
    lang = reply_lang(interaction)
    if table.seat_of(interaction.user.id) is None:  # what NotSeated would say, translated
        await reply(interaction, _("You are not playing in this game."))
        return
    menu = await act_menu(bot, table, interaction.user.id, prefix, lang=lang)
    if menu is None:
        view = await bot.service.public_view(table.id)
        text = tr(describe_waiting(table, view, lang=lang), lang)
        offer = bot.hooks.takeback_offer(table, view, interaction.user.id, lang)
        content, components = text, offer
    else:
        content, components = menu
    if edit:
        await edit_message(interaction, content=content, view=components)
        shown = clicked_ephemeral(interaction)
    else:
        shown = await reply(interaction, content, view=components)
    # The message this player looks at: their decision replaces it when it comes back.
    await remember(bot, interaction, table, shown)


async def act_menu(
    bot: BoardBot, table: Table, user_id: int, prefix: str = "", *, lang: str
) -> tuple[str, discord.ui.View] | None:
    """The Act menu of ``user_id`` (seated) at ``prefix``: its heading in ``lang`` and its
    buttons; None when they have no decision to take."""
    legal = await bot.service.legal_actions(table.id, user_id)
    if not legal:
        return None
    picked = bot.hooks.picker_heading(table.game, prefix, legal, lang=lang)
    if picked is not None:  # a screen of the picker: where the player is
        choose: Text | str = picked
    elif prefix:
        choose = _(
            "Choose your action ({n} legal, showing `{prefix}…`). "
            "You can also type it with {command}.",
            n=len(legal),
            prefix=prefix,
            command=command("move"),
        )
    else:
        choose = _(
            "Choose your action ({n} legal). You can also type it with {command}.",
            n=len(legal),
            command=command("move"),
        )
    heading = tr(choose, lang)
    # From the caller's own view: it may name what only they see (a card they drew).
    own = await bot.service.private_view(table.id, user_id)
    decision = presenters.pending_clause(own, names_of(table, lang=lang), lang=lang)
    if decision:
        heading = tr(_("Pending: {decision}.", decision=decision), lang) + "\n" + heading
    components, shown, near = bot.hooks.menu_view(
        table, legal, prefix, lang=lang, own=own, seat=table.seat_of(user_id)
    )
    if near:
        heading += "\n" + tr(_("Green: the squares nearest your leaders."), lang)
    if shown == 0:
        heading = tr(_("Nothing matches any more; open Act again."), lang)
    return heading, components


async def next_decision(
    bot: BoardBot, table_id: int, user_id: int, *, lang: str
) -> tuple[str, discord.ui.View] | None:
    """The mover's next menu when the decision after their move is theirs again (the second
    T&E action, their own support, Targi's action phase): it goes out in the answer to the
    move, with no Act tap. None when someone else decides now."""
    table = await bot.service.get(table_id)
    if table.status != TableStatus.ACTIVE or table.seat_of(user_id) is None:
        return None
    return await act_menu(bot, table, user_id, lang=lang)


async def bring_menus(bot: BoardBot, table_id: int, version: int, users: Iterable[int]) -> int:
    """After the board of ``version`` went out: each of ``users`` (deciding now) whose open
    menu (:mod:`bot.ui.open_menus`) shows an older version of the same turn, and whose token
    still edits it, sees that message turn into their next decision, as the answer to their own
    move would show it (one request each). Best-effort: a refused edit only forgets the menu.
    Returns how many menus were edited."""
    menus = bot.open_menus.get(table_id)
    if not menus:
        return 0
    edited = 0
    table = await bot.service.get(table_id)
    if table.status != TableStatus.ACTIVE or table.version != version:
        return 0  # a newer board follows, and brings the menus itself
    turn: object = None
    for user_id in users:
        seat = table.seat_of(user_id)
        menu = menus.get(seat) if seat is not None else None
        if seat is None or menu is None or menu.user_id != user_id or menu.version >= version:
            continue
        if turn is None:
            turn = turn_of(table.game, await bot.service.public_view(table.id, table))
        if not menu.fresh() or menu.turn != turn:
            forget(bot, table_id, seat)  # a later turn or an old token: Act on the board
            continue
        nxt = await act_menu(bot, table, user_id, lang=menu.lang)
        if nxt is None:
            continue
        heading, components = nxt
        try:
            await menu.interaction.followup.edit_message(
                menu.message_id, content=clip(heading), view=components
            )
        except discord.HTTPException as error:  # dismissed, expired: Act on the board
            log.info("table %d: an open menu could not be edited: %s", table_id, error)
            forget(bot, table_id, seat)
            continue
        menus[seat] = dataclasses.replace(menu, version=version)
        edited += 1
    return edited
