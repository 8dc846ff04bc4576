"""The replay and the score story in the channel: in the final result exactly once across a
crash, `/game replay` for a finished game (whole or one turn), nothing before the end, and the
replay drawn in a lane of the render pool that no board waits behind."""

from __future__ import annotations

import asyncio
import io
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from bot import presenters, replays
from bot.games import game_names, get_game
from bot.service import NotFinished, Table
from bot.ui.flow import marked
from bot.ui.images import RenderPool, board_png, use_render_pool
from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import ALICE, BOB, Harness, Person, custom_ids, open_table
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p

pytestmark = pytest.mark.skipif("tigris" not in game_names(), reason="T&E engine not merged yet")

PEOPLE = {ALICE.uid: ALICE, BOB.uid: BOB}


async def _play(h: Harness, table: Table, actions: int) -> None:
    """``actions`` moves committed by the service alone (no board posted: as if the bot died
    after each commit), each the first legal action of the seat to act."""
    for _ in range(actions):
        (seat, *_others) = await h.service.to_act(table.id)
        user = table.players[seat].user_id
        action = (await h.service.legal_actions(table.id, user))[0]
        await h.service.submit(table.id, user, action)


def _final_posts(calls: list[Call], table: Table) -> list[Call]:
    record = f"{table.game}-{table.id}-record.json"
    return [c for c in calls if any(f.filename == record for f in c.files)]


def _frames(data: bytes) -> list[Image.Image]:
    animation = Image.open(io.BytesIO(data))
    frames = []
    for index in range(animation.n_frames):
        animation.seek(index)
        frames.append(animation.convert("RGB"))
    return frames


async def _finished_unposted(h: Harness, game: str = "tigris", actions: int = 9) -> Table:
    """A game that ended (Bob resigned after ``actions`` moves) whose end the channel has not
    seen: the bot died before posting it."""
    table = await open_table(h, game, [ALICE, BOB])
    await _play(h, table, actions)
    await h.service.resign(table.id, BOB.uid)
    return await h.service.get(table.id)


async def test_the_final_result_carries_the_story_and_the_replay_once_across_a_crash(
    harness: Harness,
) -> None:
    h = harness
    table = await _finished_unposted(h)
    replay = await replays.load(h.service, table.id)
    assert len(replay.turns) >= 4

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the restarted bot posts what never went out
    (final,) = _final_posts(h.public_posts(mark), table)
    names = [f.filename for f in final.files]
    assert names == [
        f"tigris-{table.id}-final.png",
        f"tigris-{table.id}-score-story.png",
        f"tigris-{table.id}-replay.gif",
        f"tigris-{table.id}-record.json",
    ]
    board, chart, animation, _record = final.files
    frames = _frames(animation.data)
    assert len(frames) == len(replay.turns)
    assert ImageChops.difference(frames[-1], board.image().convert("RGB")).getbbox() is None
    assert chart.image().width == 1200

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the next tick: nothing left to post
    assert h.public_posts(mark) == []

    # A crash after the post, before the database recorded it: found in the channel, not
    # posted again.
    async with h.service.db.write() as q:
        await q.executor.change(
            "UPDATE game_tables SET posted_version = ?, board_message_id = ? WHERE id = ?",
            [table.version - 1, table.board_message_id, table.id],
        )
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    assert h.public_posts(mark) == []
    after = await h.service.get(table.id)
    assert after.posted_version == after.version
    assert after.board_message_id == int(final.response["id"])
    assert len(_final_posts(h.fake.calls, table)) == 1


