"""Leagues and ratings in Korean and Turkish through the fake Discord: a league's posts follow its
server's language at the time of each post, ephemeral replies follow their reader, match tables
are created in the server's language; every league text goes through the catalogue (the
pseudo-locale ``qps`` marks each one) and round lengths are babel's ("7일", "7 gün")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import i18n, presenters
from bot.i18n import Text, _
from bot.leagues import DECIDED_REASONS, LeagueError, reason_text
from bot.ratings import PROVISIONAL_GAMES, unrated_reason, unrated_text
from bot.service import Player
from bot.ui.leagues import words
from tests.bot.helpers import ALICE, BOB, CAROL, MODERATOR, Harness, Person
from tests.bot.test_ratings_commands import resigned_game
from tests.fakediscord import Call
from tests.fakediscord import payloads as p
from tests.leagues.conftest import GUILD_ID as GUILD
from tests.leagues.test_exactly_once import Bot, in_channel, restart

HANGUL = re.compile(r"[\uac00-\ud7a3]")
TURKISH = re.compile(r"[ğşıİçöü]")
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_DISCORD_MARKUP = re.compile(r"<(?:t:\d+:\w|#\d+|@!?\d+)>")


def outside_catalogue(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The words of ``text`` (shown in the pseudo-locale) that no catalogue text marked:
    ``[]`` unless something bypassed the catalogue. Names, numbers and Discord's mentions,
    channel links and timestamps are not words to translate."""
    while (inner := _MARKED.sub(" ", text)) != text:  # innermost first: texts nest
        text = inner
    text = _DISCORD_MARKUP.sub(" ", text)
    for name in names:
        text = text.replace(name, " ")
    return re.findall(r"[A-Za-z]{2,}", text)


async def as_reader(
    h: Harness,
    who: Person,
    locale: str,
    name: str,
    options: dict[str, Any] | None = None,
    *,
    sub: str | None = None,
) -> Call:
    """``who`` runs a slash command with Discord set to ``locale``."""
    payload = p.slash(
        name,
        options,
        sub=sub,
        user_id=who.id,
        user_name=who.name,
        permissions=who.permissions,
        locale=locale,
    )
    return await h.answer(payload)


async def open_league(h: Harness, people: tuple[Person, ...] = (ALICE, BOB)) -> int:
    """A 7-day round robin league "Spring" with ``people`` signed up through the card."""
    options = {"game": "targi", "name": "Spring", "format": "round_robin", "round_days": 7}
    await h.slash(MODERATOR, "league", options, sub="create")
    league = (await h.bot.leagues.leagues(GUILD))[0]
    for person in people:
        card = h.fake.message(league.signup_message_id)
        await h.click(person, card, f"league:{league.id}:join")
    return league.id


def labels(message: dict[str, Any]) -> list[str]:
    return [c["label"] for row in message["components"] for c in row.get("components", [])]


def thread_names(h: Harness, start: int = 0) -> list[str]:
    return [
        str(c.json["name"])
        for c in h.fake.calls[start:]
        if c.method == "POST" and c.template == "/channels/{channel_id}/threads"
    ]


async def test_a_korean_servers_league_posts_are_korean(league_bot: Bot) -> None:
    h, _clock = league_bot
    await h.service.set_guild_language(GUILD, "ko")
    options = {"game": "targi", "name": "Spring", "format": "round_robin", "round_days": 7}
    created = await h.slash(MODERATOR, "league", options, sub="create")
    # The manager's Discord is English: the reply is theirs, the card the server's.
    assert created.content == "League Spring is open for sign-up in this channel."
    [league] = await h.bot.leagues.leagues(GUILD)
    card = h.fake.message(league.signup_message_id)
    assert card["content"].startswith("**Spring** 리그: 타르기, 풀리그, 라운드당 7일.")
    assert "참가자 (0명): 아직 없음." in card["content"]
    assert labels(card) == ["참가", "나가기"]
    for person in (ALICE, BOB):
        await h.click(person, h.fake.message(league.signup_message_id), f"league:{league.id}:join")
    card = h.fake.message(league.signup_message_id)
    assert "참가자 (2명): Alice, Bob." in card["content"] and labels(card) == ["참가", "나가기"]

    mark = h.fake.mark()
    started = await h.slash(MODERATOR, "league", sub="start")
    assert started.content == "Spring has started: round 1 is open."
    [thread] = thread_names(h, mark)
    assert re.fullmatch(r"Spring 1라운드 #\d+: (Alice 대 Bob|Bob 대 Alice)", thread)
    channel = in_channel(h, p.CHANNEL_ID)
    [announcement] = [m for m in channel if "1라운드가 시작됐어요" in m["content"]]
    assert "경기는 아래 링크된 각자의 스레드에서 진행해요" in announcement["content"]
    snap = await h.bot.leagues.snapshot(league.id)
    standings = h.fake.message(snap.league.standings_message_id)["content"]
    assert standings.startswith(
        "**Spring** (타르기, 풀리그, 라운드당 7일). 전체 1라운드 중 1라운드"
    )
    assert "0점, 0경기, 0승, 상대 점수 0" in standings
    card = h.fake.message(league.signup_message_id)
    assert "참가 신청은 <t:" in card["content"] and card["components"] == []
    [match] = snap.matches
    assert match.table_id is not None
    assert (await h.service.get(match.table_id)).language == "ko"


