"""The replay and the score story in the channel: in the final result exactly once across a
crash, `/game replay` for a finished game (whole or one turn), nothing before the end, and the
replay drawn in a lane of the render pool that no board waits behind."""

from __future__ import annotations

import asyncio
import functools
import io
import os
import random
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from bot import presenters, replays
from bot.games import game_names, get_game
from bot.service import NotFinished, Table
from bot.ui.images import RenderPool, board_png, marked, use_render_pool
from bot.ui.pbp import run_scheduler_once
from bot.ui.replays import after_final, drawn, stop_drawing
from renderers.replay import BANNER_H, render_turn
from renderers.tigris import CELL, square_xy
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


def _follow_ups(calls: list[Call], table: Table) -> list[Call]:
    """The posts carrying the table's replay (and score story)."""
    replay = f"{table.game}-{table.id}-replay.gif"
    chart = f"{table.game}-{table.id}-score-story.png"
    return [c for c in calls if any(f.filename in (replay, chart) for f in c.files)]


async def _owe_again(h: Harness, table: Table) -> None:
    """As if the bot died after posting the replay, before the database recorded it."""
    async with h.service.db.write() as q:
        await q.executor.change("UPDATE game_tables SET replay_owed = 1 WHERE id = ?", [table.id])


async def test_the_final_result_goes_out_at_once_and_the_replay_follows_once_across_crashes(
    harness: Harness,
) -> None:
    h = harness
    table = await _finished_unposted(h)
    replay = await replays.load(h.service, table.id)
    assert len(replay.turns) >= 4

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the restarted bot posts what never went out
    (final,) = _final_posts(h.public_posts(mark), table)
    assert [f.filename for f in final.files] == [
        f"tigris-{table.id}-final.png",
        f"tigris-{table.id}-record.json",
    ]
    await drawn(h.bot)
    (after,) = _follow_ups(h.public_posts(mark), table)
    assert h.public_posts(mark).index(after) > h.public_posts(mark).index(final)
    assert str(after.json["message_reference"]["message_id"]) == final.response["id"]
    assert [f.filename for f in after.files] == [
        f"tigris-{table.id}-score-story.png",
        f"tigris-{table.id}-replay.gif",
    ]
    board, _record = final.files
    chart, animation = after.files
    frames = _frames(animation.data)
    assert len(frames) == len(replay.turns)
    # The last frame is the final board under its banner, the squares the last turn changed
    # framed: elsewhere pixel for pixel the board the result shows.
    last = frames[-1].crop((0, BANNER_H, frames[-1].width, frames[-1].height))
    shown = board.image().convert("RGB")
    for square in replay.steps[-1].changed:
        x, y = square_xy(square)
        for image in (last, shown):
            image.paste((0, 0, 0), (x, y, x + CELL, y + CELL))
    assert ImageChops.difference(last, shown).getbbox() is None
    assert chart.image().width == 800
    assert (await h.service.get(table.id)).posted_version == table.version
    assert await h.service.replays_owed() == []

    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the next tick: nothing left to post
    after_final(h.bot, table.id)  # nor when the result is shown again (`/game status`)
    await drawn(h.bot)
    assert h.public_posts(mark) == []

    # A crash after the replay's post, before the database recorded it: found, not posted again.
    await _owe_again(h, table)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    await drawn(h.bot)
    assert h.public_posts(mark) == []
    assert await h.service.replays_owed() == []

    # A crash after the result's post, before the database recorded it: found in the channel,
    # not posted again.
    async with h.service.db.write() as q:
        await q.executor.change(
            "UPDATE game_tables SET posted_version = ? WHERE id = ?",
            [table.version - 1, table.id],
        )
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    await drawn(h.bot)
    assert h.public_posts(mark) == []
    after_all = await h.service.get(table.id)
    assert after_all.posted_version == after_all.version
    assert after_all.board_message_id == int(final.response["id"])
    assert len(_final_posts(h.fake.calls, table)) == 1
    assert len(_follow_ups(h.fake.calls, table)) == 1


async def test_a_crash_before_the_replay_went_out_posts_it_once_after_the_restart(
    harness: Harness,
) -> None:
    h = harness
    table = await _finished_unposted(h, "targi", 20)
    await run_scheduler_once(h.bot)
    await stop_drawing(h.bot)  # the bot dies while the replay is being drawn
    assert _follow_ups(h.fake.calls, table) == []
    assert [t.id for t in await h.service.replays_owed()] == [table.id]
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)  # the restarted bot's first tick
    await drawn(h.bot)
    assert len(_follow_ups(h.public_posts(mark), table)) == 1
    assert _final_posts(h.public_posts(mark), table) == []
    assert await h.service.replays_owed() == []


