"""What Targi's statistics are called in the /stats image and the league standings (the names
of the engine's ``STATISTICS``; words drawn in images, so in the ``images`` catalogue)."""

from __future__ import annotations

from bot.i18n import C_, Text

LABELS: dict[str, Text] = {
    "cards_taken": C_("statistic", "Cards taken"),
    "row_1": C_("statistic", "Tribe cards in row {n}", n=1),
    "row_2": C_("statistic", "Tribe cards in row {n}", n=2),
    "row_3": C_("statistic", "Tribe cards in row {n}", n=3),
    "raids_paid": C_("statistic", "Raids paid"),
    "goods_traded": C_("statistic", "Goods traded"),
    "noble": C_("statistic", "Noble used"),
    "vp_tokens": C_("statistic", "VP from tokens"),
    "vp_cards": C_("statistic", "VP from cards"),
    "vp_bonus": C_("statistic", "VP from bonuses"),
    "score": C_("statistic", "Score"),
}
#: The league standings' column: tribe cards displayed.
LEAGUE_LABEL = C_("statistic", "Tribe cards")
