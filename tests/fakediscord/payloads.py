"""Synthetic Discord payloads: the objects and ``INTERACTION_CREATE`` events a gateway would send.

Every shape lives here, in one module, so that a change in Discord's payloads (or in what
discord.py 2.7 reads from them) is fixed in one place. Ids are strings, as on the wire; snowflakes
carry the current time because discord.py derives ``Interaction.expires_at`` from the id.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

APP_ID = "900000000000000001"
GUILD_ID = "800000000000000001"
CHANNEL_ID = "800000000000000002"
OWNER_ID = "100000000000000001"

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADD_REACTIONS = 1 << 6
MANAGE_GUILD = 1 << 5
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38

#: What an ordinary player has in a channel: no Manage Server, no Administrator.
PLAYER_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)
#: A server manager: the player's permissions plus Manage Server.
MANAGER_PERMISSIONS = PLAYER_PERMISSIONS | MANAGE_GUILD
#: What the bot itself may do in the channel (``app_permissions``).
BOT_PERMISSIONS = PLAYER_PERMISSIONS | MANAGE_THREADS

EPHEMERAL = 1 << 6  # message flag 64

_lock = threading.Lock()
_last_id = 0
_counter = itertools.count()


def snowflake(at: float | None = None) -> str:
    """A fresh, unique snowflake for the current time (or ``at``, seconds since the Unix epoch)."""
    global _last_id
    ms = int((time.time() if at is None else at) * 1000) - DISCORD_EPOCH_MS
    candidate = (ms << 22) | (next(_counter) & 0xFFF)
    with _lock:
        if at is None:  # strictly increasing, like Discord's own ids
            candidate = max(candidate, _last_id + 1)
            _last_id = candidate
    return str(candidate)


def snowflake_time(snowflake_id: str | int) -> float:
    """Seconds since the Unix epoch at which a snowflake was made."""
    return ((int(snowflake_id) >> 22) + DISCORD_EPOCH_MS) / 1000


def user(user_id: str | int, name: str, *, bot: bool = False) -> JSON:
    """A user object (new username system: discriminator ``"0"``)."""
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
        "primary_guild": None,
    }


BOT_USER: JSON = user(APP_ID, "boardbot", bot=True) | {
    "verified": True,
    "mfa_enabled": False,
    "locale": "en-US",
}


def application(app_id: str = APP_ID, *, owner_id: str = OWNER_ID) -> JSON:
    """``GET /oauth2/applications/@me``: the bot's application."""
    return {
        "id": app_id,
        "name": BOT_USER["username"],
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "owner": user(owner_id, "owner"),
        "flags": 0,
        "flags_new": "0",
        "type": None,
        "team": None,
        "summary": "",
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": ["bot", "applications.commands"],
        "bot": BOT_USER,
    }


def guild(guild_id: str = GUILD_ID, *, locale: str = "en-US") -> JSON:
    """The partial guild an interaction carries."""
    return {"id": guild_id, "locale": locale, "features": []}


