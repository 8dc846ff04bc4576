"""Players at a fake Discord table: slash commands, autocomplete, clicks on the bot's messages."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.client import BoardBot
from bot.service import Service, Table
from tests.fakediscord import Call, FakeDiscord, InProcess
from tests.fakediscord import payloads as p

JSON = dict[str, Any]


@dataclass(frozen=True)
class Person:
    """A Discord user in the test server."""

    id: str
    name: str
    permissions: int = p.PLAYER_PERMISSIONS
    locale: str = "en-US"  # the user's Discord language (interaction payloads carry it)

    @property
    def uid(self) -> int:
        return int(self.id)


ALICE = Person("111", "Alice")
BOB = Person("222", "Bob")
CAROL = Person("333", "Carol")
DAVE = Person("444", "Dave")
MALLORY = Person("555", "Mallory")  # never seated
MODERATOR = Person("999", "Mod", p.MANAGER_PERMISSIONS)

_BOT_TASKS = ("CommandTree-invoker", "discord-ui-", "ai-move-", "replay-")


@asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    login_bot: Callable[[BoardBot], Awaitable[InProcess]],
    path: Path,
    *,
    seed: int,
    clock: Callable[[], float] | None = None,
    **bot_options: Any,
) -> AsyncIterator[Harness]:
    """A :class:`Harness` over a new database at ``path``: seeded tables (long seeds, like real
    ones, so "the seed never appears in public" means something), the service's ``clock`` if
    given, and a ``BoardBot(**bot_options)`` logged in against the fake. Afterwards it waits for
    the bot's tasks, then closes the bot and the service."""
    seeds = random.Random(seed)
    service = await Service.open(
        path, clock=clock or time.time, seed_source=lambda: seeds.getrandbits(62)
    )
    bot = BoardBot(service, sync="never", **bot_options)
    h = Harness(await login_bot(bot), fake, service)
    try:
        yield h
        await h.settle()
    finally:
        await bot.close()
        await service.close()


class Harness:
    """The bot under test, logged in against FakeDiscord, with its real service and database."""

    __test__ = False

    def __init__(self, inproc: InProcess, fake: FakeDiscord, service: Service) -> None:
        self.inproc = inproc
        self.fake = fake
        self.service = service
        self.bot: BoardBot = inproc.bot  # type: ignore[assignment]

    # -- delivering interactions ----------------------------------------------------------------

    def _envelope(self, who: Person, channel: JSON | None) -> JSON:
        # The user's name is set by _named: p.slash's own first parameter is called "name".
        env: JSON = {"user_id": who.id, "permissions": who.permissions, "locale": who.locale}
        if channel is not None:
            env["channel_data"] = channel
        return env

    async def settle(self) -> None:
        """Wait until the bot has finished handling every delivered interaction."""
        for _ in range(200):
            busy = [
                t
                for t in asyncio.all_tasks()
                if not t.done() and t.get_name().startswith(_BOT_TASKS)
            ]
            if not busy:
                return
            await asyncio.wait(busy, timeout=10)
        raise AssertionError("the bot never became idle")

    async def slash(
        self,
        who: Person,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        sub: str | None = None,
        channel: JSON | None = None,
    ) -> Call:
        """Run a slash command; returns the callback once the bot is idle again."""
        payload = _named(p.slash(name, options, sub=sub, **self._envelope(who, channel)), who)
        return await self.answer(payload)

    async def complete(
        self,
        who: Person,
        name: str,
        focused: str,
        typed: str,
        options: dict[str, Any] | None = None,
        *,
        sub: str | None = None,
        channel: JSON | None = None,
    ) -> list[str]:
        """The autocomplete suggestions (values) the bot offers for ``typed``."""
        payload = _named(
            p.autocomplete(name, focused, typed, options, sub=sub, **self._envelope(who, channel)),
            who,
        )
        call = await self.inproc.interact(payload)
        await self.settle()
        assert call.callback_type == 8, call
        return [choice["value"] for choice in call.json["data"]["choices"]]

    async def click(self, who: Person, message: JSON, custom_id: str) -> Call:
        """Click a button of a message the bot sent."""
        assert custom_id in _custom_ids(message), (custom_id, _custom_ids(message))
        channel = (
            None if message["channel_id"] == p.CHANNEL_ID else p.channel(message["channel_id"])
        )
        payload = _named(
            p.button(custom_id, message_data=message, **self._envelope(who, channel)), who
        )
        return await self.answer(payload)

    async def pick(self, who: Person, message: JSON, custom_id: str, value: str) -> Call:
        """Choose ``value`` in a select menu of a message the bot sent."""
        assert custom_id in _custom_ids(message)
        channel = (
            None if message["channel_id"] == p.CHANNEL_ID else p.channel(message["channel_id"])
        )
        payload = _named(
            p.select(custom_id, [value], message_data=message, **self._envelope(who, channel)),
            who,
        )
        return await self.answer(payload)

    async def answer(self, payload: JSON) -> Call:
        """Deliver an interaction; once the bot is idle, return what the user was finally shown:
        the last request answering it that carries text or files (the callback itself, or the
        followup / edit after a defer), else the callback."""
        callback = await self.inproc.interact(payload)
        await self.settle()
        shown = [c for c in self.fake.calls_for(payload) if c.content or c.files]
        return shown[-1] if shown else callback

    # -- reading what the bot did ---------------------------------------------------------------

    def message_of(self, call: Call) -> JSON:
        """The message a callback created or updated, as Discord now holds it."""
        resource = (call.response or {}).get("resource") or {}
        msg_id = (resource.get("message") or {}).get("id")
        if msg_id is None:
            msg_id = (call.response or {}).get("interaction", {}).get("response_message_id")
        if msg_id is None and not call.is_callback:  # a followup or edit returns the message
            msg_id = (call.response or {}).get("id")
        assert msg_id is not None, call
        return self.fake.message(msg_id)

    def public_posts(self, start: int = 0, channel: str = p.CHANNEL_ID) -> list[Call]:
        """Messages the bot posted in a channel with its own token, from call index ``start``."""
        return [
            c
            for c in self.fake.calls[start:]
            if c.method == "POST"
            and c.template == "/channels/{channel_id}/messages"
            and c.parts[1] == channel
        ]

    async def table(self, channel: str = p.CHANNEL_ID) -> Table:
        table = await self.service.in_channel(int(channel))
        if table is None:
            raise AssertionError(f"no table in channel {channel}")
        return table

    async def table_by_id(self, table_id: int) -> Table:
        return await self.service.get(table_id)

    async def board(self, channel: str = p.CHANNEL_ID) -> JSON:
        """The current board message of the table in ``channel``."""
        table = await self.table(channel)
        assert table.board_message_id is not None
        return self.fake.message(table.board_message_id)


