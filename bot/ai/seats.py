"""AI seats at a table: how a seat's user id says "this is an AI of that level".

An AI seat is a seat whose user id is negative (the convention the ratings already follow: a game
with one is never rated). The id encodes the level and tells two AIs of one level apart, since
``(table_id, user_id)`` is the seats' primary key: ``-(level_index * 10 + n)`` with
``level_index`` 1 easy, 2 normal, 3 strong and ``n`` 1..9, so ``-11`` is the first easy AI at a
table, ``-22`` the second normal one, ``-31`` the first strong one. Ids from ``-1`` to ``-9``
(``n`` 0 never occurs) and below ``-39`` are not AI seats of a known level.

Knows no discord.py; the level names are :data:`bot.ai.LEVELS`.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import C_, Text, _

__all__ = [
    "AI_LEVELS",
    "REPLACEMENT_LEVEL",
    "ROBOT",
    "TIMER_LEVEL",
    "ai_label",
    "ai_level",
    "ai_name",
    "is_ai",
    "level_word",
    "mark",
    "next_ai_id",
]

#: The levels in the order of their index in the id (1, 2, 3).
AI_LEVELS = ("easy", "normal", "strong")
#: The robot mark shown before an AI seat's name in text.
ROBOT = "🤖"
#: The level that takes over a leaver's seat, and an absent player's overdue decision.
REPLACEMENT_LEVEL = "normal"
TIMER_LEVEL = "normal"
_PER_LEVEL = 9


def is_ai(user_id: int) -> bool:
    """Whether a seat with this user id is played by the AI (any negative id)."""
    return user_id < 0


def ai_level(user_id: int) -> str | None:
    """The level of an AI seat (``-21`` -> ``"normal"``); None for a person or an unknown id."""
    if user_id >= 0:
        return None
    index, n = divmod(-user_id, 10)
    if not 1 <= index <= len(AI_LEVELS) or n == 0:
        return None
    return AI_LEVELS[index - 1]


def next_ai_id(level: str, taken: Iterable[int]) -> int:
    """The first free id for an AI of ``level`` at a table whose seats have the ids ``taken``.

    ValueError for an unknown level or when nine AIs of that level already sit there."""
    if level not in AI_LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(AI_LEVELS)})")
    base = (AI_LEVELS.index(level) + 1) * 10
    used = set(taken)
    for n in range(1, _PER_LEVEL + 1):
        if -(base + n) not in used:
            return -(base + n)
    raise ValueError(f"a table has room for at most {_PER_LEVEL} {level} AIs")


def ai_name(user_id: int) -> str:
    """The seat's display name: ``AI (strong)``, ``AI (strong) 2`` for the second one."""
    level = ai_level(user_id) or "unknown"
    n = -user_id % 10
    return f"AI ({level})" if n <= 1 else f"AI ({level}) {n}"


def level_word(level: str) -> Text:
    """An AI level as the players read it ("strong")."""
    words = {
        "easy": C_("AI level", "easy"),
        "normal": C_("AI level", "normal"),
        "strong": C_("AI level", "strong"),
    }
    return words.get(level, C_("AI level", "unknown"))


def ai_label(user_id: int) -> Text:
    """:func:`ai_name` in the reader's language: the stored name is English, the table's
    messages show this one (``AI (강함)``, ``YZ (güçlü) 2``)."""
    level = level_word(ai_level(user_id) or "unknown")
    n = -user_id % 10
    if n <= 1:
        return _("AI ({level})", level=level)
    return _("AI ({level}) {n}", level=level, n=n)


def mark(user_id: int, name: str) -> str:
    """``name`` with the robot mark in front for an AI seat (text only; images draw their own)."""
    return f"{ROBOT} {name}" if is_ai(user_id) else name
