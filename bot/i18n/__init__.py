"""Languages: texts are written in English in the code and shown in the reader's language.

A :class:`Text` is a message not yet in any language: its English source (the gettext message
id), its parameters and, for counted messages, the plural form. Code that builds a message
returns a ``Text`` (made with :func:`_` or :func:`N_`); the presenter that knows who reads it
calls :func:`render` with that reader's language. ``str(text)`` is the English text, so every
caller that predates languages keeps working.

Catalogues are gettext ``.po`` files under ``data/locale/<lang>/LC_MESSAGES/<domain>.po``
(one domain per part of the bot, so people translating different parts never edit one file),
read with babel at first use; ``python -m bot.i18n extract`` refreshes them from the code. A
language's domains are merged into one catalogue.

Placeholders are ``str.format`` fields with names (``{player}``), never positional. A parameter
may itself be a ``Text`` (rendered in the same language) or a sequence given through
:func:`listing` (joined the language's way).

A slash command named in a sentence is a parameter too, :func:`command` (``command("game
new")``). English readers get the clickable mention ``</game new:ID>`` (``/game new`` before
the first sync); Discord shows a mention under its English name in every client, so Korean and
Turkish readers get their own command name in a code span (`` `/게임 만들기` ``,
`` `/oyun yeni` ``). Korean puts a fixed noun after it (``{command} 명령어로``).

Korean particles and Turkish case suffixes after a placeholder are format specs
(``{square:으로}``, ``{square:de}``): :mod:`bot.i18n.grammar`.

The pseudo-locale ``qps`` (tests only) wraps every catalogue text in ``⟦…⟧``: a message shown
in it with English outside the brackets bypassed the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "COMMAND_IDS",
    "C_",
    "DEFAULT",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "PSEUDO",
    "CommandMention",
    "Text",
    "_",
    "command",
    "decimal",
    "listing",
    "named",
    "normalize",
    "render",
    "tr",
]

#: The languages a server, table or reader can have; English is the source language.
LANGUAGES = ("en", "ko", "tr")
DEFAULT = "en"
#: The pseudo-locale of tests: every catalogue text marked ``⟦…⟧``.
PSEUDO = "qps"
#: Each language's own name for itself (choices of `/settings language:`).
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "tr": "Türkçe"}


def normalize(locale: object) -> str:
    """The language of a Discord locale (``ko``, ``tr``, ``en-US``, a ``discord.Locale``) or of
    a stored setting; anything without a catalogue is English."""
    value = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    if value == PSEUDO:
        return PSEUDO
    base = value.split("-", 1)[0]
    return base if base in LANGUAGES else DEFAULT


@dataclass(frozen=True)
class Text:
    """A message to show, in no language yet.

    ``msgid`` is the English source; ``plural`` and ``count`` make it a counted message
    (``count`` is also given to the pattern as ``{n}``); ``context`` tells apart one English
    word with two translations (a command name from the same word in a sentence).
    """

    msgid: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def render(self, lang: str) -> str:
        """This message in ``lang`` (falling back to English where the catalogue lacks it)."""
        from bot.i18n import catalog

        if self.plural is None:
            pattern = catalog.gettext(lang, self.msgid, self.context)
        else:
            pattern = catalog.ngettext(lang, self.msgid, self.plural, self.count or 0, self.context)
        values = {key: render(value, lang) for key, value in self.params}
        if self.count is not None:
            values.setdefault("n", self.count)
        if ":" in pattern:  # a format spec, perhaps a particle or suffix (bot.i18n.grammar)
            from bot.i18n.grammar import FORMATTER, has_endings

            if has_endings(pattern):
                return FORMATTER.format(pattern, **values)
        return pattern.format(**values)

    def __str__(self) -> str:
        return self.render(DEFAULT)


def _(msgid: str, /, **params: Any) -> Text:
    """A message to translate (the extractor finds every literal first argument)."""
    return Text(msgid, tuple(sorted(params.items())))


def C_(context: str, msgid: str, /, **params: Any) -> Text:
    """A message with a context, for one English text that needs two translations:
    ``C_("button", "Join")``."""
    return Text(msgid, tuple(sorted(params.items())), context=context)


def named(context: str, name: str) -> Text:
    """A name that comes from the game data rather than the code (a tribe card, a border card,
    a space), its context naming the game and the kind of name ("<game> card"). The domain that
    owns the data collects every such name into its catalogue (``bot.i18n.extract.COLLECTORS``).
    """
    return Text(name, context=context)


def N_(singular: str, plural: str, count: int, /, **params: Any) -> Text:
    """A counted message: ``N_("{n} hour", "{n} hours", hours)``; ``{n}`` is the count."""
    return Text(singular, tuple(sorted(params.items())), plural, count)


#: The id of each slash command and sub-command path (``"game new"``) as last synced; shared by
#: every text of the process (Discord gives one id per top-level command).
COMMAND_IDS: dict[str, int] = {}


@dataclass(frozen=True)
class CommandMention:
    """A slash command in a sentence (``path`` as in English: ``"game new"``)."""

    path: str

    def render(self, lang: str) -> str:
        """In English ``</game new:ID>`` when the id is known, else ``/game new``; in every
        other language the reader's own name in a code span (`` `/게임 만들기` ``): Discord
        shows a mention under its English name in every client, never a localisation."""
        known = COMMAND_IDS.get(self.path)
        if lang == DEFAULT and known is not None:
            return f"</{self.path}:{known}>"
        from bot.i18n import catalog

        name = "/" + " ".join(
            catalog.gettext(lang, word, "command name") for word in self.path.split()
        )
        return name if lang == DEFAULT else f"`{name}`"

    def __str__(self) -> str:
        return self.render(DEFAULT)


def command(path: str) -> CommandMention:
    """A parameter naming the slash command ``path`` (``"game new"``, ``"move"``)."""
    return CommandMention(path)


def decimal(value: float, lang: str, pattern: str = "0.##") -> str:
    """A number that may have decimals, written the language's way by babel (``4.5``, Turkish
    ``4,5``): league points, averages. ``pattern`` is babel's ("0.0": always one decimal)."""
    from babel.numbers import format_decimal

    locale = lang if lang in LANGUAGES else DEFAULT
    return str(format_decimal(value, format=pattern, locale=locale))


