"""Take-away's entry: a pile of counters, secret hands of number cards (``bot/games/takeaway``).

Besides what a title must have it words its events and refusals; every other capability (AI,
score story, Act menu labels, play-by-post facts, benchmark targets) is simply absent for it.
"""

from __future__ import annotations

from bot.i18n import C_, N_, _
from bot.titles import Title
from bot.titles.keyed import KeyedTexts, num, says

EVENTS = KeyedTexts(
    {
        "passes": says(_("{player} passes")),
        "takes": says(
            N_("{player} takes {n} counter", "{player} takes {n} counters", 0), count=num("n")
        ),
    }
)

REFUSALS = KeyedTexts(
    {
        "notation": says(_("`{action}` is not an action: say `take <n>` or `pass`.")),
        "game_over": says(_("The game is over; no more actions.")),
        "not_your_turn": says(_("It is {player}'s turn, not yours.")),
        "cannot": says(_("You cannot `{action}` now.")),
    }
)

TITLE = Title(
    name="takeaway",
    engine="bot.games.takeaway",
    printed_name=C_("game", "Take-away"),
    game_id=C_("game id", "takeaway"),
    images="renderers.takeaway",
    events=EVENTS,
    refusals=REFUSALS,
    vocabulary=("pile",),
)
