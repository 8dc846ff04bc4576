"""Persistent buttons and selects: discord.py's ``DynamicItem``, declared once.

A persistent item's custom id is its ``key`` and its :class:`Part` values joined by ``:``
(``board:7:3:act``: the table, its version, the op). The template discord.py matches a click
against is made from the same parts, so an item declares only what is its own::

    class HintButton(PersistentButton, key="hint", parts=(TABLE, VERSION)):  # hint:7:3
        def __init__(self, table_id: int, version: int, *, lang: str) -> None:
            self.table_id, self.version = table_id, version
            label = tr(C_("button", "Hint (friendly game)"), lang)
            super().__init__(label, discord.ButtonStyle.secondary)

        async def _run(self, interaction: discord.Interaction[Any]) -> None: ...

Clicks on messages sent before a restart or an upgrade rebuild the item from its custom id
(:meth:`Persistent.from_custom_id`): custom ids never change shape
(``tests/bot/test_custom_ids.py`` holds the ones older versions sent). The table's version in an
id rises with every change, a take-back included, so a button's token never comes back;
:func:`current_table` is the check a versioned item makes before it acts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import discord

from bot.storage.tables import TableStatus
from bot.ui.errors import guarded
from bot.ui.interactions import bot_of
from bot.ui.lang import reply_lang
from bot.ui.replies import acknowledge, reply
from bot.ui.status import ended_text, send_stale

if TYPE_CHECKING:
    from bot.service import Table

#: Discord's limit for a custom id.
MAX_CUSTOM_ID = 100


@dataclass(frozen=True)
class Part:
    """One ``:``-separated part of a custom id: the item's attribute ``attr`` (its constructor's
    argument of that name, in the order of the parts), the regex ``pattern`` its text matches,
    ``parse`` and ``show`` between the text and the value. A part without ``attr`` is the fixed
    text ``pattern``; an ``optional`` one is left out, with its ``:``, when its value is None."""

    attr: str
    pattern: str
    parse: Callable[[str], Any] = str
    show: Callable[[Any], str] = str
    #: The template's group name, when it is not ``attr``.
    group: str = ""
    optional: bool = False

    @property
    def name(self) -> str:
        return self.group or self.attr

    def regex(self) -> str:
        piece = f"(?P<{self.name}>{self.pattern})" if self.attr else self.pattern
        return f"(?::{piece})?" if self.optional else f":{piece}"

    def text(self, value: Any) -> str:
        if self.optional and value is None:
            return ""
        return f":{self.show(value)}"

    def read(self, match: re.Match[str]) -> Any:
        text = match[self.name]
        return None if text is None else self.parse(text)


#: The table's id.
TABLE = Part("table_id", r"\d+", int, group="table")
#: The table's version the item was offered at (see :func:`current_table`).
VERSION = Part("version", r"\d+", int)


def ops(*names: str) -> Part:
    """One of ``names``, the item's ``op`` (what the button does: ``join``, ``act`` …)."""
    return Part("op", "|".join(names))


def fixed(text: str) -> Part:
    """The fixed word ``text`` (a regex without special characters)."""
    return Part("", text)


ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

#: The template of the bases below, which are never registered: matches nothing.
_NOTHING = r"(?!)"


class Persistent(discord.ui.DynamicItem[ItemT], template=_NOTHING):
    """Base of the bot's persistent items; a subclass names its ``key`` and ``parts``.

    ``from_custom_id`` rebuilds the item after a restart by passing the parts' values, in
    order, to the class's constructor, with ``lang`` the clicker's language (every item takes
    its language as a required keyword: a forgotten one is a type error, not an English label);
    ``callback`` runs ``_run`` through :func:`bot.ui.errors.guarded`, the one place where errors
    become short ephemeral replies.
    """

    key: ClassVar[str] = ""
    parts: ClassVar[tuple[Part, ...]] = ()
    #: Whether Discord is answered (a deferral) before ``_run``; an item that answers itself
    #: in time (see :func:`bot.ui.replies.in_time`) saves that request.
    defer_first: ClassVar[bool] = True

    def __init_subclass__(cls, *, key: str = "", parts: tuple[Part, ...] = (), **kw: Any) -> None:
        if key:
            cls.key, cls.parts = key, parts
            template = key + "".join(part.regex() for part in parts)
        else:  # a base of items, never registered
            template = _NOTHING
        super().__init_subclass__(template=template, **kw)

    @classmethod
    def custom_id_of(cls, *values: Any) -> str:
        """The custom id of the item with these values (one per part with an ``attr``)."""
        given = iter(values)
        return cls.key + "".join(
            part.text(next(given)) if part.attr else part.text(part.pattern) for part in cls.parts
        )

    def _custom_id(self) -> str:
        """This item's custom id, from its attributes."""
        return self.custom_id_of(*(getattr(self, part.attr) for part in self.parts if part.attr))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Any:
        make: Callable[..., Any] = cls
        values = (part.read(match) for part in cls.parts if part.attr)
        return make(*values, lang=reply_lang(interaction))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._answered_run)

    async def _answered_run(self, interaction: discord.Interaction[Any]) -> None:
        # Discord's first answer before any work: every click reads the database.
        if self.defer_first:
            await acknowledge(interaction)
        await self._run(interaction)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


class PersistentButton(Persistent[discord.ui.Button[discord.ui.View]]):
    """A persistent button; a subclass sets its parts' attributes, then calls this with what
    the button shows."""

    def __init__(
        self,
        label: str,
        style: discord.ButtonStyle,
        *,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, style=style, custom_id=self._custom_id(), row=row, emoji=emoji
        )
        super().__init__(button)


class PersistentSelect(Persistent[discord.ui.Select[discord.ui.View]]):
    """A persistent select of one value; a subclass sets its parts' attributes, then calls this
    with its options."""

    def __init__(self, options: list[discord.SelectOption], placeholder: str | None) -> None:
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=self._custom_id(),
            options=options,
            placeholder=placeholder,
            min_values=1,
            max_values=1,
        )
        super().__init__(select)


async def current_table(
    interaction: discord.Interaction[Any], table_id: int, version: int
) -> Table | None:
    """The table, if its game goes on at ``version`` (the one the clicked item was offered at);
    else None, the clicker told why: the game's end, or the current board (the board has
    changed)."""
    bot = bot_of(interaction)
    table = await bot.service.get(table_id)
    if table.status != TableStatus.ACTIVE:
        await reply(interaction, ended_text(table))
    elif table.version != version:
        await send_stale(bot, interaction, table.id)
    else:
        return table
    return None
