"""Whole games through Discord: `/game new` to the final scores, by slash commands, autocomplete,
the Act menu's buttons and selects, and `/tigris tile`; secrets stay with their owners."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import renderers
from bot import presenters, titles
from bot.games import game_names, get_game, replay
from bot.service import Table
from bot.storage.ratings import RatingQueries
from bot.ui.catchup import turn_cue
from bot.ui.images import marked
from bot.ui.picker import leads_to
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    MALLORY,
    Harness,
    Person,
    custom_ids,
    open_table,
    select_options,
    updated_clicked,
)
from tests.fakediscord import Call
from tests.replay_tool import run_replay_tool

JSON = dict[str, Any]


def _installed(name: str) -> Any:
    if name not in game_names():
        pytest.skip(f"the {name} engine is not installed yet")
    return get_game(name)


async def act_by_menu(h: Harness, who: Person, table: Table, action: str) -> Call:
    """Press Act on the current board and walk the menu (groups, then the action)."""
    board = await h.board()
    menu = await h.click(who, board, f"board:{table.id}:{table.version}:act")
    assert menu.ephemeral and menu.recipient == who.id, menu.content
    message = h.message_of(menu)
    for _ in range(6):
        ids = custom_ids(message)
        button = f"do:{table.id}:{table.version}:{action}"
        if button in ids:
            return await h.click(who, message, button)
        steps = [i for i in ids if i.startswith(f"pk:{table.id}:{table.version}:")]
        towards = [i for i in steps if (path := i.split(":", 3)[3]) and leads_to(path, action)]
        if towards:  # the picker: a piece, then a row of the board
            step = await h.click(who, message, towards[0])
            assert updated_clicked(step) and step.ephemeral
            message = h.message_of(step)
            continue
        chosen = None
        for select_id, values in select_options(message).items():
            if "a:" + action in values:
                return await h.pick(who, message, select_id, "a:" + action)
            for value in values:
                if value.startswith("g:") and action.startswith(value[2:]):
                    chosen = (select_id, value)
        assert chosen is not None, f"{action!r} not reachable in {select_options(message)}"
        step = await h.pick(who, message, *chosen)
        assert updated_clicked(step) and step.ephemeral
        message = h.message_of(step)
    raise AssertionError(f"menu too deep for {action!r}")


async def act_by_move(h: Harness, who: Person, action: str) -> Call:
    """Type a prefix, check the autocomplete offers the action first, then `/move` it."""
    offered = await h.complete(who, "move", "action", action[:-1])
    assert action in offered and len(offered) <= 25
    exact = await h.complete(who, "move", "action", action)
    assert exact[0] == action
    return await h.slash(who, "move", {"action": action})


async def act_by_tile_shortcut(h: Harness, who: Person, action: str) -> Call:
    _, colour, square = action.split()
    offered = await h.complete(who, "tigris", "square", square[:1], {"colour": colour}, sub="tile")
    assert square in offered
    return await h.slash(who, "tigris", {"colour": colour, "square": square}, sub="tile")


async def play_to_the_end(
    h: Harness, game_name: str, players: list[Person], seed: int, options: str | None = None
) -> tuple[Table, list[JSON]]:
    """Play a whole game with seeded random legal choices; returns the final table and, per
    decision, what the deciding player was shown privately."""
    _installed(game_name)
    rng = random.Random(seed)
    table = await open_table(h, game_name, players, **({"options": options} if options else {}))
    people = {p.uid: p for p in players}
    hands: list[JSON] = []
    for step in range(5000):
        table = await h.table_by_id(table.id)
        if table.status != "active":
            break
        view = await h.service.public_view(table.id)
        seat = rng.choice(view["to_act"])
        who = people[table.players[seat].user_id]
        legal = await h.service.legal_actions(table.id, who.uid)
        assert legal, f"seat {seat} to act without legal actions"
        action = rng.choice(legal)
        if step % 25 == 3:
            hands.append(await _check_hand(h, who, table, seat))
        mark = h.fake.mark()
        route = step % 3
        if route == 0:
            call = await act_by_menu(h, who, table, action)
            played, *_next = call.content.split("\n")
            assert played == f"You played `{action}`."
            # The next decision comes with the answer exactly when it is the mover's again.
            again = await h.service.legal_actions(table.id, who.uid)
            assert bool(call.custom_ids()) == bool(again), (action, call.custom_ids())
        elif route == 1 and action.startswith("tile ") and game_name == "tigris":
            call = await act_by_tile_shortcut(h, who, action)
        else:
            call = await act_by_move(h, who, action)
        assert call.ephemeral and call.recipient == who.id, call.content
        after = await h.table_by_id(table.id)
        assert after.seq == table.seq + 1, f"step {step}: {action!r} was not applied once"
        posts = h.public_posts(mark)
        if after.status != "active":  # the result, then its replay and score story as a reply
            result, replay = posts
            names = [f.filename for f in replay.files]
            assert names == [
                f"{game_name}-{table.id}-score-story.png",
                f"{game_name}-{table.id}-replay.gif",
            ]
            assert str(replay.json["message_reference"]["message_id"]) == result.response["id"]
            posts = [result]
        assert len(posts) == 1, posts
        _check_board_post(posts[0], after, game_name)
    else:
        raise AssertionError("the game did not end")
    return table, hands


def _check_board_post(post: Call, table: Table, game_name: str) -> None:
    body = post.json
    assert body["allowed_mentions"]["parse"] == []
    if table.status == "active":
        assert custom_ids(body) == [
            f"board:{table.id}:{table.version}:hand",
            f"board:{table.id}:{table.version}:act",
        ]
        pinged = {str(u) for u in body["allowed_mentions"].get("users", [])}
        for user in pinged:
            assert f"<@{user}>" in body["content"]
    if game_name in titles.title_names():
        assert post.files and post.files[0].is_png()


async def _check_hand(h: Harness, who: Person, table: Table, seat: int) -> JSON:
    """ "My hand" answers only the clicker, with exactly their own view."""
    board = await h.board()
    call = await h.click(who, board, f"board:{table.id}:{table.version}:hand")
    replies = [c for c in h.fake.calls_for(call.interaction) if c.files or c.content]
    (reply,) = [c for c in replies if c.method != "POST" or not c.is_callback]
    assert reply.ephemeral and reply.recipient == who.id
    private = await h.service.private_view(table.id, who.uid)
    assert private["viewer"] == seat
    assert reply.content == presenters.hand_text(table.game, private, seat, lang="en")
    if table.game in titles.title_names():  # the players' names as the boards show them
        shown = marked(table, private, "en")
        assert reply.files[0].data == renderers.render_private(table.game, shown, "en")
    return {"seat": seat, "text": reply.content, "private": private}


def _public_views(record: JSON) -> list[JSON]:
    """The public view after each number of actions of a record (index = seq)."""
    game = get_game(record["game"])
    state = game.new_game(
        record["seats"], record["seed"], options=record["options"], setup=record.get("setup")
    )
    views = [game.view(state, None)]
    for seat, action in record["actions"]:
        state = game.apply(state, seat, action)
        views.append(game.view(state, None))
    return views


def _secret_texts(hands: list[JSON]) -> list[str]:
    return [hand["text"] for hand in hands if "Your hand" in hand["text"]]


@pytest.mark.parametrize(
    ("game_name", "count", "seed", "options"),
    [
        ("tigris", 2, 5, None),
        ("tigris", 3, 8, "open_scoring=yes"),
        ("targi", 2, 3, None),
        ("targi", 2, 4, "hand_public=no"),
    ],
)
async def test_a_whole_game_through_discord(
    harness: Harness,
    tmp_path: Path,
    game_name: str,
    count: int,
    seed: int,
    options: str | None,
) -> None:
    h = harness
    players = [ALICE, BOB, CAROL][:count]
    table, hands = await play_to_the_end(h, game_name, players, seed, options)
    if options:
        name, _, value = options.partition("=")
        assert table.options[name] is (value == "yes")
    assert table.status == "finished"

    # The end: ranking and revealed scores, the board, the record that replays to the end.
    final = h.public_posts()[-2]  # the last is its replay and score story
    assert "final result" in final.json["content"]
    summary = await h.service.final_summary(table.id)
    # Each name with its seat's symbol, as the images mark the seats ("Alice (archer)").
    names = presenters.symbol_names(table.game, [p.name for p in table.players], lang="en")
    # Under the result: each player's rating after the game and its change (a rated game).
    async with h.service.db.read() as q:
        change = {c.user_id: c for c in await RatingQueries(q).history_of_table(table.id)}
    rated = ", ".join(
        f"{name} {change[p.user_id].shown_after:.0f} "
        f"({change[p.user_id].shown_after - change[p.user_id].shown_before:+.0f})"
        for name, p in zip(names, table.players, strict=True)
    )
    expected = presenters.final_text(table.game, summary, names, lang="en") + f"\nRatings: {rated}."
    # First the last move and why the game ended (the final public view's events), then the
    # heading and the ranking.
    told, _, rest = final.json["content"].partition("\n")
    assert " ends" in told and rest.startswith("**"), told
    assert final.json["content"] == expected
    (record_file,) = [f for f in final.files if f.filename.endswith("-record.json")]
    record = json.loads(record_file.data)
    state = replay(record)
    assert get_game(game_name).is_over(state)
    # The attachment as a player saves it is what `python -m bot.games replay` reads.
    saved = tmp_path / record_file.filename
    saved.write_bytes(record_file.data)
    tool = run_replay_tool(saved)
    assert tool.returncode == 0, tool.stdout + tool.stderr
    assert json.loads(tool.stdout) == json.loads(get_game(game_name).to_json(state))
    assert get_game(game_name).outcome(state)["ranking"] == summary["ranking"]

    # Secrets: no public request carries a player's private hand text, the hidden game seed
    # (the deck/bag order) before the end, or a private image.
    public = h.fake.public_calls()
    before_end = public[:-1]
    seed_text = str(table.seed)
    private_images = {c.files[0].data for c in h.fake.calls if c.ephemeral and c.files}
    for call in public:
        text = call.text()
        assert "Your hand" not in text
        assert not {f.data for f in call.files} & private_images
    for call in before_end:
        assert seed_text not in call.text()
        assert "Your points" not in call.text()
    # Every public board is built from public facts alone: a board that pings starts with the
    # cue, then the `/game log` lines since the pinged seat's last decision (from the deal on
    # before its first), then the status line of its view; any other board is exactly that
    # status line (so a Tigris swap reads "swap N tiles", a Targi hand card or Tribal Expansion
    # draw is never named). It pings exactly the seats to act (except the player who just
    # moved: they know they still have a T&E action), and its image is the drawing of that
    # view. Nothing else in public pings anyone.
    views = _public_views(record)
    log = await h.bot.pbp.game_log(table.id, per_page=10_000, lang="en")
    entries = {entry.number: entry.text() for entry in log.entries}
    boards = [c for c in before_end if "board:" in " ".join(c.custom_ids())]
    assert len(boards) == len(record["actions"])  # the start, then every move but the last
    entry = titles.title(table.game)

    def small_print(view: dict[str, Any]) -> str:
        """What the title's image leaves to the text, under the status line."""
        if entry is None or entry.drawing.board_lines is None:
            return ""
        return "".join(f"\n-# {line}" for line in entry.drawing.board_lines(view, names, "en"))

    for call in boards:  # no take-backs here: the start is version 1, each move one more
        seq = int(call.custom_ids()[0].split(":")[2]) - 1
        mover = record["actions"][seq - 1][0] if seq > 0 else None
        seats = [s for s in views[seq]["to_act"] if s != mover]
        to_act = [str(table.players[s].user_id) for s in seats]
        pings = "".join(f"<@{u}> " for u in to_act)
        if seats:
            played = [a[0] for a in record["actions"][:seq]]
            lasts = [
                max((n for n, s in enumerate(played, 1) if s == seat), default=0) for seat in seats
            ]
            first = min(lasts) + 1 if all(lasts) else 0
            told = [entries[n] for n in range(first, seq + 1) if n in entries]
            status = presenters.status_line(
                {**views[seq], "pending": None, "actions_left": None},  # in the cue
                names,
                lang="en",
                last_move=False,
            )
            cue = turn_cue(table, views[seq], lang="en")
            expected = pings + "\n".join([cue, *told, status + small_print(views[seq])])
        else:
            expected = presenters.status_line(views[seq], names, lang="en") + small_print(
                views[seq]
            )
        assert call.json["content"] == expected, (seq, call.json["content"], expected)
        assert call.pinged_user_ids() == set(to_act) and not call.pings_everyone()
    for call in h.fake.calls:  # every new message says whom it may ping: never roles/everyone
        if call._creates_message():
            assert call.message_body["allowed_mentions"]["parse"] == [], call
    for call in public:
        assert not call.pings_everyone()
        # Long-lived public messages go out with the bot token: interaction webhooks expire
        # after 15 minutes, so no public message may depend on one (a click's own message is
        # edited through its interaction at once, which is fine).
        if call._creates_message():
            assert not call.path.startswith("/webhooks/"), call
        if call not in boards:
            assert call.pinged_user_ids() == set(), call
    if game_name in titles.title_names():
        # the drawing of that view with the players' names, and (for a title whose images show
        # it) what changed since the board before
        changes = getattr(renderers.images(game_name), "changes", None)
        for call in boards[::10]:
            seq = int(call.custom_ids()[0].split(":")[2]) - 1
            shown = marked(table, views[seq], "en")
            if changes is not None and seq > 0:
                shown = {**shown, **changes(views[seq - 1], views[seq])}
            assert call.files[0].data == renderers.render_board(game_name, shown, "en")
    if game_name == "tigris":  # swaps happened, and their colours stayed with the swapper
        swaps = [seq + 1 for seq, (_, a) in enumerate(record["actions"]) if a.startswith("swap")]
        assert swaps, "the seeded game should include a swap"
        for seq in swaps:
            if seq < len(views) - 1:
                hand = f"board:{table.id}:{seq + 1}:hand"
                (call,) = [b for b in boards if hand in b.custom_ids()]
                content = call.json["content"]  # told in words, never as English notation
                assert re.search(r"swaps [1-6] tiles?(\.|$)", content, re.MULTILINE), call
                assert "`swap" not in content, call
    # Every ephemeral reply went to the person who asked for it.
    for call in h.fake.calls:
        if call.ephemeral and call.interaction is not None and call.callback_type != 8:
            assert call.recipient == call.interaction["member"]["user"]["id"]
    for hand in _secret_texts(hands):
        assert all(hand not in c.text() for c in public)

    # Every superseded board lost its buttons, the last one too once the result was posted.
    for call in boards:
        assert custom_ids(h.fake.message(call.response["id"])) == []
    # A click from a client that still shows the last board's buttons is answered sensibly: a
    # non-player sees nothing private, and Act says the game is over.
    last_board = next(c for c in reversed(public) if "board:" in " ".join(c.custom_ids()))
    message = last_board.response
    hand_id, act_id = custom_ids(message)
    refused = await h.click(MALLORY, message, hand_id)
    assert refused.ephemeral and not refused.files and "not playing" in refused.content
    over = await h.click(players[0], message, act_id)
    assert over.ephemeral and not over.custom_ids() and "game is over" in over.content