async def test_each_post_follows_the_servers_language_at_its_time(league_bot: Bot) -> None:
    h, clock = league_bot
    await h.service.set_guild_language(GUILD, "ko")
    league_id = await open_league(h)
    await h.slash(MODERATOR, "league", sub="start")
    [match] = (await h.bot.leagues.snapshot(league_id)).matches
    # A manager switches the server to Turkish mid-season; the round's deadline passes.
    await h.service.set_guild_language(GUILD, "tr")
    clock.now = (await h.bot.leagues.snapshot(league_id)).rounds[0].deadline
    await restart(h)
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.league.status == "finished"
    channel = in_channel(h, p.CHANNEL_ID)
    [final] = [m for m in channel if m["content"].startswith("**Spring** ligi 1 turun ardından")]
    assert "Şampiyon: <@" in final["content"] and "Tebrikler!" in final["content"]
    assert final["attachments"]
    standings = h.fake.message(snap.league.standings_message_id)["content"]
    assert standings.startswith("**Spring** (Targi, herkes herkesle, tur başına 7 gün). ")
    assert "1 tur sonunda son sıralama." in standings
    # The match table was made in Korean: its deadline note is in the table's language.
    notes = [m["content"] for m in in_channel(h, match.thread_id) if "리그 결과" in m["content"]]
    assert notes and "님의 차례에 라운드 마감이 지났어요" in notes[0]
    # ... and so is the line under its final result with the rating changes.
    thread = [m["content"] for m in in_channel(h, match.thread_id)]
    # Each name with its seat's colour beside it, as everywhere in the table's texts.
    assert any(
        re.search(r"\n새 레이팅: (Alice|Bob) \((파랑|하양)\) \d+ \([+-]\d+\)", text)
        for text in thread
    )


async def test_a_turkish_reader_gets_turkish_replies_in_an_english_server(
    league_bot: Bot,
) -> None:
    h, _clock = league_bot
    league_id = await open_league(h)
    listed = await as_reader(h, CAROL, "tr", "league", sub="list")
    assert listed.ephemeral and listed.recipient == CAROL.id
    assert listed.content == (
        f"**Spring** (Targi, herkes herkesle, tur başına 7 gün), <#{p.CHANNEL_ID}>: kayıtlar açık."
    )
    started = await as_reader(h, MODERATOR, "tr", "league", sub="start")
    assert started.content == "Spring ligi başladı: 1. tur açıldı."
    shown = await as_reader(h, ALICE, "tr", "league", sub="show")
    assert shown.ephemeral and shown.files
    lines = shown.content.splitlines()
    assert lines[0].startswith(
        "**Spring** (Targi, herkes herkesle, tur başına 7 gün). 1 turdan 1. tur;"
    )
    assert "0 puan, 0 maç, 0 galibiyet, rakip puanı 0" in lines[1]
    assert "1. tur:" in lines and re.fullmatch(r"- (Alice - Bob|Bob - Alice): <#\d+>", lines[-1])
    left = await as_reader(h, BOB, "tr", "league", sub="leave")
    assert left.content == "Spring liginden ayrıldın."
    # What the channel shows stays in the server's language (English).
    channel = in_channel(h, p.CHANNEL_ID)
    assert any("round 1 of 1 is open" in m["content"] for m in channel)
    assert not any(TURKISH.search(m["content"]) for m in channel)
    snap = await h.bot.leagues.snapshot(league_id)
    [match] = snap.matches
    assert match.table_id is not None and (await h.service.get(match.table_id)).language == "en"


async def test_a_korean_reader_sees_korean_suggestions(league_bot: Bot) -> None:
    h, _clock = league_bot
    await open_league(h)
    payload = p.autocomplete(
        "league", "league", "", sub="show", user_id=ALICE.id, user_name=ALICE.name, locale="ko"
    )
    call = await h.inproc.interact(payload)
    await h.settle()
    [choice] = call.json["data"]["choices"]
    assert choice["name"] == "Spring (타르기, 참가 신청)"


