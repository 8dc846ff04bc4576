"""The AI's review in the channel: the Review button under the final result and `/game review`,
computed once and stored, the per-server limit of reviews in flight, nothing before the end."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import review as use_case
from bot.ai.review import Term
from bot.i18n import tr
from bot.storage.reviews import ReviewQueries
from bot.ui.pbp import run_scheduler_once
from bot.ui.review import reviews_of
from tests.bot.helpers import ALICE, BOB, Harness, custom_ids, open_table
from tests.fakediscord import payloads as p


async def _finished(h: Harness, game: str = "tigris", actions: int = 24) -> Any:
    """A game whose players took their first legal action ``actions`` times, then Bob
    resigned; its final result posted."""
    table = await open_table(h, game, [ALICE, BOB])
    for _ in range(actions):
        (seat, *_others) = await h.service.to_act(table.id)
        user = table.players[seat].user_id
        action = (await h.service.legal_actions(table.id, user))[0]
        await h.service.submit(table.id, user, action)
    await h.service.resign(table.id, BOB.uid)
    await run_scheduler_once(h.bot)
    await h.settle()  # the replay and the score story follow the result: let them go out first
    return await h.service.get(table.id)


def _final_message(h: Harness, table: Any) -> dict[str, Any]:
    record = f"{table.game}-{table.id}-record.json"
    (final,) = [c for c in h.fake.calls if any(f.filename == record for f in c.files)]
    return h.fake.message(final.response["id"])


async def test_the_review_button_posts_the_review_once_computed_and_again_from_storage(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    table = await _finished(h)
    final = _final_message(h, table)
    assert f"review:{table.id}" in custom_ids(final)

    mark = h.fake.mark()
    answer = await h.click(ALICE, final, f"review:{table.id}")
    posts = h.public_posts(mark)
    assert answer.ephemeral and (answer.content or "").startswith("Posted in the channel: https://")
    summary, *turning = posts
    lines = (summary.content or "").split("\n")
    assert lines[0] == f"Tigris & Euphrates table #{table.id}: the AI's review."
    # Each player is named with their seat's symbol, as in every text of the table.
    assert lines[1].startswith("Alice (archer): as good as the AI's choice in ")
    assert lines[2].startswith("Bob (bull): as good as the AI's choice in ")
    assert [f.filename for f in summary.files] == [f"tigris-{table.id}-review.png"]
    assert summary.files[0].image().width == 1000
    assert 1 <= len(turning) <= 2
    for post in turning:
        head, *points = (post.content or "").split("\n")
        assert head in ("Turning points of Alice (archer):", "Turning points of Bob (bull):")
        assert 1 <= len(points) == len(post.files) <= 5
        assert all("the AI prefers" in line for line in points)
    async with h.service.db.read() as q:
        stored = await ReviewQueries(q).get(table.id)
    assert stored is not None and stored["game"] == "tigris"

    def never(*_args: object) -> bytes:
        raise AssertionError("a stored review was computed again")

    monkeypatch.setattr(use_case, "compute", never)
    mark = h.fake.mark()
    again = await h.slash(BOB, "game", sub="review")
    assert (again.content or "").startswith("Posted in the channel: https://")
    assert [c.content for c in h.public_posts(mark)] == [c.content for c in posts]


async def test_past_the_servers_limit_a_review_waits_with_a_clear_message(
    harness: Harness,
) -> None:
    h = harness
    first = await _finished(h, "targi", 20)
    second = await _finished(h, "targi", 16)
    reviews = reviews_of(h.bot)
    reviews.limit = 1
    release = asyncio.Event()
    real = reviews.run_long

    async def held(function: Any, *args: Any) -> bytes:
        await release.wait()
        return await real(function, *args)

    reviews.run_long = held
    computing = asyncio.ensure_future(reviews.get(first.id, "en"))
    for _ in range(500):
        if await reviews.in_flight(first.guild_id):
            break
        await asyncio.sleep(0.01)
    assert await reviews.in_flight(first.guild_id) == 1

    mark = h.fake.mark()
    refused = await h.slash(BOB, "game", {"table": second.id}, sub="review")
    assert refused.ephemeral
    assert refused.content == (
        "A review is already being prepared on this server; ask again in a few minutes."
    )
    assert h.public_posts(mark) == []
    async with h.service.db.read() as q:
        assert await ReviewQueries(q).get(second.id) is None

    release.set()
    done = await computing
    assert done.table.id == first.id
    assert await reviews.in_flight(first.guild_id) == 0
    answer = await h.slash(BOB, "game", {"table": second.id}, sub="review")
    assert (answer.content or "").startswith("Posted in the channel: https://")


async def test_no_review_before_the_end(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB])
    running = await h.slash(ALICE, "game", {"table": table.id}, sub="review")
    assert running.ephemeral
    assert running.content == "The review is made once the game has ended."


async def test_hints_are_refused_at_a_rated_table(harness: Harness) -> None:
    h = harness
    refused = await h.slash(
        ALICE, "game", {"game": "tigris", "seats": 2, "options": "hints=yes"}, sub="new"
    )
    assert refused.ephemeral
    assert refused.content == "Hints are for friendly games only: add `rated=no`."
    assert await h.service.in_channel(int(p.CHANNEL_ID)) is None
    plain = await open_table(h, "tigris", [ALICE, BOB])
    board = await h.board()
    assert not plain.hints
    assert not [c for c in custom_ids(board) if c.startswith("hint:")]


async def test_a_hint_answers_the_clicker_alone_with_a_button_that_plays_it(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "tigris", [ALICE, BOB], options="rated=no hints=yes")
    assert table.hints and not table.rated
    lobby = h.fake.message(table.lobby_message_id)
    assert "hints (friendly game) (hints): yes, rated game (rated): no" in lobby["content"]
    board = await h.board()
    hint_id = f"hint:{table.id}:{table.version}"
    assert hint_id in custom_ids(board)

    (seat,) = await h.service.to_act(table.id)
    mover = {ALICE.uid: ALICE, BOB.uid: BOB}[table.players[seat].user_id]
    waiting = BOB if mover is ALICE else ALICE
    mark = h.fake.mark()
    answer = await h.click(mover, board, hint_id)
    assert answer.ephemeral
    assert (answer.content or "").startswith("The AI suggests `")
    (play,) = [c for c in custom_ids(answer.json) if c.startswith("do:")]
    action = play.split(":", 3)[3]
    assert action in await h.service.legal_actions(table.id, mover.uid)
    assert h.public_posts(mark) == []  # nothing in the channel: the hint is the clicker's

    other = await h.click(waiting, board, hint_id)
    assert other.ephemeral and other.content == "You have no decision to take now."

    played = await h.click(mover, h.message_of(answer), play)
    assert played is not None
    after = await h.service.get(table.id)
    assert after.version == table.version + 1
    last = (await h.service.public_view(table.id))["last_action"]
    assert last["action"] == action


KINDS = [
    ("tigris", Term("lowest_colour", {"colour": "green", "n": 3})),
    ("tigris", Term("points", {"colour": "black", "n": 1})),
    ("tigris", Term("leader", {"colour": "blue"})),
    ("tigris", Term("leader_safety")),
    ("tigris", Term("monument")),
    ("tigris", Term("red_tiles")),
    ("tigris", Term("catastrophe")),
    ("tigris", Term("opponent_points", {"seat": 1, "n": 4})),
    ("tigris", Term("opponents")),
    ("tigris", Term("position")),
    ("targi", Term("vp", {"n": 2})),
    ("targi", Term("goods", {"n": 1})),
    ("targi", Term("gold", {"n": 2})),
    ("targi", Term("cards", {"n": 1})),
    ("targi", Term("opponent_vp", {"n": 3})),
    ("tigris", None),
]


@pytest.mark.parametrize("lang", ["en", "ko", "tr"])
def test_every_explanation_reads_in_each_language(lang: str) -> None:
    names = ["Alice", "Bob"]
    seen = set()
    for game, term in KINDS:
        for other in (None, "`pass`"):
            text = tr(use_case.term_text(game, term, names, other=other), lang)
            assert "{" not in text and text.endswith("."), text
            if term is not None and term.kind == "opponent_points":
                assert "Bob" in text
            seen.add(text)
    assert len(seen) >= len(KINDS)
    green = tr(use_case.term_text("tigris", KINDS[0][1], names), lang)
    assert {"en": "green", "ko": "초록", "tr": "yeşil"}[lang] in green