async def test_a_replay_that_fails_twice_is_noted_in_the_result_in_one_line(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness
    table = await _finished_unposted(h, "targi", 20)
    attempts: list[int] = []

    def broken(*_args: object) -> bytes:
        attempts.append(1)
        raise RuntimeError("out of memory")

    monkeypatch.setattr(renderers.replay, "render_replay", broken)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = _final_posts(h.public_posts(mark), table)
    await drawn(h.bot)
    assert len(attempts) == 2
    (after,) = _follow_ups(h.public_posts(mark), table)
    assert [f.filename for f in after.files] == [f"targi-{table.id}-score-story.png"]
    shown = h.fake.message(final.response["id"])["content"]
    assert shown == final.content + "\nThe replay could not be drawn (tried twice)."
    mark = h.fake.mark()
    await _owe_again(h, table)  # a crash after the note and the post: neither comes again
    await run_scheduler_once(h.bot)
    await drawn(h.bot)
    assert h.public_posts(mark) == []
    assert h.fake.message(final.response["id"])["content"] == shown

    async def unreadable(*_args: object) -> replays.Replay:
        raise KeyError("an engine that no longer reads this log")

    second = await _finished_unposted(h, "targi", 12)
    monkeypatch.setattr(replays, "load", unreadable)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    (final,) = _final_posts(h.public_posts(mark), second)
    await drawn(h.bot)
    assert _follow_ups(h.public_posts(mark), second) == []
    assert h.fake.message(final.response["id"])["content"].endswith(
        "\nThe replay could not be drawn (tried twice)."
    )
    assert await h.service.replays_owed() == []


def _dies_once(marker: str, *args: Any) -> bytes:
    """Runs in the replay worker: the first call kills its own process (SIGKILL: as the
    kernel's out-of-memory killer does), the next draws the replay."""
    if not Path(marker).exists():
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return renderers.replay.render_replay(*args)


def _dies_always(*_args: Any) -> bytes:
    os.kill(os.getpid(), signal.SIGKILL)
    raise AssertionError("unreachable")


@pytest.mark.parametrize("deaths", ["once", "always"])
async def test_a_replay_worker_killed_while_drawing_holds_up_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, deaths: str
) -> None:
    h = harness
    table = await _finished_unposted(h, "tigris", 9)
    pool = RenderPool(1)
    use_render_pool(pool)
    real = renderers.replay.render_replay
    try:
        if deaths == "once":
            marker = str(tmp_path / "died")
            monkeypatch.setattr(
                renderers.replay, "render_replay", functools.partial(_dies_once, marker)
            )
        else:
            monkeypatch.setattr(renderers.replay, "render_replay", _dies_always)
        mark = h.fake.mark()
        await run_scheduler_once(h.bot)
        (final,) = _final_posts(h.public_posts(mark), table)  # at once, before any drawing
        await drawn(h.bot)
    finally:
        use_render_pool(None)
        pool.shutdown()
    (after,) = _follow_ups(h.public_posts(mark), table)
    names = [f.filename for f in after.files]
    content = h.fake.message(final.response["id"])["content"]
    if deaths == "once":
        assert Path(marker).exists()
        assert names == [f"tigris-{table.id}-score-story.png", f"tigris-{table.id}-replay.gif"]
        assert content == final.content
        monkeypatch.setattr(renderers.replay, "render_replay", real)
        seated = await h.service.get(table.id)  # the names the boards show
        expected = renderers.replay.render_replay(
            "tigris",
            [
                presenters.localize_view("tigris", marked(seated, s.view), lang="en")
                for s in (await replays.load(h.service, table.id)).steps
            ],
            "en",
            "gif",
            [s.turn for s in (await replays.load(h.service, table.id)).steps],
            [s.changed for s in (await replays.load(h.service, table.id)).steps],
        )
        assert after.files[1].data == expected
    else:
        assert names == [f"tigris-{table.id}-score-story.png"]
        assert content == final.content + "\nThe replay could not be drawn (tried twice)."
    assert len(_final_posts(h.fake.calls, table)) == 1
    assert await h.service.replays_owed() == []


