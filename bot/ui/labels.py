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

import importlib

from bot import titles
from bot.i18n import Text, _, tr
from bot.presenters import capitalized

__all__ = ["MAX_CHOICE_NAME", "action_label", "choice_name", "prefix_label"]

#: Discord's limit for an autocomplete choice's name.
MAX_CHOICE_NAME = 100

#: Each title's labels are its ``labels`` module's ``label(words)`` (the words of an action
#: or of a partial one, an Act menu group).


def _label(game: str, notation: str) -> Text | str | None:
    words = notation.split()
    title = titles.title(game)
    if not words or title is None or title.labels is None:
        return None
    label: Text | str | None = importlib.import_module(title.labels).label(words)
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


def choice_name(game: str, action: str, *, lang: str) -> str:
    """An autocomplete suggestion's name: the notation to type, then the label
    (``tile red F4 — 사원 타일 → F4``), within Discord's 100 characters."""
    label = _label(game, action)
    if label is None:
        return action[:MAX_CHOICE_NAME]
    text = f"{action} — {_capital(tr(label, lang), lang)}"
    return text if len(text) <= MAX_CHOICE_NAME else action[:MAX_CHOICE_NAME]
