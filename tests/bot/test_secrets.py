"""Secrets at the moments they matter: a card drawn with Tribal Expansion, a Targi hand card, a
Tigris swap. The drawer (or holder) is told in private; the channel and the opponent are not."""

from __future__ import annotations

import json
import random
from typing import Any

from bot.service import Table
from tests.bot.helpers import ALICE, BOB, Harness, custom_ids
from tests.fakediscord import payloads as p

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}
PREFER = ("use", "place", "hand", "pay")  # reach the border cards (Tribal Expansion) quickly


async def _play_until(h: Harness, table: Table, rng: random.Random, found: Any) -> bool:
    """Play seeded moves through the use-case layer until ``found(public, private views)``."""
    for _ in range(400):
        view = await h.service.public_view(table.id)
        if not view["to_act"]:
            return False
        seat = view["to_act"][0]
        user = table.players[seat].user_id
        private = await h.service.private_view(table.id, user)
        if found(view, private):
            return True
        legal = await h.service.legal_actions(table.id, user)
        preferred = [a for a in legal if a.split()[0] in PREFER] or legal
        await h.service.submit(table.id, user, rng.choice(preferred))
    return False


async def test_a_tribal_expansion_draw_is_named_only_to_the_drawer(harness: Harness) -> None:
    h = harness
    rng = random.Random(5)

    def drew(public: dict[str, Any], private: dict[str, Any]) -> bool:
        pending = private.get("pending") or {}
        return pending.get("source") == "expansion" and "card" in pending

    for attempt in range(6):
        channel = p.channel(str(800000000000000100 + attempt))
        table = await _open_in(h, channel, "targi")
        if await _play_until(h, table, rng, drew):
            break
    else:
        raise AssertionError("no Tribal Expansion draw in six seeded games")
    view = await h.service.public_view(table.id)
    seat = view["to_act"][0]
    drawer = PEOPLE[table.players[seat].user_id]
    other = PEOPLE[table.players[1 - seat].user_id]
    private = await h.service.private_view(table.id, drawer.uid)
    name = private["pending"]["card"]["name"]
    assert "card" not in view["pending"], "the engine hides the drawn card from the public"
    named_in_public = name in json.dumps(view)  # e.g. the same card face up elsewhere

    mark = h.fake.mark()
    await h.slash(other, "game", sub="status", channel=channel)
    # The moves were played through the service: the owed board goes out, then the status one.
    board = h.public_posts(mark, channel=channel["id"])[-1]
    assert "display, hand or discard the drawn tribe card" in board.json["content"]
    if not named_in_public:
        assert name not in board.text()

    # The drawer's Act menu says which card the decision is about; the opponent's does not.
    message = h.fake.message(board.response["id"])
    act = next(c for c in custom_ids(message) if c.endswith(":act"))
    menu = await h.click(drawer, message, act)
    assert menu.ephemeral and menu.recipient == drawer.id
    assert f"display, hand or discard {name}" in menu.content, menu.content
    waiting = await h.click(other, message, act)
    assert waiting.ephemeral and name not in waiting.content
    # "My hand" tells the drawer in words too (not only in the image).
    hand = await h.click(
        drawer, message, next(c for c in custom_ids(message) if c.endswith(":hand"))
    )
    assert f"You drew {name}" in hand.content, hand.content
    theirs = await h.click(
        other, message, next(c for c in custom_ids(message) if c.endswith(":hand"))
    )
    assert theirs.recipient == other.id and name not in theirs.content


async def _open_in(h: Harness, channel: dict[str, Any], game: str) -> Table:
    creator, joiner = ALICE, BOB
    await h.slash(creator, "game", {"game": game, "seats": 2}, sub="new", channel=channel)
    table = await h.table(channel["id"])
    lobby = h.fake.message(table.lobby_message_id)
    await h.click(joiner, lobby, f"lobby:{table.id}:join")
    lobby = h.fake.message(table.lobby_message_id)
    await h.click(creator, lobby, f"lobby:{table.id}:start")
    return await h.table(channel["id"])