def channel(
    channel_id: str = CHANNEL_ID,
    *,
    name: str = "board-games",
    type: int = 0,
    guild_id: str | None = GUILD_ID,
    parent_id: str | None = None,
) -> JSON:
    """A guild text channel (type 0); type 11/12 makes a public/private thread of ``parent_id``."""
    data: JSON = {
        "id": channel_id,
        "type": type,
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": parent_id,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if guild_id is not None:
        data["guild_id"] = guild_id
    if type in (10, 11, 12):
        data["owner_id"] = APP_ID
        data["message_count"] = 0
        data["member_count"] = 1
        data["total_message_sent"] = 0
        data["thread_metadata"] = {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
            "invitable": type == 12,
        }
    return data


def dm_channel(recipient: JSON, channel_id: str | None = None) -> JSON:
    """A direct-message channel (type 1) with one recipient."""
    return {
        "id": channel_id or snowflake(),
        "type": 1,
        "last_message_id": None,
        "recipients": [recipient],
        "flags": 0,
    }


def member(
    user_id: str | int,
    name: str,
    *,
    permissions: int = PLAYER_PERMISSIONS,
    roles: Sequence[str] = (),
    nick: str | None = None,
) -> JSON:
    """A guild member as interactions carry it (with the caller's channel ``permissions``)."""
    return {
        "user": user(user_id, name),
        "roles": list(roles),
        "joined_at": "2024-01-01T00:00:00+00:00",
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "permissions": str(permissions),
        "nick": nick,
        "avatar": None,
        "communication_disabled_until": None,
    }


def message(
    *,
    channel_id: str = CHANNEL_ID,
    message_id: str | None = None,
    content: str = "",
    components: Sequence[JSON] = (),
    embeds: Sequence[JSON] = (),
    attachments: Sequence[JSON] = (),
    flags: int = 0,
    author: JSON | None = None,
    guild_id: str | None = GUILD_ID,
) -> JSON:
    """A message object as Discord returns it (authored by the bot unless told otherwise)."""
    data: JSON = {
        "id": message_id or snowflake(),
        "channel_id": channel_id,
        "type": 0,
        "content": content,
        "author": author or BOT_USER,
        "attachments": list(attachments),
        "embeds": list(embeds),
        "components": list(components),
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": flags,
    }
    if guild_id is not None:
        data["guild_id"] = guild_id
    return data


# --------------------------------------------------------------------------------------------
# INTERACTION_CREATE
# --------------------------------------------------------------------------------------------

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5

_OPTION_TYPES: tuple[tuple[type, int], ...] = ((bool, 5), (int, 4), (float, 10), (str, 3))


def option(name: str, value: Any, *, type: int | None = None, focused: bool = False) -> JSON:
    """One command option; the type is inferred from the value (str 3, int 4, bool 5, float 10)."""
    if type is None:
        type = next((t for py, t in _OPTION_TYPES if isinstance(value, py)), 3)
    data: JSON = {"name": name, "type": type, "value": value}
    if focused:
        data["focused"] = True
    return data


def _options(options: Mapping[str, Any] | Iterable[JSON] | None) -> list[JSON]:
    if options is None:
        return []
    if isinstance(options, Mapping):
        return [option(name, value) for name, value in options.items()]
    return list(options)


def _nest(options: list[JSON], group: str | None, sub: str | None) -> list[JSON]:
    if sub is not None:
        options = [{"name": sub, "type": 1, "options": options}]
    if group is not None:
        if sub is None:
            raise ValueError("a subcommand group needs a subcommand")
        options = [{"name": group, "type": 2, "options": options}]
    return options


def interaction(
    type: int,
    data: JSON,
    *,
    user_id: str | int = "111",
    user_name: str | None = None,
    permissions: int = PLAYER_PERMISSIONS,
    guild_id: str | None = GUILD_ID,
    channel_data: JSON | None = None,
    locale: str = "en-US",
    message_data: JSON | None = None,
    app_id: str = APP_ID,
    attachment_size_limit: int = 10 * 1024 * 1024,
) -> JSON:
    """The common envelope of every ``INTERACTION_CREATE``; ``guild_id=None`` makes it a DM.
    The user is ``user_id`` (named ``user_name``, default ``"user<id>"``) with channel
    ``permissions`` (default: an ordinary player, no Manage Server)."""
    shown_name = user_name or f"user{user_id}"
    chan = channel_data or (
        channel(guild_id=guild_id) if guild_id else dm_channel(user(user_id, shown_name))
    )
    payload: JSON = {
        "id": snowflake(),
        "application_id": app_id,
        "type": type,
        "data": data,
        "token": "itok-" + snowflake() + "-" + "x" * 40,
        "version": 1,
        "channel_id": chan["id"],
        "channel": chan,
        "locale": locale,
        "app_permissions": str(BOT_PERMISSIONS),
        "entitlements": [],
        "attachment_size_limit": attachment_size_limit,
    }
    if guild_id is not None:
        payload["guild_id"] = guild_id
        payload["guild"] = guild(guild_id)
        payload["guild_locale"] = "en-US"
        payload["member"] = member(user_id, shown_name, permissions=permissions)
        payload["context"] = 0
        payload["authorizing_integration_owners"] = {"0": guild_id}
    else:
        payload["user"] = user(user_id, shown_name)
        payload["context"] = 1
        payload["authorizing_integration_owners"] = {"0": guild_id or "0"}
    if message_data is not None:
        payload["message"] = message_data
    return payload


def slash(
    name: str,
    options: Mapping[str, Any] | Iterable[JSON] | None = None,
    *,
    group: str | None = None,
    sub: str | None = None,
    command_guild_id: str | None = None,
    resolved: JSON | None = None,
    **envelope: Any,
) -> JSON:
    """``/name [group] [sub] option:value ...``: an application command (type 2).

    ``options`` is ``{"game": "tigris", "seats": 4}`` or a list of :func:`option` dicts.
    ``command_guild_id`` is set only for guild-scoped commands (``data.guild_id``).
    ``envelope`` goes to :func:`interaction` (``user_id``, ``user_name``, ``permissions``, ...).
    """
    data: JSON = {
        "id": snowflake(),
        "name": name,
        "type": 1,
        "options": _nest(_options(options), group, sub),
    }
    if command_guild_id is not None:
        data["guild_id"] = command_guild_id
    if resolved is not None:
        data["resolved"] = resolved
    return interaction(APPLICATION_COMMAND, data, **envelope)


def autocomplete(
    name: str,
    focused: str,
    value: str,
    options: Mapping[str, Any] | Iterable[JSON] | None = None,
    *,
    group: str | None = None,
    sub: str | None = None,
    focused_type: int = 3,
    **envelope: Any,
) -> JSON:
    """The user is typing ``value`` into option ``focused`` (type 4; other options filled)."""
    typed = [*_options(options), option(focused, value, type=focused_type, focused=True)]
    data: JSON = {"id": snowflake(), "name": name, "type": 1, "options": _nest(typed, group, sub)}
    return interaction(AUTOCOMPLETE, data, **envelope)


def _walk(components: Iterable[JSON]) -> Iterable[JSON]:
    for comp in components:
        yield comp
        yield from _walk(comp.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                yield from _walk([comp[key]])


def _clicked_message(
    message_data: JSON | None, custom_id: str, component: JSON, envelope: Mapping[str, Any]
) -> JSON:
    """The message the user clicked on. A click can only come from a message that shows the
    component (discord.py ignores it otherwise), so a given message must contain ``custom_id``;
    without one, a bot message holding just that component is made up."""
    if message_data is None:
        chan = envelope.get("channel_data") or channel()
        row = {"type": 1, "id": 1, "components": [dict(component, id=2, custom_id=custom_id)]}
        return message(channel_id=chan["id"], content="(test message)", components=[row])
    if not any(c.get("custom_id") == custom_id for c in _walk(message_data["components"])):
        raise ValueError(f"message {message_data['id']} has no component {custom_id!r}")
    return message_data


def button(custom_id: str, *, message_data: JSON | None = None, **envelope: Any) -> JSON:
    """A click on button ``custom_id`` of ``message_data`` (a message the bot sent, e.g.
    ``FakeDiscord.message(id)``; an old copy of it for a stale click)."""
    shown = {"type": 2, "style": 1, "label": "button"}
    msg = _clicked_message(message_data, custom_id, shown, envelope)
    data = {"custom_id": custom_id, "component_type": 2}
    return interaction(MESSAGE_COMPONENT, data, message_data=msg, **envelope)


def select(
    custom_id: str,
    values: Sequence[str],
    *,
    message_data: JSON | None = None,
    component_type: int = 3,
    resolved: JSON | None = None,
    **envelope: Any,
) -> JSON:
    """A choice in select menu ``custom_id`` (string select is component type 3)."""
    options = [{"label": v, "value": v} for v in values]
    shown = {"type": component_type, "options": options, "min_values": 1, "max_values": 1}
    msg = _clicked_message(message_data, custom_id, shown, envelope)
    data: JSON = {"custom_id": custom_id, "component_type": component_type, "values": list(values)}
    if resolved is not None:
        data["resolved"] = resolved
    return interaction(MESSAGE_COMPONENT, data, message_data=msg, **envelope)


def modal_submit(
    custom_id: str,
    fields: Mapping[str, str],
    *,
    message_data: JSON | None = None,
    **envelope: Any,
) -> JSON:
    """The user submits modal ``custom_id`` with text inputs ``{input custom_id: value}``."""
    rows = [
        {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
        for key, value in fields.items()
    ]
    data = {"custom_id": custom_id, "components": rows}
    return interaction(MODAL_SUBMIT, data, message_data=message_data, **envelope)


def invoker_id(payload: Mapping[str, Any]) -> str:
    """The id of the user who caused an interaction (member in guilds, user in DMs)."""
    person = payload.get("member", {}).get("user") or payload["user"]
    return str(person["id"])
