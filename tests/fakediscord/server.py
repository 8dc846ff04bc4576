"""FakeDiscord: a local, recording stand-in for Discord's REST API and gateway.

One aiohttp server on 127.0.0.1 (a free port) answers ``/api/v10/...`` with plausible JSON and a
websocket at ``/gateway`` speaks just enough of the gateway protocol (HELLO, IDENTIFY -> READY,
heartbeat ACK) for an unmodified discord.py client to connect and receive pushed events.

Every request is recorded as a :class:`Call` (method, path, query, JSON body or multipart parts),
checked against Discord's OpenAPI description (:mod:`.spec`) and classified by who can see it
(:attr:`Call.audience`): ``"public"`` (channel messages, threads, non-ephemeral interaction
replies), ``"ephemeral"`` (seen only by :attr:`Call.recipient`) or ``"none"`` (reads, deletes,
defers, command sync: nothing shown to anyone).

Realism that tests can rely on: interaction callbacks after ``deadline_s`` (3 s) get 404 10062
"Unknown interaction", a second callback gets 400 40060, webhook tokens older than
``token_ttl_s`` (15 min) get 401 50027, unknown messages 404 10008.
"""

from __future__ import annotations

import asyncio
import copy
import io
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import discord
from aiohttp import BodyPartReader, WSMsgType, web
from PIL import Image

from . import payloads as p
from .spec import SpecChecker, default_checker

JSON = dict[str, Any]
Audience = Literal["public", "ephemeral", "none"]

_USER_MENTION = re.compile(r"<@!?(\d+)>")
_EVERYONE = re.compile(r"@(everyone|here)\b")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_FILES = 10
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024
#: The largest request body Discord takes (its upload limit for any server); aiohttp's own
#: default (1 MiB) would refuse a message with a few images Discord accepts.
MAX_REQUEST_BYTES = 25 * 1024 * 1024

# Interaction callback types (https://discord.com/developers/docs/interactions/receiving-and-responding)
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
# Which callbacks Discord accepts for which interaction type (command 2, component 3,
# autocomplete 4, modal submit 5): e.g. autocomplete cannot be deferred, a modal cannot answer one.
ALLOWED_CALLBACKS = {
    2: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    3: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    4: {AUTOCOMPLETE_RESULT},
    5: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


@dataclass
class FilePart:
    """One uploaded file of a multipart request (``files[n]``)."""

    field: str
    filename: str
    content_type: str | None
    data: bytes

    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)

    def image(self) -> Image.Image:
        """The file decoded as a PNG with Pillow (AssertionError if it is not one)."""
        assert self.is_png(), f"{self.filename} is not a PNG (starts {self.data[:8]!r})"
        img = Image.open(io.BytesIO(self.data))
        img.load()
        assert img.format == "PNG", f"{self.filename} decodes as {img.format}"
        return img


