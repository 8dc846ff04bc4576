"""What T&E's statistics are called in the /stats image and the league standings (the names of
the engine's ``STATISTICS``; words drawn in images, so in the ``images`` catalogue)."""

from __future__ import annotations

from bot.i18n import C_, Text

LABELS: dict[str, Text] = {
    "revolts_won": C_("statistic", "Revolts won"),
    "revolts_lost": C_("statistic", "Revolts lost"),
    "wars_won": C_("statistic", "Wars won"),
    "wars_lost": C_("statistic", "Wars lost"),
    "tiles": C_("statistic", "Tiles placed"),
    "monuments": C_("statistic", "Monuments built"),
    "treasures": C_("statistic", "Treasures"),
    "catastrophes": C_("statistic", "Catastrophes"),
    "swaps": C_("statistic", "Tile swaps"),
    "score": C_("statistic", "Score (weakest colour)"),
}
#: The league standings' column: conflicts won (revolts and wars).
LEAGUE_LABEL = C_("statistic", "Conflicts won")