async def test_a_replay_that_fails_leaves_the_final_result_without_it(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    table = await _finished_unposted(h, "targi", 20)

    def broken(*_args: object) -> bytes:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(renderers.replay, "render_replay", broken)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = _final_posts(h.public_posts(mark), table)
    assert [f.filename for f in final.files] == [
        f"targi-{table.id}-final.png",
        f"targi-{table.id}-score-story.png",
        f"targi-{table.id}-record.json",
    ]

    async def unreadable(*_args: object) -> replays.Replay:
        raise KeyError("an engine that no longer reads this log")

    second = await _finished_unposted(h, "targi", 12)
    monkeypatch.setattr(replays, "load", unreadable)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = _final_posts(h.public_posts(mark), second)
    assert [f.filename for f in final.files] == [
        f"targi-{second.id}-final.png",
        f"targi-{second.id}-record.json",
    ]


async def test_game_replay_posts_the_whole_game_or_one_turn_with_its_log(
    harness: Harness,
) -> None:
    h = harness
    table = await _finished_unposted(h)
    await run_scheduler_once(h.bot)
    replay = await replays.load(h.service, table.id)

    mark = h.fake.mark()
    answer = await h.slash(ALICE, "game", sub="replay")
    (whole,) = h.public_posts(mark)
    assert answer.ephemeral and answer.content.startswith("Posted in the channel: https://")
    assert answer.content.endswith(f"/{whole.response['id']}")
    assert f"table #{table.id}: the replay, one frame per turn ({len(replay.turns)} in all)" in (
        whole.content
    )
    assert [f.filename for f in whole.files] == [
        f"tigris-{table.id}-score-story.png",
        f"tigris-{table.id}-replay.gif",
    ]
    assert len(_frames(whole.files[1].data)) == len(replay.turns)

    mark = h.fake.mark()
    await h.slash(ALICE, "game", {"turn": 2, "table": table.id}, sub="replay")
    (still,) = h.public_posts(mark)
    lines = still.content.split("\n")
    assert lines[0] == f"Tigris & Euphrates table #{table.id}, turn 2 of {len(replay.turns)}:"
    turn = replay.turns[1]
    assert [int(line.split(".")[0]) for line in lines[1:]] == list(
        range(turn.start + 1, turn.end + 1)
    )
    (image,) = still.files
    # the still calls the players by their names, as the boards did
    frame = presenters.localize_view("tigris", marked(table, replay.frames[1]), lang="en")
    assert image.data == renderers.render_board("tigris", frame, "en")

    too_far = await h.slash(ALICE, "game", {"turn": 500}, sub="replay")
    assert too_far.ephemeral
    assert too_far.content == (
        f"This game has {len(replay.turns)} turns; choose a turn from 1 to {len(replay.turns)}."
    )
    unknown = await h.slash(ALICE, "game", {"table": 9999}, sub="replay")
    assert unknown.ephemeral and unknown.content == "There is no table #9999 in this server."


async def test_nothing_is_replayed_before_the_end(harness: Harness) -> None:
    h = harness
    none_yet = await h.slash(ALICE, "game", sub="replay")
    assert none_yet.ephemeral
    assert none_yet.content == "No game has finished in this channel yet."
    table = await open_table(h, "tigris", [ALICE, BOB])
    await _play(h, table, 6)
    running = await h.slash(BOB, "game", {"table": table.id}, sub="replay")
    assert running.ephemeral
    assert running.content == "The replay is shown when the game has ended."
    with pytest.raises(NotFinished):
        await replays.load(h.service, table.id)
    boards = [c for c in h.fake.calls if any(f.filename.endswith(".gif") for f in c.files)]
    assert boards == []


async def test_a_game_replay_speaks_the_tables_language_and_refuses_in_the_readers(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB], language="ko")
    await _play(h, table, 20)
    await h.service.resign(table.id, BOB.uid)
    await run_scheduler_once(h.bot)
    mark = h.fake.mark()
    answer = await h.slash(ALICE, "game", {"turn": 1}, sub="replay")  # Alice reads English
    assert answer.content.startswith("Posted in the channel: ")
    (turn,) = h.public_posts(mark)
    assert turn.content.split("\n")[0] == f"타르기 게임 테이블 #{table.id}, 1/3턴:"
    assert custom_ids(turn.json) == []
    turkish = Person("333", "Ayşe", locale="tr")
    refused = await h.slash(turkish, "game", {"turn": 99}, sub="replay")
    assert refused.ephemeral and refused.content.startswith("Bu oyunda ")