@dataclass
class Call:
    """One request the bot made, with what the fake answered and who would see it."""

    method: str
    path: str
    query: dict[str, str]
    json: Any = None
    files: list[FilePart] = field(default_factory=list)
    t: float = 0.0
    authorization: str | None = None
    template: str | None = None
    spec_problems: list[str] = field(default_factory=list)
    status: int = 0
    response: Any = None
    audience: Audience = "none"
    recipient: str | None = None  # the user an ephemeral reply is addressed to
    interaction: JSON | None = None  # the INTERACTION_CREATE payload this call answers
    unhandled: bool = False  # answered by the catch-all default

    @property
    def parts(self) -> list[str]:
        return self.path.strip("/").split("/")

    @property
    def is_callback(self) -> bool:
        return self.template == "/interactions/{interaction_id}/{interaction_token}/callback"

    @property
    def callback_type(self) -> int | None:
        return self.json.get("type") if self.is_callback and isinstance(self.json, dict) else None

    @property
    def message_body(self) -> JSON:
        """The message part of the body: ``data`` of a callback, else the body itself."""
        body = self.json if isinstance(self.json, dict) else {}
        if self.is_callback:
            data = body.get("data")
            return data if isinstance(data, dict) else {}
        return body

    @property
    def content(self) -> str | None:
        content = self.message_body.get("content")
        return content if isinstance(content, str) else None

    @property
    def flags(self) -> int:
        flags = self.message_body.get("flags")
        return flags if isinstance(flags, int) else 0

    @property
    def ephemeral(self) -> bool:
        return self.audience == "ephemeral"

    def images(self) -> list[Image.Image]:
        return [f.image() for f in self.files]

    def text(self) -> str:
        """Everything in the request a Discord client could show or inspect: the whole JSON body
        (custom ids included: clients receive them) and the file names. For privacy checks."""
        names = " ".join(f.filename for f in self.files)
        return json.dumps(self.json, ensure_ascii=False) + " " + names

    def components(self) -> Iterator[JSON]:
        """Every component in the message body, nested rows and containers flattened."""
        stack = list(self.message_body.get("components") or [])
        while stack:
            comp = stack.pop(0)
            yield comp
            stack[:0] = list(comp.get("components") or [])
            if isinstance(comp.get("component"), dict):
                stack.insert(0, comp["component"])
            if isinstance(comp.get("accessory"), dict):
                stack.insert(0, comp["accessory"])

    def pinged_user_ids(self) -> set[str]:
        """Users this request notifies: ``<@id>`` in the content of a *new* message (edits never
        ping) that ``allowed_mentions`` lets through (absent: Discord parses everything)."""
        if not self._creates_message():
            return set()
        mentioned = set(_USER_MENTION.findall(self.content or ""))
        allowed = self.message_body.get("allowed_mentions")
        if not isinstance(allowed, dict):
            return mentioned
        listed = {str(u) for u in allowed.get("users") or []}
        return {u for u in mentioned if "users" in (allowed.get("parse") or []) or u in listed}

    def pings_everyone(self) -> bool:
        """Whether ``@everyone``/``@here`` in a new message would notify the channel."""
        if not self._creates_message() or not _EVERYONE.search(self.content or ""):
            return False
        allowed = self.message_body.get("allowed_mentions")
        return not isinstance(allowed, dict) or "everyone" in (allowed.get("parse") or [])

    def _creates_message(self) -> bool:
        if self.is_callback:
            return self.callback_type == MESSAGE
        return self.method == "POST" and (
            self.template
            in ("/channels/{channel_id}/messages", "/webhooks/{webhook_id}/{webhook_token}")
        )

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components() if "custom_id" in c]

    def __repr__(self) -> str:
        extra = f" type={self.callback_type}" if self.is_callback else ""
        return f"<Call {self.method} {self.path}{extra} {self.audience} -> {self.status}>"


@dataclass
class _Interaction:
    payload: JSON
    dispatched: float
    callback_type: int | None = None
    original_id: str | None = None
    original_ephemeral: bool = False
    deferred_pending: bool = False  # a type-5 defer whose "thinking" message is not filled yet

    @property
    def user_id(self) -> str:
        return p.invoker_id(self.payload)

    @property
    def channel_id(self) -> str:
        return str(self.payload.get("channel_id") or self.payload["channel"]["id"])


def _as_sent(components: list[JSON]) -> list[JSON]:
    """Components as Discord stores them: numbered in order (``id``), select defaults filled."""
    numbered = copy.deepcopy(components)
    stack, next_id = list(numbered), 1
    while stack:
        comp = stack.pop(0)
        comp.setdefault("id", next_id)
        next_id = max(next_id, int(comp["id"])) + 1
        if comp.get("type") in (3, 5, 6, 7, 8):  # selects
            comp.setdefault("min_values", 1)
            comp.setdefault("max_values", 1)
        children = list(comp.get("components") or [])
        children += [comp[k] for k in ("component", "accessory") if isinstance(comp.get(k), dict)]
        stack[:0] = children
    return numbered