ListStyle = Literal["standard", "or"]


@dataclass(frozen=True)
class _Listing:
    """Items joined the language's way ("a, b and c" / "a, b와 c" / "a, b ve c")."""

    items: tuple[Any, ...]
    style: ListStyle = "standard"


def listing(items: Iterable[Any], style: ListStyle = "standard") -> _Listing:
    """A parameter that shows ``items`` (texts or plain values) as one list; ``style`` is
    babel's: ``standard`` (and) or ``or``."""
    return _Listing(tuple(items), style)


def render(value: Any, lang: str) -> Any:
    """A value as ``lang`` readers see it: texts translated, listings joined, other values
    (names, numbers, notation) unchanged."""
    if isinstance(value, Text | CommandMention):
        return value.render(lang)
    if isinstance(value, _Listing):
        from babel.lists import format_list

        parts = [str(render(item, lang)) for item in value.items]
        if not parts:
            return ""
        if lang == PSEUDO:  # babel's joiners are text too: mark them like a catalogue's
            return f"⟦{format_list(parts, style=value.style, locale=DEFAULT)}⟧"
        if lang == "ko" and value.style == "standard" and len(parts) > 1:
            # Spoken Korean joins the last two with 와/과 (the written 및 reads like a form):
            # "Alice 님과 Bob 님", "빨강 2개와 검정 1개".
            from bot.i18n.grammar import josa

            *first, before, last = parts
            return ", ".join([*first, f"{josa(before, '와')} {last}"])
        return format_list(parts, style=value.style, locale=lang)
    if isinstance(value, Mapping):
        return {key: render(item, lang) for key, item in value.items()}
    return value


def tr(value: Any, lang: str) -> str:
    """``value`` (a :class:`Text`, a listing or a plain value) as a string in ``lang``."""
    return str(render(value, lang))