def _named(payload: JSON, who: Person) -> JSON:
    person = payload["member"]["user"] if "member" in payload else payload["user"]
    person["username"] = person["global_name"] = who.name
    return payload


def _custom_ids(message: JSON) -> list[str]:
    out: list[str] = []
    stack = list(message.get("components") or [])
    while stack:
        comp = stack.pop(0)
        if "custom_id" in comp:
            out.append(comp["custom_id"])
        stack[:0] = list(comp.get("components") or [])
    return out


def updated_clicked(call: Call) -> bool:
    """Whether ``call`` replaced the clicked message: an UPDATE_MESSAGE callback, or the edit of
    ``@original`` after a deferred update (every click is acknowledged before its work)."""
    return call.callback_type == 7 or (
        call.method == "PATCH" and call.path.endswith("/messages/@original")
    )


def custom_ids(message: JSON) -> list[str]:
    return _custom_ids(message)


def select_options(message: JSON) -> dict[str, list[str]]:
    """Each select's custom id -> its option values."""
    out: dict[str, list[str]] = {}
    stack = list(message.get("components") or [])
    while stack:
        comp = stack.pop(0)
        if comp.get("type") == 3:
            out[comp["custom_id"]] = [o["value"] for o in comp.get("options", [])]
        stack[:0] = list(comp.get("components") or [])
    return out


async def open_table(h: Harness, game: str, players: list[Person], **options: Any) -> Table:
    """`/game new` by the first player, Join by the others, Start by the first."""
    creator = players[0]
    call = await h.slash(
        creator, "game", {"game": game, "seats": len(players), **options}, sub="new"
    )
    assert call.audience == "ephemeral", call.content
    table = await h.table()
    lobby = h.fake.message(table.lobby_message_id)
    for person in players[1:]:
        joined = await h.click(person, lobby, f"lobby:{table.id}:join")
        assert updated_clicked(joined), joined.content
        lobby = h.fake.message(table.lobby_message_id)
    started = await h.click(creator, lobby, f"lobby:{table.id}:start")
    assert updated_clicked(started), started.content
    return await h.table()
