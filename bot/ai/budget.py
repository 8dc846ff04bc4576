"""How much search one decision may spend: engine steps (the bound) and CPU time (a safety net).

A search counts its *nodes* (T&E: one action applied, its pending decisions played out and the
result evaluated; Targi: one playout) and stops widening when the next step would pass the node
budget, returning its best answer so far. Nodes are counted, never timed, so a decision is the
same on an idle and a loaded machine, and on any processor. The CPU deadline
(``time.process_time``: the process's own CPU, which a busy machine barely changes) only catches
a position far costlier per node than any measured, or a much slower processor; when it fires
the answer is still the best so far, but then depends on the machine (tests switch it off).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

__all__ = ["CPU_LIMIT", "Budget", "SearchLimit"]

#: CPU seconds one decision may take before the safety net stops its search: with the node
#: budgets taking at most about 0.5 s here, it fires only on a processor over twice as slow
#: (there it keeps the worst decision under 1.5 s: the limit plus one step).
CPU_LIMIT = 1.2


@dataclass(frozen=True)
class SearchLimit:
    """The limits a decision starts with: ``nodes`` (None: the level's own budget;
    ``math.inf``: none) and ``cpu_seconds`` (None: no safety net)."""

    nodes: float | None = None
    cpu_seconds: float | None = CPU_LIMIT

    @classmethod
    def unbounded(cls) -> SearchLimit:
        """No limit at all: the search as it was before budgets (the arena's yardstick)."""
        return cls(math.inf, None)

    @classmethod
    def nodes_only(cls, nodes: float | None = None) -> SearchLimit:
        """The node budget alone, no CPU deadline: fully deterministic (tests)."""
        return cls(nodes, None)

    def start(self, default_nodes: float) -> Budget:
        """A running budget for one decision, its CPU deadline counted from now."""
        deadline = None if self.cpu_seconds is None else time.process_time() + self.cpu_seconds
        return Budget(default_nodes if self.nodes is None else self.nodes, deadline)


class Budget:
    """One decision's running budget: nodes spent so far against the limit and the deadline."""

    def __init__(self, nodes: float, cpu_deadline: float | None = None) -> None:
        self.nodes = nodes
        self.cpu_deadline = cpu_deadline
        self.spent = 0

    def spend(self, nodes: int = 1) -> None:
        self.spent += nodes

    def allows(self, cost: float) -> bool:
        """Whether a step of about ``cost`` more nodes fits (and the CPU deadline has not
        passed)."""
        if self.spent + cost > self.nodes:
            return False
        return self.cpu_deadline is None or time.process_time() < self.cpu_deadline
