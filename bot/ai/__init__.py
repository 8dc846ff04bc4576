"""AI players for every game: ``choose_action(game, view, legal, level, seed)``.

An AI decides from its seat's view and legal actions only. To look ahead it samples the hidden
information consistently with that view (``determinize``) and runs the engine on the samples.
Standard library only, like the engines (each title's AI module is named in ``bot.titles``);
deterministic for a seed.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from bot.ai.budget import SearchLimit

LEVELS = ("easy", "normal", "strong")


def choose_action(
    game_name: str,
    view: dict[str, Any],
    legal_actions: list[str],
    level: str,
    seed: int,
    *,
    iterations: int | None = None,
    limit: SearchLimit | None = None,
    module: str | None = None,
) -> str:
    """The action the AI of ``level`` takes for the viewer of ``view``.

    ``legal_actions`` are the viewer's legal actions; ``iterations`` shrinks the search budget
    (for tests): it sets ``strong``'s iterations and, in T&E, also caps how many candidate
    actions every level examines, so it changes ``normal`` and ``easy`` T&E choices too.
    ``limit`` bounds ``strong``'s search: a node budget (the level's own by default) and a CPU
    deadline that is only a safety net (``SearchLimit.nodes_only()`` switches it off). The same
    view, actions, level, seed and node budget always give the same action, unless the safety
    net fires (a processor far slower than the development machine). ``module`` names the
    AI's module (default: the one of the game's title in ``bot.titles``).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    if not legal_actions:
        raise ValueError("the AI was asked to act with no legal action")
    legal = sorted(legal_actions)
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(f"ai/{game_name}/{level}/{seed}")
    if module is None:
        from bot import titles  # the registry names each title's AI module

        title = titles.title(game_name)
        module = title.ai.module if title is not None else None
    if module is not None:
        chooser = importlib.import_module(module)
        action: str = chooser.choose(view, legal, level, rng, iterations, limit)
        return action
    raise ValueError(f"no AI for the game {game_name!r}")


__all__ = ["LEVELS", "SearchLimit", "choose_action"]
