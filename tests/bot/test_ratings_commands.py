"""`/leaderboard`, `/rating`, `/history` and the `rated` table option through the fake Discord."""

from __future__ import annotations

from typing import Any

from bot.service import Player, Service
from tests.bot.helpers import ALICE, BOB, CAROL, MALLORY, Harness, Person, custom_ids, open_table
from tests.fakediscord import payloads as p

GUILD = int(p.GUILD_ID)
TRICKY = Player(ALICE.uid, "Ann_*star*")  # Alice's name at her tables: Markdown to escape


async def resigned_game(
    service: Service, players: list[Player], loser: Player, channel: int, game: str = "targi"
) -> None:
    """A game in the test server that ``loser`` resigns (all others tied first)."""
    table = await service.create(
        game=game,
        guild_id=GUILD,
        channel_id=channel,
        creator=players[0],
        max_seats=len(players),
        language="en",
    )
    for player in players[1:]:
        await service.join(table.id, player)
    await service.start(table.id, players[0].user_id, can_manage=False)
    await service.resign(table.id, loser.user_id)


async def busy_server(service: Service) -> None:
    """Alice beats Bob 12 times; 22 other players play a few games each; Mallory one."""
    bob = Player(BOB.uid, BOB.name)
    channel = 5000
    for _ in range(12):
        channel += 1
        await resigned_game(service, [TRICKY, bob], bob, channel)
    for round_ in range(10):
        for pair in range(11):
            channel += 1
            a, b = 2000 + 2 * pair, 2001 + 2 * pair
            loser = b if (pair + round_) % 3 else a
            await resigned_game(
                service, [Player(a, f"P{a}"), Player(b, f"P{b}")], Player(loser, ""), channel
            )
    mallory = Player(MALLORY.uid, MALLORY.name)
    await resigned_game(service, [mallory, Player(2000, "P2000")], mallory, channel + 1)


