"""The players' names as every text of a table gives them: escaped, an AI seat's in the reader's
language with the robot mark, and once the game started each seat's symbol beside it."""

from __future__ import annotations

from collections.abc import Sequence

from bot import presenters
from bot.ai import seats as ai_seats
from bot.service import Table
from bot.storage.tables import EndReason, TableStatus
from bot.ui.lang import tr


def names_of(table: Table, *, lang: str) -> list[str]:
    """Seat names in seat order, escaped to show literally in a message; an AI seat's name
    carries the robot mark and reads in ``lang`` (🤖 AI (strong), 🤖 AI (강함)). Once the game
    has started each name has its seat's symbol beside it, as the images mark the seat
    ("Alice (archer)", "Bob (white)"): one name per player in every text of the table."""
    return with_symbols(table, plain_names(table, lang=lang), lang=lang)


def plain_names(table: Table, *, lang: str) -> list[str]:
    """Seat names as :func:`names_of` gives them, without the seats' symbols."""
    return [
        ai_seats.mark(
            p.user_id,
            tr(ai_seats.ai_label(p.user_id), lang)
            if ai_seats.is_ai(p.user_id)
            else presenters.plain_text(p.name),
        )
        for p in table.players
    ]


def with_symbols(table: Table, names: Sequence[str], *, lang: str) -> list[str]:
    """``names`` (seat order) with each seat's symbol beside it once the table has started
    (in the lobby the seats are not fixed yet)."""
    if table.status == TableStatus.LOBBY or table.end_reason == EndReason.CANCELLED:
        return list(names)
    return presenters.symbol_names(table.game, names, lang=lang)
