"""Statistics of a finished Targi game, per seat, read off the replayed states.

Definitions (sections of ``docs/rules-targi.md``):

- ``cards_taken``: cards that came to this seat: central cards taken with a tribe marker (goods
  or tribe cards, whatever was then done with a tribe card, §4.3), plus the goods card drawn at
  the Caravan (13) and the tribe card drawn at Tribal Expansion (14).
- ``row_1`` .. ``row_3``: tribe cards in each row of the final display (§6.3, top row first).
- ``raids_paid``: raids this seat paid with goods, gold or VP tokens (§8); a raid it could not
  pay, or that its raid protection covered, is not counted.
- ``goods_traded``: goods handed to the supply at the Merchant (3 for a gold, 2 for a good, 1 with
  the better Merchant; §5).
- ``noble``: times this seat used the Noble (its hand card displayed or thrown away).
- ``vp_tokens``, ``vp_cards``, ``vp_bonus``: where the final score came from (§9): VP tokens,
  printed VP of displayed tribe cards, and row and end-game card bonuses.
- ``score``: the final score, their sum (for a resigned game, as it stood then).

The verbs come from the logged decisions; raids from the structured events of each step
(a raid with one way to pay is paid automatically, so it has no decision of its own); rows and
VP from the final state. The events' English texts are not read, so a test can count from them
independently.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.common import Step
from bot.games.targi.rules import BORDER, parse_bundle, score
from bot.games.targi.state import CELL_INDEX, State

__all__ = ["STATISTICS", "statistics"]

#: The statistics' names, in the order they are shown.
STATISTICS = (
    "cards_taken",
    "row_1",
    "row_2",
    "row_3",
    "raids_paid",
    "goods_traded",
    "noble",
    "vp_tokens",
    "vp_cards",
    "vp_bonus",
    "score",
)

#: Border cards whose use hands the seat a card from a deck.
DRAWING = frozenset(n for n, b in BORDER.items() if b.action in ("caravan", "tribal_expansion"))
NOBLE = next(n for n, b in BORDER.items() if b.action == "noble")


def statistics(start: State, steps: Sequence[Step]) -> list[dict[str, int]]:
    """Per seat, every statistic of :data:`STATISTICS`, from the deal ``start`` and the game's
    ``steps`` in order."""
    counts = [dict.fromkeys(STATISTICS, 0) for _ in range(2)]
    final = start
    for step in steps:
        words = step.action.split()
        mine = counts[step.seat]
        if words[0] == "use":
            where = words[1]
            if where in CELL_INDEX or int(where) in DRAWING:
                mine["cards_taken"] += 1
            elif int(where) == NOBLE:
                mine["noble"] += 1
        elif words[0] == "trade":
            given = parse_bundle(words[1:-1])
            mine["goods_traded"] += sum(given[:3])
        after: State = step.after
        for event in after.events:
            if event.get("key") == "raid_paid":
                counts[int(event["params"]["player"][1:])]["raids_paid"] += 1
        final = after
    for seat in range(2):
        rows = final.players[seat].display
        for index in range(3):
            counts[seat][f"row_{index + 1}"] = len(rows[index])
        points = score(final, seat)
        counts[seat]["vp_tokens"] = points["tokens"]
        counts[seat]["vp_cards"] = points["cards"]
        counts[seat]["vp_bonus"] = points["bonus"]
        counts[seat]["score"] = points["vp"]
    return counts
