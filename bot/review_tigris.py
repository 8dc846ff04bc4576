"""The post-game review's sentences for Tigris & Euphrates (``Title.ai.review_texts``): each term of
the judge (:mod:`bot.ai.review_tigris`) in one short sentence (see :func:`bot.review.term_text`).
Knows no discord.py."""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.review import Term
from bot.i18n import N_, Text, _
from bot.titles.tigris_words import colour_word, leader_word

__all__ = ["term_text"]


def _player(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else str(seat + 1)


def term_text(term: Term, names: Sequence[str], *, other: str | None = None) -> Text | None:
    """Why the AI's move is better than the move played, or with ``other`` (a hint) than that
    next best action; None for a term of no sentence of its own (the shared one)."""
    kind, params = term.kind, term.params
    n = int(params.get("n", 0))
    if other is not None and kind == "opponent_points":
        return N_(
            "{other} would give {player} {n} more point.",
            "{other} would give {player} {n} more points.",
            n,
            other=other,
            player=_player(names, int(params["seat"])),
        )
    if other is not None and kind == "opponents":
        return _("{other} would leave your opponents stronger.", other=other)
    if kind == "lowest_colour":
        return N_(
            "Your {colour} was your lowest colour: the AI's move scores {n} more {colour} point.",
            "Your {colour} was your lowest colour: the AI's move scores {n} more {colour} points.",
            n,
            colour=colour_word(params["colour"]),
        )
    if kind == "points":
        return N_(
            "The AI's move scores {n} more {colour} point.",
            "The AI's move scores {n} more {colour} points.",
            n,
            colour=colour_word(params["colour"]),
        )
    if kind == "leader":
        return _(
            "With the AI's move your {leader} stays on the board.",
            leader=leader_word(params["colour"]),
        )
    if kind == "leader_safety":
        return _("The AI's move keeps your leaders safer beside temples.")
    if kind == "monument":
        return _("The AI's move keeps a monument scoring for your leaders.")
    if kind == "red_tiles":
        return _("The AI's move keeps red tiles in hand for revolts.")
    if kind == "catastrophe":
        return _("The AI's move saves a catastrophe tile for later.")
    if kind == "opponent_points":
        return N_(
            "Your move gave {player} {n} more point.",
            "Your move gave {player} {n} more points.",
            n,
            player=_player(names, int(params["seat"])),
        )
    if kind == "opponents":
        return _("Your move left your opponents stronger.")
    return None
