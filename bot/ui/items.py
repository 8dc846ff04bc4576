"""A table's persistent buttons and selects (the lobby, the board, the Act menu and picker, the
confirmations, the review and hints): declared with :mod:`bot.ui.persistent`, their custom ids
carry the table id and, where a click must not act on a changed board, its version.

Every item is registered in ``setup_hook``, so clicks on messages sent before a restart still
work. Callbacks run through :func:`bot.ui.errors.guarded`, the one place where errors become
short ephemeral replies.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import discord

from bot import action_menus, presenters, titles
from bot.ai import review as ai_review
from bot.ai import seats as ai_seats
from bot.i18n import C_, Text, _
from bot.service import Table
from bot.storage.tables import EndReason, TableStatus
from bot.ui import labels, picker
from bot.ui.interactions import bot_of, can_manage, player_of
from bot.ui.lang import reply_lang, table_lang, tr
from bot.ui.lobby import lobby_content, started_content
from bot.ui.menus import next_decision, send_act_menu, send_hand
from bot.ui.names import names_of
from bot.ui.open_menus import clicked_ephemeral, remember
from bot.ui.persistent import (
    MAX_CUSTOM_ID,
    TABLE,
    VERSION,
    Part,
    PersistentButton,
    PersistentSelect,
    current_table,
    fixed,
    ops,
)
from bot.ui.publish import after_move, show_current
from bot.ui.replies import acknowledge, clip, edit_message, in_time, reply
from bot.ui.status import send_stale

_LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}

_LOBBY_LABELS: dict[str, Text] = {
    "join": C_("button", "Join"),
    "leave": C_("button", "Leave"),
    "start": C_("button", "Start"),
    "cancel": C_("button", "Cancel"),
}

# Items rebuilt from a custom id after a restart only run callbacks: their labels are unused,
# so the constructors' ``lang`` (the language of the message they go on) defaults to English.


class LobbyButton(
    PersistentButton, key="lobby", parts=(TABLE, ops("join", "leave", "start", "cancel"))
):
    """Join, Leave, Start or Cancel a table in its lobby."""

    def __init__(self, table_id: int, op: str, *, lang: str) -> None:
        self.table_id, self.op = table_id, op
        super().__init__(tr(_LOBBY_LABELS[op], lang), _LOBBY_STYLES[op])

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        service = bot.service
        user = interaction.user.id
        if self.op == "join":
            table = await service.join(self.table_id, player_of(interaction))
        elif self.op == "leave":
            table = await service.leave(self.table_id, user)
        elif self.op == "start":
            table = await service.start(
                self.table_id, user, can_manage=can_manage(interaction), need_person=True
            )
            view = await service.public_view(table.id)
            await edit_message(interaction, content=started_content(table, view), view=None)
            await show_current(bot, table.id, version=table.version)
            return
        else:
            table = await service.cancel(self.table_id, user, can_manage=can_manage(interaction))
            cancelled = tr(_("Cancelled."), table_lang(table))
            await edit_message(
                interaction,
                content=clip(f"{lobby_content(table)}\n{cancelled}"),
                view=None,
            )
            return
        await edit_message(interaction, content=lobby_content(table), view=lobby_view(table))


class AiSelect(PersistentSelect, key="lobby", parts=(TABLE, fixed("ai"))):
    """The lobby's "Add AI" menu: seat an AI of a level, or remove the last AI seated
    (creator or server manager)."""

    def __init__(self, table_id: int, *, lang: str) -> None:
        self.table_id = table_id
        options = [
            discord.SelectOption(
                label=tr(C_("option", "Add AI ({level})", level=ai_seats.level_word(level)), lang),
                value=level,
                emoji="🤖",
            )
            for level in ai_seats.AI_LEVELS
        ]
        options.append(
            discord.SelectOption(label=tr(C_("option", "Remove an AI"), lang), value="remove")
        )
        super().__init__(options, tr(C_("option", "Add AI…"), lang))

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values:
            return
        service = bot_of(interaction).service
        manage = can_manage(interaction)
        if values[0] == "remove":
            table = await service.remove_ai(self.table_id, interaction.user.id, can_manage=manage)
        else:
            table = await service.add_ai(
                self.table_id, interaction.user.id, values[0], can_manage=manage
            )
        await edit_message(interaction, content=lobby_content(table), view=lobby_view(table))


def lobby_view(table: Table, lang: str | None = None) -> discord.ui.View:
    """Join / Leave / Start / Cancel and the "Add AI" menu (labelled in the table's language
    unless ``lang``), persistent across restarts."""
    lang = table_lang(table) if lang is None else lang
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(table.id, op, lang=lang))
    entry = titles.title(table.game)
    if entry is not None and entry.ai.module is not None:  # a title without an AI has no such menu
        view.add_item(AiSelect(table.id, lang=lang))
    return view


class BoardButton(PersistentButton, key="board", parts=(TABLE, VERSION, ops("hand", "act"))):
    """ "My hand" and "Act" under a board message."""

    def __init__(self, table_id: int, version: int, op: str, *, lang: str) -> None:
        self.table_id, self.version, self.op = table_id, version, op
        label, style = (
            (C_("button", "My hand"), discord.ButtonStyle.secondary)
            if op == "hand"
            else (C_("button", "Act"), discord.ButtonStyle.primary)
        )
        super().__init__(tr(label, lang), style)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        if self.op == "hand":
            await send_hand(bot, interaction, await bot.service.get(self.table_id))
            return
        table = await current_table(interaction, self.table_id, self.version)
        if table is not None:
            await send_act_menu(bot, interaction, table)


def board_view(table: Table, lang: str | None = None) -> discord.ui.View:
    """The buttons under a board, "My hand" and "Act", carrying the table id and its version
    (labelled in the table's language unless ``lang``: an ephemeral copy follows its reader)."""
    lang = table_lang(table) if lang is None else lang
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(table.id, table.version, "hand", lang=lang))
    view.add_item(BoardButton(table.id, table.version, "act", lang=lang))
    if table.hints:  # says on every board that this friendly game has hints
        view.add_item(HintButton(table.id, table.version, lang=lang))
    return view


