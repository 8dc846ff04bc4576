"""Engine tools: ``python -m bot.games replay FILE.json`` and ``python -m bot.games bench GAME``
(``--statistics``: also what computing a finished game's statistics from its record costs)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from bot.games import ReplayError, game_names, game_statistics, get_game, replay
from bot.games.playout import play


def _replay(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        record = json.load(handle)
    try:
        state = replay(record)
    except ReplayError as error:
        print(json.dumps(error.to_dict()))
        return 1
    game = get_game(record["game"])
    # A debugging tool: prints the full state, every seat's secrets included.
    print(json.dumps(json.loads(game.to_json(state)), indent=1, sort_keys=True))
    return 0


def _bench(name: str, seats: int | None, games: int, seed: int, stats: bool = False) -> int:
    game = get_game(name)
    records = []
    seat_count = seats if seats is not None else max(game.SEAT_COUNTS)
    durations: list[float] = []
    decisions = 0
    legal_total = 0
    started = time.perf_counter()
    for index in range(games):
        t0 = time.perf_counter()
        result = play(game, seat_count, seed + index)
        durations.append(time.perf_counter() - t0)
        records.append(result.record)
        decisions += result.decisions
        legal_total += result.legal_total
    elapsed = time.perf_counter() - started
    print(f"{name}: {games} random games, {seat_count} seats, seeds {seed}..{seed + games - 1}")
    print(f"  games/s            {games / elapsed:10.1f}")
    print(f"  actions/s          {decisions / elapsed:10.0f}")
    print(f"  median ms / game   {statistics.median(durations) * 1000:10.2f}")
    print(
        f"  p90 ms / game      {statistics.quantiles(durations, n=10)[-1] * 1000:10.2f}"
        if games >= 10
        else ""
    )
    print(f"  actions / game     {decisions / games:10.1f}")
    print(f"  mean legal actions {legal_total / max(decisions, 1):10.1f}")
    if stats:
        _bench_statistics(records)
    return 0


def _bench_statistics(records: list[dict[str, object]]) -> None:
    """CPU and wall time of :func:`game_statistics` (replay + walk) per finished game."""
    cpu: list[float] = []
    wall: list[float] = []
    for record in records:
        c0, w0 = time.process_time(), time.perf_counter()
        game_statistics(record)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"  statistics, CPU ms / game  median {statistics.median(cpu) * 1000:7.2f}", end="")
    print(f"  max {max(cpu) * 1000:7.2f}")
    print(f"  statistics, wall ms / game median {statistics.median(wall) * 1000:7.2f}", end="")
    print(f"  max {max(wall) * 1000:7.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.games", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a game record and print the state")
    replay_cmd.add_argument("file")
    bench_cmd = commands.add_parser("bench", help="time uniform random playouts")
    bench_cmd.add_argument("game", choices=game_names())
    bench_cmd.add_argument("--seats", type=int, default=None)
    bench_cmd.add_argument("--games", type=int, default=200)
    bench_cmd.add_argument("--seed", type=int, default=1)
    bench_cmd.add_argument(
        "--statistics", action="store_true", help="also time each game's statistics"
    )
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    return _bench(args.game, args.seats, args.games, args.seed, args.statistics)


if __name__ == "__main__":
    sys.exit(main())