async def test_game_replay_posts_the_whole_game_or_one_turn_with_its_log(
    harness: Harness,
) -> None:
    h = harness
    table = await _finished_unposted(h)
    await run_scheduler_once(h.bot)
    await drawn(h.bot)
    replay = await replays.load(h.service, table.id)

    mark = h.fake.mark()
    answer = await h.slash(ALICE, "game", sub="replay")
    (whole,) = h.public_posts(mark)
    assert answer.ephemeral and answer.content.startswith("Posted in the channel: https://")
    assert answer.content.endswith(f"/{whole.response['id']}")
    assert f"table #{table.id}: the replay, turn by turn ({len(replay.turns)} in all)" in (
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
    # The still is turn 2's frame of the replay: "Turn 2 of N" above the board, whose own
    # counter says turn 2 as the caption does, the squares turn 2 changed framed.
    frame = presenters.localize_view("tigris", marked(table, replay.frames[1]), lang="en")
    assert replay.frames[1]["turn_number"] == 2
    assert replay.steps[1].turn == 2 and replay.steps[1].view == replay.frames[1]
    total = len(replay.turns)
    changed = replay.steps[1].changed
    assert image.data == render_turn("tigris", frame, 2, total, changed, "en")

    too_far = await h.slash(ALICE, "game", {"turn": 500}, sub="replay")
    assert too_far.ephemeral
    assert too_far.content == (
        f"This game has {len(replay.turns)} turns; choose a turn from 1 to {len(replay.turns)}."
    )
    unknown = await h.slash(ALICE, "game", {"table": 9999}, sub="replay")
    assert unknown.ephemeral and unknown.content == "There is no table #9999 in this server."


async def test_the_arrows_step_through_the_turns_for_the_clicker_alone(harness: Harness) -> None:
    h = harness
    table = await _finished_unposted(h)
    await run_scheduler_once(h.bot)
    await drawn(h.bot)
    replay = await replays.load(h.service, table.id)
    total = len(replay.turns)
    (after,) = _follow_ups(h.fake.calls, table)
    assert custom_ids(after.json) == [f"replay:{table.id}:1"]  # "Step through the turns"

    mark = h.fake.mark()
    await h.slash(ALICE, "game", {"turn": 2}, sub="replay")
    (still,) = h.public_posts(mark)
    public = h.fake.message(still.response["id"])
    assert custom_ids(still.json) == [f"replay:{table.id}:1", f"replay:{table.id}:3"]

    mark = h.fake.mark()
    shown = await h.click(BOB, public, f"replay:{table.id}:3")  # ▶ on the channel's still
    assert shown.ephemeral and shown.recipient == BOB.id
    assert h.public_posts(mark) == []
    assert h.fake.message(still.response["id"]) == public  # the channel's still is unchanged
    lines = shown.content.split("\n")
    assert lines[0] == f"Tigris & Euphrates table #{table.id}, turn 3 of {total}:"
    turn = replay.turns[2]
    assert [int(line.split(".")[0]) for line in lines[1:]] == list(
        range(turn.start + 1, turn.end + 1)
    )
    frame = presenters.localize_view("tigris", marked(table, replay.frames[2]), lang="en")
    still = render_turn("tigris", frame, 3, total, replay.steps[2].changed, "en")
    assert [f.data for f in shown.files] == [still]
    mine = h.message_of(shown)
    assert custom_ids(shown.json) == [f"replay:{table.id}:2", f"replay:{table.id}:4"]

    back = await h.click(BOB, mine, f"replay:{table.id}:2")  # ◀ in Bob's own pages: turned
    assert back.method == "PATCH" and back.ephemeral
    assert back.content.startswith(f"Tigris & Euphrates table #{table.id}, turn 2 of {total}:")
    assert h.message_of(back)["id"] == mine["id"]
    assert [f.filename for f in back.files] == [f"tigris-{table.id}-turn-2.png"]

    korean = Person("444", "서연", locale="ko")
    read = await h.click(korean, public, f"replay:{table.id}:3")
    assert read.content.startswith(f"티그리스와 유프라테스 게임 테이블 #{table.id}, 3/{total}턴:")

    # A button of a message edited by hand, or of a table that is gone: a clear refusal.
    stale = dict(public)
    stale["components"] = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": "x", "custom_id": f"replay:{table.id}:999"},
                {"type": 2, "style": 2, "label": "y", "custom_id": "replay:9999:1"},
            ],
        }
    ]
    far = await h.click(BOB, stale, f"replay:{table.id}:999")
    assert far.ephemeral
    assert far.content == f"This game has {total} turns; choose a turn from 1 to {total}."
    gone = await h.click(BOB, stale, "replay:9999:1")
    assert gone.ephemeral and gone.content == "There is no table #9999 in this server."


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
    await drawn(h.bot)
    mark = h.fake.mark()
    answer = await h.slash(ALICE, "game", {"turn": 1}, sub="replay")  # Alice reads English
    assert answer.content.startswith("Posted in the channel: ")
    (turn,) = h.public_posts(mark)
    assert turn.content.split("\n")[0] == f"타르기 게임 테이블 #{table.id}, 1/3턴:"
    assert custom_ids(turn.json) == [f"replay:{table.id}:0", f"replay:{table.id}:2"]
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
    """The real process, its render pool and a SIGKILL: killed while the final result is on its
    way, before and after Discord created it; after each restart exactly one final result is in
    the channel, followed by one post carrying the score story and the replay."""
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
        replay = f"tigris-{table}-replay.gif"

        def follow_up(call: Call, replay: str = replay) -> bool:
            return proc_test._is_post(call) and any(f.filename == replay for f in call.files)

        await fake.wait_for(follow_up, timeout=60)
        await asyncio.sleep(2)  # a tick later: still one
        (after,) = [c for c in fake.calls if follow_up(c) and (c.response or {}).get("id")]
        assert f"tigris-{table}-score-story.png" in [f.filename for f in after.files]
    assert await proc.stop() == 0, proc.output()
