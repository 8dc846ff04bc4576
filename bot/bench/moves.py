"""``python -m bot.bench``: many simultaneous games played against ``python -m bot`` in a process
of its own.

The bot runs as in production (``python -m bot``, its render pool of ``--render-workers``
processes, its AI pool), connected to the fake Discord of ``tests/fakediscord`` (a repository
checkout is needed), which runs in this process together with the driver playing the moves. The
bench opens ``--games`` tables (each in its own channel, through ``/game new``, Join and Start),
then plays moves with ``/move`` while all of them are active. Moves arrive at random times
(``--rate`` per second over all tables, one move in flight per table, like players reacting to a
board), or all at once per round with ``--burst``; ``--sweep 10,20,30,40`` plays ``--moves`` at
each rate in turn and names the rate where the board's p99 crosses ``--limit`` (300 ms).

For each move it measures the time from delivering the interaction to the bot's answers: its
first answer to Discord (the player's "You played" itself, or an ephemeral "thinking" deferral
when the commit is slow), the player's "You played" confirmation (sent after the database
commit) and the new board in the channel (rendered image included). It counts the requests the
bot makes to Discord per move (answering the move; the new board and the older board's buttons
removed in the channel).
CPU time is read per process from ``/proc``: the bot's own process and its render workers (what
a move costs the bot), apart from this process (the fake Discord, with its OpenAPI validation of
every request, and the driver) and apart from the AI workers.

``--slow-core F`` runs the bot (its process and every worker) on cores ``F`` times slower than
this machine's: a throttle lets each of its processes run for 1/F of every 10 ms and stops it
(SIGSTOP) for the rest, so each gets at most 1/F of a core, as on a core F times slower.

``--ai-tables N`` adds N tables of AI seats only (``--ai-level``, default `strong`; ``--ai-seats``)
that play non-stop, with no move delay, in the bot's AI pool while the people's moves are timed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import itertools
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bot.bench import reviews as review_bench
from bot.storage.tables import TableStatus

GUILD = "800000000000000001"
#: The throttle's period (seconds): short against the latencies measured, long against the cost
#: of stopping and continuing a process.
THROTTLE_PERIOD = 0.01


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


# ------------------------------------------------------------------------- processes and CPU


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (index 0 is the state)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that are running now."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[1] == str(pid):
                found.append(int(entry.name))
    return found


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one running process (0 when it is gone)."""
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / _TICK if fields else 0.0


def niceness(pid: int) -> int | None:
    fields = _stat(pid)
    return int(fields[16]) if fields else None


async def timed_move(
    fake: Any, payload: dict[str, Any], channel_id: str, timeout: float
) -> tuple[float, float, float, Any]:
    """Push one `/move` to the fake Discord and wait for what it brings: the bot's first answer,
    its "You played" (sent after the commit) and the new board posted in ``channel_id``. The
    three latencies in ms from the interaction's delivery, and the board's post."""
    mark = fake.mark()
    await fake.push_interaction(payload)
    started = fake.delivered_at(payload)
    first = await fake.response_to(payload, timeout=timeout)
    ack = await fake.wait_for(
        lambda c: (
            c.interaction is not None and c.interaction["id"] == payload["id"] and bool(c.content)
        ),
        start=mark,
        timeout=timeout,
    )
    post = await fake.wait_for(
        lambda c: (
            c.method == "POST"
            and c.template == "/channels/{channel_id}/messages"
            and c.parts[1] == channel_id
        ),
        start=mark,
        timeout=timeout,
    )
    return (
        (first.t - started) * 1000,
        (ack.t - started) * 1000,
        (post.t - started) * 1000,
        post,
    )