async def test_ratings_replies_follow_the_reader(league_bot: Bot) -> None:
    h, _clock = league_bot
    alice, bob = Player(ALICE.uid, ALICE.name), Player(BOB.uid, BOB.name)
    for channel in (6001, 6002):
        await resigned_game(h.service, [alice, bob], bob, channel)
    board = await as_reader(h, CAROL, "tr", "leaderboard", {"game": "targi"})
    lines = board.content.splitlines()
    assert lines[0] == "**Targi** sıralaması (2 oyuncudan 0 oyuncu sıralamada):"
    assert "2 oyun, %100 galibiyet (geçici)" in lines[1]
    assert lines[-2] == "Sen: henüz puanlı Targi oyunun yok; herkes 1500 puanla başlar."
    assert lines[-1] == (  # what the ranks and the trend mean
        "-# Sıralamada 0 oyuncu; 2 geçici oyuncu (10 oyundan az) sırasız listelenir. "
        "Eğilim: son 5 oyun."
    )
    assert board.images()
    card = await as_reader(h, ALICE, "ko", "rating", {"game": "targi"})
    assert card.content.startswith("**Alice**, 타르기: ")
    needed = PROVISIONAL_GAMES
    assert f"잠정 ({needed}게임 중 2게임); 2게임 2승. 최근 기록 (최신순): 1위(+" in card.content
    assert card.images()
    nothing = await as_reader(h, CAROL, "ko", "rating")
    assert nothing.content == (
        "Carol 님은 이 서버에서 아직 레이팅이 반영된 게임이 없어요 (모두 1500에서 시작해요)."
    )
    history = await as_reader(h, BOB, "tr", "history")
    lines = history.content.splitlines()
    assert lines[0] == "**Bob** adlı oyuncunun son biten oyunları (en yenisi önce):"
    assert "sıralama 2/2 · rakip: Alice (Bob oyundan çekildi) · -" in lines[1]


async def test_pseudo_locale_every_league_post_comes_from_the_catalogue(league_bot: Bot) -> None:
    """A server in the pseudo-locale: the league's own posts (sign-up card and buttons, thread
    names, announcement, standings, champion) have no English outside the catalogue's marks."""
    h, clock = league_bot
    await h.service.set_guild_language(GUILD, i18n.PSEUDO)
    names = ("Spring", "Targi", "Alice", "Bob", "Carol")
    mark = h.fake.mark()
    league_id = await open_league(h, (ALICE, BOB, CAROL))
    card = h.fake.message((await h.bot.leagues.snapshot(league_id)).league.signup_message_id)
    assert labels(card) == ["⟦Join⟧", "⟦Leave⟧"]
    await h.slash(MODERATOR, "league", sub="start")
    for _round in range(3):  # every round's deadline passes: the season ends
        clock.now = (await h.bot.leagues.snapshot(league_id)).rounds[-1].deadline
        await restart(h)
    snap = await h.bot.leagues.snapshot(league_id)
    assert snap.league.status == "finished" and len(snap.rounds) == 3
    posts = [
        c.content
        for c in h.fake.calls[mark:]
        if c.content
        and c.audience == "public"
        and c.json is not None
        and str(c.json.get("channel_id", p.CHANNEL_ID)) == p.CHANNEL_ID
        and c.path.startswith(f"/channels/{p.CHANNEL_ID}/")
    ]
    assert len(posts) >= 8  # card and its edits, three announcements, standings, champion
    for text in posts:
        assert outside_catalogue(text, names) == [], text
    threads = thread_names(h, mark)
    assert len(threads) == 3
    for name in threads:
        assert outside_catalogue(name, names) == [], name
    # In the threads, the league's own notes are marked too (the boards are the games').
    notes = [
        m["content"]
        for match in snap.matches
        if match.thread_id is not None
        for m in in_channel(h, match.thread_id)
        if "deadline" in m["content"]
    ]
    assert notes and all("⟦League result: " in note for note in notes)


async def test_pseudo_locale_every_reply_comes_from_the_catalogue(league_bot: Bot) -> None:
    h, _clock = league_bot
    alice, bob = Player(ALICE.uid, ALICE.name), Player(BOB.uid, BOB.name)
    await resigned_game(h.service, [alice, bob], bob, 6001)
    await open_league(h)
    names = ("Spring", "Targi", "Alice", "Bob", "Carol")
    replies = [
        await as_reader(h, CAROL, i18n.PSEUDO, "league", sub="list"),
        await as_reader(h, CAROL, i18n.PSEUDO, "league", sub="show"),
        await as_reader(h, CAROL, i18n.PSEUDO, "leaderboard", {"game": "targi"}),
        await as_reader(h, CAROL, i18n.PSEUDO, "leaderboard", {"game": "tigris"}),
        await as_reader(h, ALICE, i18n.PSEUDO, "rating"),
        await as_reader(h, CAROL, i18n.PSEUDO, "rating"),
        await as_reader(h, BOB, i18n.PSEUDO, "history"),
        await as_reader(h, CAROL, i18n.PSEUDO, "history"),
        await as_reader(h, MODERATOR, i18n.PSEUDO, "league", sub="start"),
        await as_reader(h, CAROL, i18n.PSEUDO, "league", sub="show"),
        await as_reader(h, BOB, i18n.PSEUDO, "league", sub="leave"),
    ]
    for reply in replies:
        assert reply.ephemeral and reply.content
        assert outside_catalogue(reply.content, names) == [], reply.content


