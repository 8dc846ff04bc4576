"""Driving a bot against FakeDiscord: in-process (logged in, payloads injected) or as a process.

In-process (fast, most tests): :func:`logged_in` points ``discord.http.Route.BASE`` at the fake,
logs the bot in with a fake token (``GET /users/@me``, ``GET /oauth2/applications/@me``, then
``setup_hook``) and hands out an :class:`InProcess` whose ``interact`` feeds an
``INTERACTION_CREATE`` payload to ``bot._connection.parse_interaction_create`` and waits for the
bot's callback. No gateway.

As a process (the smoke test): :class:`BotProcess` starts a command (``python -m bot`` by default)
with ``DISCORD_TOKEN``, ``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL`` pointing at the fake, waits
for its IDENTIFY on the fake gateway, and can kill and restart it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import discord.http

from .server import Call, FakeDiscord

JSON = dict[str, Any]
REPO_ROOT = Path(__file__).resolve().parents[2]
FAKE_TOKEN = "fake-token"
# Names discord.py 2.7 gives the tasks that run handlers (app_commands/tree.py, ui/view.py,
# ui/modal.py, client.py).
_HANDLER_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
# Settings of `python -m bot` (.env.example) not inherited from the developer's shell.
_BOT_SETTINGS = (
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "SCHEDULER_INTERVAL",
    "RENDER_WORKERS",
)


class InProcess:
    """A bot logged in against the fake; interactions are delivered without a gateway."""

    def __init__(self, fake: FakeDiscord, bot: discord.Client) -> None:
        self.fake = fake
        self.bot = bot

    def send(self, payload: JSON) -> JSON:
        """Deliver an interaction and return at once (the bot handles it in a task)."""
        return self.fake.dispatch(self.bot, payload)

    async def interact(self, payload: JSON, *, timeout: float = 5.0) -> Call:
        """Deliver an interaction and return the bot's callback (``POST .../callback``)."""
        self.send(payload)
        return await self.fake.response_to(payload, timeout=timeout)

    async def settle(self, *, timeout: float = 5.0) -> None:
        """Wait until discord.py's handler tasks (commands, views, modals, events) have finished,
        e.g. to collect the followups a handler sends after its callback. Tasks a handler starts
        itself are not tracked."""

        async def wait() -> None:
            while pending := [
                t
                for t in asyncio.all_tasks()
                if t is not asyncio.current_task()
                and not t.done()
                and t.get_name().startswith(_HANDLER_TASKS)
            ]:
                await asyncio.wait(pending)

        await asyncio.wait_for(wait(), timeout)


@asynccontextmanager
async def logged_in(
    fake: FakeDiscord, bot: discord.Client, token: str = FAKE_TOKEN
) -> AsyncIterator[InProcess]:
    """Log ``bot`` in against ``fake`` (Route.BASE re-pointed for the duration), then close it."""
    previous = discord.http.Route.BASE
    discord.http.Route.BASE = fake.base
    try:
        await bot.login(token)
        yield InProcess(fake, bot)
    finally:
        try:
            with contextlib.suppress(TimeoutError):  # let handlers finish before the session closes
                await InProcess(fake, bot).settle(timeout=2.0)
            await bot.close()
        finally:
            discord.http.Route.BASE = previous


class BotProcess:
    """The bot as a separate process connected to the fake's REST API and gateway.

    ``argv`` defaults to ``python -m bot``; ``env`` adds to (and overrides) the inherited
    environment and the three Discord settings. Output goes to ``log_path`` (read it with
    :meth:`output` when something fails).
    """

    def __init__(
        self,
        fake: FakeDiscord,
        argv: Sequence[str] = (sys.executable, "-m", "bot"),
        *,
        env: Mapping[str, str] | None = None,
        cwd: Path | str | None = None,
        log_path: Path | str | None = None,
        token: str = FAKE_TOKEN,
    ) -> None:
        self.fake = fake
        self.argv = list(argv)
        self.cwd = Path(cwd) if cwd is not None else REPO_ROOT
        self.log_path = Path(log_path) if log_path is not None else self.cwd / "bot-process.log"
        self.extra_env = dict(env or {})
        self.token = token
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in _BOT_SETTINGS}
        pythonpath = [str(REPO_ROOT), *filter(None, [env.get("PYTHONPATH")])]
        env.update(
            {
                "DISCORD_TOKEN": self.token,
                "DISCORD_API_BASE": self.fake.base,
                "DISCORD_GATEWAY_URL": self.fake.gateway_url,
                "PYTHONUNBUFFERED": "1",
                "PYTHONPATH": os.pathsep.join(pythonpath),
            }
        )
        env.update(self.extra_env)
        return env

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self, *, timeout: float = 20.0) -> JSON:
        """Start the process and wait for its IDENTIFY (returned); fails with its output if it
        exits first or stays silent."""
        if self.running:
            raise RuntimeError("the bot process is already running")
        expected = len(self.fake.identifies) + 1
        with self.log_path.open("ab") as log:
            log.write(f"--- start #{self.starts + 1}: {' '.join(self.argv)}\n".encode())
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                *self.argv,
                cwd=self.cwd,
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        self.starts += 1
        identify = asyncio.ensure_future(
            self.fake.wait_for_identify(count=expected, timeout=timeout)
        )
        exited = asyncio.ensure_future(self.process.wait())
        done, _ = await asyncio.wait({identify, exited}, return_when=asyncio.FIRST_COMPLETED)
        if identify in done and identify.exception() is None:
            exited.cancel()
            return identify.result()
        identify.cancel()
        exited.cancel()
        status = self.process.returncode
        await self.kill()
        why = (
            f"exited with status {status}" if status is not None else f"no IDENTIFY in {timeout} s"
        )
        raise AssertionError(f"bot process {why}; its output:\n{self.output()}")

    async def kill(self) -> None:
        """SIGKILL: a crash, no cleanup (what a restart test wants)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()

    async def stop(self, *, grace: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL after ``grace`` seconds; returns the exit status."""
        if self.process is None:
            return None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), grace)
            except TimeoutError:
                await self.kill()
        return self.process.returncode

    async def restart(self, *, timeout: float = 20.0) -> JSON:
        await self.kill()
        return await self.start(timeout=timeout)

    async def interact(self, payload: JSON, *, timeout: float = 5.0) -> Call:
        """Push an interaction over the gateway and return the bot's callback."""
        await self.fake.push_interaction(payload)
        return await self.fake.response_to(payload, timeout=timeout)

    def output(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no output)"