@dataclass
class BotCpu:
    """CPU seconds of the bot process, its render workers (and other helpers at its priority)
    and its AI workers (lower priority) at one moment."""

    bot: float = 0.0
    render: float = 0.0
    ai: float = 0.0

    @classmethod
    def read(cls, pid: int) -> BotCpu:
        own = niceness(pid)
        reading = cls(bot=cpu_seconds(pid))
        for child in children(pid):
            if niceness(child) == own:
                reading.render += cpu_seconds(child)
            else:
                reading.ai += cpu_seconds(child)
        return reading

    def __sub__(self, other: BotCpu) -> BotCpu:
        return BotCpu(self.bot - other.bot, self.render - other.render, self.ai - other.ai)


def resident_kib(pid: int) -> int:
    """The process's resident memory (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def throttle(root: int, slowdown: float, period: float = THROTTLE_PERIOD) -> None:
    """Let ``root`` and its children run 1/``slowdown`` of every ``period``; stopped for the
    rest. Runs in a process of its own (``python -c``) until SIGTERM or until ``root`` or its
    own parent is gone; everything it stopped is continued before it leaves."""
    running = period / slowdown
    parent = os.getppid()
    stopped: set[int] = set()
    leaving = False

    def leave(*_: object) -> None:
        nonlocal leaving
        leaving = True

    signal.signal(signal.SIGTERM, leave)
    family = [root]
    try:
        cycle = 0
        while not leaving and os.getppid() == parent and _stat(root) is not None:
            if cycle % 20 == 0:  # workers are started (and replaced) while the bot runs
                family = [root, *children(root)]
            cycle += 1
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)
            stopped.clear()
            time.sleep(running)
            for pid in family:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGSTOP)
                    stopped.add(pid)
            time.sleep(period - running)
    finally:
        for pid in stopped | set(family):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


# ------------------------------------------------------------------------------ one rate


@dataclass
class Round:
    """The figures of one run of timed moves."""

    rate: float | None  # None: burst
    elapsed: float = 0.0
    first_ms: list[float] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    bot_cpu: BotCpu = field(default_factory=BotCpu)
    harness_cpu: float = 0.0
    finished: int = 0
    ai_moves: int = 0
    #: Requests the bot made to Discord for the timed moves: answers to the players'
    #: interactions, and posts and edits in the timed tables' channels.
    answers: int = 0
    channel_requests: int = 0
    #: ``--reviews``: the reviews asked for at a time during the round, what they took, and
    #: the CPU the bot (process and render workers) used in each timed move's window.
    reviews: int = 0
    review_load: Any = None
    window_cpu_ms: list[float] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return len(self.board_ms)

    def per_move_ms(self, seconds: float) -> float:
        return seconds / max(1, self.moves) * 1000

    def count_requests(self, calls: list[Any], channels: set[str]) -> None:
        """Count the requests among ``calls`` (the fake's record of this round) that the
        timed moves caused (the AI tables' own are left out)."""
        for call in calls:
            if call.interaction is not None:
                # The timed moves' answers (not those of the reviews asked meanwhile).
                if str(call.interaction.get("channel_id")) in channels:
                    self.answers += 1
            elif call.parts[:1] == ["channels"] and call.parts[1:2] and call.parts[1] in channels:
                self.channel_requests += 1

    @property
    def bot_ms(self) -> float:
        """The bot's CPU per move: its process and its render workers."""
        return self.per_move_ms(self.bot_cpu.bot + self.bot_cpu.render)


def crossing(rounds: list[Round], limit: float) -> str:
    """Where the board's p99 first goes above ``limit`` ms over the sweep's rates."""
    points = [(r.rate or 0.0, _percentile(r.board_ms, 99)) for r in rounds]
    for (low_rate, low_p99), (high_rate, high_p99) in itertools.pairwise(points):
        if low_p99 <= limit < high_p99:
            between = low_rate + (limit - low_p99) / (high_p99 - low_p99) * (high_rate - low_rate)
            return (
                f"board p99 crosses {limit:g} ms between {low_rate:g} and {high_rate:g} moves/s"
                f" (about {between:.0f} moves/s, interpolated)"
            )
    if points and points[0][1] > limit:
        return f"board p99 is above {limit:g} ms already at {points[0][0]:g} moves/s"
    top = points[-1][0] if points else 0.0
    return f"board p99 stays under {limit:g} ms up to {top:g} moves/s"


async def run(args: argparse.Namespace) -> int:
    try:
        # Imported by name: the harness is test code, outside the package mypy checks.
        fd: Any = importlib.import_module("tests.fakediscord")
    except ImportError:
        print("bot.bench needs the repository's tests/fakediscord (run from a checkout).")
        return 2
    from bot.service import Service

    _stop_on_signals()
    rounds: list[Round] = []
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        checker = fd.default_checker()
        if args.no_validate:
            checker = _RoutesOnly(checker)
        fake = fd.FakeDiscord(checker=checker)
        await fake.start()
        path = Path(folder) / "bench.sqlite3"
        # The driver's own connection: it reads whose turn it is and the legal moves (as a
        # player reads the board), and sets up the AI tables before the bot starts.
        finished = await review_bench.prepare(path, args) if args.reviews else []
        service = await Service.open(path)
        ai_tables = [await _open_ai_table(service, args, i) for i in range(args.ai_tables)]
        argv, env = _bot_command(args, path)
        bot = fd.BotProcess(fake, argv, env=env, cwd=folder)
        throttler: subprocess.Popen[bytes] | None = None
        try:
            await bot.start(timeout=120)
            pid = bot.process.pid
            throttler = _start_throttle(pid, args)
            driver = _Driver(args, fake, fd.payloads, service, pid, finished, ai_tables)
            await driver.warm_up()
            channels = [str(810000000000000000 + i) for i in range(args.games)]
            grown = await driver.open_tables(channels)
            problems += fake.spec_problems()
            fake.forget()
            if ai_tables:
                await asyncio.sleep(2.0)  # the AI workers are spawned and busy
            if args.profile:  # the profile holds the timed moves only
                os.kill(pid, signal.SIGUSR1)
            for rate, reviewing in _plan(args):
                now = await driver.timed_round(rate, reviewing, channels)
                problems += fake.spec_problems()
                fake.forget()
                rounds.append(now)
                _report(now, args)
        finally:
            if throttler is not None:
                throttler.terminate()
                throttler.wait()
            await bot.stop(grace=30)
            await service.close()
            await fake.stop()
    return _summary(args, rounds, problems, grown)


def _stop_on_signals() -> None:
    """Ctrl-C or SIGTERM stop the bench through its clean-up: the throttle continues the bot,
    the bot is stopped (never left behind, stopped or running)."""
    loop, main_task = asyncio.get_running_loop(), asyncio.current_task()
    if main_task is not None:
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(number, main_task.cancel)


def _bot_command(args: argparse.Namespace, path: Path) -> tuple[list[str], dict[str, str]]:
    """``python -m bot`` (or under the profiler) and its environment."""
    argv = [sys.executable, "-m", "bot"]
    if args.profile:
        argv[1:] = ["-m", "bot.bench.profile", str(Path(args.profile).resolve())]
    env = {
        "DATABASE_PATH": str(path),
        "RENDER_WORKERS": str(args.render_workers),
        "AI_WORKERS": str(args.ai_workers),
        "AI_MOVE_DELAY": "0",
        "LOG_LEVEL": "WARNING",
    }
    return argv, env


def _start_throttle(pid: int, args: argparse.Namespace) -> subprocess.Popen[bytes] | None:
    """``--slow-core``: the throttle of the bot's processes, in a process of its own."""
    if args.slow_core <= 1:
        return None
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from bot.bench.moves import throttle; throttle({pid}, {args.slow_core})",
        ]
    )


