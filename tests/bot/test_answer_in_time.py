"""Discord waits 3 seconds for a first answer: every slash command and every kind of button
answers before its work (database, render pool, replayed log) can finish.

The bot runs on a database and a render pool that hold every transaction and every image at a
gate, injected through the bot's own seams (the :class:`Service`'s database, the event loop's
render pool). With the gate closed nothing slow can finish, so an interaction whose first
answer arrives while it is closed answered before its slow steps; then the gate opens and the
interaction must still end with a real answer."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from bot.client import BoardBot
from bot.games import game_names, get_game
from bot.service import Service, Table
from bot.storage.db import connect
from bot.storage.tables import Database, Queries
from bot.ui.images import RenderPool, stop_using_render_pool, use_render_pool
from bot.ui.items import DYNAMIC_ITEMS
from bot.ui.leagues.sync import LEAGUE_ITEMS
from bot.ui.pbp import PBP_ITEMS
from tests.bot.helpers import ALICE, BOB, CAROL, MODERATOR, Harness, Person, open_table
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("targi" not in game_names(), reason="Targi engine not merged yet")

JSON = dict[str, Any]
#: Discord's deadline for the first answer (the fake enforces it too).
DEADLINE = 3.0
LOBBY_CHANNEL = "800000000000000077"


class Gate:
    """Held steps wait here while the gate is closed."""

    def __init__(self) -> None:
        self._open = asyncio.Event()
        self._open.set()
        self.held = 0  # steps waiting now

    def close(self) -> None:
        self._open.clear()

    def open(self) -> None:
        self._open.set()

    async def wait(self) -> None:
        if self._open.is_set():
            return
        self.held += 1
        try:
            await self._open.wait()
        finally:
            self.held -= 1


class GatedDatabase(Database):
    """The bot's SQLite database; every read and every transaction first waits at the gate."""

    def __init__(self, conn: Any, gate: Gate) -> None:
        super().__init__(conn)
        self.gate = gate

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Queries]:
        await self.gate.wait()
        async with super().read() as q:
            yield q

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Queries]:
        await self.gate.wait()
        async with super().write() as q:
            yield q


class GatedRenderPool(RenderPool):
    """A render pool (no worker processes: drawn in a thread) whose images wait at the gate."""

    def __init__(self, gate: Gate) -> None:
        super().__init__(1)
        self.gate = gate

    async def draw(self, function: Callable[..., bytes], *args: Any) -> bytes:
        await self.gate.wait()
        return await asyncio.to_thread(function, *args)


@pytest_asyncio.fixture
async def held(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, Gate]]:
    gate = Gate()
    seeds = random.Random(5)
    conn = await connect(tmp_path / "bot.sqlite3")
    service = Service(
        GatedDatabase(conn, gate),
        clock=time.time,
        seed_source=lambda: seeds.getrandbits(62),
        games=get_game,
        verify_snapshots=False,
    )
    bot = BoardBot(service, sync="never")
    h = Harness(await login_bot(bot), fake_discord, service)
    pool = GatedRenderPool(gate)
    use_render_pool(pool)
    try:
        yield h, gate
        await h.settle()
    finally:
        stop_using_render_pool(pool)
        pool.shutdown()
        await bot.close()
        await service.close()


async def first_answer_while_held(h: Harness, gate: Gate, payload: JSON) -> Call | None:
    """Deliver ``payload`` with the gate closed: its first answer (callback), or None if it
    did not come within Discord's deadline. Then the gate opens and the bot finishes."""
    gate.close()
    try:
        h.inproc.send(payload)
        try:
            return await h.fake.wait_for(
                lambda c: c.is_callback and c.parts[1] == str(payload["id"]), timeout=DEADLINE
            )
        except AssertionError:
            return None
    finally:
        gate.open()
        await h.settle()


def leaf_commands(bot: BoardBot) -> list[app_commands.Command[Any, ..., Any]]:
    return [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]


def required_options(command: app_commands.Command[Any, ..., Any]) -> list[JSON]:
    """A value for each required option: its first choice, else the smallest allowed."""
    options = []
    kinds = discord.AppCommandOptionType
    for param in command.parameters:
        if not param.required:
            continue
        if param.choices:
            value: Any = param.choices[0].value
        elif param.type is kinds.integer:
            value = int(param.min_value or 1)
        elif param.type is kinds.string:
            value = "1"
        else:
            raise AssertionError(f"/{command.qualified_name}: option {param.name} needs a value")
        options.append(p.option(param.display_name, value, type=param.type.value))
    return options


