"""Reading typed Targi actions into their canonical form ("Use b2" -> "use B2").

The grammar is documented in ``VIEW.md`` next to this file. Parsing only checks the shape of the
text; whether the action is allowed in the position is the rules' business.
"""

from __future__ import annotations

import re

from bot.games.common import InvalidNotation, typed
from bot.games.targi.cards import LETTERS, bundle_text
from bot.games.targi.state import CELL_INDEX

_TOKEN = re.compile(r"^(\d{0,2})(d|s|p|g|vp)$")
_SLOT = re.compile(r"^([1-3])\.([1-4])$")
_SIMPLE = ("done", "hand", "discard", "keep")
_EXAMPLES = "e.g. `place 5`, `use B2`, `display 1 1D 2S`, `pay 1VP`, `take 1S` or `done`"


def _bundle(words: list[str], allowed: str, what: str) -> tuple[list[int], bool]:
    """Parse ``1D 2S stored`` into a resource vector and whether stored gold is used."""
    vec = [0, 0, 0, 0, 0]
    stored = False
    if words == ["free"] and "free" in allowed:
        return vec, False
    for word in words:
        if word == "stored" and "stored" in allowed:
            stored = True
            continue
        match = _TOKEN.match(word)
        if not match:
            raise InvalidNotation(
                f"`{typed(word)}` is not an amount like 1D, 2S, 3P, 1G or 2VP ({what}).",
                key="bad_amount",
                word=typed(word),
                what=what,
            )
        letter = match.group(2).upper()
        if letter not in allowed.split():
            raise InvalidNotation(
                f"{what} cannot include {letter}.", key="bad_letter", what=what, letter=letter
            )
        vec[LETTERS.index(letter)] += int(match.group(1) or "1")
    if not any(vec) and not stored:
        raise InvalidNotation(f"Say what {what} is, e.g. `1D 2S`.", key="no_amount", what=what)
    return vec, stored


def _payment(words: list[str]) -> str:
    vec, stored = _bundle(words, "D S P G stored free", "a payment")
    text = bundle_text(vec)
    if stored:
        text = f"{text} stored".strip()
    return text or "free"


def _where(word: str) -> str:
    if word.upper() in CELL_INDEX:
        return word.upper()
    if word.isdecimal() and 1 <= int(word) <= 16:
        return str(int(word))
    raise InvalidNotation(
        f"`{typed(word)}` is neither a border card 1-16 nor a centre cell A1-C3.",
        key="bad_where",
        word=typed(word),
    )


def _row(word: str) -> int:
    if word.isdecimal() and 1 <= int(word) <= 3:
        return int(word)
    raise InvalidNotation(
        f"`{typed(word)}` is not a display row (1, 2 or 3).", key="bad_row", word=typed(word)
    )


def normalize(text: str) -> str:
    """The canonical spelling of a typed action, or :class:`InvalidNotation`."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidNotation(f"Type an action, {_EXAMPLES}.", key="empty")
    if len(text) > 100:
        raise InvalidNotation("That is far too long for a Targi action.", key="too_long")
    verb, args = words[0], words[1:]
    if verb in _SIMPLE:
        if args:
            raise InvalidNotation(f"`{verb}` takes nothing after it.", key="no_args", verb=verb)
        return verb
    if not args:
        raise InvalidNotation(
            f"`{typed(verb)}` needs more, {_EXAMPLES}.", key="needs_more", verb=typed(verb)
        )
    if verb == "place":
        if len(args) != 1 or not args[0].isdecimal() or not 1 <= int(args[0]) <= 16:
            raise InvalidNotation("Place on a border card by number: `place 5`.", key="place")
        return f"place {int(args[0])}"
    if verb == "use":
        if len(args) != 1:
            raise InvalidNotation("Use one piece at a time: `use 13` or `use B2`.", key="use")
        return f"use {_where(args[0])}"
    if verb in ("display", "play"):
        if len(args) < 2:
            raise InvalidNotation(
                f"Say the row and the payment: `{verb} 1 1D 2S`.", key="row_payment", verb=verb
            )
        return f"{verb} {_row(args[0])} {_payment(args[1:])}"
    if verb in ("pay", "take"):
        vec, _ = _bundle(args, "D S P G VP", "a raid payment" if verb == "pay" else "what you take")
        return f"{verb} {bundle_text(vec)}"
    if verb in ("drop", "smith"):
        allowed = "D S P" if verb == "drop" else "D S P G"
        vec, _ = _bundle(args, allowed, "what you drop" if verb == "drop" else "the exchange")
        return f"{verb} {bundle_text(vec)}"
    if verb == "trade":
        if len(args) < 2:
            raise InvalidNotation("Say what you give and what you get: `trade 3S G`.", key="trade")
        vec, _ = _bundle(args[:-1], "D S P", "a trade")
        get = args[-1].upper()
        if get not in ("D", "S", "P", "G"):
            raise InvalidNotation(
                "Name the good you get last: D, S, P or G (`trade 2D P`).", key="trade_get"
            )
        return f"trade {bundle_text(vec)} {get}"
    if verb == "move" and any("." in a for a in args):
        slots = [a for a in " ".join(args).replace(",", " ").split() if a != "and"]
        if len(slots) not in (2, 4) or not all(_SLOT.match(a) for a in slots):
            raise InvalidNotation(
                "Move displayed cards by row.slot: `move 1.4 2.3` or `move 1.2 2.3 and 1.3 1.2`.",
                key="move_slots",
            )
        pairs = [f"{slots[i]} {slots[i + 1]}" for i in range(0, len(slots), 2)]
        return "move " + " and ".join(pairs)
    if verb == "move":
        cells = [a.upper() for a in args]
        if len(cells) != 2 or any(c not in CELL_INDEX for c in cells):
            raise InvalidNotation(
                "Move a tribe marker between centre cells: `move B2 C3`.", key="move_marker"
            )
        return f"move {cells[0]} {cells[1]}"
    if verb == "swap":
        matches = [_SLOT.match(a) for a in args]
        if len(args) != 2 or not all(matches):
            raise InvalidNotation(
                "Swap two display slots given as row.slot: `swap 1.4 2.1`.", key="swap"
            )
        first, second = sorted(args)
        return f"swap {first} {second}"
    raise InvalidNotation(
        f"`{typed(verb)}` is not a Targi action; {_EXAMPLES}.", key="unknown", verb=typed(verb)
    )
