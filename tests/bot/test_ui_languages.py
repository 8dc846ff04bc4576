"""The bot's own messages in the reader's language, through the fake Discord.

An ephemeral answer (Act, My hand, a stale board, a refusal) follows the clicking user's Discord
locale; what goes to the channel (lobby card, board buttons, pings, reminders, timer warnings,
timer notes, DMs) follows the table's language. The pseudo-locale ``qps`` shows that every text
of the ui domain came from the catalogue: nothing English may stand outside its ``⟦…⟧``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web

from bot import i18n
from bot.ai import seats as ai_seats
from bot.i18n import catalog
from bot.service import Player, Table
from bot.ui import errors
from bot.ui.lobby import post_lobby
from bot.ui.names import names_of, plain_names
from bot.ui.pbp import run_scheduler_once
from bot.ui.publish import ended_marks
from tests.bot.helpers import (
    ALICE,
    BOB,
    MALLORY,
    Harness,
    Person,
    custom_ids,
    open_table,
    running_bot,
    select_options,
    updated_clicked,
)
from tests.fakediscord import Call, FakeDiscord
from tests.fakediscord import payloads as p
from tests.service.conftest import ManualClock

HOUR = 3600.0
DAY = 24 * HOUR

JSON = dict[str, Any]


def speaking(person: Person, locale: str) -> Person:
    """``person`` with their Discord client in ``locale``."""
    return dataclasses.replace(person, locale=locale)


def labels(message: JSON) -> list[str]:
    """Every button label, select placeholder and select option label of a message."""
    out: list[str] = []
    stack = list(message.get("components") or [])
    while stack:
        comp = stack.pop(0)
        stack[:0] = list(comp.get("components") or [])
        for key in ("label", "placeholder"):
            if comp.get(key):
                out.append(comp[key])
        out.extend(option["label"] for option in comp.get("options") or [])
    return out


# What may stand outside the pseudo-locale's brackets: mentions, channel links, timestamps,
# links, code spans (notation), the players' and games' names, "AI" and numbers.
_OUTSIDE_OK = re.compile(
    r"<[@#]\d+>|<t:\d+:R>|https?://\S+|`[^`]*`|Alice|Bob|Targi|Tigris & Euphrates|AI|🤖"
)


def english_outside_brackets(text: str) -> list[str]:
    """ASCII words of ``text`` that are not inside a ``⟦…⟧`` (nested brackets count)."""
    outside: list[str] = []
    depth = 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            outside.append(char)
        else:
            outside.append(" ")
    rest = _OUTSIDE_OK.sub(" ", "".join(outside))
    return re.findall(r"[A-Za-z]{2,}", rest)


async def lobby_in(h: Harness, language: str, seats: int = 2) -> Table:
    """A Targi lobby by Alice whose table speaks ``language``, posted in the channel (as
    `/game new` does once it takes the server's or the creator's language)."""
    table = await h.service.create(
        game="targi",
        guild_id=int(p.GUILD_ID),
        channel_id=int(p.CHANNEL_ID),
        creator=Player(ALICE.uid, ALICE.name),
        max_seats=seats,
        language=language,
    )
    await post_lobby(h.bot, table)
    return await h.table()


async def start(h: Harness, table: Table, joiner: Person = BOB) -> Table:
    lobby = h.fake.message(table.lobby_message_id)
    joined = await h.click(joiner, lobby, f"lobby:{table.id}:join")
    assert updated_clicked(joined), joined.content
    lobby = h.fake.message(table.lobby_message_id)
    started = await h.click(ALICE, lobby, f"lobby:{table.id}:start")
    assert updated_clicked(started), started.content
    return await h.table()


async def play_first(h: Harness, person: Person, table: Table) -> tuple[Call, str]:
    """``person`` opens Act on the current board and plays the first action it offers; the
    confirmation they see and the action."""
    board = await h.board()
    table = await h.table()
    menu = h.message_of(await h.click(person, board, f"board:{table.id}:{table.version}:act"))
    for custom_id in custom_ids(menu):
        if custom_id.startswith("do:"):
            action = custom_id.split(":", 3)[3]
            return await h.click(person, menu, custom_id), action
    for custom_id, values in select_options(menu).items():
        for value in values:
            if value.startswith("a:"):
                return await h.pick(person, menu, custom_id, value), value[2:]
    raise AssertionError(f"no action offered: {menu['content']}")


async def to_act(h: Harness, table: Table) -> tuple[Person, Person]:
    """(the person whose decision it is, the other one) at a two-player table of Alice and Bob."""
    view = await h.service.public_view(table.id)
    [seat] = view["to_act"]
    first = table.players[int(seat)].user_id
    return (ALICE, BOB) if first == ALICE.uid else (BOB, ALICE)


# --- an English table, readers in Korean and Turkish ----------------------------------------


async def test_korean_and_turkish_readers_get_their_language_while_the_channel_stays_english(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])
    mover, waiter = await to_act(h, table)
    board = await h.board()
    assert labels(board) == ["My hand", "Act"]

    menu = await h.click(speaking(mover, "ko"), board, f"board:{table.id}:{table.version}:act")
    assert menu.ephemeral and menu.content is not None
    pending, heading = menu.content.split("\n")  # the pending clause is the engine's
    assert pending.startswith("진행 중: ")
    assert heading.startswith("행동을 고르세요 (가능한 행동 ")
    # Discord shows a mention under its English name: a Korean reader gets the Korean name.
    assert heading.endswith("개). `/행동` 명령어로 직접 입력해도 돼요."), heading

    wait = await h.click(speaking(waiter, "tr"), board, f"board:{table.id}:{table.version}:act")
    assert wait.ephemeral
    colour = "mavi" if table.seat_of(mover.uid) == 0 else "beyaz"  # beside the name
    assert wait.content == f"Şu an karar sırası sende değil. Beklenen: {mover.name} ({colour})."

    stranger = await h.click(
        speaking(MALLORY, "tr"), board, f"board:{table.id}:{table.version}:act"
    )
    assert stranger.ephemeral and stranger.content == "Bu oyunda oynamıyorsun."

    # The mover plays from the menu (Turkish client): the confirmation is Turkish, the new board
    # in the channel English.
    mark = h.fake.mark()
    played, action = await play_first(h, speaking(mover, "tr"), table)
    assert played.content == f"Oynadın: `{action}`."
    [new_board] = [c for c in h.public_posts(mark) if c.files]
    assert [b["label"] for b in new_board.components() if b.get("type") == 2] == [
        "My hand",
        "Act",
    ]

    # A click on the old board: the current state, with buttons, in the reader's language.
    stale = await h.click(speaking(waiter, "ko"), board, f"board:{table.id}:{table.version}:act")
    assert stale.ephemeral and stale.content.startswith("보드가 바뀌었어요. 지금 상태는 이래요.\n")
    assert "현재 보드: https://discord.com/channels/" in stale.content
    assert labels(h.message_of(stale)) == ["내 손패", "행동"]


async def test_lobby_buttons_answer_each_reader_but_the_card_keeps_the_tables_language(
    harness: Harness,
) -> None:
    h = harness
    table = await lobby_in(h, "en")
    lobby = h.fake.message(table.lobby_message_id)
    joined = await h.click(speaking(BOB, "ko"), lobby, f"lobby:{table.id}:join")
    assert "Seated (2/2): Alice, Bob." in joined.content  # the public card: the table's English
    lobby = h.fake.message(table.lobby_message_id)
    assert labels(lobby)[:4] == ["Join", "Leave", "Start", "Cancel"]
    again = await h.click(speaking(BOB, "ko"), lobby, f"lobby:{table.id}:start")
    assert again.ephemeral  # only the creator (or a manager) starts: a refusal, not a start
    assert (await h.table()).status == "lobby"


# --- a Korean table ----------------------------------------------------------------------------


async def test_a_korean_tables_lobby_board_and_take_back_are_korean(harness: Harness) -> None:
    h = harness
    table = await lobby_in(h, "ko")
    card = h.fake.message(table.lobby_message_id)
    lines = card["content"].splitlines()
    assert (
        lines[0] == f"**타르기**, 게임 테이블 #{table.id}: 최대 2명, 참가한 순서대로 자리를 정해요."
    )
    assert "언어: 한국어." in lines
    assert "참가자 (1/2): Alice." in lines
    assert f"<@{ALICE.id}> 님(또는 서버 관리자)이 시작하거나 취소할 수 있어요." in lines
    assert labels(card) == [
        "참가",
        "나가기",
        "시작",
        "취소",
        "AI 추가…",
        "AI 추가 (쉬움)",
        "AI 추가 (보통)",
        "AI 추가 (강함)",
        "AI 빼기",
    ]

    table = await start(h, table)  # Bob's client is English: the card stays Korean
    card = h.fake.message(table.lobby_message_id)
    assert card["content"].splitlines()[-1].startswith("시작했어요. 자리 순서: ")
    board = await h.board()
    assert labels(board) == ["내 손패", "행동"]
    mover, _ = await to_act(h, table)
    assert board["content"].startswith(f"<@{mover.id}> ")

    # An English reader at the Korean table still reads English ephemerally.
    menu = await h.click(mover, board, f"board:{table.id}:{table.version}:act")
    assert (menu.content or "").split("\n")[-1].startswith("Choose your action (")

    # The take-back request is public: Korean, whatever the asker's client speaks.
    await play_first(h, mover, table)
    mark = h.fake.mark()
    table = await h.table()
    asked = await h.slash(speaking(mover, "tr"), "game", sub="takeback")
    assert asked.ephemeral and asked.content == "Geri alma istendi; diğer oyunculara soruluyor."
    [request] = h.public_posts(mark)
    assert "님이 타르기 게임 테이블 #" in (request.content or "")
    assert "마지막 수를 무르고 싶어 해요." in (request.content or "")
    assert [b["label"] for b in request.components() if b.get("type") == 2] == ["찬성", "반대"]


@pytest_asyncio.fixture
async def timed(
    fake_discord: FakeDiscord, login_bot: Any, tmp_path: Path
) -> AsyncIterator[tuple[Harness, ManualClock]]:
    clock = ManualClock(1_800_000_000.0)
    path = tmp_path / "bot.sqlite3"
    async with running_bot(
        fake_discord, login_bot, path, seed=11, clock=clock, scheduler_interval=None
    ) as h:
        yield h, clock


async def tick(h: Harness, clock: ManualClock, advance: float) -> list[Call]:
    """Move the clock, run one scheduler tick, return the messages it created."""
    clock.advance(advance)
    mark = h.fake.mark()
    await run_scheduler_once(h.bot)
    return [c for c in h.fake.calls[mark:] if c.method == "POST" and c.json is not None]


async def test_a_korean_tables_reminder_dm_warning_and_timer_note_are_korean(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await start(h, await lobby_in(h, "ko"))
    mover, _ = await to_act(h, table)
    await h.slash(mover, "notify", {"dm": "on"})  # an English client: the DM is the table's

    calls = await tick(h, clock, DAY)
    [reminder] = [c for c in calls if c.audience == "public"]
    assert reminder.content is not None
    assert reminder.content.startswith(f"<@{mover.id}> 알림: 타르기 게임 테이블 #{table.id}에서 ")
    assert "에서 24시간째 결정을 기다리고 있어요. https://" in reminder.content
    assert reminder.pinged_user_ids() == {mover.id}
    [dm] = [c for c in calls if c.audience == "ephemeral" and c.recipient == mover.id]
    assert dm.content is not None
    assert dm.content.startswith(
        f"알림: 타르기 게임 테이블 #{table.id}에서 차례를 기다리고 있어요."
    )

    await h.slash(ALICE, "game", {"timer_hours": 2, "reminder_hours": 0}, sub="timing")
    [warning] = [c for c in await tick(h, clock, 1.5 * HOUR) if c.audience == "public"]
    assert warning.content is not None and warning.pinged_user_ids() == {mover.id}
    assert "의 차례 타이머가 <t:" in warning.content
    assert "끝나요. 그러면 봇이 가장 안전한 기본 행동을 대신 골라요." in warning.content

    calls = await tick(h, clock, 0.5 * HOUR)
    texts = [c.content or "" for c in calls if c.audience == "public"]
    colour = "파랑" if table.seat_of(mover.uid) == 0 else "하양"  # beside the name
    assert texts[0].startswith(
        f"{mover.name} ({colour}) 님의 시간이 다 되어 봇이 대신 결정했어요: `"
    )
    assert labels(calls[-1].message_body) == ["내 손패", "행동"]


# --- the pseudo-locale: nothing bypasses the catalogue ------------------------------------


async def test_every_ui_text_of_a_table_comes_from_the_catalogue(
    timed: tuple[Harness, ManualClock],
) -> None:
    h, clock = timed
    table = await lobby_in(h, i18n.PSEUDO)
    seen: list[str] = []
    card = h.fake.message(table.lobby_message_id)
    seen += [card["content"], *labels(card)]
    table = await start(h, table)
    card = h.fake.message(table.lobby_message_id)
    seen.append(card["content"])
    board = await h.board()
    seen += labels(board)  # the board's text is the engine's status line
    mover, waiter = await to_act(h, table)
    reader = speaking(waiter, i18n.PSEUDO)
    wait = await h.click(reader, board, f"board:{table.id}:{table.version}:act")
    seen.append(wait.content or "")
    menu = await h.click(
        speaking(mover, i18n.PSEUDO), board, f"board:{table.id}:{table.version}:act"
    )
    seen.append((menu.content or "").split("\n")[-1])  # above it: the engine's pending clause
    await h.slash(mover, "notify", {"dm": "on"})
    for advance in (DAY,):
        seen += [c.content or "" for c in await tick(h, clock, advance) if c.content]
    await h.slash(ALICE, "game", {"timer_hours": 2, "reminder_hours": 0}, sub="timing")
    seen += [c.content or "" for c in await tick(h, clock, 1.5 * HOUR) if c.content]
    calls = await tick(h, clock, 0.5 * HOUR)
    seen += [c.content or "" for c in calls if c.content and not c.files]  # notes, not boards
    stale = await h.click(reader, board, f"board:{table.id}:{table.version}:act")
    seen += [(stale.content or "").split("\n")[0], *labels(h.message_of(stale))]
    assert len(seen) > 20
    leaks = {text: english_outside_brackets(text) for text in seen}
    assert {text: words for text, words in leaks.items() if words} == {}


@pytest.mark.parametrize("lang", [*catalog.TRANSLATED, i18n.DEFAULT])
def test_every_abort_notice_holds_the_mark_a_restart_looks_for(lang: str) -> None:
    """After a crash between posting an abort notice and recording it, the restart finds the
    notice by its mark: each language's notices must contain it whole."""
    from bot.i18n import _

    table = Table(
        id=7,
        game="targi",
        guild_id=1,
        channel_id=2,
        creator_id=3,
        status="aborted",
        max_seats=2,
        seat_order="join",
        options={},
        seed=1,
        players=(),
        seq=0,
        lobby_message_id=None,
        board_message_id=None,
        language=lang,
    )
    aborted, abandoned = ended_marks(table)
    title = "Targi"
    assert aborted in _("{title} table #{id} was aborted (no result).", title=title, id=7).render(
        lang
    )
    by = _("{title} table #{id} was aborted by {who}.", title=title, id=7, who="Ann").render(lang)
    assert aborted in by
    game = _("{title} table #{id}", title=title, id=7)
    for note in (
        _(
            "Time ran out for {name}: the bot decided {action}. Nobody has moved for a "
            "whole round of turn timers, so {table} is abandoned (no result).",
            name="Ann",
            action="`pass`",
            table=game,
        ),
        _(
            "Time ran out for {name}: the bot decided for them. Nobody has moved for a "
            "whole round of turn timers, so {table} is abandoned (no result).",
            name="Ann",
            table=game,
        ),
    ):
        assert abandoned in note.render(lang)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["🤖 AI (easy)", "🤖 AI (normal) 2", "🤖 AI (strong)"]),
        ("ko", ["🤖 AI (쉬움)", "🤖 AI (보통) 2", "🤖 AI (강함)"]),
        ("tr", ["🤖 YZ (kolay)", "🤖 YZ (normal) 2", "🤖 YZ (güçlü)"]),
    ],
)
def test_ai_seats_are_named_in_the_language_of_the_message(lang: str, names: list[str]) -> None:
    ids = (-11, -22, -31)
    players = tuple(Player(u, ai_seats.ai_name(u)) for u in ids)
    table = Table(
        id=1,
        game="tigris",
        guild_id=1,
        channel_id=2,
        creator_id=3,
        status="active",
        max_seats=3,
        seat_order="join",
        options={},
        seed=1,
        players=players,
        seq=0,
        lobby_message_id=None,
        board_message_id=None,
    )
    assert plain_names(table, lang=lang) == names
    assert plain_names(table, lang="en") == [ai_seats.mark(u, ai_seats.ai_name(u)) for u in ids]
    # In the table's texts each seat's dynasty follows, after a dash (the name has parentheses).
    dynasties = {"en": "archer", "ko": "궁수", "tr": "Okçu"}
    assert names_of(table, lang=lang)[0] == f"{names[0]} – {dynasties[lang]}"


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
def test_the_fixed_error_replies_are_translated(lang: str) -> None:
    for text in (errors.MISSING_PERMISSION, errors.OUTDATED_COMMAND):
        shown = text.render(lang)
        assert shown != str(text) and len(shown) <= 2000
        assert english_outside_brackets(text.render(i18n.PSEUDO)) == []


