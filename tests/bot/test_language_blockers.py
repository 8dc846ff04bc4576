"""Issue 18's blockers: what a Korean or Turkish table (or reader) is shown never falls back to
English — the rematch and the new-thread offer keep the table's language, `/game log` reads in
the reader's, and the resign and abort confirmations are labelled in the reader's."""

from __future__ import annotations

import dataclasses

from bot.service import Table
from tests.bot.helpers import (
    ALICE,
    BOB,
    Harness,
    Person,
    custom_ids,
    open_table,
    updated_clicked,
)
from tests.bot.test_ui_languages import labels


def speaking(person: Person, locale: str) -> Person:
    return dataclasses.replace(person, locale=locale)


async def resign_by_confirmation(h: Harness, who: Person, table: Table) -> tuple[str, str]:
    """``who`` asks `/game resign` and clicks the confirmation: (question, button label)."""
    asked = await h.slash(who, "game", sub="resign")
    [button] = asked.custom_ids()
    label = labels(h.message_of(asked))[0]
    done = await h.click(who, h.message_of(asked), button)
    assert updated_clicked(done), done.content
    return asked.content, label


async def test_a_korean_table_resigned_then_rematched_stays_korean(harness: Harness) -> None:
    h = harness
    alice, bob = speaking(ALICE, "ko"), speaking(BOB, "ko")
    table = await open_table(h, "targi", [alice, bob], language="ko")
    assert table.language == "ko"
    question, label = await resign_by_confirmation(h, bob, table)
    assert label == "네, 기권할게요" and question.startswith("기권할까요?")
    final = [c for c in h.public_posts() if f"rematch:{table.id}" in c.custom_ids()][-1]
    assert custom_ids(final.json) == [f"rematch:{table.id}", f"review:{table.id}"]
    mark = h.fake.mark()
    again = await h.click(alice, h.fake.message(final.response["id"]), f"rematch:{table.id}")
    assert again.ephemeral
    rematch = await h.table()
    assert rematch.id != table.id and rematch.language == "ko"
    [card] = [c for c in h.public_posts(mark) if f"lobby:{rematch.id}:join" in c.custom_ids()]
    assert "참가" in labels(card.json)[0] and "Join" not in card.content


async def test_the_abort_confirmation_is_labelled_in_the_readers_turkish(
    harness: Harness,
) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])  # an English table
    asked = await h.slash(speaking(ALICE, "tr"), "game", sub="abort")
    assert labels(h.message_of(asked)) == ["Evet, oyunu iptal et"]
    assert asked.custom_ids() == [f"confirm:{table.id}:{table.version}:abort"]


async def test_the_game_log_reads_in_the_readers_language(harness: Harness) -> None:
    h = harness
    table = await open_table(h, "targi", [ALICE, BOB])  # an English table
    view = await h.service.public_view(table.id)
    [seat] = view["to_act"]
    mover = ALICE if table.players[int(seat)].user_id == ALICE.uid else BOB
    await h.slash(mover, "move", {"action": "place 2"})
    korean = await h.slash(speaking(BOB, "ko"), "game", {"page": 1}, sub="log")
    assert korean.ephemeral
    colour = ("파랑", "하양")[int(seat)]  # the seat's colour beside the name
    assert (
        f"1. {mover.name} ({colour}) 님이 2번 대추야자 카드에 타르기를 놓았어요" in korean.content
    )
    english = await h.slash(BOB, "game", {"page": 1}, sub="log")
    english_colour = ("blue", "white")[int(seat)]
    assert f"1. {mover.name} ({english_colour}) places a Targi on 2 Dates" in english.content


async def test_the_new_thread_offer_speaks_the_reader_and_opens_the_chosen_language(
    harness: Harness,
) -> None:
    h = harness
    await h.slash(ALICE, "game", {"game": "tigris", "seats": 2}, sub="new")
    bob = speaking(BOB, "ko")
    busy = await h.slash(bob, "game", {"game": "tigris", "seats": 2, "language": "tr"}, sub="new")
    offer = h.message_of(busy)
    assert labels(offer) == ["새 스레드에서 열기"]
    [button] = busy.custom_ids()
    await h.click(bob, offer, button)
    [thread] = [c for c in h.fake.calls if c.template == "/channels/{channel_id}/threads"]
    in_thread = await h.table(thread.response["id"])
    assert in_thread.language == "tr"
