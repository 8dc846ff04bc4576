"""What players read in a league's channel and threads: names shown as written (never a mention
or formatting), every message within Discord's 2000 characters with 64 long names and still
ending in what to do, a finished season readable with a plain `/league show` in its channel."""

from __future__ import annotations

from bot.service import Player
from bot.ui.publish import show_current
from tests.bot.helpers import MODERATOR, Person
from tests.fakediscord import payloads as p
from tests.leagues.conftest import GUILD_ID as GUILD
from tests.leagues.test_exactly_once import Bot, in_channel, restart, signed_up

SNEAKY = Person("555", "<@999> *Zed*")


async def test_a_deadline_note_shows_names_as_written(league_bot: Bot) -> None:
    h, clock = league_bot
    ann = Person("666", "Ann")
    league_id = await signed_up(h, people=(SNEAKY, ann))
    await h.slash(MODERATOR, "league", sub="start")
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    clock.now = (await h.bot.leagues.snapshot(league_id)).rounds[0].deadline
    await restart(h)
    [note] = [m for m in in_channel(h, match.thread_id) if "deadline passed" in m["content"]]
    assert "<@999>" not in note["content"].replace("\\<@999\\>", "")
    assert "\\*Zed\\*" in note["content"]
    # The season is over: `/league show` in its channel still shows it.
    shown = await h.slash(ann, "league", sub="show")
    assert "Final standings after 1 rounds" in shown.content and shown.files


async def test_sixty_four_long_names_fit_every_message(league_bot: Bot) -> None:
    h, _ = league_bot
    options = {"game": "targi", "name": "Big", "format": "swiss", "round_days": 7}
    await h.slash(MODERATOR, "league", options, sub="create")
    [league] = await h.bot.leagues.leagues(GUILD)
    for index in range(63):
        name = f"Player number {index:02d} with a long name"[:32]
        await h.bot.leagues.join(league.id, Player(10_000 + index, name))
    last = Person("20000", "The sixty-fourth, also long name")
    await h.click(last, h.fake.message(league.signup_message_id), f"league:{league.id}:join")
    card = h.fake.message(league.signup_message_id)
    assert "Signed up (64)" in card["content"] and " more." in card["content"]
    assert card["content"].endswith("starts the season with `/league start`.")
    assert len(card["content"]) <= 2000
    mark = h.fake.mark()
    await h.slash(MODERATOR, "league", sub="start")
    await h.settle()
    posted = [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH") and c.content]
    assert all(len(c.content) <= 2000 for c in posted)
    [announcement] = [c for c in posted if "round 1 of 7 is open" in c.content]
    lines = announcement.content.splitlines()
    assert lines[-1].startswith("… and ") and lines[-1].endswith(
        "`/league show` lists every match."
    )
    assert all(line.endswith(">") for line in lines[1:-1]), "whole match lines with their link"
    snap = await h.bot.leagues.snapshot(league.id)
    standings = h.fake.message(snap.league.standings_message_id)["content"]
    assert standings.splitlines()[-1].endswith("the image shows everyone.")
    shown = await h.slash(last, "league", sub="show")
    assert "Round 1:" in shown.content and shown.content.count("<#") >= 5
    assert len(shown.content) <= 2000


async def test_league_names_are_shown_as_written_in_replies(league_bot: Bot) -> None:
    h, _ = league_bot
    options = {
        "game": "targi",
        "name": "Spring *Cup* @everyone",
        "format": "swiss",
        "round_days": 2,
    }
    created = await h.slash(MODERATOR, "league", options, sub="create")
    assert "Spring \\*Cup\\* @\u200beveryone is open" in created.content
    again = await h.slash(MODERATOR, "league", options, sub="create")
    assert "called Spring \\*Cup\\* @\u200beveryone." in again.content


async def test_an_abandoned_match_table_counts_at_once(league_bot: Bot) -> None:
    h, _ = league_bot
    league_id = await signed_up(h, people=(SNEAKY, Person("666", "Ann")))
    await h.slash(MODERATOR, "league", sub="start")
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    assert match.table_id is not None
    # What the turn timer does after two rounds of skips: the table is abandoned (aborted) ...
    await h.service.abort(match.table_id, 0, can_manage=True)
    await show_current(h.bot, match.table_id)  # ... and shown: the league counts it now
    [void] = (await h.bot.leagues.snapshot(league_id)).matches
    assert void.source == "void" and void.ranking == ()


async def test_deleted_league_messages_never_stop_the_season(league_bot: Bot) -> None:
    h, _ = league_bot
    ann = Person("666", "Ann")
    league_id = await signed_up(h, people=(SNEAKY, ann))
    league = await h.bot.leagues.get(league_id)
    del h.fake.messages[str(league.signup_message_id)]  # a moderator tidies the channel
    started = await h.slash(MODERATOR, "league", sub="start")
    assert "round 1 is open" in started.content
    channel = in_channel(h, p.CHANNEL_ID)
    assert [m for m in channel if "round 1 of 1 is open" in m["content"]]
    league = await h.bot.leagues.get(league_id)
    assert league.standings_message_id is not None
    del h.fake.messages[str(league.standings_message_id)]
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    assert match.table_id is not None
    await h.service.resign(match.table_id, SNEAKY.uid)
    await show_current(h.bot, match.table_id)
    league = await h.bot.leagues.get(league_id)
    assert league.status == "finished" and league.final_posted_at is not None
    standings = h.fake.message(league.standings_message_id)
    assert "Champion: **Ann**" in standings["content"], "posted again, then recorded"
