"""Statistics of a finished Tigris & Euphrates game, per seat, read off the replayed states.

Definitions (sections of ``docs/rules-tigris.md``, §9-§13):

- ``revolts_won`` / ``revolts_lost``: internal conflicts (§9.1) this seat took part in as
  attacker or defender and won / lost (a tie goes to the defender).
- ``wars_won`` / ``wars_lost``: external conflicts (§9.2) likewise; a war cancelled because its
  two sides fell apart was never fought and counts for nobody.
- ``tiles``: civilisation tiles this seat placed with a tile action (not support committed in
  conflicts, not tiles flipped under a monument).
- ``monuments``: monuments this seat built (the player deciding the monument offer; "monument
  none" builds nothing).
- ``treasures``: treasures this seat took, whoever's action uncovered them.
- ``catastrophes``: catastrophe tiles this seat dropped (0 to 2).
- ``swaps``: swap actions (each trades 1-6 tiles and counts once).
- ``score``: the final score that decides the ranking, the weakest colour after treasures are
  added to the weakest colours (§13); for a resigned game, as it stood then.

The walk looks at the state before and after each decision (pending conflicts and their
support, the monument list, treasures held, catastrophes left) and at the decision's verb; the
events' texts are not read, so a test can count from them independently.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.common import Step
from bot.games.tigris.rules import final_vectors, parse
from bot.games.tigris.state import State

__all__ = ["STATISTICS", "statistics"]

#: The statistics' names, in the order they are shown.
STATISTICS = (
    "revolts_won",
    "revolts_lost",
    "wars_won",
    "wars_lost",
    "tiles",
    "monuments",
    "treasures",
    "catastrophes",
    "swaps",
    "score",
)


def statistics(start: State, steps: Sequence[Step]) -> list[dict[str, int]]:
    """Per seat, every statistic of :data:`STATISTICS`, from the deal ``start`` and the game's
    ``steps`` in order."""
    counts = [dict.fromkeys(STATISTICS, 0) for _ in range(start.seats)]
    final = start
    for step in steps:
        before: State = step.before
        after: State = step.after
        verb = parse(step.action)[0]
        if verb == "tile":
            counts[step.seat]["tiles"] += 1
        elif verb == "swap":
            counts[step.seat]["swaps"] += 1
        pending = before.pending
        if pending is not None and pending.kind == "support" and pending.attacker_committed >= 0:
            # The defender's support ends the conflict: higher total wins, a tie defends.
            attack = pending.attacker_base + pending.attacker_committed
            defence = pending.defender_base + int(parse(step.action)[1])
            winner, loser = (
                (pending.attacker, pending.defender)
                if attack > defence
                else (pending.defender, pending.attacker)
            )
            kind = "revolts" if pending.conflict == "revolt" else "wars"
            counts[winner][f"{kind}_won"] += 1
            counts[loser][f"{kind}_lost"] += 1
        if pending is not None and pending.kind == "monument":
            counts[pending.seat]["monuments"] += len(after.monuments) - len(before.monuments)
        for seat in range(start.seats):
            counts[seat]["treasures"] += after.treasures_held[seat] - before.treasures_held[seat]
            counts[seat]["catastrophes"] += before.catastrophes[seat] - after.catastrophes[seat]
        final = after
    for seat, vector in enumerate(final_vectors(final)):
        counts[seat]["score"] = vector[0]
    return counts
