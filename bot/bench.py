"""``python -m bot.bench``: many simultaneous games through the in-process Discord harness.

Opens ``--games`` tables (each in its own channel, through ``/game new``, Join and Start), then
plays moves with ``/move`` while all of them are active. Moves arrive at random times
(``--rate`` per second over all tables, one move in flight per table, like players reacting to a
board), or all at once per round with ``--burst``. For each move it measures the time from
delivering the interaction to the bot's answers: its first answer to Discord (an ephemeral
"thinking" defer), the player's "You played" confirmation (sent after the database commit) and the
new board in the channel (rendered image included). It also reports the Python memory the bot
keeps per active table (traced with ``tracemalloc`` while the tables open, the fake's records left
out).

``--ai-tables N`` adds N tables of AI seats only (``--ai-level``, default `strong`; ``--ai-seats``)
that play non-stop, with no move delay, in the bot's worker pool while the people's moves are
timed: the figures then show what an AI thinking costs the other tables.

Runs against ``tests/fakediscord`` (a repository checkout is needed), in the same process and
event loop as the bot, so the fake's own work (including its OpenAPI validation of every request;
``--no-validate`` leaves that out) is included in the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

GUILD = "800000000000000001"


class _RoutesOnly:
    """Names each request's route without validating its body (``--no-validate``): the
    validation is the harness's work, not the bot's."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def check(self, method: str, path: str, body: Any = None) -> tuple[str | None, list[str]]:
        found = self.real.match(path)
        return (found[0] if found else None), []


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def run(args: argparse.Namespace) -> int:
    try:
        # Imported by name: the harness is test code, outside the package mypy checks.
        fd: Any = importlib.import_module("tests.fakediscord")
    except ImportError:
        print("bot.bench needs the repository's tests/fakediscord (run from a checkout).")
        return 2
    p = fd.payloads
    from bot.client import BoardBot
    from bot.service import Service

    rng = random.Random(args.seed)
    users = [(str(100000 + i), f"player{i}") for i in range(args.seats)]

    def named(payload: dict[str, Any], who: tuple[str, str]) -> dict[str, Any]:
        person = payload["member"]["user"]
        person["username"] = person["global_name"] = who[1]
        return payload

    with tempfile.TemporaryDirectory() as folder:
        checker = fd.default_checker()
        if args.no_validate:
            checker = _RoutesOnly(checker)
        fake = fd.FakeDiscord(checker=checker)
        await fake.start()
        service = await Service.open(Path(folder) / "bench.sqlite3")
        bot = BoardBot(service, sync="never", scheduler_interval=None, ai_workers=args.ai_workers)
        try:
            async with fd.logged_in(fake, bot) as inproc:

                async def interact(payload: dict[str, Any]) -> Any:
                    inproc.send(payload)
                    return await fake.response_to(payload, timeout=60)

                problems: list[str] = []
                first_ms: list[float] = []
                ack_ms: list[float] = []
                board_ms: list[float] = []
                finished = 0

                async def one_move(channel_id: str) -> bool:
                    """The player to act at this table makes a random legal move."""
                    nonlocal finished
                    table = await service.get(tables[channel_id])
                    if table.status != "active":
                        return False
                    seats = await service.to_act(table.id)
                    player = table.players[rng.choice(seats)]
                    legal = await service.legal_actions(table.id, player.user_id)
                    action = rng.choice(legal)
                    who = (str(player.user_id), player.name)
                    payload = named(
                        p.slash(
                            "move",
                            {"action": action},
                            channel_data=p.channel(channel_id),
                            user_id=who[0],
                        ),
                        who,
                    )
                    mark = fake.mark()
                    started = time.perf_counter()
                    inproc.send(payload)
                    first = await fake.response_to(payload, timeout=60)
                    ack = await fake.wait_for(
                        lambda c: (
                            c.interaction is not None
                            and c.interaction["id"] == payload["id"]
                            and bool(c.content)
                        ),
                        start=mark,
                        timeout=60,
                    )
                    post = await fake.wait_for(
                        lambda c: (
                            c.method == "POST"
                            and c.template == "/channels/{channel_id}/messages"
                            and c.parts[1] == channel_id
                        ),
                        start=mark,
                        timeout=60,
                    )
                    first_ms.append((first.t - started) * 1000)
                    ack_ms.append((ack.t - started) * 1000)
                    board_ms.append((post.t - started) * 1000)
                    if "final result" in (post.json or {}).get("content", ""):
                        finished += 1
                    return True

                tables: dict[str, int] = {}

                async def open_one(channel_id: str) -> None:
                    """`/game new`, Join, Start in a channel of its own."""
                    chan = p.channel(channel_id)
                    options = {"game": args.game, "seats": args.seats}
                    new = p.slash(
                        "game", options, sub="new", channel_data=chan, user_id=users[0][0]
                    )
                    await interact(named(new, users[0]))
                    table = await _wait_table(service, int(channel_id))
                    tables[channel_id] = table.id
                    for op, who in [("join", w) for w in users[1:]] + [("start", users[0])]:
                        lobby = fake.message(table.lobby_message_id)
                        click = p.button(
                            f"lobby:{table.id}:{op}",
                            message_data=lobby,
                            channel_data=chan,
                            user_id=who[0],
                        )
                        await interact(named(click, who))
                    await _idle()

                # Warm up (imports, renderer caches, first queries) before measuring memory.
                await open_one("819999999999999999")
                await one_move("819999999999999999")
                first_ms.clear()
                ack_ms.clear()
                board_ms.clear()
                gc.collect()
                # What the bot keeps per table, without the fake's recordings (they hold every
                # image the bot sent): traced Python memory outside tests/fakediscord.
                tracemalloc.start()
                heap_before = _heap_bytes()
                channels = [str(810000000000000000 + i) for i in range(args.games)]
                for channel_id in channels:
                    await open_one(channel_id)
                await _idle()
                problems += fake.spec_problems()
                fake.forget()
                gc.collect()
                heap_after = _heap_bytes()
                tracemalloc.stop()

                ai_tables = [await _open_ai_table(bot, args, i) for i in range(args.ai_tables)]
                ai_seq_before = sum([(await service.get(t)).seq for t in ai_tables])
                if ai_tables:
                    await asyncio.sleep(2.0)  # the workers are spawned and busy
                    ai_seq_before = sum([(await service.get(t)).seq for t in ai_tables])
                began = time.perf_counter()
                cpu_began = time.process_time()
                if args.burst:
                    for _ in range(args.moves // max(1, args.games)):
                        await asyncio.gather(*(one_move(c) for c in channels))
                else:
                    in_flight: set[str] = set()
                    pending: set[asyncio.Task[bool]] = set()

                    async def player(channel_id: str) -> bool:
                        try:
                            return await one_move(channel_id)
                        finally:
                            in_flight.discard(channel_id)

                    for _ in range(args.moves):
                        await asyncio.sleep(rng.expovariate(args.rate))
                        idle = [c for c in channels if c not in in_flight]
                        if not idle:
                            continue
                        channel_id = rng.choice(idle)
                        in_flight.add(channel_id)
                        pending.add(asyncio.create_task(player(channel_id)))
                        pending = {t for t in pending if not t.done()}
                    await asyncio.gather(*pending)
                elapsed = time.perf_counter() - began
                cpu = time.process_time() - cpu_began
                ai_moves = sum([(await service.get(t)).seq for t in ai_tables]) - ai_seq_before
                await bot.ai_player.close()  # the AI tables would play on
                await _idle()
                problems += fake.spec_problems()
        finally:
            await service.close()
            await fake.stop()

    mode = "burst (every table at once)" if args.burst else f"~{args.rate:g} moves/s overall"
    if args.no_validate:
        mode += ", requests not validated"
    if args.ai_tables:
        mode += (
            f"; meanwhile {args.ai_tables} {args.ai_level} AI tables ({args.ai_seats} seats,"
            f" {args.ai_workers} workers) made {ai_moves} moves"
            f" ({ai_moves / elapsed:.1f}/s)"
        )
    print(
        f"{args.games} active {args.game} tables ({args.seats} seats), {len(board_ms)} moves,"
        f" {mode}, {elapsed:.1f} s"
    )
    print(
        f"  move -> first answer (defer)       p50 {_percentile(first_ms, 50):7.1f} ms"
        f"   p99 {_percentile(first_ms, 99):7.1f} ms   (Discord's limit: 3000 ms)"
    )
    print(
        f"  move -> 'You played' (committed)   p50 {_percentile(ack_ms, 50):7.1f} ms"
        f"   p99 {_percentile(ack_ms, 99):7.1f} ms"
    )
    print(
        f"  move -> board posted (rendered)    p50 {_percentile(board_ms, 50):7.1f} ms"
        f"   p99 {_percentile(board_ms, 99):7.1f} ms   max {max(board_ms, default=0):.1f} ms"
    )
    if board_ms:
        print(
            f"  CPU time of this process per move: {cpu / len(board_ms) * 1000:.1f} ms"
            " (bot, fake Discord and driver together; steady on a busy machine)"
        )
        print(
            f"  mean {statistics.fmean(board_ms):.1f} ms; games finished during the run: {finished}"
        )
    per_game = (heap_after - heap_before) / max(1, args.games)
    print(
        f"  memory: {per_game / 1024:.1f} KiB per active table (Python heap the bot, its service"
        " and engine cache keep per table; the fake Discord's records left out)"
    )
    if problems:
        print(f"{len(problems)} requests Discord's API would reject, e.g.: {problems[0]}")
        return 1
    return 0


async def _open_ai_table(bot: Any, args: argparse.Namespace, index: int) -> int:
    """A running table of AI seats only in a channel of its own, its first board shown (which
    sets its AIs going)."""
    from bot.service import Player
    from bot.ui import flow

    owner = Player(99, "bench")
    service = bot.service
    table = await service.create(
        game=args.game,
        guild_id=int(GUILD),
        channel_id=830000000000000000 + index,
        creator=owner,
        max_seats=args.ai_seats,
    )
    await service.leave(table.id, owner.user_id)
    for _ in range(args.ai_seats):
        await service.add_ai(table.id, owner.user_id, args.ai_level, can_manage=True)
    table = await service.start(table.id, owner.user_id, can_manage=True)
    await flow.show_current(bot, table.id, version=table.version)
    return int(table.id)


def _heap_bytes() -> int:
    """Traced Python memory, leaving out what the fake Discord allocated."""
    fake = tracemalloc.Filter(False, "*/tests/fakediscord/*")
    snapshot = tracemalloc.take_snapshot().filter_traces([fake])
    return sum(stat.size for stat in snapshot.statistics("filename"))


async def _wait_table(service: Any, channel_id: int) -> Any:
    for _ in range(1000):
        table = await service.in_channel(channel_id)
        if table is not None and table.lobby_message_id is not None:
            return table
        await asyncio.sleep(0.001)
    raise RuntimeError(f"no lobby appeared in channel {channel_id}")


async def _idle() -> None:
    """Wait until the bot has handled everything delivered so far."""
    for _ in range(1000):
        busy = [
            t
            for t in asyncio.all_tasks()
            if not t.done() and t.get_name().startswith(("CommandTree-invoker", "discord-ui-"))
        ]
        if not busy:
            return
        await asyncio.wait(busy, timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="simultaneous tables (100)")
    parser.add_argument("--game", default="tigris", choices=["tigris", "targi"])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--moves", type=int, default=1000, help="moves to time (1000)")
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second (20)")
    parser.add_argument("--burst", action="store_true", help="every table moves at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-validate", action="store_true", help="skip the fake's OpenAPI check of requests"
    )
    parser.add_argument("--ai-tables", type=int, default=0, help="tables of AI seats only (0)")
    parser.add_argument("--ai-level", default="strong", choices=["easy", "normal", "strong"])
    parser.add_argument("--ai-seats", type=int, default=2, help="seats at each AI table (2)")
    parser.add_argument("--ai-workers", type=int, default=2, help="AI worker processes (2)")
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        help="run N `python -m bot` processes, shards 0..N-1 of N, instead of the in-process bot",
    )
    parser.add_argument(
        "--database",
        default=None,
        help="with --processes: an SQLite file or a postgresql:// URL (default: a fresh file)",
    )
    args = parser.parse_args(argv)
    if args.processes:
        from bot import bench_processes

        return asyncio.run(bench_processes.run(args))
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
