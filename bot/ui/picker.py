"""The Act picker: a game's legal actions as screens of buttons, each screen replacing the last
(piece, then where), so every action is a few taps away and a turn has the same shape each time.

A screen is named by its *path*, a string prefix of the actions it holds: ``""`` (the pieces),
``"tile red"`` (where a temple tile goes), ``"tile red *4"`` (the squares of row 4). A button
either opens a deeper path or carries a whole action in the notation (what `/move` takes), so a
path needs no table of its own: :func:`leads_to` tells which actions lie under it.

Each screen holds at most :data:`MAX_BUTTONS` buttons, Back included, so nothing scrolls. Where
the next word is a board square and the squares do not fit, the screen offers the squares
nearest the player's own pieces (a title's ``near`` hook ranks them) and one button per row of
the board; a row's screen then holds its squares. A title opts in with ``PIECE_WORDS`` in its labels
module (how many words name a piece: ``tile red`` is one piece, ``pass`` another); titles
without it keep the Act menu of buttons and selects (:func:`bot.action_menus.action_menu`).

No discord.py here: :mod:`bot.ui.items` turns a :class:`Screen` into buttons, and the taps
benchmark (:mod:`bot.bench.taps`) walks the same screens.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

from bot import titles
from bot.action_menus import natural_key

__all__ = [
    "MAX_BUTTONS",
    "PARTIAL",
    "PER_ROW",
    "Button",
    "Screen",
    "is_square",
    "leads_to",
    "module_of",
    "near_of",
    "parent",
    "piece_words",
    "screen",
]

#: Discord's limit: five rows of five buttons.
PER_ROW = 5
ROWS = 5
MAX_BUTTONS = PER_ROW * ROWS

#: Marks a path that names a row of squares (``tile red *4``).
PARTIAL = "*"

#: A board square in a game's notation ("F4", "P11").
_SQUARE = re.compile(r"^[A-Z][0-9]{1,2}$")

#: How a button looks: ``near`` (a square near your pieces, green), ``action`` (a whole action),
#: ``group`` (opens a deeper screen: a piece, a column), ``back``.
Kind = Literal["action", "near", "group", "back"]

#: A ranking of the actions near the player's own pieces: action -> distance (None: not near).
Near = Callable[[str], float | None]


@dataclass(frozen=True)
class Button:
    """One button of a screen: ``value`` is an action (``action``, ``near``) or a path."""

    kind: Kind
    value: str
    row: int
    count: int = 1


@dataclass(frozen=True)
class Screen:
    """The buttons of one screen, in reading order with their rows."""

    path: str
    buttons: tuple[Button, ...]
    actions: int  # how many legal actions lie under this screen


def module_of(game: str) -> ModuleType | None:
    """The title's labels module if it offers a picker (it defines ``PIECE_WORDS``)."""
    title = titles.title(game)
    if title is None or title.ui.labels is None:
        return None
    module = importlib.import_module(title.ui.labels)
    return module if hasattr(module, "PIECE_WORDS") else None


def leads_to(path: str, action: str) -> bool:
    """Whether the screen ``path`` holds ``action``: its whole first words (``tile red``), or
    a row of squares (``tile red *4``: the squares of row 4 of the board)."""
    head, _sep, last = path.rpartition(" ")
    if last.startswith(PARTIAL):  # "tile red *4": the squares of row 4
        word = action[len(head) + 1 :] if action.startswith(head + " ") else ""
        return " " not in word and is_square(word) and word[1:] == last[1:]
    return not path or action == path or action.startswith(path + " ")


def near_of(game: str, view: Mapping[str, Any] | None, seat: int | None) -> Near | None:
    """The title's ranking of actions near ``seat``'s pieces in ``view`` (None: none)."""
    module = module_of(game)
    hook = getattr(module, "near", None) if module is not None else None
    if hook is None or view is None or seat is None:
        return None
    ranking: Near | None = hook(view, seat)
    return ranking


def _words(game: str) -> Mapping[str, int]:
    module = module_of(game)
    words: Mapping[str, int] = getattr(module, "PIECE_WORDS", {}) if module is not None else {}
    return words


def piece_words(game: str, verb: str) -> int:
    """How many words name the piece of an action starting with ``verb`` (``tile red``: 2)."""
    return _words(game).get(verb, 1)


def _piece(action: str, words: Mapping[str, int]) -> str:
    parts = action.split()
    return " ".join(parts[: words.get(parts[0], 1)])


def parent(game: str, path: str) -> str:
    """The screen Back returns to from ``path``."""
    parts = path.split()
    if len(parts) < 2:
        return ""
    # "tile" alone is no screen (a piece is "tile red"): back to the pieces.
    return " ".join(parts[:-1]) if len(parts) > _words(game).get(parts[0], 1) else ""


