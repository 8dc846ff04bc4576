"""Texts the bot shows, built from engine views and service records; no discord.py here.

Everything here is a pure function of JSON-ready data (engine ``view`` dicts, seat names, action
strings), so it is unit-tested directly and shared by every cog.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.text import plural

__all__ = [
    "MAX_CHOICES",
    "MenuOption",
    "action_menu",
    "final_text",
    "game_title",
    "hand_text",
    "name_seats",
    "natural_key",
    "pending_clause",
    "plain_text",
    "rank_actions",
    "rules_summary",
    "spread_actions",
    "status_line",
]

#: Discord's limit for autocomplete choices, select options and buttons in one message.
MAX_CHOICES = 25
#: Selects (action rows) one message may carry.
MAX_SELECTS = 5

_SEAT_REF = re.compile(r"@(\d+)")
_TITLES = {"tigris": "Tigris & Euphrates", "targi": "Targi"}
_DIGITS = re.compile(r"(\d+)")


#: Characters Discord reads as inline formatting or as the start of a mention, a channel link,
#: a timestamp or a masked link; a backslash before any of them shows the character itself.
_INLINE_MARKUP = re.compile(r"([\\*_~|`<\[\]>#])")
#: Line starts that make a list item or a numbered list ("- x", "+ x", "1. x").
_LINE_START_MARKUP = re.compile(r"^(\s*(?:\d+(?=\.)|))([-+.])", re.MULTILINE)
#: ``@everyone`` / ``@here`` and the engines' ``@N`` seat references.
_AT_SIGN = re.compile(r"(?<!<)@(?=everyone\b|here\b|\d)")


def plain_text(text: str) -> str:
    """``text`` (a player's display name, a value someone typed) so that a Discord message
    shows it literally: no bold or code, no heading, quote or list, no masked link, and a
    ``<@123>`` or ``@everyone`` reads as text instead of a mention of someone else (and a
    name like ``@1`` is not taken for a seat reference)."""
    text = _AT_SIGN.sub("@\u200b", " ".join(text.splitlines()))
    text = _INLINE_MARKUP.sub(r"\\\1", text)
    return _LINE_START_MARKUP.sub(r"\1\\\2", text)


def game_title(game: str, lang: str = "en") -> str:
    """The printed name of a game ("Tigris & Euphrates" for "tigris")."""
    return _TITLES.get(game, game.capitalize())


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key treating digit runs as numbers, so "A2" comes before "A10"."""
    return tuple(int(part) if part.isdigit() else part.lower() for part in _DIGITS.split(text))


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the engine's ``@N`` seat references with the players' display names."""

    def _name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT_REF.sub(_name, text)


def _names_of(seats: Sequence[int], names: Sequence[str]) -> str:
    listed = [names[s] if 0 <= s < len(names) else f"seat {s}" for s in seats]
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def _pending_text(pending: Mapping[str, Any], names: Sequence[str]) -> str:
    """One clause describing an open decision, in the game's words."""
    kind = str(pending.get("kind", "decision"))
    if kind == "support":
        conflict = str(pending.get("conflict", "conflict"))
        # A revolt is named by its leaders (its `colour` is red, the tiles committed to it).
        colour = str(pending.get("leader_colour") or pending.get("colour") or "")
        where = f" at {pending['square']}" if pending.get("square") else ""
        attacker = _names_of([int(pending.get("attacker", -1))], names)
        defender = _names_of([int(pending.get("defender", -1))], names)
        return f"{colour} {conflict}{where}: {attacker} attacks {defender}".strip()
    if kind == "war_order":
        colours = ", ".join(str(c) for c in pending.get("colours", []))
        return f"choose which war to fight first ({colours})"
    if kind == "monument":
        colour = str(pending.get("colour", ""))
        return f"a {colour} monument may be built".replace("a  ", "a ")
    if kind == "treasure":
        count = int(pending.get("count", 1))
        return f"take {plural(count, 'treasure')}"
    if kind in _TARGI_PENDING:
        return str(_TARGI_PENDING[kind](pending))
    label = str(pending.get("label") or pending.get("text") or kind.replace("_", " "))
    return name_seats(label, names)


def _card_name(pending: Mapping[str, Any]) -> str:
    card = pending.get("card")
    return str(card.get("name")) if isinstance(card, Mapping) and card.get("name") else "a card"


_TARGI_PENDING: dict[str, Any] = {
    "raid": lambda p: f"raid {p.get('raid', '')}: pay {p.get('demand', 'the demand')}",
    "place": lambda p: f"place a Targi ({p.get('left', '?')} left)",
    "act": lambda p: "resolve cards and tribe markers",
    "tribe": lambda p: f"display, hand or discard {_card_name(p)}",
    "noble": lambda p: "display or discard the hand card (Noble)",
    "merchant": lambda p: "trade at the Merchant",
    "silversmith": lambda p: "exchange at the Silversmith",
    "fata_morgana": lambda p: "move a tribe marker (Fata Morgana)",
    "take": lambda p: (
        f"take {p.get('count', 1)} of your choice" + (f" ({p['why']})" if p.get("why") else "")
    ),
    "rearrange": lambda p: "rearrange the display or keep it",
    "limits": lambda p: (
        f"drop {plural(p['excess'], 'good')}"
        if isinstance(p.get("excess"), int)
        else "drop the excess goods"
    ),
}


def pending_clause(view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str | None:
    """The open decision in ``view`` in the game's words (from a seat's own view it may name
    what only that seat sees, e.g. a card drawn with Tribal Expansion), or None."""
    pending = view.get("pending")
    return _pending_text(pending, names) if isinstance(pending, Mapping) else None


def status_line(view: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """The short public line under a board: last move, its consequences, who must act now."""
    parts: list[str] = []
    last = view.get("last_action")
    if isinstance(last, Mapping) and last.get("action"):
        who = _names_of([int(last.get("seat", -1))], names)
        parts.append(f"{who} played `{last['action']}`.")
    for event in view.get("events") or []:
        text = event.get("text") if isinstance(event, Mapping) else None
        if text:
            sentence = name_seats(str(text), names)
            sentence = sentence[:1].upper() + sentence[1:]
            parts.append(sentence if sentence.endswith(".") else sentence + ".")
    if view.get("game_over"):
        parts.append("The game is over.")
        return " ".join(parts)
    to_act = [int(s) for s in view.get("to_act") or []]
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        parts.append(f"Pending: {_pending_text(pending, names)}.")
    if to_act:
        now = f"To act: **{_names_of(to_act, names)}**"
        left = view.get("actions_left")
        if pending is None and isinstance(left, int) and left > 0:
            now += f" ({plural(left, 'action')} left)"
        parts.append(now + ".")
    return " ".join(parts)


def _colour_counts(items: Sequence[Any]) -> str:
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items())


def hand_text(game: str, private: Mapping[str, Any], seat: int, lang: str = "en") -> str:
    """The short text beside a player's private image: what is in the hand, the hidden score."""
    parts: list[str] = []
    hand = private.get("hand")
    if isinstance(hand, list):
        shown = _colour_counts(hand) if hand and not isinstance(hand[0], Mapping) else ""
        if hand and isinstance(hand[0], Mapping):
            shown = ", ".join(str(card.get("name") or card.get("id") or card) for card in hand)
        parts.append(f"Your hand: {shown or 'empty'}.")
    elif hand is not None:
        parts.append(f"Your hand: {hand}.")
    players = private.get("players") or []
    mine = next(
        (p for p in players if isinstance(p, Mapping) and p.get("seat") == seat),
        None,
    )
    if isinstance(mine, Mapping):
        if "hand_held" in mine:  # Targi: one hand card, goods and gold on the table
            card = mine.get("hand")
            if isinstance(card, Mapping):
                parts.append(f"Your hand card: {card.get('name') or card.get('id')}.")
            elif not mine.get("hand_held"):
                parts.append("Your hand is empty.")
        score = mine.get("score")
        if isinstance(score, Mapping):
            shown = ", ".join(f"{k} {v}" for k, v in score.items())
            treasures = mine.get("treasures")
            if isinstance(treasures, int):
                shown += f", treasures {treasures}"
            parts.append(f"Your points: {shown}.")
        elif isinstance(score, int):
            parts.append(f"Your points: {score}.")
    pending = private.get("pending")
    if isinstance(pending, Mapping) and pending.get("source") == "expansion":
        card = pending.get("card")
        if pending.get("seat") == seat and isinstance(card, Mapping):
            parts.append(f"You drew {card.get('name') or card.get('id')} (Tribal Expansion).")
    if not parts:
        parts.append(f"Your view of this {game_title(game)} game is in the image.")
    return " ".join(parts)


def final_text(
    game: str, summary: Mapping[str, Any], names: Sequence[str], lang: str = "en"
) -> str:
    """Final ranking and every seat's revealed score, one line per place."""
    lines = [f"**{game_title(game)}: final result**"]
    reason = summary.get("end_reason")
    resigned = summary.get("resigned_seat")
    if reason == "resigned" and isinstance(resigned, int) and 0 <= resigned < len(names):
        lines[0] += f" ({names[resigned]} resigned)"
    ranking = summary.get("ranking") or []
    scores = summary.get("scores") or []
    public = summary.get("public")
    final = public.get("final") if isinstance(public, Mapping) else None
    totals = (
        summary.get("final_score")
        or (final.get("final_score") if isinstance(final, Mapping) else None)
        or []
    )
    for place, seats in enumerate(ranking, start=1):
        for seat in seats:
            seat = int(seat)
            name = names[seat] if 0 <= seat < len(names) else f"seat {seat}"
            line = f"{place}. {name}"
            score = scores[seat] if 0 <= seat < len(scores) else None
            if 0 <= seat < len(totals):
                line += f": {totals[seat]}"
            elif isinstance(score, Mapping) and "vp" in score:  # Targi: points first
                line += f": {score['vp']} VP"
                score = {k: v for k, v in score.items() if k != "vp"}
            if isinstance(score, Mapping):
                detail = ", ".join(f"{k} {v}" for k, v in score.items())
                line += f" ({detail})"
            elif 0 <= seat < len(scores):
                line += f" ({scores[seat]})"
            lines.append(line)
    hands = _final_hands(summary.get("views") or [], names)
    if hands:
        lines.append("Hands at the end: " + "; ".join(hands) + ".")
    note = summary.get("note")
    if note:
        lines.append(name_seats(str(note), names))
    return "\n".join(lines)


def _final_hands(views: Sequence[Any], names: Sequence[str]) -> list[str]:
    """What each seat held at the end, from each seat's own view (revealed once it is over)."""
    out = []
    for seat, view in enumerate(views):
        if not isinstance(view, Mapping) or seat >= len(names):
            continue
        hand = view.get("hand")
        players = view.get("players") or []
        mine = next((p for p in players if isinstance(p, Mapping) and p.get("seat") == seat), {})
        if isinstance(hand, list):
            shown = _colour_counts(hand) if hand else "nothing"
        elif isinstance(mine, Mapping) and "hand_held" in mine:
            card = mine.get("hand")
            shown = str(card.get("name")) if isinstance(card, Mapping) else "no card"
        else:
            continue
        out.append(f"{names[seat]}: {shown}")
    return out


_RULES: dict[str, str] = {
    "tigris": (
        "**Tigris & Euphrates** (2–4 players). On your turn take two actions: place or move a "
        "leader (next to a temple), place a tile from your hand (blue on rivers, the others on "
        "land), place a catastrophe, or swap tiles. A tile added to a kingdom scores a point in "
        "its colour for that kingdom's leader of that colour (the king scores for colours "
        "without a leader). A leader placed in a kingdom with a rival leader of the same colour "
        "starts a revolt (temples next to each leader, plus red tiles committed from the hand, "
        "decide); a tile joining two kingdoms with leaders of the same colour starts a war "
        "(tiles of that colour in each kingdom, plus tiles of that colour committed, decide). "
        "Four same-colour tiles in a square may become a monument. The game ends when only one "
        "or two treasures remain on the board or the bag cannot refill a hand; your score is "
        "your weakest colour (treasures are wild).\n"
        "Notation examples: `tile red F4`, `leader black G5`. Use `/move` (autocompleted), "
        "the Act button, or `/tigris tile`."
    ),
    "targi": (
        "**Targi** (2 players). Each round place your three Targi on border cards (never on a "
        "corner, a taken card, the robber's card or opposite the opponent's Targi); where your "
        "lines cross you get a tribe marker on a centre card. Then resolve your cards: collect "
        "goods and gold, buy tribe cards for your display (4 per row, 3 rows) or take them into "
        "your one-card hand. Raids on the corners take goods or points. The game ends after the "
        "robber's last raid, or at the end of a round in which a player filled their display; "
        "most points wins (tie: more gold).\n"
        "Use `/move` (autocompleted) or the Act button."
    ),
}


def rules_summary(game: str, lang: str = "en") -> str:
    """A short rules reminder for the game at a table."""
    return _RULES.get(game, f"**{game_title(game)}**: see the rules of the game.")


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


def refusal(error: BaseException) -> Any:
    """What a player is told when the engine refuses ``error``'s input: a text for
    :func:`bot.i18n.render` (the engines keep English sentences; this maps their keys)."""
    return str(error)


def localize_view(game: str, view: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """``view`` with the engine's English event sentences in ``lang``, for the images (the
    renderers draw event texts as given)."""
    return view
