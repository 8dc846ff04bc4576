"""Who meets whom in a league round: round robin and Swiss, pairs (Targi) and pods (T&E).

Standard library only; players are plain ints (user ids). Every function is deterministic for a
given ``random.Random``.

- Pairs, round robin: the circle method (one player fixed, the others rotate); every pair meets
  exactly once in ``n - 1`` rounds (``n`` rounds for an odd count, each player sitting out once).
- Pods, round robin: :func:`pod_sizes` pods per round so that everyone plays every round;
  :func:`round_robin_pod_rounds` rounds; each round is a local search (random swaps between
  pods, worse swaps refused) minimising, over the pairs sharing a pod, the weight of how often
  they already met (``(met + 1)^2 - met^2``, i.e. the rise in the sum of squared meeting counts):
  the pair-meeting counts stay as even as possible.
- Swiss, pairs: players ranked (points, then rating); an odd count gives the bye to the
  lowest-ranked player who has not had one yet; then the best unpaired player meets the nearest
  ranked player not met before (depth-first, so a rematch happens only if no rematch-free pairing
  of the round exists or the search budget runs out; then recent rematches cost most).
- Swiss, pods: top down, the best unplaced player opens a pod and the nearest-ranked players who
  have not met anyone in it fill it; then swaps between pods that remove remaining rematches
  (recent ones weigh more); a small cost for rank distance keeps pods of similar standing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "History",
    "RoundPlan",
    "pod_sizes",
    "round_robin_pairs",
    "round_robin_pod_round",
    "round_robin_pod_rounds",
    "round_robin_pod_schedule",
    "swiss_pairs",
    "swiss_pods",
    "swiss_rounds",
]

Pair = tuple[int, int]
REMATCH = 1000.0  # cost of putting two players together again (per earlier meeting)
RECENT = 1000.0  # extra cost of a rematch of last round (halved for each older round)
DFS_BUDGET = 20000  # search nodes per bye candidate before settling for rematches
SWISS_POD_ATTEMPTS = 6  # Swiss pods: greedy restarts while rematches remain
REPEAT_WEIGHT = 50  # pod round robin: a repeat meeting costs this many first meetings


@dataclass(frozen=True)
class RoundPlan:
    """One round: the groups that play (seat order) and the players with a bye."""

    groups: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    def players(self) -> list[int]:
        return [p for g in self.groups for p in g] + list(self.byes)


class History:
    """Who met whom, how often and in which round last; who had a bye."""

    def __init__(self) -> None:
        self.met: dict[Pair, int] = {}
        self.last: dict[Pair, int] = {}
        self.byes: set[int] = set()

    @staticmethod
    def key(a: int, b: int) -> Pair:
        return (a, b) if a < b else (b, a)

    def count(self, a: int, b: int) -> int:
        return self.met.get(self.key(a, b), 0)

    def add(self, plan: RoundPlan | Iterable[Sequence[int]], round_number: int = 0) -> None:
        groups = plan.groups if isinstance(plan, RoundPlan) else tuple(tuple(g) for g in plan)
        for group in groups:
            for i, a in enumerate(group):
                for b in group[i + 1 :]:
                    k = self.key(a, b)
                    self.met[k] = self.met.get(k, 0) + 1
                    self.last[k] = max(self.last.get(k, round_number), round_number)
        if isinstance(plan, RoundPlan):
            self.byes.update(plan.byes)

    def rematch_cost(self, a: int, b: int, round_number: int) -> float:
        """0 for players who never met; else REMATCH per meeting plus a recency cost."""
        k = self.key(a, b)
        times = self.met.get(k, 0)
        if not times:
            return 0.0
        age = max(1, round_number - self.last.get(k, 0))
        return REMATCH * times + RECENT / float(2 ** (age - 1))


def pod_sizes(n: int) -> list[int]:
    """Pod sizes for ``n`` T&E players so that everyone plays: 4s, and 3s where needed.

    ``n = 4a + 3b`` with as few 3s as possible; 2 -> [2], 5 -> [3, 2] (no split into 3s and 4s
    exists; a 2-player pod keeps everyone playing).
    """
    if n < 2:
        raise ValueError("a round needs at least 2 players")
    if n == 2:
        return [2]
    if n == 5:
        return [3, 2]
    threes = (-n) % 4
    fours = (n - 3 * threes) // 4
    return [4] * fours + [3] * threes


def round_robin_pairs(players: Sequence[int]) -> list[RoundPlan]:
    """Every pair exactly once: ``n - 1`` rounds (``n`` if odd, one bye each). Circle method;
    the first seat (Targi's start player) goes to whichever of the two has started less often."""
    items: list[int | None] = list(players)
    if len(items) % 2:
        items.append(None)
    m = len(items)
    starts: dict[int, int] = {}
    rounds: list[RoundPlan] = []
    for r in range(m - 1):
        groups: list[tuple[int, int]] = []
        byes: list[int] = []
        for i in range(m // 2):
            a, b = items[i], items[m - 1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)  # type: ignore[arg-type]
                continue
            sa, sb = starts.get(a, 0), starts.get(b, 0)
            if sb < sa or (sb == sa and (r + i) % 2):
                a, b = b, a
            starts[a] = starts.get(a, 0) + 1
            groups.append((a, b))
        rounds.append(RoundPlan(tuple(groups), tuple(byes)))
        items = [items[0], items[-1], *items[1:-1]]
    return rounds


def round_robin_pod_rounds(n: int) -> int:
    """Rounds of a pod round robin: enough pod places for every pair to meet once on average."""
    sizes = pod_sizes(n)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    return max(1, math.ceil(n * (n - 1) / 2 / per_round))


def swiss_rounds(n: int, pods: bool) -> int:
    """Default Swiss rounds: ``ceil(log2 n) + 1``, at most the round robin's number of rounds."""
    full = round_robin_pod_rounds(n) if pods else (n if n % 2 else n - 1)
    return max(1, min(math.ceil(math.log2(n)) + 1, full))


def _search(
    pods: list[list[int]],
    cost: Callable[[int, int], float],
    rng: random.Random,
    iterations: int,
    trouble: Callable[[int, list[int]], bool] | None = None,
) -> list[list[int]]:
    """Swap players between pods while the total pair cost does not rise (sideways moves allowed
    so plateaus are crossed). With ``trouble`` the first player of a swap is one in trouble in
    their pod (e.g. facing someone again); the search stops when nobody is."""
    if len(pods) < 2:
        return pods
    where = {p: i for i, pod in enumerate(pods) for p in pod}
    players = list(where)

    def member_cost(x: int, pod: list[int], leaving: int) -> float:
        return sum(cost(x, y) for y in pod if y != leaving and y != x)

    candidates = players
    for step in range(iterations):
        if trouble is not None and step % 16 == 0:
            candidates = [p for p in players if trouble(p, pods[where[p]])]
            if not candidates:
                break
        a = rng.choice(candidates)
        b = rng.choice(players)
        pa, pb = where[a], where[b]
        if pa == pb:
            continue
        A, B = pods[pa], pods[pb]
        delta = (
            member_cost(b, A, a)
            + member_cost(a, B, b)
            - member_cost(a, A, a)
            - member_cost(b, B, b)
        )
        if delta <= 0:
            A[A.index(a)] = b
            B[B.index(b)] = a
            where[a], where[b] = pb, pa
    return pods


def round_robin_pod_round(
    players: Sequence[int], history: History, rng: random.Random, iterations: int | None = None
) -> RoundPlan:
    """One pod round that keeps pair meetings as even as possible given ``history``.

    A pair that already met ``c`` times costs ``REPEAT_WEIGHT ** c - 1`` to put together again
    (0 for a first meeting), so a third meeting is accepted only when no second one would do.
    """
    n = len(players)
    ids = list(players)
    weight = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            c = history.count(ids[i], ids[j])
            weight[i][j] = weight[j][i] = REPEAT_WEIGHT**c - 1
    order = list(range(n))
    rng.shuffle(order)
    pods: list[list[int]] = []
    for size in pod_sizes(n):
        pods.append(order[:size])
        order = order[size:]
    where = [0] * n
    for index, pod in enumerate(pods):
        for p in pod:
            where[p] = index
    budget = iterations if iterations is not None else 150 * n
    if len(pods) > 1:
        for _ in range(budget):
            a = rng.randrange(n)
            b = rng.randrange(n)
            pa, pb = where[a], where[b]
            if pa == pb:
                continue
            A, B = pods[pa], pods[pb]
            wa, wb = weight[a], weight[b]
            delta = 0
            for y in A:
                if y != a:
                    delta += wb[y] - wa[y]
            for y in B:
                if y != b:
                    delta += wa[y] - wb[y]
            if delta <= 0:
                A[A.index(a)] = b
                B[B.index(b)] = a
                where[a], where[b] = pb, pa
    return RoundPlan(tuple(tuple(ids[p] for p in pod) for pod in pods))


def round_robin_pod_schedule(
    players: Sequence[int], rng: random.Random, rounds: int | None = None
) -> list[RoundPlan]:
    """The whole pod round robin: :func:`round_robin_pod_rounds` rounds, built one by one."""
    history = History()
    plans = []
    for number in range(1, (rounds or round_robin_pod_rounds(len(players))) + 1):
        plan = round_robin_pod_round(players, history, rng)
        history.add(plan, number)
        plans.append(plan)
    return plans


def _pair_dfs(
    ranked: list[int], allowed: Callable[[int, int], bool], budget: list[int]
) -> list[tuple[int, int]] | None:
    if not ranked:
        return []
    a, rest = ranked[0], ranked[1:]
    for b in rest:
        if not allowed(a, b):
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tail = _pair_dfs([x for x in rest if x != b], allowed, budget)
        if tail is not None:
            return [(a, b), *tail]
    return None


def _pair_greedy(ranked: list[int], history: History, round_number: int) -> list[tuple[int, int]]:
    left = list(ranked)
    out = []
    while len(left) > 1:
        a = left.pop(0)
        b = min(left, key=lambda x: (history.rematch_cost(a, x, round_number), left.index(x)))
        left.remove(b)
        out.append((a, b))
    return out


def swiss_pairs(
    ranked: Sequence[int], history: History, round_number: int, rng: random.Random | None = None
) -> RoundPlan:
    """Pairs of similar standing, no rematch while one can be avoided, one bye if odd."""
    order = list(ranked)
    if len(order) % 2 == 0:
        candidates: list[int | None] = [None]
    else:
        fresh = [p for p in reversed(order) if p not in history.byes]
        candidates = [*fresh, *[p for p in reversed(order) if p in history.byes]]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        found = _pair_dfs(rest, lambda a, b: history.count(a, b) == 0, [DFS_BUDGET])
        if found is not None:
            return _seat_pairs(found, (bye,) if bye is not None else (), round_number)
    bye = candidates[0]
    rest = [p for p in order if p != bye]
    return _seat_pairs(
        _pair_greedy(rest, history, round_number), (bye,) if bye is not None else (), round_number
    )


def _seat_pairs(
    pairs: list[tuple[int, int]], byes: tuple[int, ...], round_number: int
) -> RoundPlan:
    # Alternate who sits first, so the better-ranked player is not always the start player.
    seated = tuple((b, a) if (i + round_number) % 2 else (a, b) for i, (a, b) in enumerate(pairs))
    return RoundPlan(seated, byes)


def swiss_pods(
    ranked: Sequence[int],
    history: History,
    round_number: int,
    rng: random.Random,
    iterations: int | None = None,
    attempts: int = SWISS_POD_ATTEMPTS,
) -> RoundPlan:
    """Pods of similar standing without rematches where the search finds a way.

    Top down, the best unplaced player opens a pod and the nearest-ranked players new to it fill
    it (on later attempts one of the three nearest fresh players, at random); then swaps between
    pods remove remaining rematches. The attempt with the fewest (and least recent) rematches
    wins; the search stops at the first attempt without any.
    """
    order = list(ranked)
    n = len(order)
    rank = {p: i for i, p in enumerate(order)}

    def cost(a: int, b: int) -> float:
        return history.rematch_cost(a, b, round_number) + 10.0 * abs(rank[a] - rank[b]) / n

    def in_trouble(p: int, pod: list[int]) -> bool:
        return any(history.count(p, q) for q in pod if q != p)

    def rematch_cost(pods: list[list[int]]) -> float:
        return sum(
            history.rematch_cost(a, b, round_number)
            for pod in pods
            for i, a in enumerate(pod)
            for b in pod[i + 1 :]
        )

    best: list[list[int]] | None = None
    best_cost = math.inf
    for attempt in range(max(1, attempts)):
        pods: list[list[int]] = []
        rest = list(order)
        for size in pod_sizes(n):
            pod = [rest.pop(0)]
            while len(pod) < size:
                scored = sorted(range(len(rest)), key=lambda i: sum(cost(x, rest[i]) for x in pod))
                pick = scored[0] if attempt == 0 else rng.choice(scored[:3])
                pod.append(rest.pop(pick))
            pods.append(pod)
        if any(in_trouble(p, pod) for pod in pods for p in pod):
            budget = iterations if iterations is not None else 40 * n
            pods = _search(pods, cost, rng, budget, trouble=in_trouble)
        total = rematch_cost(pods)
        if total < best_cost:
            best, best_cost = pods, total
        if total == 0:
            break
    assert best is not None
    return RoundPlan(tuple(tuple(p) for p in best))


def rank_for_pairing(
    players: Sequence[int],
    points: Mapping[int, float],
    rating: Mapping[int, float],
    rng: random.Random,
) -> list[int]:
    """Best first: points, then rating; a seeded shuffle breaks the remaining ties."""
    order = list(players)
    rng.shuffle(order)
    return sorted(order, key=lambda p: (-points.get(p, 0.0), -rating.get(p, 0.0)))
