"""Legal actions as a player finds them: ranked against what was typed (autocomplete) and
grouped into the Act menu's selects; pure functions of the notation's strings, no discord.py."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "MAX_CHOICES",
    "MAX_SELECTS",
    "MenuOption",
    "action_menu",
    "natural_key",
    "rank_actions",
    "spread_actions",
]

#: Discord's limit for autocomplete choices, select options and buttons in one message.
MAX_CHOICES = 25
#: Selects (action rows) one message may carry.
MAX_SELECTS = 5

_DIGITS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key treating digit runs as numbers, so "A2" comes before "A10"."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(text))


def rank_actions(actions: Sequence[str], typed: str, limit: int = MAX_CHOICES) -> list[str]:
    """Legal actions matching what was typed, best first, at most ``limit``.

    Order: an exact match, then actions starting with the typed text, then actions whose words
    start with each typed word in order ("red f4" finds "tile red F4"), then any substring match.
    When more actions start with the typed text than fit, the places are shared out evenly over
    their next words (see :func:`spread_actions`): an empty query shows some of every verb, ``tile``
    some of every colour, so typing a little more always narrows towards any legal action.
    """
    query = " ".join(typed.lower().split())
    prefixed = [a for a in actions if a.lower().startswith(query)]
    exact = [a for a in prefixed if a.lower() == query]
    chosen = exact + spread_actions([a for a in prefixed if a.lower() != query], limit - len(exact))
    if len(chosen) >= limit or not query:
        return chosen[:limit]
    words = query.split()
    taken = set(chosen)
    ranked: list[tuple[int, tuple[Any, ...], str]] = []
    for action in actions:
        low = action.lower()
        if action in taken:
            continue
        if _words_in_order(low.split(), words):
            ranked.append((2, natural_key(action), action))
        elif query in low:
            ranked.append((3, natural_key(action), action))
    ranked.sort()
    return chosen + [action for _, _, action in ranked[: limit - len(chosen)]]


def spread_actions(actions: Sequence[str], limit: int, depth: int = 0) -> list[str]:
    """At most ``limit`` of ``actions`` covering as many different next words as possible.

    The actions are grouped by their word at ``depth`` (past the words they all share); each group
    gets an even share of the places (a small group gives its unused places to the others) and is
    spread the same way one word further. With more groups than places, the first ones in natural
    order get one place each. The result is in natural order.
    """
    ordered = sorted(actions, key=natural_key)
    if len(ordered) <= limit:
        return ordered
    if limit <= 0:
        return []
    groups: dict[str, list[str]] = {}
    for action in ordered:
        words = action.split()
        groups.setdefault(words[depth] if depth < len(words) else "", []).append(action)
    if len(groups) == 1:
        return spread_actions(ordered, limit, depth + 1)
    if len(groups) >= limit:
        return [members[0] for members in list(groups.values())[:limit]]
    quotas: dict[str, int] = {}
    left = limit
    by_size = sorted(groups, key=lambda key: len(groups[key]))
    for index, key in enumerate(by_size):
        quotas[key] = min(len(groups[key]), left // (len(by_size) - index))
        left -= quotas[key]
    return [
        action
        for key, members in groups.items()
        for action in spread_actions(members, quotas[key], depth + 1)
    ]


def _words_in_order(have: list[str], typed: list[str]) -> bool:
    index = 0
    for word in have:
        if index < len(typed) and word.startswith(typed[index]):
            index += 1
    return index == len(typed)


@dataclass(frozen=True)
class MenuOption:
    """One entry of the Act menu: a legal action, or a group of actions sharing a prefix."""

    label: str
    value: str  # the action, or the prefix of the group
    is_group: bool
    count: int = 1


def _prefix_words(prefix: str) -> int:
    return len(prefix.split())


def action_menu(actions: Sequence[str], prefix: str = "") -> list[list[MenuOption]]:
    """The Act menu for the actions starting with ``prefix``: a list of option lists.

    Each inner list fits one select (at most 25 options); there are at most five. When the actions
    fit, the options are the actions themselves; otherwise they are grouped by their next word
    ("tile" then "tile red"), and a group that is still too big is opened again with its prefix.
    """
    chosen = sorted(
        (a for a in actions if a.startswith(prefix)),
        key=natural_key,
    )
    capacity = MAX_CHOICES * MAX_SELECTS
    if len(chosen) <= capacity:
        leaves = [MenuOption(a, a, False) for a in chosen]
        return _chunk(leaves)
    depth = _prefix_words(prefix)
    groups: dict[str, list[str]] = {}
    for action in chosen:
        words = action.split()
        key = " ".join(words[: depth + 1])
        groups.setdefault(key, []).append(action)
    if len(groups) == 1:
        (only,) = groups
        if only != prefix and _prefix_words(only) > depth:
            return action_menu(chosen, only)
    options: list[MenuOption] = []
    for key in sorted(groups, key=natural_key):
        members = groups[key]
        if len(members) == 1 and members[0] == key:
            options.append(MenuOption(key, key, False))
        else:
            options.append(MenuOption(f"{key} … ({len(members)})", key, True, len(members)))
    if len(options) > capacity:
        options = _by_first_letter(groups, depth)
    return _chunk(options[:capacity])


def _by_first_letter(groups: Mapping[str, list[str]], depth: int) -> list[MenuOption]:
    """Fallback when one word has too many values: group by its first character."""
    letters: dict[str, int] = {}
    for key, members in groups.items():
        words = key.split()
        head = " ".join(words[:depth])
        letter = words[depth][:1] if len(words) > depth else ""
        group = f"{head} {letter}".strip()
        letters[group] = letters.get(group, 0) + len(members)
    return [MenuOption(f"{key}… ({n})", key, True, n) for key, n in sorted(letters.items())]


def _chunk(options: list[MenuOption]) -> list[list[MenuOption]]:
    return [options[i : i + MAX_CHOICES] for i in range(0, len(options), MAX_CHOICES)]
