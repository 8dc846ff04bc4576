"""AI decisions in worker processes: the bot's event loop never runs a search.

:class:`AiPool` wraps a small ``ProcessPoolExecutor`` created when the bot starts and shut down
when it closes. :meth:`AiPool.decide` sends one seat's view and legal actions to a worker, which
calls :func:`bot.ai.choose_action` with the title's AI module, and awaits the answer without
blocking the loop.
Standard library only besides the titles' registry.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bot import titles
from bot.ai import choose_action
from bot.running.workers import WorkerPool

__all__ = ["DEFAULT_WORKERS", "AiPool", "decision_seed"]

#: Worker processes by default: two searches at once on this 2-core machine.
DEFAULT_WORKERS = 2
#: How much lower the workers' scheduling priority is than the bot's (``os.nice``): a search
#: is background work, so on a busy machine the processor goes to the bot's answers first.
WORKER_NICENESS = 10


def decision_seed(table_seed: int, version: int, seat: int) -> int:
    """The AI's random seed for one decision: the same after a restart (the same decision is
    taken again), different for every decision; a hash, so the AI's own random choices say
    nothing about the table's hidden draws."""
    digest = hashlib.sha256(f"ai-decision:{table_seed}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _decide(
    game: str,
    view: dict[str, Any],
    legal: list[str],
    level: str,
    seed: int,
    iterations: int | None,
    module: str | None,
) -> str:
    """Runs in a worker process."""
    return choose_action(game, view, legal, level, seed, iterations=iterations, module=module)


class AiPool(WorkerPool):
    """A pool of ``workers`` processes taking AI decisions; ``iterations`` caps the `strong`
    search (tests pass a small budget). A dead worker is replaced and the decision taken once
    more (:class:`bot.running.workers.WorkerPool`)."""

    def __init__(self, workers: int = DEFAULT_WORKERS, *, iterations: int | None = None) -> None:
        super().__init__(workers, name="AI", niceness=WORKER_NICENESS)
        self.iterations = iterations

    async def decide(
        self, game: str, view: dict[str, Any], legal: list[str], level: str, seed: int
    ) -> str:
        """The action the AI of ``level`` takes with ``view`` and ``legal`` (in a worker)."""
        # The title's AI module goes along: a title registered at run time (not in the
        # registry line) is unknown to a worker process of its own.
        title = titles.title(game)
        module = title.ai.module if title is not None else None
        return await self.run(_decide, game, view, legal, level, seed, self.iterations, module)
