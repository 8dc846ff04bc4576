"""``python -m bot.bench --processes N``: N real ``python -m bot`` processes (shards 0..N-1 of N)
on one database, driven through the fake Discord's gateway sessions (one per shard).

``--games`` running tables (default 1000 here), each in a channel of its own server, spread over
the shards, are dealt straight into the database and recorded as shown (so the bots start with
nothing to catch up); then ``--moves`` moves arrive at random (``--rate`` per second, one in flight
per table) as ``/move`` interactions on the shard of the table's server. For each move: the time
to the bot's first answer, to "You played" (after the commit) and to the new board in the channel.
CPU time is reported apart: the bot processes' own (from ``/proc``, Linux) and this process's
(the fake Discord with its OpenAPI validation, and the driver).

``--database`` is an SQLite file (default: a fresh one in a temporary folder) or a
``postgresql://`` URL, passed to the processes as ``DATABASE_PATH`` / ``DATABASE_URL``; the driver
opens it too, to deal the tables and pick each move from the legal ones.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.bench.moves import timed_move
from bot.service import Player, Service
from bot.storage.tables import TableStatus

#: The first server's id; server ``i`` is this plus ``i << 22``: consecutive shards.
GUILD_BASE = 840_000_000_000_000_000
CHANNEL_BASE = 850_000_000_000_000_000


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def _cpu_seconds(pid: int) -> float:
    """CPU seconds so far of bot process ``pid`` and its render workers (Linux ``/proc``; 0
    elsewhere): what its moves cost, images included."""
    from bot.bench.moves import BotCpu

    reading = BotCpu.read(pid)
    return reading.bot + reading.render


def _rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _is_url(database: str) -> bool:
    return "://" in database


async def _open(database: str) -> Service:
    # A URL needs the PostgreSQL backend's Service.open; a path is the SQLite file.
    opener: Any = Service.open
    return await opener(database if _is_url(database) else Path(database))  # type: ignore[no-any-return]


async def _deal(service: Service, args: argparse.Namespace) -> dict[int, tuple[int, int]]:
    """``--games`` running tables, recorded as shown: table id -> (server, channel)."""
    players = [Player(200_000 + seat, f"player{seat}") for seat in range(args.seats)]
    tables: dict[int, tuple[int, int]] = {}
    for index in range(args.games):
        guild, channel = GUILD_BASE + (index << 22), CHANNEL_BASE + index
        table = await service.create(
            game=args.game,
            guild_id=guild,
            channel_id=channel,
            creator=players[0],
            max_seats=args.seats,
            language="en",
        )
        for player in players[1:]:
            await service.join(table.id, player)
        table = await service.start(table.id, players[0].user_id, can_manage=False)
        await service.set_posted(table.id, table.version, None, await service.to_act(table.id))
        tables[table.id] = (guild, channel)
    return tables


async def run(args: argparse.Namespace) -> int:
    try:
        fd: Any = importlib.import_module("tests.fakediscord")
        driver: Any = importlib.import_module("tests.fakediscord.driver")
    except ImportError:
        print("bot.bench needs the repository's tests/fakediscord (run from a checkout).")
        return 2
    p = fd.payloads
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or str(Path(folder) / "bench.sqlite3")
        checker = fd.default_checker()
        fake = fd.FakeDiscord(
            checker=checker, check_spec=not args.no_validate, shard_count=args.processes
        )
        await fake.start()
        service = await _open(database)
        procs: list[Any] = []
        try:
            print(f"dealing {args.games} {args.game} tables ...", flush=True)
            tables = await _deal(service, args)
            setting = "DATABASE_URL" if _is_url(database) else "DATABASE_PATH"
            for shard in range(args.processes):
                env = {
                    setting: database,
                    "SHARD_COUNT": str(args.processes),
                    "SHARD_IDS": str(shard),
                    "LOG_LEVEL": "WARNING",
                    "AI_WORKERS": "1",
                }
                cwd = Path(folder) / f"shard{shard}"
                cwd.mkdir()
                procs.append(driver.BotProcess(fake, env=env, cwd=cwd))
            for proc in procs:
                await proc.start(timeout=60)
            first_ms: list[float] = []
            ack_ms: list[float] = []
            board_ms: list[float] = []

            async def one_move(table_id: int) -> bool:
                guild, channel = tables[table_id]
                table = await service.get(table_id)
                if table.status != TableStatus.ACTIVE:
                    return False
                player = table.players[rng.choice(await service.to_act(table_id))]
                action = rng.choice(await service.legal_actions(table_id, player.user_id))
                payload = p.slash(
                    "move",
                    {"action": action},
                    guild_id=str(guild),
                    channel_data=p.channel(str(channel), guild_id=str(guild)),
                    user_id=str(player.user_id),
                )
                first, ack, board, _post = await timed_move(fake, payload, str(channel), 120)
                first_ms.append(first)
                ack_ms.append(ack)
                board_ms.append(board)
                return True

            ids = sorted(tables)
            for table_id in ids[: 2 * args.processes]:  # warm up every process (imports, caches)
                await one_move(table_id)
            first_ms.clear()
            ack_ms.clear()
            board_ms.clear()
            problems = list(fake.spec_problems())
            fake.forget()
            bot_cpu = [_cpu_seconds(proc.process.pid) for proc in procs]
            own_cpu = time.process_time()
            began = time.perf_counter()
            in_flight: set[int] = set()
            pending: set[asyncio.Task[bool]] = set()

            async def player(table_id: int) -> bool:
                try:
                    return await one_move(table_id)
                finally:
                    in_flight.discard(table_id)

            for _ in range(args.moves):
                await asyncio.sleep(rng.expovariate(args.rate))
                table_id = rng.choice(ids)
                if table_id in in_flight:
                    continue
                in_flight.add(table_id)
                pending.add(asyncio.create_task(player(table_id)))
                pending = {t for t in pending if not t.done()}
            await asyncio.gather(*pending)
            elapsed = time.perf_counter() - began
            own_cpu = time.process_time() - own_cpu
            bot_cpu = [
                _cpu_seconds(proc.process.pid) - b for proc, b in zip(procs, bot_cpu, strict=True)
            ]
            rss = [_rss_mib(proc.process.pid) for proc in procs]
            problems += fake.spec_problems()
        finally:
            for proc in procs:
                await proc.stop()
            await service.close()
            await fake.stop()

    kind = "PostgreSQL" if _is_url(database) else "SQLite"
    moves = len(board_ms)
    print(
        f"{args.processes} bot processes (shards 0-{args.processes - 1}), {kind}, {args.games} "
        f"active {args.game} tables ({args.seats} seats), {moves} moves at ~{args.rate:g}/s in "
        f"{elapsed:.1f} s ({moves / elapsed:.1f} moves/s)"
        + (", requests not validated" if args.no_validate else "")
    )
    for label, values in (
        ("move -> first answer (defer)    ", first_ms),
        ("move -> 'You played' (committed)", ack_ms),
        ("move -> board posted (rendered) ", board_ms),
    ):
        print(
            f"  {label} p50 {_percentile(values, 50):7.1f} ms   p99 "
            f"{_percentile(values, 99):7.1f} ms   max {max(values, default=0):.1f} ms"
        )
    if moves:
        each = ", ".join(f"{c / moves * 1000:.1f}" for c in bot_cpu)
        print(
            f"  CPU per move: bot processes with their render workers "
            f"{sum(bot_cpu) / moves * 1000:.1f} ms ({each} by "
            f"shard); fake Discord and driver {own_cpu / moves * 1000:.1f} ms"
        )
    print("  memory (RSS) of the bot processes: " + ", ".join(f"{r:.0f} MiB" for r in rss))
    if problems:
        print(f"{len(problems)} requests Discord's API would reject, e.g.: {problems[0]}")
        return 1
    return 0