@pytest.mark.parametrize(
    ("days", "lang", "shown"),
    [
        (7, "en", "7 days"),
        (1, "en", "1 day"),
        (7, "ko", "7일"),
        (14, "ko", "14일"),
        (7, "tr", "7 gün"),
        (1, "tr", "1 gün"),
        (7, i18n.PSEUDO, "⟦7 days⟧"),
    ],
)
def test_round_lengths_are_babels_in_each_language(days: int, lang: str, shown: str) -> None:
    assert words.days_text(days, lang) == shown


def test_stored_reasons_are_shown_in_each_language() -> None:
    """The database keeps the bot's reasons in English; they are read back as texts."""
    deadline = str(_("the round's deadline passed while {names} had to decide", names="Ann, Bo"))
    assert deadline == "the round's deadline passed while Ann, Bo had to decide"
    assert i18n.render(reason_text(deadline), "ko") == "Ann, Bo 님의 차례에 라운드 마감이 지났어요"
    assert i18n.render(reason_text(deadline), "tr") == (
        "tur süresi doldu; karar vermesi gereken: Ann, Bo"
    )
    for text in DECIDED_REASONS:  # every one of them reads back
        names = (("names", "Ann"),) if "{names}" in text.msgid else ()
        stored = text.msgid.format(**dict(names))
        assert reason_text(stored) == Text(text.msgid, names)
    manager = "Bo's internet was down all week"
    assert reason_text(manager) == manager  # a manager's words stay as written
    assert reason_text(None) == ""
    friendly = unrated_reason(1, [1, 2], rated=False)
    assert friendly == "a friendly game (rated=no)"
    assert i18n.render(unrated_text(friendly), "tr") == "dostluk maçı (`rated=no`)"
    assert unrated_text("something else") == "something else"


@pytest.mark.parametrize("lang", ["ko", "tr"])
async def test_league_refusals_carry_the_readers_text(league_bot: Bot, lang: str) -> None:
    """Refusals are texts: English as before for ``str()``, the reader's language rendered."""
    h, _clock = league_bot
    league_id = await open_league(h)
    with pytest.raises(LeagueError) as refused:
        await h.bot.leagues.join(league_id, Player(ALICE.uid, ALICE.name))
    assert str(refused.value) == "You are already signed up for Spring."
    shown = i18n.render(presenters.refusal(refused.value), lang)
    expected = {
        "ko": "이미 Spring 리그에 참가 신청했어요.",
        "tr": "Spring ligine zaten kayıtlısın.",
    }
    assert shown == expected[lang]
    assert HANGUL.search(shown) if lang == "ko" else TURKISH.search(shown)


@pytest.mark.parametrize(
    ("lang", "card_end", "more", "list_end"),
    [
        ("ko", "`/리그 시작`으로 시즌을 시작해요.", " 외 ", "`/리그 보기`에서 볼 수 있어요."),
        ("tr", "`/lig başlat` ile başlatır.", " kişi daha.", "`/lig göster` gösterir."),
    ],
)
async def test_sixty_four_long_names_fit_every_translated_post(
    league_bot: Bot, lang: str, card_end: str, more: str, list_end: str
) -> None:
    h, _clock = league_bot
    await h.service.set_guild_language(GUILD, lang)
    options = {"game": "targi", "name": "Big", "format": "swiss", "round_days": 7}
    await h.slash(MODERATOR, "league", options, sub="create")
    [league] = await h.bot.leagues.leagues(GUILD)
    for index in range(63):
        name = f"Player number {index:02d} with a long name"[:32]
        await h.bot.leagues.join(league.id, Player(10_000 + index, name))
    last = Person("20000", "The sixty-fourth, also long name")
    await h.click(last, h.fake.message(league.signup_message_id), f"league:{league.id}:join")
    card = h.fake.message(league.signup_message_id)["content"]
    assert len(card) <= 2000 and card.endswith(card_end) and more in card
    mark = h.fake.mark()
    await h.slash(MODERATOR, "league", sub="start")
    posted = [c for c in h.fake.calls[mark:] if c.method in ("POST", "PATCH") and c.content]
    assert posted and all(len(c.content) <= 2000 for c in posted)
    [announcement] = [c for c in posted if c.content.startswith("**Big**: ") and "<#" in c.content]
    lines = announcement.content.splitlines()
    assert lines[-1].startswith("… ") and lines[-1].endswith(list_end)
    assert all(line.endswith(">") for line in lines[1:-1]), "whole match lines with their link"
