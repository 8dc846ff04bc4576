"""The post-game review's sentences for Targi (``Title.ai.review_texts``): each term of the judge
(:mod:`bot.ai.review_targi`) in one short sentence (see :func:`bot.review.term_text`).
Knows no discord.py."""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.review import Term
from bot.i18n import N_, Text

__all__ = ["term_text"]


def term_text(term: Term, names: Sequence[str], *, other: str | None = None) -> Text | None:
    """Why the AI's move is better than the move played, or with ``other`` (a hint) than that
    next best action; None for a term of no sentence of its own (the shared one)."""
    kind = term.kind
    n = int(term.params.get("n", 0))
    if other is not None and kind == "opponent_vp":
        return N_(
            "{other} would let your opponent gain {n} more victory point by the end of the round.",
            "{other} would let your opponent gain {n} more victory points by the end of the round.",
            n,
            other=other,
        )
    if kind == "opponent_vp":
        return N_(
            "Your move let your opponent gain {n} more victory point by the end of the round.",
            "Your move let your opponent gain {n} more victory points by the end of the round.",
            n,
        )
    if kind == "vp":
        return N_(
            "By the end of the round the AI's move is worth {n} more victory point.",
            "By the end of the round the AI's move is worth {n} more victory points.",
            n,
        )
    if kind == "goods":
        return N_(
            "By the end of the round the AI's move leaves you {n} more good.",
            "By the end of the round the AI's move leaves you {n} more goods.",
            n,
        )
    if kind == "gold":
        return N_(
            "By the end of the round the AI's move leaves you {n} more gold.",
            "By the end of the round the AI's move leaves you {n} more gold.",
            n,
        )
    if kind == "cards":
        return N_(
            "By the end of the round the AI's move puts {n} more card in your display.",
            "By the end of the round the AI's move puts {n} more cards in your display.",
            n,
        )
    return None
