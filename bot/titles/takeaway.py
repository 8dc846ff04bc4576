"""Take-away's entry: a pile of counters, secret hands of number cards (``bot/games/takeaway``).

It declares only what a title must have; every other capability (texts, AI, score story, Act
menu labels, play-by-post facts, benchmark targets) is simply absent for it.
"""

from __future__ import annotations

from bot.i18n import C_
from bot.titles import Title

TITLE = Title(
    name="takeaway",
    engine="bot.games.takeaway",
    printed_name=C_("game", "Take-away"),
    game_id=C_("game id", "takeaway"),
    images="renderers.takeaway",
)