# --- error replies in the reader's language ---------------------------------------------------


async def test_the_apology_names_its_error_id_in_the_readers_language(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    h = harness
    await open_table(h, "targi", [ALICE, BOB])
    await h.service.close()  # the database goes away under the bot
    call = await h.slash(speaking(ALICE, "ko"), "game", sub="list")
    assert call.ephemeral and call.content is not None
    assert call.content.startswith("죄송해요, 저희 쪽에서 문제가 생겼어요 (오류 ID `")
    error_id = call.content.split("`")[1]
    assert any(error_id in record.getMessage() for record in caplog.records)


async def test_a_missing_permission_and_an_unknown_choice_are_explained_in_turkish(
    harness: Harness,
) -> None:
    h = harness
    turkish = speaking(ALICE, "tr")
    unknown = await h.slash(turkish, "game", {"game": "chess", "seats": 2}, sub="new")
    assert unknown.ephemeral and unknown.content is not None
    assert unknown.content.startswith(
        "“chess” geçerli bir game değeri değil; şunlardan birini seç: "
    )
    real_route = h.fake._route

    def read_only_channel(call: Call) -> Any:  # Discord refuses the bot's messages (50013)
        if call.method == "POST" and call.template == "/channels/{channel_id}/messages":
            call.audience = "none"
            return web.json_response({"message": "Missing Permissions", "code": 50013}, status=403)
        return real_route(call)

    h.fake._route = read_only_channel  # type: ignore[method-assign]
    call = await h.slash(turkish, "game", {"game": "targi", "seats": 2}, sub="new")
    replies = [c.content for c in h.fake.calls_for(call.interaction) if c.content]
    assert str(errors.MISSING_PERMISSION.render("tr")) in replies, replies