def _plan(args: argparse.Namespace) -> list[tuple[float | None, int]]:
    """The rounds to time: (rate, None for a burst; reviews asked meanwhile)."""
    rates: list[float | None] = [None] if args.burst else list(args.sweep or [args.rate])
    if args.reviews:
        return [(rate, n) for rate in rates for n in args.reviews]
    return [(rate, 0) for rate in rates]


def _named(payload: dict[str, Any], who: tuple[str, str]) -> dict[str, Any]:
    person = payload["member"]["user"]
    person["username"] = person["global_name"] = who[1]
    return payload


@dataclass
class _Driver:
    """The players: opens the tables and plays the moves through the fake Discord, reading
    whose turn it is and the legal moves from its own connection to the database."""

    args: argparse.Namespace
    fake: Any
    p: Any  # the fake's payload builders
    service: Any
    pid: int  # the bot's process
    finished: list[Any]  # --reviews: the finished games reviewed
    ai_tables: list[int]
    tables: dict[str, int] = field(default_factory=dict)
    # --reviews: the processes at the bot's priority (its own and the render workers'),
    # whose CPU in each move's window is read.
    family: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.args.seed)
        self.users = [(str(100000 + i), f"player{i}") for i in range(self.args.seats)]

    async def interact(self, payload: dict[str, Any]) -> Any:
        await self.fake.push_interaction(payload)
        return await self.fake.response_to(payload, timeout=60)

    async def one_move(self, channel_id: str, now: Round) -> bool:
        """The player to act at this table makes a random legal move."""
        service, rng, family = self.service, self.rng, self.family
        table = await service.get(self.tables[channel_id])
        if table.status != TableStatus.ACTIVE:
            return False
        seats = await service.to_act(table.id)
        player = table.players[rng.choice(seats)]
        legal = await service.legal_actions(table.id, player.user_id)
        action = rng.choice(legal)
        who = (str(player.user_id), player.name)
        payload = _named(
            self.p.slash(
                "move",
                {"action": action},
                channel_data=self.p.channel(channel_id),
                user_id=who[0],
            ),
            who,
        )
        ran_before = review_bench.run_ns(family) if family else 0
        first_ms, ack_ms, board_ms, post = await timed_move(self.fake, payload, channel_id, 60)
        if family:
            now.window_cpu_ms.append((review_bench.run_ns(family) - ran_before) / 1e6)
        now.first_ms.append(first_ms)
        now.ack_ms.append(ack_ms)
        now.board_ms.append(board_ms)
        if "final result" in (post.json or {}).get("content", ""):
            now.finished += 1
        return True

    async def open_one(self, channel_id: str) -> None:
        """`/game new`, Join, Start in a channel of its own."""
        p, users = self.p, self.users
        chan = p.channel(channel_id)
        options = {"game": self.args.game, "seats": self.args.seats}
        new = p.slash("game", options, sub="new", channel_data=chan, user_id=users[0][0])
        await self.interact(_named(new, users[0]))
        table = await _wait_table(self.service, int(channel_id))
        self.tables[channel_id] = table.id
        for op, who in [("join", w) for w in users[1:]] + [("start", users[0])]:
            lobby = self.fake.message(table.lobby_message_id)
            click = p.button(
                f"lobby:{table.id}:{op}",
                message_data=lobby,
                channel_data=chan,
                user_id=who[0],
            )
            await self.interact(_named(click, who))
        await _board_shown(self.service, table.id)

    async def warm_up(self) -> None:
        """The workers, caches and first queries warmed up before measuring (and with
        ``--reviews``, the long lane's worker, started by the first review)."""
        await self.open_one("819999999999999999")
        await self.one_move("819999999999999999", Round(None))
        if self.finished:
            warm = review_bench.ReviewLoad(self.fake, self.p, self.service, self.finished, 0)
            await warm.ask(self.finished[0], str(review_bench.PLAYER_BASE))
            own = niceness(self.pid)
            self.family = [self.pid, *(c for c in children(self.pid) if niceness(c) == own)]

    async def open_tables(self, channels: list[str]) -> int:
        """A table in each channel; how much the bot's resident memory grew (KiB)."""
        memory_before = resident_kib(self.pid)
        for channel_id in channels:
            await self.open_one(channel_id)
        return resident_kib(self.pid) - memory_before

    async def timed_round(self, rate: float | None, reviewing: int, channels: list[str]) -> Round:
        """One run of timed moves at ``rate`` (None: a burst), ``reviewing`` reviews asked
        meanwhile; the requests the moves caused counted once the bot is quiet."""
        service, fake, args, pid = self.service, self.fake, self.args, self.pid
        now = Round(rate, reviews=reviewing)
        if self.finished:
            now.review_load = review_bench.ReviewLoad(
                fake, self.p, service, self.finished, reviewing
            )
            now.review_load.start()
            if reviewing:
                await asyncio.sleep(1.0)  # the reviews are under way
        ai_seq_before = sum([(await service.get(t)).seq for t in self.ai_tables])
        cpu_before, harness_before = BotCpu.read(pid), time.process_time()
        began = time.perf_counter()
        if rate is None:
            for _ in range(args.moves // max(1, args.games)):
                await asyncio.gather(*(self.one_move(c, now) for c in channels))
        else:
            move = partial(self.one_move, now=now)
            await _arrivals(self.rng, channels, rate, args.moves, move)
        now.elapsed = time.perf_counter() - began
        now.bot_cpu = BotCpu.read(pid) - cpu_before
        now.harness_cpu = time.process_time() - harness_before
        if now.review_load is not None:
            await now.review_load.stop()
        now.ai_moves = sum([(await service.get(t)).seq for t in self.ai_tables]) - ai_seq_before
        await _quiet(fake)  # the last boards' older boards lose their buttons
        now.count_requests(fake.calls, set(channels))
        return now


def _summary(args: argparse.Namespace, rounds: list[Round], problems: list[str], grown: int) -> int:
    """The sweep's or the reviews' comparison, the memory per table, and any request Discord
    would reject (then the exit status is 1)."""
    if args.reviews:
        print(review_bench.comparison(rounds))
    elif len(rounds) > 1:
        print(f"sweep: {crossing(rounds, args.limit)}")
    per_table = grown / max(1, args.games)
    print(
        f"memory: the bot process grew by {per_table:.1f} KiB per active table (resident"
        " memory of python -m bot while the tables opened)"
    )
    if problems:
        print(f"{len(problems)} requests Discord's API would reject, e.g.: {problems[0]}")
        return 1
    return 0


async def _quiet(fake: Any, still: float = 0.3, limit: float = 10.0) -> None:
    """Wait until the bot has sent nothing for ``still`` seconds (at most ``limit``): the
    requests that follow a move's board are counted with it."""
    seen, waited = -1, 0.0
    while len(fake.calls) != seen and waited < limit:
        seen = len(fake.calls)
        await asyncio.sleep(still)
        waited += still


async def _arrivals(
    rng: random.Random, channels: list[str], rate: float, moves: int, move: Any
) -> None:
    """``moves`` moves arriving at random (a Poisson stream of ``rate`` per second), one in
    flight per table at most."""
    in_flight: set[str] = set()
    pending: set[asyncio.Task[bool]] = set()

    async def player(channel_id: str) -> bool:
        try:
            return bool(await move(channel_id))
        finally:
            in_flight.discard(channel_id)

    for _ in range(moves):
        await asyncio.sleep(rng.expovariate(rate))
        idle = [c for c in channels if c not in in_flight]
        if not idle:
            continue
        channel_id = rng.choice(idle)
        in_flight.add(channel_id)
        pending.add(asyncio.create_task(player(channel_id)))
        pending = {t for t in pending if not t.done()}
    await asyncio.gather(*pending)


def _report(now: Round, args: argparse.Namespace) -> None:
    mode = "burst (every table at once)" if now.rate is None else f"~{now.rate:g} moves/s offered"
    if args.no_validate:
        mode += ", requests not validated"
    if args.slow_core > 1:
        mode += f", bot on cores {args.slow_core:g}x slower (throttled)"
    if args.ai_tables:
        mode += (
            f"; meanwhile {args.ai_tables} {args.ai_level} AI tables ({args.ai_seats} seats,"
            f" {args.ai_workers} workers) made {now.ai_moves} moves"
            f" ({now.ai_moves / max(now.elapsed, 1e-9):.1f}/s)"
        )
    print(
        f"{args.games} active {args.game} tables ({args.seats} seats), {now.moves} moves,"
        f" {mode}, {now.elapsed:.1f} s ({now.moves / max(now.elapsed, 1e-9):.1f} moves/s done)"
    )
    for label, values in (
        ("move -> first answer            ", now.first_ms),
        ("move -> 'You played' (committed)", now.ack_ms),
        ("move -> board posted (rendered) ", now.board_ms),
    ):
        print(
            f"  {label}  p50 {_percentile(values, 50):7.1f} ms"
            f"   p99 {_percentile(values, 99):7.1f} ms   max {max(values, default=0):7.1f} ms"
        )
    if not now.moves:
        return
    cpu = now.bot_cpu
    print(
        f"  CPU per move, bot: {now.bot_ms:.1f} ms (its process {now.per_move_ms(cpu.bot):.1f}"
        f" + {args.render_workers} render workers {now.per_move_ms(cpu.render):.1f});"
        f" fake Discord and driver: {now.per_move_ms(now.harness_cpu):.1f} ms;"
        f" AI workers: {now.per_move_ms(cpu.ai):.1f} ms"
    )
    per_move = (now.answers + now.channel_requests) / now.moves
    print(
        f"  requests to Discord per move: {per_move:.2f} (answering the move"
        f" {now.answers / now.moves:.2f}, in the channel {now.channel_requests / now.moves:.2f}:"
        f" the new board, the older board's buttons removed)"
    )
    cores = os.cpu_count() or 1
    slow = now.bot_ms * args.capacity_factor
    capacity = cores / slow * 1000 if slow else float("inf")
    print(
        f"  capacity: {now.bot_ms:.1f} ms x {args.capacity_factor:g} (cores that much slower)"
        f" = {slow:.0f} ms of CPU per move on {cores} cores: at most {capacity:.0f} moves/s"
        + (
            f"; {now.rate:g} moves/s keep them {now.rate * slow / 10 / cores:.0f}% busy"
            if now.rate
            else ""
        )
    )
    print(
        f"  mean board {statistics.fmean(now.board_ms):.1f} ms;"
        f" games finished during the run: {now.finished}"
    )
    if now.review_load is not None:
        print(review_bench.board_line(now))
        print(review_bench.review_line(now.review_load))


async def _open_ai_table(service: Any, args: argparse.Namespace, index: int) -> int:
    """A running table of AI seats only in a channel of its own, before the bot starts (the bot
    posts its board and sets its AIs going when it is ready)."""
    from bot.service import Player

    owner = Player(99, "bench")
    table = await service.create(
        game=args.game,
        guild_id=int(GUILD),
        channel_id=830000000000000000 + index,
        creator=owner,
        max_seats=args.ai_seats,
        language="en",
    )
    await service.leave(table.id, owner.user_id)
    for _ in range(args.ai_seats):
        await service.add_ai(table.id, owner.user_id, args.ai_level, can_manage=True)
    table = await service.start(table.id, owner.user_id, can_manage=True)
    return int(table.id)


async def _wait_table(service: Any, channel_id: int) -> Any:
    for _ in range(6000):
        table = await service.in_channel(channel_id)
        if table is not None and table.lobby_message_id is not None:
            return table
        await asyncio.sleep(0.01)
    raise RuntimeError(f"no lobby appeared in channel {channel_id}")


async def _board_shown(service: Any, table_id: int) -> None:
    """Wait until the started table's first board is in its channel."""
    for _ in range(6000):
        table = await service.get(table_id)
        if table.status == TableStatus.ACTIVE and table.board_message_id is not None:
            return
        await asyncio.sleep(0.01)
    raise RuntimeError(f"table {table_id} never showed its first board")