def _wait_for(path: str) -> bytes:
    """Runs in the replay worker: holds it until ``path`` exists (a replay that takes long)."""
    deadline = time.monotonic() + 60
    while not Path(path).exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return b"replay"


async def test_a_replay_being_drawn_never_holds_up_a_board(tmp_path: Path) -> None:
    game = get_game("tigris")
    view = game.view(game.new_game(2, 5), None)
    release = tmp_path / "release"
    pool = RenderPool(1)
    try:
        use_render_pool(pool)
        long = asyncio.ensure_future(pool.draw_long(_wait_for, str(release)))
        for _ in range(3):  # the one board worker is free: each board is drawn at once
            assert await board_png("tigris", view, lang="en") == renderers.render_board(
                "tigris", view, "en"
            )
        assert not long.done(), "the replay was still being drawn all along"
        release.touch()
        assert await long == b"replay"
    finally:
        use_render_pool(None)
        pool.shutdown()


async def test_python_m_bot_killed_around_the_final_post_posts_it_once_with_the_replay(
    fake_discord: FakeDiscord, bot_process: Any, tmp_path: Path
) -> None:
    """The real process, its render pool and a SIGKILL: killed while the final result (with the
    replay) is on its way, before and after Discord created it; after each restart exactly one
    final result is in the channel, carrying the score story and the replay."""
    from tests.bot import test_process as proc_test

    fake = fake_discord
    rng = random.Random(4)
    proc = bot_process(env={"DATABASE_PATH": str(tmp_path / "bot.sqlite3")}, cwd=tmp_path)
    await proc.start()
    for after_effect in (False, True):
        mark = fake.mark()
        opened = p.slash("game", {"game": "tigris", "seats": 2}, sub="new", user_id="111")
        await proc_test._interact(fake, proc_test._named(opened, "111"))
        lobby = fake.message((await fake.wait_for(proc_test._is_post, start=mark)).response["id"])
        found = re.search(r"table #(\d+)", lobby["content"])
        assert found is not None
        table = found.group(1)
        for user, op in (("222", "join"), ("111", "start")):
            mark = fake.mark()
            click = p.button(
                f"lobby:{table}:{op}", message_data=fake.message(lobby["id"]), user_id=user
            )
            await proc_test._interact(fake, proc_test._named(click, user))
        board = await fake.wait_for(proc_test._is_post, start=mark, timeout=10)
        mover = ""
        for _ in range(8):
            board, mover = await proc_test._move(fake, rng, board, mover)

        ask = await proc_test._interact(
            fake, proc_test._named(p.slash("game", sub="resign", user_id="222"), "222")
        )
        confirm = next(c for c in ask.custom_ids() if c.endswith(":resign"))
        record = f"tigris-{table}-record.json"

        def final(call: Call, record: str = record) -> bool:
            return proc_test._is_post(call) and any(f.filename == record for f in call.files)

        fake.hold(final, after_effect=after_effect)
        shown = (ask.response or {}).get("resource", {}).get("message", {}).get("id")
        message = fake.message(shown or ask.response["id"])  # the deferred answer's followup
        await fake.push_interaction(
            proc_test._named(p.button(confirm, message_data=message, user_id="222"), "222")
        )
        for _ in range(600):
            if fake.held:
                break
            await asyncio.sleep(0.05)
        assert fake.held, [(c.method, c.path, c.status, c.content) for c in fake.calls[-6:]]
        await proc.kill()
        fake.release()
        fake.held.clear()
        await proc.start()
        posted = await fake.wait_for(final, timeout=30) if not after_effect else None
        await asyncio.sleep(3)  # the restarted bot's first scheduler tick has come and gone
        finals = [c for c in fake.calls if final(c) and (c.response or {}).get("id")]
        assert len(finals) == 1, [c.response for c in finals]
        (result,) = finals
        assert posted is None or posted is result
        names = [f.filename for f in result.files]
        assert f"tigris-{table}-replay.gif" in names and f"tigris-{table}-score-story.png" in names
    assert await proc.stop() == 0, proc.output()