def _rows(buttons: list[tuple[Kind, str, int]], first_row: int) -> list[Button]:
    return [
        Button(kind, value, first_row + i // PER_ROW, count)
        for i, (kind, value, count) in enumerate(buttons)
    ]


def screen(
    game: str, legal: Sequence[str], path: str = "", *, near: Near | None = None
) -> Screen | None:
    """The screen ``path`` of ``legal`` (None: the title has no picker, or nothing lies under
    ``path`` any more)."""
    module = module_of(game)
    if module is None:
        return None
    order: Callable[[str], Any] = getattr(module, "sort_key", natural_key)
    under = sorted((a for a in legal if leads_to(path, a)), key=order)
    if not under:
        return None
    back: list[tuple[Kind, str, int]] = [("back", parent(game, path), 1)] if path else []
    room = MAX_BUTTONS - len(back)
    if len(under) <= room:  # everything fits: one tap each, the squares next to yours green
        close = _next_to_yours(under, near) if path else set()
        buttons: list[tuple[Kind, str, int]] = [
            ("near" if a in close else "action", a, 1) for a in under
        ]
        return Screen(path, tuple(_rows(buttons + back, 0)), len(under))
    if not path:
        return _pieces(game, under, module)
    depth = len(path.split())
    if all(_square_at(a, depth) for a in under):
        return _squares(path, under, depth, back, near)
    return _next_word(path, under, back)


def _next_to_yours(under: Sequence[str], near: Near | None) -> set[str]:
    """The actions of ``under`` whose square touches the player's pieces (ranked below 2),
    ten at most."""
    if near is None:
        return set()
    ranked = sorted((d, natural_key(a), a) for a in under if (d := near(a)) is not None and d < 2)
    return {a for _d, _k, a in ranked[: 2 * PER_ROW]}


def is_square(word: str) -> bool:
    """Whether ``word`` is a board square ("F4")."""
    return bool(_SQUARE.match(word))


def _square_at(action: str, depth: int) -> bool:
    parts = action.split()
    return len(parts) == depth + 1 and is_square(parts[depth])


def _groups(keys: Sequence[str], under: Sequence[str]) -> list[tuple[Kind, str, int]]:
    """One button per key: the action itself when it is alone, else a group of its actions."""
    out: list[tuple[Kind, str, int]] = []
    for key in keys:
        members = [a for a in under if leads_to(key, a)]
        if len(members) == 1:
            out.append(("action", members[0], 1))
        else:
            out.append(("group", key, len(members)))
    return out


def _pieces(game: str, under: Sequence[str], module: ModuleType) -> Screen:
    """The first screen: one button per piece, in the title's order (``PIECE_ORDER``)."""
    words: Mapping[str, int] = module.PIECE_WORDS
    order: Sequence[str] = getattr(module, "PIECE_ORDER", ())
    keys: dict[str, None] = {}
    for action in under:
        keys.setdefault(_piece(action, words), None)

    def rank(key: str) -> tuple[int, tuple[Any, ...]]:
        verb = key.split()[0]
        at = order.index(key) if key in order else order.index(verb) if verb in order else 99
        return at, natural_key(key)

    ordered = sorted(keys, key=rank)
    # A piece button per group, one group of the title's rows per row (``PIECE_ROWS``).
    rows: list[list[str]] = []
    for row_verbs in getattr(module, "PIECE_ROWS", ()):
        row = [k for k in ordered if k.split()[0] in row_verbs]
        if row:
            rows.append(row)
    placed = {k for row in rows for k in row}
    rest = [k for k in ordered if k not in placed]
    rows.extend(rest[i : i + PER_ROW] for i in range(0, len(rest), PER_ROW))
    if len(rows) > ROWS or any(len(r) > PER_ROW for r in rows):  # no room for the rows: pack
        rows = [ordered[i : i + PER_ROW] for i in range(0, len(ordered), PER_ROW)]
    buttons: list[Button] = []
    for number, row in enumerate(rows):
        buttons.extend(_rows(_groups(row, under), number))
    return Screen("", tuple(buttons[:MAX_BUTTONS]), len(under))


def _squares(
    path: str,
    under: Sequence[str],
    depth: int,
    back: list[tuple[Kind, str, int]],
    near: Near | None,
) -> Screen:
    """Squares: those nearest your pieces first (a tap each), then one button per row of the
    board (11 rows leave room for more shortcuts than 16 columns would)."""
    rows: dict[int, None] = {}
    for action in under:
        rows.setdefault(int(action.split()[depth][1:]), None)
    # Always "Row n", even for a row of one square: the same shape on every screen.
    row_buttons: list[tuple[Kind, str, int]] = [
        ("group", f"{path} {PARTIAL}{r}", 1) for r in sorted(rows)
    ]
    row_buttons += back
    button_rows = math.ceil(len(row_buttons) / PER_ROW)
    room = (ROWS - button_rows) * PER_ROW
    shortcuts: list[str] = []
    if near is not None and room > 0:
        ranked = [(d, natural_key(a), a) for a in under if (d := near(a)) is not None]
        shortcuts = sorted((a for _d, _k, a in sorted(ranked)[:room]), key=natural_key)
    near_buttons = _rows([("near", a, 1) for a in shortcuts], 0)
    first = math.ceil(len(shortcuts) / PER_ROW)
    return Screen(path, tuple(near_buttons + _rows(row_buttons, first)), len(under))


def _next_word(path: str, under: Sequence[str], back: list[tuple[Kind, str, int]]) -> Screen:
    """Anything else: one button per value of the next word (``swap black …``)."""
    depth = len(path.split())
    keys: dict[str, None] = {}
    for action in under:
        parts = action.split()
        keys.setdefault(" ".join(parts[: depth + 1]), None)
    buttons = _groups(list(keys), under)[: MAX_BUTTONS - len(back)] + back
    return Screen(path, tuple(_rows(buttons, 0)), len(under))
