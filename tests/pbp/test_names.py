"""Display names are shown literally wherever the bot writes them: a name written like a mention,
``@everyone`` or Markdown never renders as someone else's mention pill or as formatting (lobby,
board line, engine reasons, "waiting for", /game list, log, away note, timer skip, watcher DMs,
take-back prompts, resignation, final result, rematch lobby, abort notice)."""

from __future__ import annotations

import re

from bot.presenters import plain_text, symbol_names
from bot.ui.pbp import run_scheduler_once
from tests.bot.helpers import MALLORY, Harness, Person, custom_ids, open_table
from tests.fakediscord import Call
from tests.pbp.test_discord import HOUR, ManualClock, timed  # noqa: F401  (fixture)

# Each name hides a mention of user 999, a mass mention or Markdown.
MENTIONER = Person("111", "<@999> **Al**")
HEADLINER = Person("222", "# @everyone [x](https://e.vil) `b`")
NAMES = {MENTIONER.uid: MENTIONER, HEADLINER.uid: HEADLINER}

_RAW = [
    re.compile(r"(?<!\\)<@999>"),  # an unescaped mention of someone else
    re.compile(r"@everyone"),  # "@\u200beveryone" is text
    re.compile(r"(?<!\\)\*\*Al"),
    re.compile(r"(?<!\\)\[x(?<!\\)\]\("),  # a masked link
    re.compile(r"(?<!\\)`b(?<!\\)`"),
    re.compile(r"(^|\n)# "),
]


def _raw_markup(text: str) -> list[str]:
    return [pattern.pattern for pattern in _RAW if pattern.search(text)]


def _texts(calls: list[Call]) -> list[str]:
    return [c.content for c in calls if c.content]


async def _tick(h: Harness, clock: ManualClock, advance: float) -> None:
    clock.advance(advance)
    await run_scheduler_once(h.bot)
    await h.settle()


async def test_names_show_as_text_everywhere(timed: tuple[Harness, ManualClock]) -> None:  # noqa: F811
    h, clock = timed
    first, second = MENTIONER, HEADLINER
    table = await open_table(h, "targi", [first, second])
    await h.slash(MALLORY, "game", {}, sub="watch")
    view = await h.service.public_view(table.id)
    (seat,) = view["to_act"]
    actor = NAMES[table.players[seat].user_id]
    other = NAMES[table.players[1 - seat].user_id]
    # The table's texts name each seat with its colour beside the name ("Al (blue)").
    shown = dict(
        zip(
            (p.user_id for p in table.players),
            symbol_names("targi", [plain_text(p.name) for p in table.players], lang="en"),
            strict=True,
        )
    )
    await h.slash(actor, "move", {"action": "place 5"})
    reason = await h.slash(other, "move", {"action": "place 15"})  # faces the actor's Targi
    assert reason.content == f"Card 15 faces {shown[actor.uid]}'s Targi across the centre."
    waiting = await h.slash(actor, "move", {"action": "place 6"})
    # The engine's refusal names the seat as the service does (plain).
    assert f"waiting for {plain_text(other.name)}" in waiting.content, waiting.content
    await h.slash(other, "game", {}, sub="list")
    await h.slash(other, "game", {}, sub="log")
    asked = await h.slash(actor, "game", {}, sub="takeback")
    assert "requested" in asked.content
    request = h.fake.message(h.public_posts()[-1].response["id"])
    version = (await h.service.get(table.id)).version  # the take-back's buttons carry it
    refused = await h.click(other, request, f"undo:{table.id}:{version}:refuse")
    assert refused.content.startswith(f"{plain_text(other.name)} refused"), refused.content
    await h.slash(other, "away", {"days": 1})
    await h.slash(actor, "game", {}, sub="status")
    await h.slash(other, "back")
    await h.slash(first, "game", {"timer_hours": 1, "reminder_hours": 0}, sub="timing")
    await _tick(h, clock, 0.75 * HOUR)  # the warning
    await _tick(h, clock, 0.25 * HOUR)  # the timer decides for the one to act
    ask = await h.slash(second, "game", sub="resign")
    final_mark = h.fake.mark()
    await h.click(second, h.message_of(ask), custom_ids(h.message_of(ask))[0])
    posts = h.public_posts(final_mark)  # the result, then its replay and score story
    final = next(c for c in posts if any(f.filename.endswith("-record.json") for f in c.files))
    assert f"({shown[second.uid]} resigned)" in (final.content or ""), final.content
    await h.click(first, h.fake.message(final.response["id"]), f"rematch:{table.id}")
    ask = await h.slash(first, "game", sub="abort")
    await h.click(first, h.message_of(ask), custom_ids(h.message_of(ask))[0])

    texts = _texts(h.fake.calls)
    shown = "\n".join(texts)
    for person in (first, second):
        assert shown.count(plain_text(person.name)) >= 10, person.name
    for text in texts:
        assert _raw_markup(text) == [], text
    # Every kind of message named someone (so the checks above saw them all).
    for needle in (
        "Seated (2/2)",  # lobby
        "places a Targi on 5",  # board line (the ping's catch-up)
        "log page",
        "Away: ",
        "Time ran out for ",
        "asks to take back",
        "waiting for ",  # watcher DM, /game list
        "resigned.",
        "was aborted by ",
    ):
        assert any(needle in t and "\\" in t for t in texts), needle


def test_plain_text_keeps_ordinary_names_and_escapes_markup() -> None:
    assert plain_text("Ann") == "Ann"
    assert plain_text("Jean-Luc Picard 2") == "Jean-Luc Picard 2"
    assert plain_text("<@123>") == "\\<@123\\>"
    assert plain_text("@everyone and @here") == "@\u200beveryone and @\u200bhere"
    assert plain_text("**x** __y__ `z` ~~s~~ ||t||") == (
        "\\*\\*x\\*\\* \\_\\_y\\_\\_ \\`z\\` \\~\\~s\\~\\~ \\|\\|t\\|\\|"
    )
    assert plain_text("> quote") == "\\> quote"
    assert plain_text("# big") == "\\# big"
    assert plain_text("-# small") == "\\-\\# small"
    assert plain_text("- item") == "\\- item"
    assert plain_text("1. first") == "1\\. first"
    assert plain_text("[a](https://b)") == "\\[a\\](https://b)"
    assert plain_text("@1") == "@\u200b1"  # never read as the engines' seat reference
    assert plain_text("two\nlines") == "two lines"
    assert plain_text("back\\slash") == "back\\\\slash"
