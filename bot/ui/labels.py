"""Short human labels for actions in the game's notation: what the Act buttons and menus and the
`/move` suggestions show a player, in the reader's language.

The value behind each button, option and suggestion stays the notation (``tile red F4``); only
what is read changes (``사원 타일 → F4``, ``Bitir``, ``2번 대추야자에 타르기 놓기``). A partial
action (an Act menu group such as ``tile red``) gets a label too. Anything this module does not
recognise is shown as its notation, never refused: a label is a courtesy, the notation the truth.
Words come from the presenters (colours, leaders, tiles, goods, Targi cards), so a label and the
sentences around it use one term per concept.
"""

from __future__ import annotations

import functools
import importlib
import unicodedata
from collections.abc import Sequence

from bot import action_menus, titles
from bot.i18n import Text, _, tr
from bot.presenters import capitalized

__all__ = [
    "MAX_CHOICE_NAME",
    "action_label",
    "choice_name",
    "emoji",
    "group_label",
    "prefix_label",
    "search",
]

#: Discord's limit for an autocomplete choice's name.
MAX_CHOICE_NAME = 100

#: Each title's labels are its ``ui.labels`` module's ``label(words)`` (the words of an action
#: or of a partial one, an Act menu group).


def _label(game: str, notation: str) -> Text | str | None:
    words = notation.split()
    title = titles.title(game)
    if not words or title is None or title.ui.labels is None:
        return None
    label: Text | str | None = importlib.import_module(title.ui.labels).label(words)
    return label


def action_label(game: str, action: str, *, lang: str) -> str:
    """The short label of a whole action in ``lang`` (its notation if unknown)."""
    label = _label(game, action)
    return action if label is None else _capital(tr(label, lang), lang)


def _capital(text: str, lang: str) -> str:
    """A label starts with a capital letter, like every button ("Tapınak taşı → F4")."""
    return capitalized(text, lang)


def prefix_label(game: str, prefix: str, count: int, *, lang: str) -> str:
    """The label of an Act menu group: the actions starting with ``prefix`` (``count`` of them),
    e.g. "사원 타일 … (102)"; a prefix ending in a partial word ("tile red A") shows it."""
    label = _label(game, prefix)
    shown = f"{prefix} …" if label is None else _capital(tr(label, lang), lang)
    return tr(_("{label} ({n})", label=shown, n=count), lang)


def group_label(game: str, prefix: str, *, lang: str) -> str:
    """The label of a picker button opening the actions under ``prefix`` ("Temple tile …");
    a prefix whose label names a whole action gets "…" after it."""
    label = _label(game, prefix)
    if label is None:
        return f"{prefix} …"
    shown = tr(label, lang)
    return shown if shown.endswith("…") else f"{shown} …"


def emoji(game: str, prefix: str) -> str | None:
    """The picker's mark of a piece (``tile red`` -> 🟥), if its title has one."""
    title = titles.title(game)
    if title is None or title.ui.labels is None:
        return None
    marks: dict[str, str] = getattr(importlib.import_module(title.ui.labels), "EMOJI", {})
    return marks.get(prefix)


def short_label(game: str, action: str) -> str | None:
    """A picker button's short label for ``action`` inside its piece's screen (a swap's
    tiles as 🟦🟦⬛), if its title has one."""
    title = titles.title(game)
    if title is None or title.ui.labels is None:
        return None
    hook = getattr(importlib.import_module(title.ui.labels), "short", None)
    shown: str | None = hook(action.split()) if hook is not None else None
    return shown


def choice_name(game: str, action: str, *, lang: str) -> str:
    """An autocomplete suggestion's name: the notation to type, then the label
    (``tile red F4 — 사원 타일 → F4``), within Discord's 100 characters."""
    label = _label(game, action)
    if label is None:
        return action[:MAX_CHOICE_NAME]
    text = f"{action} — {_capital(tr(label, lang), lang)}"
    return text if len(text) <= MAX_CHOICE_NAME else action[:MAX_CHOICE_NAME]


def _fold(text: str) -> str:
    """``text`` for matching what a player types: lower case, no accents or dots (Turkish
    "Tapınak" and "TAPINAK" both read "tapinak"), arrows and ellipses dropped."""
    text = text.replace("İ", "i").replace("ı", "i").casefold()
    text = unicodedata.normalize("NFKD", text)
    kept = (c for c in text if not unicodedata.combining(c))
    return "".join(c if c.isalnum() or c in "-" else " " for c in kept)


@functools.lru_cache(maxsize=16384)
def _searchable(game: str, action: str, lang: str) -> tuple[str, ...]:
    """The words a player may type for ``action``: its notation, its label in ``lang`` and in
    English."""
    words = [_fold(action)]
    words.extend(_fold(action_label(game, action, lang=code)) for code in {lang, "en"})
    return tuple(" ".join(words).split())


def _matches(have: Sequence[str], typed: Sequence[str]) -> bool:
    """Whether each typed word starts a different word of ``have`` (in any order)."""
    left = list(have)
    for word in typed:
        found = next((i for i, w in enumerate(left) if w.startswith(word)), None)
        if found is None:
            return False
        del left[found]
    return True


def search(
    game: str, actions: Sequence[str], typed: str, *, lang: str, limit: int = 25
) -> list[str]:
    """`/move`'s suggestions: the actions matching the notation typed (best first, as
    :func:`bot.action_menus.rank_actions`), then those matching the player's words in their
    language or in English ("사원 f4", "tapınak f4", "temple f4" find ``tile red F4``)."""
    found = action_menus.rank_actions(actions, typed, limit)
    typed_words = _fold(typed).split()
    if len(found) >= limit or not typed_words:
        return found
    taken = set(found)
    worded = [
        (-len(set(typed_words) & set(words)), action_menus.natural_key(a), a)
        for a in actions
        if a not in taken and _matches(words := _searchable(game, a, lang), typed_words)
    ]
    # Whole words typed first ("a1" is A1 before A10), then in the notation's order.
    return found + [a for _w, _k, a in sorted(worded)[: limit - len(found)]]
