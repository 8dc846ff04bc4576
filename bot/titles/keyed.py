"""A title's keyed texts as data: an engine key -> the catalogue message and how each of its
placeholders is read from the engine's parameters.

An engine says what happened (an event) or why it refuses (a refusal) as a ``key`` and
``params`` beside its English sentence; a title answers with a :class:`KeyedTexts` table::

    EVENTS = KeyedTexts({
        "pass": says(_("{player} passes")),
        "score": says(_("{player} scores {n} {colour}"), colour=read("colour", colour_word)),
        "swap": says(N_("{player} swaps {n} tile", "{player} swaps {n} tiles", 0), count=num("n")),
    })

A placeholder without a reader takes the parameter of its name as it is. The few keys that
choose between messages map to a function of the parameters instead. The messages stay
literal ``_``/``C_``/``N_`` calls in the title's module, so the catalogue extraction finds
them where they are used.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.games.contract import Params
from bot.i18n import Text

__all__ = ["KeyedTexts", "Reader", "Says", "const", "num", "param", "read", "says"]

#: Reads one placeholder's value from an engine's parameters.
Reader = Callable[[Params], Any]


def _fields(pattern: str) -> list[str]:
    """The placeholder names of ``pattern`` (``{player}``, ``{n:,}`` -> player, n), once each."""
    names = (name for _lit, name, _spec, _conv in string.Formatter().parse(pattern) if name)
    return list(dict.fromkeys(name.split(".")[0].split("[")[0] for name in names))


@dataclass(frozen=True)
class Says:
    """A message and the readers of its placeholders; called with the parameters, the text."""

    text: Text
    readers: Mapping[str, Reader]
    #: A counted message's count (``N_``): its ``{n}`` is the count, read here.
    count: Reader | None = None

    def __post_init__(self) -> None:
        names = set(_fields(self.text.msgid)) | set(_fields(self.text.plural or ""))
        unknown = set(self.readers) - names
        if unknown:  # a reader for no placeholder is a typo in the table
            raise ValueError(f"{self.text.msgid!r} has no placeholder {sorted(unknown)}")

    def __call__(self, p: Params) -> Text:
        names = _fields(self.text.msgid) + _fields(self.text.plural or "")
        counted = self.count is not None
        values = {
            name: self.readers[name](p) if name in self.readers else p[name]
            for name in dict.fromkeys(names)
            if not (counted and name == "n")
        }
        count = int(self.count(p)) if self.count is not None else self.text.count
        return replace(self.text, params=tuple(sorted(values.items())), count=count)


def says(text: Text, *, count: Reader | None = None, **readers: Reader) -> Says:
    """``text`` (a catalogue message given without values) with the readers of its
    placeholders."""
    return Says(text, readers, count)


def param(key: str) -> Reader:
    """The parameter ``key`` as it is, for a placeholder of another name."""
    return lambda p: p[key]


def read(key: str, how: Callable[[Any], Any]) -> Reader:
    """The parameter ``key`` as ``how`` words it (``read("colour", colour_word)``)."""
    return lambda p: how(p[key])


def num(key: str) -> Reader:
    """The parameter ``key`` as a whole number (a count)."""
    return lambda p: int(p[key])


def const(value: Any) -> Reader:
    """The same value whatever the parameters (a fixed name, a shared clause)."""
    return lambda p: value


#: A table's entry: a message with its readers, or a function choosing between messages.
Entry = Says | Callable[[Params], Text | None]


class KeyedTexts:
    """A title's texts by engine key: callable as ``(key, params) -> Text | None`` (None: not
    this title's key), the shape :class:`bot.titles.Title` asks for its events and refusals."""

    def __init__(
        self,
        entries: Mapping[str, Entry],
        otherwise: Callable[[str, Params], Text | None] | None = None,
    ) -> None:
        self.entries = dict(entries)
        #: Asked for a key the table lacks (keys formed from a word, e.g. ``impossible_<verb>``).
        self.otherwise = otherwise

    def __call__(self, key: str, p: Params) -> Text | None:
        entry = self.entries.get(key)
        if entry is None:
            return self.otherwise(key, p) if self.otherwise is not None else None
        return entry(p)

    def keys(self) -> list[str]:
        """The keys the table words."""
        return list(self.entries)