def jresp(obj: Any, status: int = 200) -> web.Response:
    """A JSON response. discord.py's ``json_or_text`` decodes only when Content-Type is exactly
    ``application/json``; ``web.json_response`` appends ``; charset=utf-8`` and breaks it."""
    return web.Response(
        body=json.dumps(obj).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _error(status: int, code: int, message: str) -> web.Response:
    return jresp({"message": message, "code": code}, status=status)


class FakeDiscord:
    """The fake. ``await start()`` returns the REST base; ``gateway_url`` is the websocket."""

    def __init__(
        self,
        *,
        app_id: str = p.APP_ID,
        checker: SpecChecker | None = None,
        heartbeat_interval_ms: int = 41250,
        check_spec: bool = True,
        shard_count: int = 1,
    ) -> None:
        self.app_id = app_id
        # Discord's shards: a gateway session per shard (IDENTIFY's ``shard: [id, count]``),
        # a server's events on shard (guild_id >> 22) % shard_count, direct messages on shard 0.
        self.shard_count = shard_count
        self.check_spec = check_spec  # off only for benchmarks: validation costs ~1-5 ms a request
        self.checker = checker or default_checker()
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.deadline_s = 3.0
        self.token_ttl_s = 15 * 60.0
        self.calls: list[Call] = []
        self.messages: dict[str, JSON] = {}
        self.channels: dict[str, JSON] = {}
        self.commands: dict[str | None, list[JSON]] = {}  # guild id (None: global) -> commands
        self.identifies: list[JSON] = []
        self.gateway_problems: list[str] = []  # IDENTIFYs Discord would refuse (wrong shard)
        self.gateway_events: list[JSON] = []  # every op-0 event pushed
        self._interactions: dict[str, _Interaction] = {}  # by interaction id
        self._by_token: dict[str, _Interaction] = {}
        self._cond = asyncio.Condition()
        self._ws: web.WebSocketResponse | None = None  # the newest session (any shard)
        self._shard_ws: dict[int, web.WebSocketResponse] = {}  # shard id -> its session
        self._sockets: set[web.WebSocketResponse] = set()
        self._seqs: dict[web.WebSocketResponse, int] = {}  # each session counts its own events
        self._runner: web.AppRunner | None = None
        # Requests answered only after release() (see hold()): (matches, after_effect).
        self._holding: tuple[Callable[[Call], bool], bool] | None = None
        self._released = asyncio.Event()
        self.held: list[Call] = []
        self.base = ""
        self.gateway_url = ""
        self.app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        self.app.router.add_get("/gateway", self._gateway)
        self.app.router.add_get("/", self._gateway)
        self.app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)

    # ----------------------------------------------------------------------------- lifecycle

    async def start(self) -> str:
        self._runner = web.AppRunner(self.app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        return self.base

    def hold(self, matches: Callable[[Call], bool], *, after_effect: bool = False) -> None:
        """Leave requests that ``matches`` unanswered until :meth:`release` (the bot waits, e.g.
        until a test kills it): before they take effect (no message is created), or with
        ``after_effect`` after the fake applied them (the message exists, the bot never hears
        so). Held requests are listed in ``held``; an after-effect one is also in ``calls``."""
        self._holding = (matches, after_effect)

    def release(self) -> None:
        """Answer the held requests (a 503 for those never applied) and hold no more."""
        self._holding = None
        self._released.set()
        self._released = asyncio.Event()

    async def _park(self, call: Call) -> None:
        released = self._released
        async with self._cond:
            self.held.append(call)
            self._cond.notify_all()
        await released.wait()

    async def stop(self) -> None:
        self.release()
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ----------------------------------------------------------------------------- driving

    def register(self, payload: JSON) -> JSON:
        """Remember an interaction (its token, user, deadline) before it is delivered.
        Delivering the same payload again keeps the first record (and its acknowledgement)."""
        if str(payload["id"]) in self._interactions:
            return payload
        record = _Interaction(copy.deepcopy(payload), time.perf_counter())
        self._interactions[str(payload["id"])] = record
        self._by_token[str(payload["token"])] = record
        message = payload.get("message")
        if isinstance(message, dict) and str(message["id"]) not in self.messages:
            self.messages[str(message["id"])] = copy.deepcopy(message)  # the clicked message exists
        return payload

    def delivered_at(self, payload: JSON) -> float:
        """``time.perf_counter()`` when the interaction was delivered (compare with ``Call.t``)."""
        return self._interactions[str(payload["id"])].dispatched

    def dispatch(self, bot: discord.Client, payload: JSON) -> JSON:
        """Deliver ``INTERACTION_CREATE`` in-process, as discord.py's gateway reader does."""
        self.register(payload)
        bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        return payload

    def shard_of(self, guild_id: str | int | None) -> int:
        """The shard Discord sends a server's events to (direct messages: shard 0)."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shard_count

    def session(self, shard: int | None = None) -> web.WebSocketResponse:
        """The open gateway session of ``shard`` (None: the newest session of any shard)."""
        ws = self._ws if shard is None else self._shard_ws.get(shard)
        if ws is None or ws.closed:
            which = "" if shard is None else f" for shard {shard}"
            raise RuntimeError(f"no bot is connected to the fake gateway{which}")
        return ws

    async def push(self, event: str, data: JSON, *, shard: int | None = None) -> None:
        """Send a dispatch event (op 0) to the session of ``shard`` (with one shard, or None:
        the newest session)."""
        ws = self.session(shard if self.shard_count > 1 else None)
        self._seqs[ws] = self._seqs.get(ws, 1) + 1
        frame = {"op": 0, "t": event, "s": self._seqs[ws], "d": data}
        self.gateway_events.append(frame)
        await ws.send_json(frame)

    async def push_interaction(self, payload: JSON, *, shard: int | None = None) -> JSON:
        """Deliver ``INTERACTION_CREATE`` over the websocket to a bot process: to the shard of
        its server (a DM to shard 0), as Discord routes it, unless the test names ``shard``
        (to deliver one board's clicks to two processes at once)."""
        self.register(payload)
        chosen = self.shard_of(payload.get("guild_id")) if shard is None else shard
        await self.push("INTERACTION_CREATE", payload, shard=chosen)
        return payload

    # ----------------------------------------------------------------------------- waiting

    def mark(self) -> int:
        """The index of the next call; pass it as ``start`` to wait only for later calls."""
        return len(self.calls)

    async def wait_for(
        self, predicate: Callable[[Call], bool], *, timeout: float = 5.0, start: int = 0
    ) -> Call:
        """The first recorded call (from index ``start``) matching ``predicate``; waits for it."""

        async def scan() -> Call:
            seen = start
            async with self._cond:
                while True:
                    for call in self.calls[seen:]:
                        if predicate(call):
                            return call
                    seen = max(seen, len(self.calls))
                    await self._cond.wait()

        try:
            return await asyncio.wait_for(scan(), timeout)
        except TimeoutError:
            recent = "\n  ".join(map(repr, self.calls[start:][-15:])) or "(none)"
            raise AssertionError(
                f"no matching request within {timeout} s; requests since #{start}:\n  {recent}"
            ) from None

    async def response_to(self, payload: JSON, *, timeout: float = 5.0) -> Call:
        """The interaction callback the bot sent for ``payload``."""
        iid = str(payload["id"])
        return await self.wait_for(lambda c: c.is_callback and c.parts[1] == iid, timeout=timeout)

    def calls_for(self, payload: JSON) -> list[Call]:
        """Every request answering ``payload`` so far: its callback, followups and edits."""
        return [
            c
            for c in self.calls
            if c.interaction is not None and str(c.interaction["id"]) == str(payload["id"])
        ]

    async def wait_for_identify(
        self, *, count: int = 1, timeout: float = 15.0, shard: int | None = None
    ) -> JSON:
        """Wait until ``count`` IDENTIFYs have arrived in total (of ``shard`` only, if given);
        returns the last one."""

        def found() -> list[JSON]:
            return [
                i
                for i in self.identifies
                if shard is None or (i.get("shard") or [0, 1])[0] == shard
            ]

        async def wait() -> JSON:
            async with self._cond:
                await self._cond.wait_for(lambda: len(found()) >= count)
                return found()[count - 1]

        return await asyncio.wait_for(wait(), timeout)

    # ----------------------------------------------------------------------------- inspecting

    def public_calls(self) -> list[Call]:
        return [c for c in self.calls if c.audience == "public"]

    def ephemeral_calls(self, user_id: str | int | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if c.audience == "ephemeral" and (user_id is None or c.recipient == str(user_id))
        ]

    def spec_problems(self) -> list[str]:
        return [problem for c in self.calls for problem in c.spec_problems]

    def take_spec_problems(self) -> list[str]:
        """Return and forget the problems so far (for tests sending bad bodies on purpose)."""
        problems = self.spec_problems()
        for call in self.calls:
            call.spec_problems = []
        return problems

    def forget(self) -> None:
        """Drop the recorded calls and finished interactions (keeps messages, channels and
        commands), e.g. between benchmark rounds. Only when no interaction is in flight."""
        self.calls.clear()
        self._interactions.clear()
        self._by_token.clear()
        self.gateway_events.clear()

    def assert_spec_ok(self) -> None:
        problems = self.spec_problems() + self.gateway_problems
        assert not problems, "requests Discord's API would reject:\n  " + "\n  ".join(problems)

    def message(self, message_id: str | int) -> JSON:
        """The current state of a message the bot created (as Discord would return it)."""
        return copy.deepcopy(self.messages[str(message_id)])

    def channel_messages(self, channel_id: str | int) -> list[JSON]:
        """Messages in a channel, oldest first (ephemeral ones included, flagged 64)."""
        return [
            copy.deepcopy(m) for m in self.messages.values() if m["channel_id"] == str(channel_id)
        ]

    def last_message(self, channel_id: str | int = p.CHANNEL_ID) -> JSON:
        msgs = [m for m in self.channel_messages(channel_id) if not m["flags"] & p.EPHEMERAL]
        assert msgs, f"no public message in channel {channel_id}"
        return msgs[-1]

    # ----------------------------------------------------------------------------- gateway

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return _error(404, 0, "404: Not Found")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        self._ws = ws
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                if op == 1:  # heartbeat
                    await ws.send_json({"op": 11})
                elif op == 2:  # identify
                    await self._ready(ws, frame["d"])
                elif op == 6:  # resume: we keep no session, so ask for a fresh identify
                    await ws.send_json({"op": 9, "d": False})
        finally:
            self._sockets.discard(ws)
            self._seqs.pop(ws, None)
            if self._ws is ws:
                self._ws = None
            for shard, session in list(self._shard_ws.items()):
                if session is ws:
                    del self._shard_ws[shard]
        return ws

    async def _ready(self, ws: web.WebSocketResponse, identify: JSON) -> None:
        shard = identify.get("shard") or [0, 1]
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or shard[1] != self.shard_count
            or not 0 <= shard[0] < self.shard_count
        ):
            # Discord closes such a session (4010 invalid shard / 4011 sharding required).
            self.gateway_problems.append(
                f"IDENTIFY with shard {shard!r}, but the bot has {self.shard_count} shard(s)"
            )
            await ws.close(code=4011 if identify.get("shard") is None else 4010)
            return
        self._shard_ws[int(shard[0])] = ws
        self._seqs[ws] = 1
        ready = {
            "v": 10,
            "user": p.BOT_USER,
            "guilds": [],
            "session_id": "fake-session-" + p.snowflake(),
            "resume_gateway_url": self.gateway_url,
            "application": {"id": self.app_id, "flags": 0},
            "shard": shard,
            "private_channels": [],
        }
        frame = {"op": 0, "t": "READY", "s": 1, "d": ready}
        await ws.send_json(frame)
        async with self._cond:
            self.identifies.append(identify)
            self._cond.notify_all()

    # ----------------------------------------------------------------------------- REST

    async def _read(self, request: web.Request) -> Call:
        call = Call(
            request.method,
            "/" + request.match_info["tail"],
            dict(request.query),
            t=time.perf_counter(),
            authorization=request.headers.get("Authorization"),
        )
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    call.json = json.loads(data)
                else:
                    call.files.append(
                        FilePart(
                            part.name or "",
                            part.filename or "",
                            part.headers.get("Content-Type"),
                            bytes(data),
                        )
                    )
        elif request.can_read_body:
            raw = await request.read()
            call.json = json.loads(raw) if raw else None
        return call

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        call = await self._read(request)
        if self.check_spec:
            call.template, call.spec_problems = self.checker.check(
                call.method, call.path, call.json
            )
            call.spec_problems += self._file_problems(call)
        else:
            found = self.checker.match(call.path)
            call.template = found[0] if found else None
        holding = self._holding
        held = holding is not None and holding[0](call)
        if held and holding is not None and not holding[1]:
            await self._park(call)
            return _error(503, 0, "held by the test and never applied")
        try:
            response = self._route(call)
        except Exception as exc:  # a bug in the fake must not look like a bot bug
            response = _error(500, 0, f"fake Discord failed: {exc!r}")
        call.status = response.status
        if isinstance(response, web.Response) and response.body:
            call.response = json.loads(response.body)  # type: ignore[arg-type]
        async with self._cond:
            self.calls.append(call)
            self._cond.notify_all()
        if held:
            await self._park(call)
        return response

    def _file_problems(self, call: Call) -> list[str]:
        problems = []
        if len(call.files) > MAX_FILES:
            problems.append(
                f"{call.method} {call.path}: {len(call.files)} files, at most {MAX_FILES}"
            )
        record = self._record_for(call)
        limit = (
            record.payload.get("attachment_size_limit", DEFAULT_UPLOAD_LIMIT)
            if record
            else DEFAULT_UPLOAD_LIMIT
        )
        for f in call.files:
            if len(f.data) > limit:
                problems.append(
                    f"{call.method} {call.path}: {f.filename} is {len(f.data)} bytes, limit {limit}"
                )
        return problems

    def _record_for(self, call: Call) -> _Interaction | None:
        parts = call.parts
        if parts[0] == "interactions" and len(parts) >= 3:
            return self._interactions.get(parts[1])
        if parts[0] == "webhooks" and len(parts) >= 3:
            return self._by_token.get(parts[2])
        return None

    def _route(self, call: Call) -> web.Response:
        parts, method = call.parts, call.method
        if parts[0] == "interactions" and parts[-1] == "callback" and len(parts) == 4:
            return self._callback(call)
        if parts[0] == "webhooks" and len(parts) >= 3:
            return self._webhook(call)
        if parts[0] == "channels" and len(parts) >= 2:
            return self._channel(call)
        if parts[0] == "applications" and "commands" in parts:
            return self._commands(call)
        if call.path == "/users/@me" and method == "GET":
            return jresp(p.BOT_USER)
        if call.path in ("/oauth2/applications/@me", "/applications/@me") and method == "GET":
            return jresp(p.application(self.app_id))
        if call.path == "/gateway":
            return jresp({"url": self.gateway_url})
        if call.path == "/gateway/bot":
            return jresp(
                {
                    "url": self.gateway_url,
                    "shards": self.shard_count,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 14400000,
                        "max_concurrency": 1,
                    },
                }
            )
        if call.path == "/users/@me/channels" and method == "POST":
            recipient = str((call.json or {}).get("recipient_id"))
            dm = p.dm_channel(p.user(recipient, f"user{recipient[-4:]}"))
            self.channels[dm["id"]] = dm
            call.audience = "none"
            return jresp(dm)
        if parts[0] == "guilds" and parts[2:] == ["threads", "active"] and method == "GET":
            threads = [
                {**c, "guild_id": parts[1]}
                for c in self.channels.values()
                if c.get("type") in (10, 11, 12) and "parent_id" in c
            ]
            call.audience = "none"
            return jresp({"threads": threads, "members": []})
        if parts[0] == "guilds" and len(parts) == 2 and method == "GET":
            return jresp(
                {
                    "id": parts[1],
                    "name": "Board game club",
                    "icon": None,
                    "owner_id": p.OWNER_ID,
                    "roles": [],
                    "emojis": [],
                    "features": [],
                    "preferred_locale": "en-US",
                }
            )
        return self._default(call)

    def _default(self, call: Call) -> web.Response:
        call.unhandled = True
        if call.method == "GET":
            return _error(404, 0, "404: Not Found")
        if call.json is not None or call.files:
            call.audience = "public"  # unknown write with content: assume the worst
        return web.Response(status=204)

    # -- interactions

    def _new_message(
        self, channel_id: str, body: JSON, files: list[FilePart], *, flags: int = 0
    ) -> JSON:
        msg = p.message(channel_id=channel_id, flags=flags)
        msg["application_id"] = self.app_id
        self.messages[msg["id"]] = msg
        self._apply(msg, body, files)
        msg["flags"] = flags | (msg["flags"] & ~p.EPHEMERAL)
        return msg

    def _edit_message(self, msg: JSON, body: JSON, files: list[FilePart]) -> JSON:
        msg["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return self._apply(msg, body, files)

    def _apply(self, msg: JSON, body: JSON, files: list[FilePart]) -> JSON:
        for key in ("content", "embeds", "components", "poll"):
            if key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        msg["components"] = _as_sent(msg["components"])
        if "flags" in body and isinstance(body["flags"], int):
            msg["flags"] = (msg["flags"] & p.EPHEMERAL) | (body["flags"] & ~p.EPHEMERAL)
        new = [
            {
                "id": p.snowflake(),
                "filename": f.filename,
                "size": len(f.data),
                "url": f"https://cdn.discordapp.invalid/attachments/{msg['channel_id']}/{f.filename}",
                "proxy_url": f"https://media.discordapp.invalid/{f.filename}",
                "content_type": f.content_type or "application/octet-stream",
            }
            for f in files
        ]
        if "attachments" in body:  # the listed existing attachments are kept, the rest replaced
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            msg["attachments"] = [a for a in msg["attachments"] if a["id"] in keep] + new
        else:
            msg["attachments"] = msg["attachments"] + new
        return msg

    def _public_or_ephemeral(self, call: Call, record: _Interaction, ephemeral: bool) -> None:
        call.audience = "ephemeral" if ephemeral else "public"
        call.recipient = record.user_id if ephemeral else None

    def _callback(self, call: Call) -> web.Response:
        _, iid, token, _ = call.parts
        record = self._interactions.get(iid)
        if record is None or record.payload["token"] != token:
            return _error(404, 10062, "Unknown interaction")
        call.interaction = record.payload
        if time.perf_counter() - record.dispatched > self.deadline_s:
            return _error(404, 10062, "Unknown interaction")
        if record.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        body = call.json if isinstance(call.json, dict) else {}
        kind = body.get("type")
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        allowed = ALLOWED_CALLBACKS.get(record.payload["type"], set())
        if kind not in allowed:
            call.spec_problems.append(
                f"POST {call.path}: callback type {kind} is not allowed for interaction type "
                f"{record.payload['type']} (only {sorted(allowed)})"
            )
            return _error(400, 50035, "Invalid Form Body")
        record.callback_type = kind
        ephemeral = bool((data.get("flags") or 0) & p.EPHEMERAL)
        component_msg = record.payload.get("message")
        message: JSON | None = None
        if kind == MESSAGE:
            message = self._new_message(
                record.channel_id, data, call.files, flags=p.EPHEMERAL if ephemeral else 0
            )
            record.original_id, record.original_ephemeral = message["id"], ephemeral
            self._public_or_ephemeral(call, record, ephemeral)
        elif kind == DEFERRED_MESSAGE:
            message = self._new_message(
                record.channel_id, {}, [], flags=(p.EPHEMERAL if ephemeral else 0) | 128
            )
            record.original_id, record.original_ephemeral = message["id"], ephemeral
            record.deferred_pending = True
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and component_msg is not None:
            record.original_id = str(component_msg["id"])
            record.original_ephemeral = bool(component_msg.get("flags", 0) & p.EPHEMERAL)
            if kind == UPDATE_MESSAGE:
                target = self.messages.setdefault(record.original_id, copy.deepcopy(component_msg))
                message = self._edit_message(target, data, call.files)
                self._public_or_ephemeral(call, record, record.original_ephemeral)
        elif kind in (AUTOCOMPLETE_RESULT, MODAL):
            self._public_or_ephemeral(call, record, True)
        if call.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        result: JSON = {
            "interaction": {
                "id": iid,
                "type": record.payload["type"],
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": record.original_ephemeral,
            }
        }
        if record.original_id is not None:
            result["interaction"]["response_message_id"] = record.original_id
        if message is not None and kind in (MESSAGE, UPDATE_MESSAGE):
            result["resource"] = {"type": kind, "message": message}
        return jresp(result)

    def _webhook(self, call: Call) -> web.Response:
        parts, method = call.parts, call.method
        record = self._by_token.get(parts[2])
        if record is None or parts[1] != self.app_id:
            return _error(404, 10015, "Unknown Webhook")
        call.interaction = record.payload
        if time.perf_counter() - record.dispatched > self.token_ttl_s:
            return _error(401, 50027, "Invalid Webhook Token")
        body = call.json if isinstance(call.json, dict) else {}
        if len(parts) == 3 and method == "POST":  # followup
            if record.callback_type is None:
                return _error(404, 10015, "Unknown Webhook")
            if record.deferred_pending and record.original_id in self.messages:
                record.deferred_pending = False  # the first followup fills the "thinking" message
                msg = self.messages[record.original_id]
                msg["flags"] &= ~128
                self._apply(msg, body, call.files)
                self._public_or_ephemeral(call, record, record.original_ephemeral)
                return jresp(msg)
            ephemeral = bool((body.get("flags") or 0) & p.EPHEMERAL)
            msg = self._new_message(
                record.channel_id, body, call.files, flags=p.EPHEMERAL if ephemeral else 0
            )
            self._public_or_ephemeral(call, record, ephemeral)
            return jresp(msg)
        if len(parts) == 5 and parts[3] == "messages":
            mid = record.original_id if parts[4] == "@original" else parts[4]
            msg = self.messages.get(mid or "")
            if msg is None:
                return _error(404, 10008, "Unknown Message")
            ephemeral = bool(msg["flags"] & p.EPHEMERAL)
            if method == "GET":
                return jresp(msg)
            if method == "DELETE":
                del self.messages[msg["id"]]
                return web.Response(status=204)
            if method == "PATCH":
                if parts[4] == "@original":
                    record.deferred_pending = False
                    msg["flags"] &= ~128
                self._edit_message(msg, body, call.files)
                self._public_or_ephemeral(call, record, ephemeral)
                return jresp(msg)
        return self._default(call)

    # -- channels

    def _channel(self, call: Call) -> web.Response:
        parts, method = call.parts, call.method
        cid = parts[1]
        body = call.json if isinstance(call.json, dict) else {}
        if len(parts) == 2:
            channel = self.channels.setdefault(cid, p.channel(cid))
            if method == "PATCH":  # rename, archive or lock a thread
                call.audience = "public"
                channel.update({k: v for k, v in body.items() if k in ("name", "topic")})
                for key in ("archived", "locked", "auto_archive_duration"):
                    if key in body and "thread_metadata" in channel:
                        channel["thread_metadata"][key] = body[key]
            elif method == "DELETE":
                del self.channels[cid]
            return jresp(channel)
        if len(parts) == 3 and parts[2] == "messages":
            if method == "POST":
                self._channel_audience(call, cid)
                return jresp(self._new_message(cid, body, call.files))
            if method == "GET":
                limit = int(call.query.get("limit", "50"))
                msgs = [m for m in self.messages.values() if m["channel_id"] == cid]
                return jresp(list(reversed(msgs))[:limit])
        if len(parts) == 4 and parts[2] == "messages" and parts[3].isdigit():
            msg = self.messages.get(parts[3])
            if msg is None or msg["channel_id"] != cid:
                return _error(404, 10008, "Unknown Message")
            if method == "GET":
                return jresp(msg)
            if method == "PATCH":
                self._channel_audience(call, cid)
                return jresp(self._edit_message(msg, body, call.files))
            if method == "DELETE":
                del self.messages[msg["id"]]
                return web.Response(status=204)
        if parts[2:] == ["threads"] and method == "POST":
            return jresp(self._thread(call, cid, body, thread_id=None), status=201)
        if (
            len(parts) == 5
            and parts[2] == "messages"
            and parts[4] == "threads"
            and method == "POST"
        ):
            return jresp(self._thread(call, cid, body, thread_id=parts[3]), status=201)
        if (
            parts[2:3] in (["typing"], ["thread-members"])
            or "reactions" in parts
            or "pins" in parts
        ):
            return web.Response(status=204)
        return self._default(call)

    def _channel_audience(self, call: Call, channel_id: str) -> None:
        """Everyone in a guild channel sees its messages; only the recipient sees a DM."""
        channel = self.channels.get(channel_id, {})
        if channel.get("type") == 1:
            call.audience, call.recipient = "ephemeral", str(channel["recipients"][0]["id"])
        else:
            call.audience = "public"

    def _thread(self, call: Call, parent: str, body: JSON, thread_id: str | None) -> JSON:
        kind = 11 if thread_id is not None else int(body.get("type") or 12)
        thread = p.channel(
            thread_id or p.snowflake(),
            name=str(body.get("name", "thread")),
            type=kind,
            parent_id=parent,
        )
        self.channels[thread["id"]] = thread
        call.audience = "public"
        return thread

    # -- application commands

    def _commands(self, call: Call) -> web.Response:
        parts, method = call.parts, call.method
        guild = parts[3] if len(parts) >= 5 and parts[2] == "guilds" else None
        tail = parts[5:] if guild else parts[3:]
        existing = self.commands.setdefault(guild, [])

        def stored(cmd: JSON) -> JSON:
            old = next(
                (
                    c
                    for c in existing
                    if c["name"] == cmd["name"] and c.get("type", 1) == cmd.get("type", 1)
                ),
                None,
            )
            out = dict(
                cmd,
                id=old["id"] if old else p.snowflake(),
                application_id=self.app_id,
                version=p.snowflake(),
                type=cmd.get("type") or 1,
                description=cmd.get("description") or "",
                default_member_permissions=cmd.get("default_member_permissions"),
                integration_types=cmd.get("integration_types") or [0],  # Discord's default
            )
            if guild:
                out["guild_id"] = guild
            return out

        if not tail:
            if method == "PUT":
                self.commands[guild] = [stored(c) for c in call.json or []]
                return jresp(self.commands[guild])
            if method == "GET":
                return jresp(existing)
            if method == "POST":
                cmd = stored(call.json or {})
                self.commands[guild] = [c for c in existing if c["id"] != cmd["id"]] + [cmd]
                return jresp(cmd)
        elif len(tail) == 1:
            found = next((c for c in existing if c["id"] == tail[0]), None)
            if found is None:
                return _error(404, 10063, "Unknown application command")
            if method == "GET":
                return jresp(found)
            if method == "PATCH":
                found.update(call.json or {})
                return jresp(found)
            if method == "DELETE":
                existing.remove(found)
                return web.Response(status=204)
        return self._default(call)

    def command_syncs(self) -> list[Call]:
        """The bulk command overwrites (PUT) the bot sent, global and guild."""
        return [c for c in self.calls if c.method == "PUT" and c.path.endswith("/commands")]