def command_payload(command: app_commands.Command[Any, ..., Any], who: Person) -> JSON:
    name, *sub = command.qualified_name.split()
    payload = p.slash(
        name,
        required_options(command),
        sub=sub[0] if sub else None,
        user_id=who.id,
        permissions=who.permissions,
    )
    return payload


async def test_every_slash_command_answers_before_its_work(held: tuple[Harness, Gate]) -> None:
    h, gate = held
    await open_table(h, "targi", [ALICE, BOB])  # a running game here: the commands have work
    late: list[str] = []
    silent: list[str] = []
    commands = leaf_commands(h.bot)
    assert len(commands) > 25
    for command in commands:
        for who in (ALICE, MODERATOR):
            payload = command_payload(command, who)
            first = await first_answer_while_held(h, gate, payload)
            if first is None:
                late.append(f"/{command.qualified_name}")
                continue
            shown = [c for c in h.fake.calls_for(payload) if c.content or c.files]
            if not shown:
                silent.append(f"/{command.qualified_name}")
    assert late == [], "answered only after the database / render pool"
    assert silent == [], "deferred, then never answered"


async def test_every_kind_of_button_answers_before_its_work(held: tuple[Harness, Gate]) -> None:
    h, gate = held
    table = await open_table(h, "targi", [ALICE, BOB])
    lobby_channel = p.channel(LOBBY_CHANNEL)
    await h.slash(CAROL, "game", {"game": "targi"}, sub="new", channel=lobby_channel)
    lobby = await h.table(LOBBY_CHANNEL)

    async def current() -> Table:
        return await h.service.get(table.id)

    async def to_act() -> Person:
        now = await current()
        (seat,) = (await h.service.public_view(now.id))["to_act"]
        return {ALICE.uid: ALICE, BOB.uid: BOB}[now.players[seat].user_id]

    async def legal(who: Person) -> str:
        return (await h.service.legal_actions(table.id, who.uid))[0]

    def click(custom_id: str, who: Person, channel: JSON | None = None) -> JSON:
        envelope: JSON = {"user_id": who.id, "permissions": who.permissions}
        if channel is not None:
            envelope["channel_data"] = channel
        return p.button(custom_id, **envelope)

    clicked: set[str] = set()
    late: list[str] = []

    async def check(kind: str, payload: JSON) -> None:
        clicked.add(kind)
        if await first_answer_while_held(h, gate, payload) is None:
            late.append(payload["data"]["custom_id"])

    for op, who in (("join", BOB), ("leave", BOB), ("join", BOB)):
        await check("LobbyButton", click(f"lobby:{lobby.id}:{op}", who, lobby_channel))
    await check(
        "AiSelect",
        p.select(
            f"lobby:{lobby.id}:ai",
            ["normal"],
            user_id=CAROL.id,
            channel_data=lobby_channel,
        ),
    )
    for op in ("start", "cancel"):
        await check("LobbyButton", click(f"lobby:{lobby.id}:{op}", CAROL, lobby_channel))
    version = (await current()).version
    await check("BoardButton", click(f"board:{table.id}:{version}:hand", ALICE))
    mover = await to_act()
    await check("BoardButton", click(f"board:{table.id}:{version}:act", mover))
    await check("PickerButton", click(f"pk:{table.id}:{version}:", mover))
    await check("ActionButton", click(f"do:{table.id}:{version}:{await legal(mover)}", mover))
    mover = await to_act()
    version = (await current()).version
    await check(
        "ActionSelect",
        p.select(f"pick:{table.id}:{version}:0", [f"a:{await legal(mover)}"], user_id=mover.id),
    )
    version = (await current()).version
    await check("TakebackButton", click(f"undo:{table.id}:{version}", mover))
    await check("TakebackAnswer", click(f"undo:{table.id}:{version}:refuse", ALICE))
    await check("ConfirmButton", click(f"confirm:{table.id}:{version - 1}:abort", ALICE))
    await check("NewThreadButton", click("thread:targi:2:join:{}", ALICE))
    await check("RematchButton", click(f"rematch:{table.id}", ALICE))
    await check("SignupButton", click("league:1:join", ALICE))

    kinds = {item.__name__ for item in (*DYNAMIC_ITEMS, *PBP_ITEMS, *LEAGUE_ITEMS)}
    assert clicked == kinds, "every kind of button is clicked here"
    assert late == [], "answered only after the database / render pool"
