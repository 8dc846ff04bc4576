"""What the bot adds to a view before it is drawn: every seat's display name (the images call
players what the messages call them), and what changed since the table's previous board."""

from __future__ import annotations

from bot.ai import seats as ai_seats
from bot.games import get_game
from bot.games.playout import play
from bot.service import Player, Table
from bot.ui import images
from bot.ui.images import marked


def _table(*players: Player) -> Table:
    return Table(
        id=7,
        game="tigris",
        guild_id=1,
        channel_id=2,
        creator_id=players[0].user_id,
        status="active",
        max_seats=4,
        seat_order="join",
        options={},
        seed=1,
        players=players,
        seq=0,
        lobby_message_id=None,
        board_message_id=None,
    )


def test_a_view_for_an_image_carries_the_seats_display_names():
    robot = ai_seats.next_ai_id("strong", [])
    table = _table(
        Player(1, "이서연🌸"), Player(robot, ai_seats.ai_name(robot)), Player(3, "**Bo**")
    )
    view = get_game("tigris").view(get_game("tigris").new_game(3, 1), None)
    shown = marked(table, view, "ko")
    # as typed (an image shows markdown literally), an AI seat in the table's language
    assert shown["seat_names"] == ["이서연🌸", "AI (강함)", "**Bo**"]
    assert shown["ai_seats"] == [1]
    assert "seat_names" not in view  # the engine's view is left as it was


def test_the_next_board_of_a_table_shows_what_changed_since_the_previous_one():
    game = get_game("tigris")
    states = play(game, 4, 0, keep_states=True).states
    views = [game.view(s, None) for s in states]
    index = next(
        i for i in range(1, len(views)) if any(e["key"] == "withdraw" for e in views[i]["events"])
    )
    before, after = views[index - 1], views[index]
    images._last_boards().clear()
    assert images.with_changes("tigris", before, 41) is before  # no previous board: no ghosts
    shown = images.with_changes("tigris", after, 41)
    assert shown["ghosts"]["leaders"]  # the leader withdrawn, where it stood
    assert shown["changed"]
    again = images.with_changes("tigris", after, 41)  # the same board posted again
    assert again["ghosts"] == shown["ghosts"] and again["changed"] == shown["changed"]
    swap = next(
        i for i in range(index + 1, len(views)) if views[i]["board"] == views[i - 1]["board"]
    )
    images.with_changes("tigris", views[swap - 1], 41)
    moved = images.with_changes("tigris", views[swap], 41)  # a move that changed no square
    assert moved["changed"] == [] and moved["ghosts"] == {"tiles": [], "leaders": []}
    assert images.with_changes("tigris", after, None) is after  # a replay's turn: none
    assert images.with_changes("tigris", after, 42) is after  # another table
    final = {**after, "game_over": True}  # the final board is the replay's last frame
    assert images.with_changes("tigris", final, 41) is final
