"""League tools: ``python -m bot.leagues bench`` (pairing speed) and ``spread`` (pod evenness).

bench: one round's pairing for a league of ``--players`` (default 200), both formats, both
games, after ``--history`` rounds of random results; median wall and CPU time over
``--repeat`` runs; plus the standings of that league and its image (64 rows).
spread: the pod round robin for every count from 2 to 64: rounds, least and most meetings of a
pair, how many pairs never meet (the figures in docs/playing.md).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable

from bot.leagues import pairing
from bot.leagues.standings import MatchScore, rank


def _timed(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _history(
    players: list[int], rounds: int, pods: bool, rng: random.Random
) -> tuple[pairing.History, dict[int, float], list[MatchScore]]:
    history = pairing.History()
    points = dict.fromkeys(players, 0.0)
    scores: list[MatchScore] = []
    for number in range(1, rounds + 1):
        ranked = pairing.rank_for_pairing(players, points, {}, rng)
        plan = (
            pairing.swiss_pods(ranked, history, number, rng)
            if pods
            else pairing.swiss_pairs(ranked, history, number, rng)
        )
        history.add(plan, number)
        for group in plan.groups:
            order = list(group)
            rng.shuffle(order)
            score = MatchScore(tuple(group), tuple((p,) for p in order))
            scores.append(score)
            for place, p in enumerate(order):
                points[p] += (3, 2, 1, 0)[place] if len(order) == 4 else (3, 1, 0)[place]
        for p in plan.byes:
            points[p] += 3
            scores.append(MatchScore((p,), ((p,),), bye=True))
    return history, points, scores


def bench(players: int, history_rounds: int, repeat: int) -> None:
    from renderers.league import render_standings

    ids = list(range(1000, 1000 + players))
    print(f"{players} players, {history_rounds} rounds played before; median of {repeat} runs")
    print(f"{'pairing':44} {'wall ms':>9} {'CPU ms':>9}")
    rows: list[tuple[str, Callable[[], object]]] = []
    rows.append(("Targi round robin: whole schedule", lambda: pairing.round_robin_pairs(ids)))
    rr_history, _, _ = _history(ids, history_rounds, True, random.Random(1))
    rows.append(
        (
            "T&E round robin: one round of pods",
            lambda: pairing.round_robin_pod_round(ids, rr_history, random.Random(2)),
        )
    )
    number = history_rounds + 1
    pairs_history, pair_points, _ = _history(ids, history_rounds, False, random.Random(3))
    pairs_ranked = pairing.rank_for_pairing(ids, pair_points, {}, random.Random(4))
    rows.append(
        (
            "Targi Swiss: one round of pairs",
            lambda: pairing.swiss_pairs(pairs_ranked, pairs_history, number),
        )
    )
    pods_history, pod_points, scores = _history(ids, history_rounds, True, random.Random(3))
    pods_ranked = pairing.rank_for_pairing(ids, pod_points, {}, random.Random(4))
    rows.append(
        (
            "T&E Swiss: one round of pods",
            lambda: pairing.swiss_pods(pods_ranked, pods_history, number, random.Random(5)),
        )
    )
    members = [(p, f"Player {p}", False) for p in ids]
    rows.append(("standings of the T&E Swiss league", lambda: rank(members, scores, {})))
    image_rows = [
        {
            "rank": i + 1,
            "name": f"Player {i}",
            "points": 30 - i / 3,
            "played": 6,
            "wins": 2,
            "buchholz": 100 - i,
            "note": "",
        }
        for i in range(64)
    ]
    data = {"title": "Bench league", "subtitle": "T&E, Swiss", "champion": None, "rows": image_rows}
    rows.append(("standings image, 64 rows", lambda: render_standings(data, "en")))
    for label, call in rows:
        wall, cpu = _timed(call, repeat)
        print(f"{label:44} {wall:9.1f} {cpu:9.1f}")


def spread() -> None:
    print("players rounds min max spread never")
    for n in range(2, 65):
        players = list(range(n))
        plans = pairing.round_robin_pod_schedule(players, random.Random(n))
        history = pairing.History()
        for number, plan in enumerate(plans, 1):
            history.add(plan, number)
        counts = [history.count(a, b) for a, b in itertools.combinations(players, 2)]
        never = sum(c == 0 for c in counts)
        low, high = min(counts), max(counts)
        print(f"{n:7} {len(plans):6} {low:3} {high:3} {high - low:6} {never:5}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.leagues")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench", help="pairing speed for a large league")
    b.add_argument("--players", type=int, default=200)
    b.add_argument("--history", type=int, default=6)
    b.add_argument("--repeat", type=int, default=5)
    sub.add_parser("spread", help="pair-meeting evenness of the pod round robin, 2-64 players")
    args = parser.parse_args(argv)
    if args.command == "bench":
        bench(args.players, args.history, args.repeat)
    else:
        spread()


if __name__ == "__main__":
    main()
