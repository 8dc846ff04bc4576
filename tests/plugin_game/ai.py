"""Take-away's AI: the largest card that does not leave the opponent a winning take (else the
largest), deterministic for its random generator; every level plays alike."""

from __future__ import annotations

import random
from typing import Any


def choose(
    view: dict[str, Any],
    legal: list[str],
    level: str,
    rng: random.Random,
    iterations: int | None,
    limit: Any,
) -> str:
    pile = int(view["pile"])
    takes = sorted((int(a.split()[1]) for a in legal if a.startswith("take")), reverse=True)
    for n in takes:
        if pile - n == 0 or pile - n > 3:
            return f"take {n}"
    return f"take {takes[0]}" if takes else rng.choice(legal)