def user_option(who: Person) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A `user:` option and the resolved data Discord sends with it."""
    member = p.member(who.id, who.name)
    user = member.pop("user")
    return [p.option("user", who.id, type=6)], {
        "users": {who.id: user},
        "members": {who.id: member},
    }


async def slash_with_user(h: Harness, caller: Person, name: str, target: Person, **more: Any):
    options, resolved = user_option(target)
    options += [p.option(k, v) for k, v in more.items()]
    payload = p.slash(name, options, resolved=resolved, user_id=caller.id, user_name=caller.name)
    return await h.answer(payload)


async def test_leaderboard_image_text_and_the_callers_own_line(harness: Harness) -> None:
    h = harness
    await busy_server(h.service)
    reply = await h.slash(MALLORY, "leaderboard", {"game": "targi"})
    assert reply.ephemeral and reply.recipient == MALLORY.id
    (image,) = reply.images()
    assert image.width == 800
    lines = reply.content.splitlines()
    assert lines[0] == "**Targi** leaderboard (24 ranked of 25 players):"
    assert lines[1].startswith("1. Ann\\_\\*star\\* ")  # escaped, and the best: 12 wins of 12
    assert "12 games, 100% won" in lines[1] and "↑" in lines[1]
    # the whole top (20; the image shows ten), the caller's own line, what the columns mean
    assert len(lines) == 1 + 20 + 1 + 1
    assert lines[-2].startswith("You: provisional, ") and lines[-2].endswith("after 1 games.")
    assert lines[-1] == (
        "-# 24 ranked players; 1 provisional (fewer than 10 games) listed without a rank. "
        "Trend: the last 5 games."
    )
    # The image lists the top ten and, after a gap, Mallory's line: taller than a top ten alone.
    alone = await h.slash(ALICE, "leaderboard", {"game": "targi"})
    assert alone.images()[0].height < image.height
    assert not any(line.startswith("You:") for line in alone.content.splitlines())
    stranger = await h.slash(CAROL, "leaderboard", {"game": "targi"})
    assert stranger.content.splitlines()[-2] == (
        "You: no rated Targi games yet; everyone starts at 1500."
    )
    assert stranger.images()[0].height == alone.images()[0].height


async def test_leaderboard_of_a_game_nobody_played(harness: Harness) -> None:
    reply = await harness.slash(BOB, "leaderboard", {"game": "tigris"})
    assert reply.content == "**Tigris & Euphrates** on this server: no rated games yet."
    assert len(reply.images()) == 1


async def test_rating_card_of_another_player_and_of_oneself(harness: Harness) -> None:
    h = harness
    await busy_server(h.service)
    reply = await slash_with_user(h, CAROL, "rating", BOB)
    assert reply.ephemeral and reply.recipient == CAROL.id
    (card,) = reply.images()
    assert card.size == (800, 320)
    text = reply.content
    assert text.startswith("**Bob**, Targi: ") and "12 games, 0 wins" in text
    assert "rank 24 of 24" in text
    assert "Recent (newest first): 2. " in text
    own = await h.slash(ALICE, "rating", {"game": "targi"})
    assert own.content.startswith("**Ann\\_\\*star\\***, Targi: ") and "rank 1 of 24" in own.content
    none = await h.slash(ALICE, "rating", {"game": "tigris"})
    assert none.content.startswith("Alice has no rated Tigris & Euphrates games on this server")
    assert none.images() == []
    # Without a game: a card for each game the player has a rating in.
    bob = Player(BOB.uid, BOB.name)
    await resigned_game(h.service, [bob, TRICKY], bob, 9999, game="tigris")
    both = await h.slash(ALICE, "rating")
    assert [line.split(": ")[0] for line in both.content.splitlines()] == [
        "**Ann\\_\\*star\\***, Targi",
        "**Ann\\_\\*star\\***, Tigris & Euphrates",
    ]
    assert both.images()[0].size == (800, 640)


async def test_history_links_the_final_boards(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    ask = await h.slash(BOB, "game", sub="resign")
    await h.click(BOB, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    final = await h.table_by_id(table.id)
    assert final.status == "finished" and final.board_message_id is not None
    friendly = await open_table(h, "targi", [ALICE, BOB], options="rated=no")
    ask = await h.slash(ALICE, "game", sub="resign")
    await h.click(ALICE, h.message_of(ask), f"confirm:{friendly.id}:{friendly.version}:resign")
    reply = await slash_with_user(h, CAROL, "history", BOB)
    lines = reply.content.splitlines()
    assert lines[0] == "Last finished games of **Bob** (newest first):"
    assert lines[1].startswith(f"#{friendly.id} Targi <t:")
    # Who resigned, by name: "(a resignation)" after the opponent read as if they had.
    # Alice was the only opponent: named once ("vs Alice (Alice resigned)" told it twice).
    assert "place 1 of 2 · vs Alice (an opponent resigned) · not rated" in lines[1]
    link = f"https://discord.com/channels/{p.GUILD_ID}/{p.CHANNEL_ID}/{final.board_message_id}"
    assert "place 2 of 2 · vs Alice (Bob resigned) · -" in lines[2]  # lost rating points
    assert lines[2].endswith(f" · [final board](<{link}>)")
    assert h.fake.message(final.board_message_id)["attachments"]  # the final board itself


async def test_rated_option_is_autocompleted_listed_and_kept_by_a_rematch(harness: Harness) -> None:
    h = harness
    suggestions = await h.complete(ALICE, "game", "options", "rat", {"game": "targi"}, sub="new")
    assert suggestions == ["rated=yes", "rated=no"]
    table = await open_table(h, "targi", [ALICE, BOB], options="rated=no")
    assert table.rated is False and "rated" not in table.options
    lobby = h.fake.message(table.lobby_message_id)
    assert "Options: rated game (rated): no." in lobby["content"]
    ask = await h.slash(ALICE, "game", sub="resign")
    await h.click(ALICE, h.message_of(ask), f"confirm:{table.id}:{table.version}:resign")
    final = h.fake.message((await h.table_by_id(table.id)).board_message_id)
    assert final["content"].endswith("\nNot rated: a friendly game (rated=no).")
    (rematch_id,) = [c for c in custom_ids(final) if "rematch" in c]
    await h.click(BOB, final, rematch_id)
    again = await h.table()
    assert again.id != table.id and again.rated is False
    assert "rated game (rated): no" in h.fake.message(again.lobby_message_id)["content"]


async def test_in_a_direct_message_ratings_are_per_server(harness: Harness) -> None:
    for name, options in (("leaderboard", {"game": "targi"}), ("rating", {}), ("history", {})):
        payload = p.slash(name, options, user_id=BOB.id, user_name=BOB.name, guild_id=None)
        reply = await harness.answer(payload)
        assert reply.content == "Ratings are kept per server: use this command in a server channel."


async def test_a_friendly_game_opened_in_a_new_thread_stays_friendly(harness: Harness) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "targi"}, sub="new")
    busy = await h.slash(BOB, "game", {"game": "targi", "options": "rated=no"}, sub="new")
    (button,) = busy.custom_ids()
    await h.click(BOB, h.message_of(busy), button)
    (thread,) = [c for c in h.fake.calls if c.template == "/channels/{channel_id}/threads"]
    in_thread = await h.table(thread.response["id"])
    assert in_thread.rated is False and "rated" not in in_thread.options
    lobby = h.fake.message(in_thread.lobby_message_id)
    assert "Options: rated game (rated): no." in lobby["content"]


async def test_a_bad_rated_value_is_refused(harness: Harness) -> None:
    h = harness
    reply = await h.slash(ALICE, "game", {"game": "targi", "options": "rated=maybe"}, sub="new")
    assert reply.ephemeral and reply.content == "Option rated is yes or no, not 'maybe'."
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None