class ActionButton(PersistentButton, key="do", parts=(TABLE, VERSION, Part("action", ".+"))):
    """One legal action, submitted with the table version it was offered at."""

    def __init__(
        self,
        table_id: int,
        version: int,
        action: str,
        *,
        lang: str,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        """``label`` is what the player reads (:mod:`bot.ui.labels`); rebuilt after a restart
        only to run the click, a button needs none."""
        self.table_id, self.version, self.action = table_id, version, action
        super().__init__((label or action)[:80], style, row=row, emoji=emoji)

    defer_first = False  # the move is answered in time: see submit_from_menu

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        await submit_from_menu(interaction, self.table_id, self.version, self.action)


class ActionSelect(PersistentSelect, key="pick", parts=(TABLE, VERSION, Part("n", r"\d", int))):
    """A select of actions ("a:<action>") or groups of actions ("g:<prefix>")."""

    def __init__(
        self,
        table_id: int,
        version: int,
        n: int,
        options: list[action_menus.MenuOption] | None = None,
        *,
        lang: str,
    ) -> None:
        self.table_id, self.version, self.n = table_id, version, n
        # The label is the player's language; the notation behind it, shown as the option's
        # description, is what `/move` takes.
        choices = [
            discord.SelectOption(
                label=option.label[:100],
                value=("g:" if option.is_group else "a:") + option.value,
                description=(
                    None
                    if option.label == option.value
                    else (f"{option.value} …" if option.is_group else option.value)[:100]
                ),
            )
            for option in options or []
        ]
        placeholder = None
        if options:
            first, last = options[0].label, options[-1].label
            placeholder = f"{first} – {last}"[:150] if len(options) > 1 else first[:150]
        super().__init__(choices or [discord.SelectOption(label="-", value="a:-")], placeholder)

    defer_first = False  # a move is answered in time (submit_from_menu); a group defers below

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if not values:
            await acknowledge(interaction)
            return
        kind, _sep, value = values[0].partition(":")
        if kind == "a":
            await submit_from_menu(interaction, self.table_id, self.version, value)
            return
        await acknowledge(interaction)
        bot = bot_of(interaction)
        table = await bot.service.get(self.table_id)
        if table.version != self.version:
            await send_stale(bot, interaction, table.id)
            return
        await send_act_menu(bot, interaction, table, value, edit=True)


async def submit_from_menu(
    interaction: discord.Interaction[Any], table_id: int, version: int, action: str
) -> None:
    """Submit an action chosen in the Act menu; confirm it in the menu after the commit (the
    menu's update is Discord's first answer unless the commit is slow: see in_time)."""
    bot = bot_of(interaction)
    result = await in_time(
        interaction,
        bot.service.submit(table_id, interaction.user.id, action, expected_version=version),
    )
    lang = reply_lang(interaction)
    played = tr(_("You played `{action}`.", action=action), lang)
    # The mover's next decision comes with the answer, in place of the menu: no Act tap.
    nxt = await next_decision(bot, table_id, interaction.user.id, lang=lang)
    if nxt is None:
        await edit_message(interaction, content=played, view=None)
    else:
        heading, view = nxt
        await edit_message(interaction, content=clip(f"{played}\n{heading}"), view=view)
    # The message the mover looks at: a decision coming back to them later replaces it.
    await remember(bot, interaction, result.table, clicked_ephemeral(interaction))
    await after_move(bot, result)


def _labelled(game: str, option: action_menus.MenuOption, lang: str) -> action_menus.MenuOption:
    if option.is_group:
        label = labels.prefix_label(game, option.value, option.count, lang=lang)
    else:
        label = labels.action_label(game, option.value, lang=lang)
    return dataclasses.replace(option, label=label)


def action_view(
    table: Table, menu: list[list[action_menus.MenuOption]], *, lang: str
) -> discord.ui.View:
    """Buttons when every option is a short action and they fit, else one select per group;
    each labelled in ``lang`` (the value behind it stays the notation)."""
    view = discord.ui.View(timeout=None)
    menu = [[_labelled(table.game, option, lang) for option in group] for group in menu]
    options = [option for group in menu for option in group]
    as_buttons = len(options) <= action_menus.MAX_CHOICES and all(
        not option.is_group
        and len(ActionButton.custom_id_of(table.id, table.version, option.value)) <= MAX_CUSTOM_ID
        for option in options
    )
    if as_buttons:
        for option in options:
            view.add_item(
                ActionButton(table.id, table.version, option.value, lang=lang, label=option.label)
            )
        return view
    for n, group in enumerate(menu[:5]):
        usable = [o for o in group if len(o.value) + 2 <= MAX_CUSTOM_ID]
        if usable:
            view.add_item(ActionSelect(table.id, table.version, n, usable, lang=lang))
    return view


class PickerButton(PersistentButton, key="pk", parts=(TABLE, VERSION, Part("path", ".*"))):
    """A step of the Act picker (:mod:`bot.ui.picker`): opens the screen ``path`` (a piece, a
    column, or Back) in place of the clicked one, for the table version it was offered at."""

    def __init__(
        self,
        table_id: int,
        version: int,
        path: str,
        *,
        lang: str,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        self.table_id, self.version, self.path = table_id, version, path
        super().__init__((label or path or "…")[:80], style, row=row, emoji=emoji)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        table = await current_table(interaction, self.table_id, self.version)
        if table is not None:
            bot = bot_of(interaction)
            await send_act_menu(bot, interaction, table, self.path, edit=True)


_PICKER_STYLES = {
    "action": discord.ButtonStyle.secondary,
    "near": discord.ButtonStyle.success,
    "group": discord.ButtonStyle.primary,
    "back": discord.ButtonStyle.secondary,
}


def _picker_label(game: str, button: picker.Button, path: str, lang: str) -> str:
    """What a picker button reads: a square alone where the screen already names the piece
    (``F4``), a column (``F…``), Back, else the action's or the group's label."""
    if button.kind == "back":
        return "◀ " + tr(C_("button", "Back"), lang)
    last = button.value.split()[-1] if button.value else ""
    if last.startswith(picker.PARTIAL):  # a row of the board
        return tr(C_("button", "Row {row}", row=last[1:]), lang)
    taken = len(path.split()) if path else 0
    if path and picker.PARTIAL in path.split()[-1]:
        taken -= 1
    rest = button.value.split()[taken:]
    if path and len(rest) == 1 and picker.is_square(rest[0]):
        return rest[0]
    short = labels.short_label(game, button.value) if path else None
    if button.kind == "group":
        if short:  # a group of swaps: the tiles they start with
            return f"{short} …"
        return _capital(labels.group_label(game, button.value, lang=lang), lang)
    if short:
        return short
    return _capital(labels.action_label(game, button.value, lang=lang), lang)


def _capital(text: str, lang: str) -> str:
    """A button's label starts with a capital ("temple tile …" -> "Temple tile …"; Turkish
    dotted i -> İ)."""
    if not text:
        return text
    first = "İ" if lang == "tr" and text[0] == "i" else text[0].upper()
    return first + text[1:]


def picker_heading(game: str, path: str, legal: list[str], *, lang: str) -> str | None:
    """The heading of the picker's screen ``path`` (None: no picker screen): where the player
    is ("Temple tile › Row 4") and how many actions lie under it."""
    if not path or picker.module_of(game) is None:
        return None
    words = path.split()
    piece = " ".join(words[: picker.piece_words(game, words[0])])
    crumbs = [labels.group_label(game, piece, lang=lang).removesuffix(" …")]
    for word in words[len(piece.split()) :]:
        if word.startswith(picker.PARTIAL):
            crumbs.append(tr(C_("button", "Row {row}", row=word[1:]), lang))
        else:  # a next word (a swap's first tile)
            upto = " ".join(words[: words.index(word) + 1])
            crumbs.append(labels.short_label(game, upto) or word)
    count = sum(1 for action in legal if picker.leads_to(path, action))
    choice = "**" + _capital(" › ".join(crumbs), lang) + "**"
    return tr(_("{choice}: choose one of {n}.", choice=choice, n=count), lang)


def menu_view(
    table: Table,
    legal: list[str],
    prefix: str = "",
    *,
    lang: str,
    own: dict[str, Any] | None = None,
    seat: int | None = None,
) -> tuple[discord.ui.View, int, bool]:
    """The Act menu's screen ``prefix`` for ``legal``, labelled in ``lang``: the picker's
    buttons where the game has one (:mod:`bot.ui.picker`; ``own`` and ``seat`` rank the
    squares near the player's pieces), else :func:`action_view`. Also how many actions it
    shows (0: nothing matches ``prefix`` any more) and whether it offers near squares."""
    near = picker.near_of(table.game, own, seat)
    screen = picker.screen(table.game, legal, prefix, near=near)
    if screen is not None and all(
        len(ActionButton.custom_id_of(table.id, table.version, b.value)) <= MAX_CUSTOM_ID
        for b in screen.buttons
    ):
        view = discord.ui.View(timeout=None)
        for button in screen.buttons:
            label = _picker_label(table.game, button, prefix, lang)
            emoji = labels.emoji(table.game, button.value) if not prefix else None
            style = _PICKER_STYLES[button.kind]
            if button.kind in ("action", "near"):
                item: Any = ActionButton(
                    table.id,
                    table.version,
                    button.value,
                    lang=lang,
                    label=label,
                    style=style,
                    row=button.row,
                    emoji=emoji,
                )
            else:
                item = PickerButton(
                    table.id,
                    table.version,
                    button.value,
                    lang=lang,
                    label=label,
                    style=style,
                    row=button.row,
                    emoji=emoji,
                )
            view.add_item(item)
        near_shown = any(b.kind == "near" for b in screen.buttons)
        return view, screen.actions, near_shown
    if picker.module_of(table.game) is not None:  # a picker path, not a menu prefix
        legal = [a for a in legal if picker.leads_to(prefix, a)]
        prefix = ""
    menu = action_menus.action_menu(legal, prefix)
    shown = sum(len(group) for group in menu)
    return action_view(table, menu, lang=lang), shown, False


class ConfirmButton(
    PersistentButton, key="confirm", parts=(TABLE, VERSION, ops("abort", "resign"))
):
    """The confirmation of `/game abort` and `/game resign`."""

    def __init__(self, table_id: int, version: int, op: str, *, lang: str) -> None:
        self.table_id, self.version, self.op = table_id, version, op
        label = (
            C_("button", "Yes, abort the game") if op == "abort" else C_("button", "Yes, resign")
        )
        super().__init__(tr(label, lang), discord.ButtonStyle.danger)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        user = interaction.user
        who = presenters.plain_text(user.display_name)
        mine = reply_lang(interaction)  # the confirmation is the clicker's; the notes the table's
        if self.op == "abort":
            table = await bot.service.abort(
                self.table_id,
                user.id,
                can_manage=can_manage(interaction),
                expected_version=self.version,
            )
            await edit_message(interaction, content=tr(_("Game aborted."), mine), view=None)
            lang = table_lang(table)
            title = presenters.game_title(table.game, lang=lang)
            note = _("{title} table #{id} was aborted by {who}.", title=title, id=table.id, who=who)
            if table.end_reason == EndReason.CANCELLED:  # a lobby: no board to retire or catch up
                channel = bot.get_partial_messageable(table.channel_id)
                await channel.send(clip(tr(note, lang)))
            else:
                await show_current(bot, table.id, version=table.version, note=note)
            return
        table = await bot.service.resign(self.table_id, user.id, expected_version=self.version)
        await edit_message(interaction, content=tr(_("You resigned."), mine), view=None)
        note = _("{who} resigned.", who=who)
        if table.status == TableStatus.ACTIVE:  # `ai_replaces`: an AI took the seat over
            seat = [row[0] for row in await bot.service.replaced_seats(table.id)][-1]
            ai = names_of(table, lang=table_lang(table))[seat]
            note = _(
                "{who} resigned; {ai} plays on in their seat (the game is no longer rated).",
                who=who,
                ai=ai,
            )
        await show_current(bot, table.id, version=table.version, note=note)


def confirm_view(table: Table, op: str, *, lang: str) -> discord.ui.View:
    """The confirmation button of `/game abort` or `/game resign`, labelled in ``lang`` (the
    reader's: it goes out ephemerally)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(table.id, table.version, op, lang=lang))
    return view


def _json_options(text: str) -> dict[str, Any]:
    options: dict[str, Any] = json.loads(text or "{}")
    return options


def _json_text(options: dict[str, Any]) -> str:
    return json.dumps(options, separators=(",", ":"), sort_keys=True)


class NewThreadButton(
    PersistentButton,
    key="thread",
    parts=(
        Part("game", "[a-z]+"),
        Part("seats", r"\d+", int),
        Part("order", "join|random"),
        Part("language", "[a-z]{2,3}", optional=True),
        Part("options", r"\{.*", _json_options, _json_text),
    ),
):
    """Offered when a channel is busy: open the requested game in a new thread instead, in the
    language the table would have had (``language``; None on offers made before languages were
    carried: the server's). ``lang`` is the label's language (the reader's)."""

    def __init__(
        self,
        game: str,
        seats: int,
        order: str,
        language: str | None,
        options: dict[str, Any],
        *,
        lang: str,
    ) -> None:
        self.game, self.seats, self.order = game, seats, order
        self.language, self.options = language, options
        label = tr(C_("button", "Open it in a new thread"), lang)
        super().__init__(label, discord.ButtonStyle.primary)

    @classmethod
    def fits(
        cls, game: str, seats: int, order: str, language: str | None, options: dict[str, Any]
    ) -> bool:
        return len(cls.custom_id_of(game, seats, order, language, options)) <= MAX_CUSTOM_ID

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        from bot.cogs.game import open_in_thread

        await open_in_thread(
            interaction, self.game, self.seats, self.order, self.options, language=self.language
        )


# --- the AI's review and hints -----------------------------------------------------------------


class ReviewButton(PersistentButton, key="review", parts=(TABLE,)):
    """Under the final result: the AI's review of the game, posted in the channel."""

    def __init__(self, table_id: int, *, lang: str) -> None:
        self.table_id = table_id
        super().__init__(tr(C_("button", "Review"), lang), discord.ButtonStyle.secondary)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        from bot.ui.review import post_review

        await post_review(bot_of(interaction), interaction, self.table_id)


def add_review_button(
    view: discord.ui.View | None, table_id: int, *, lang: str, game: str
) -> discord.ui.View | None:
    """``view`` (or a new one) with the Review button added; ``view`` as it is for a game
    without a review."""
    if not ai_review.reviewable(game):
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    view.add_item(ReviewButton(table_id, lang=lang))
    return view


class HintButton(PersistentButton, key="hint", parts=(TABLE, VERSION)):
    """Under each board of a friendly table with hints: the AI's suggestion, to the clicker."""

    def __init__(self, table_id: int, version: int, *, lang: str) -> None:
        self.table_id, self.version = table_id, version
        label = tr(C_("button", "Hint (friendly game)"), lang)
        super().__init__(label, discord.ButtonStyle.secondary)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the clicker alone with the AI's suggested action, a button that plays it,
        and why."""
        from bot.ui.review import hint_answer

        bot = bot_of(interaction)
        answer = await hint_answer(bot, interaction, self.table_id, self.version)
        if answer is None:
            return
        now, text, action, label = answer
        lang = reply_lang(interaction)
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(ActionButton(now.id, now.version, action, lang=lang, label=label))
        await reply(interaction, text, view=buttons)


REVIEW_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReviewButton, HintButton)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    AiSelect,
    BoardButton,
    ActionButton,
    ActionSelect,
    PickerButton,
    ConfirmButton,
    NewThreadButton,
)
