"""The games' words inside Korean and Turkish sentences: no engine id (a colour, a dynasty, a
goods code, an option name) and no English notation outside quotes, counts in the language's
order, conflicts named by their leaders, goods spelled out, and the playouts of both games
scanned for raw ids in every event, refusal, status line and hand text."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot import presenters, titles
from bot.games import get_game, tigris
from bot.games.common import GameError
from bot.i18n import catalog, render, tr
from bot.titles.targi_words import goods_text
from bot.titles.tigris_words import dynasty_word
from bot.ui.labels import action_label
from tests.i18n.localized import conflicts_told_twice
from tests.tigris.helpers import play, position

NAMES = ["Ayşe", "민준", "Cem"]

#: Engine ids and English game words that a Korean or Turkish sentence must never show bare
#: (inside quotes or a code span they are notation a player types, which is allowed).
RAW_WORDS = re.compile(
    r"\b(red|blue|green|black|archer|bull|lion|pot|king|priest|farmer|trader|temple|farm|"
    r"market|settlement|dates|salt|pepper|gold|tiles?|swap|stored|free)\b"
    r"|(?<![A-Za-z0-9])(?:\d+(?:VP|D|S|P|G)|VP)(?![A-Za-z0-9])"
    r"|\b[a-z]+_[a-z_]+\b",
)
_QUOTED = re.compile(r"`[^`]*`|'[^']*'")


def raw_ids(text: str) -> list[str]:
    """The engine ids ``text`` shows outside quotes and code spans."""
    return [match.group(0) for match in RAW_WORDS.finditer(_QUOTED.sub(" ", text))]


def test_the_scan_finds_the_ids_it_is_for() -> None:
    assert raw_ids("Bob 님이 2S을(를) 후추 1개로 바꿨어요") == ["2S"]
    assert raw_ids("Alice (archer), Bob (bull)") == ["archer", "bull"]
    assert raw_ids("제사장(red) 반란, open_scoring: 예, swap 5 tiles") == [
        "red", "open_scoring", "swap", "tiles",
    ]  # fmt: skip
    assert raw_ids("'red'(빨강) 또는 `tile red F4`, 1VP 냈어요") == ["1VP"]


# ---- the code fixes, each in the languages' own words -----------------------------------------


def test_the_seat_order_names_each_dynasty_in_the_readers_language() -> None:
    dynasties = [dynasty_word(d) for d in ("archer", "bull", "pot")]
    korean = presenters.seat_order(["Alice", "Bob", "🤖 AI (보통) 2"], dynasties)
    assert tr(korean, "ko") == "Alice (궁수), Bob (황소), 🤖 AI (보통) 2 – 항아리"
    turkish = presenters.seat_order(["Alice", "Bob", "🤖 YZ (normal) 2"], dynasties)
    assert tr(turkish, "tr") == "Alice (Okçu), Bob (Boğa), 🤖 YZ (normal) 2 – Testi"
    english = presenters.seat_order(["Alice", "Bob"], [dynasty_word("archer"), None])
    assert tr(english, "en") == "Alice (archer), Bob"


def test_lobby_options_are_named_in_the_language_with_the_typed_name_beside() -> None:
    assert tr(presenters.option_label("open_scoring"), "ko") == "공개 점수(open_scoring)"
    assert tr(presenters.option_label("hand_public"), "tr") == "açık el kartı (hand_public)"
    assert tr(presenters.option_label("something_new"), "tr") == "something_new"


def test_a_hidden_swap_is_told_in_words_not_in_english_notation() -> None:
    state = play(position(hands={0: "red blue blue green black black"}), "0: swap red blue blue")
    view = tigris.view(state, 1)
    assert view["last_action"]["action"] == "swap 3 tiles"
    korean = presenters.status_line(view, NAMES, lang="ko")
    turkish = presenters.status_line(view, NAMES, lang="tr")
    assert korean.startswith("Ayşe 님이 타일 3개를 교체했어요.")
    assert turkish.startswith("Ayşe 3 taş değiştirdi.")
    assert "swap" not in korean + turkish and "tiles" not in korean + turkish
    # the swapper's own view and every other action keep the notation they typed
    assert "`swap red blue blue`" in presenters.status_line(tigris.view(state, 0), NAMES, lang="ko")


def test_tiles_in_hand_are_counted_in_the_languages_order() -> None:
    private = {"hand": ["red", "blue", "blue", "black"], "players": []}
    assert (
        presenters.hand_text("tigris", private, 0, lang="ko") == "내 타일: 빨강 1, 파랑 2, 검정 1."
    )
    assert (
        presenters.hand_text("tigris", private, 0, lang="tr") == "Elin: 1 kırmızı, 2 mavi, 1 siyah."
    )
    assert presenters.hand_text("tigris", private, 0, lang="en") == "Your hand: red, 2 blue, black."


def test_targi_goods_are_counted_words_inside_sentences() -> None:
    takes = {"key": "takes_border", "text": "@0 takes 1D 2S (Dates, 2)",
             "params": {"player": "@0", "goods": "1D 2S", "border": 2}}  # fmt: skip
    text = presenters.event_text("targi", takes)
    assert tr(text, "en") == "@0 takes 1D 2S (Dates, 2)"
    assert tr(text, "ko") == "@0 님이 받은 것: 대추야자 1개, 소금 2개 (2번 대추야자 카드)"
    assert tr(text, "tr") == "@0 aldı: 1 hurma, 2 tuz (2 numaralı Hurma kartından)"
    paid = {"key": "raid_paid", "text": "@1 pays 1VP to Raid 1",
            "params": {"player": "@1", "goods": "1VP", "border": 4}}  # fmt: skip
    assert tr(presenters.event_text("targi", paid), "ko") == "@1 님이 습격 1 카드에 낸 것: 승점 1점"
    assert tr(presenters.event_text("targi", paid), "tr") == "@1 ödedi: 1 puan (Baskın 1)"
    free = goods_text("1D stored")
    assert (tr(free, "ko"), tr(free, "tr")) == ("대추야자 1개, 저장된 금화", "1 hurma, saklı altın")
    assert goods_text("free") != "free" and tr(goods_text("free"), "ko") == "무료"


def test_a_display_slot_and_a_tribe_card_are_words_not_notation() -> None:
    """N6/N8 of the second review: "3.1 yerine" read as "instead of 3.1"; card names were
    nested unquoted in parentheses."""
    shown = {"key": "display", "text": "@0 displays Targia, no ability (3 VP) at 3.1 (pays 1D)",
             "params": {"player": "@0", "card": "targia_01", "slot": "3.1",
                        "payment": "1D"}}  # fmt: skip
    text = presenters.event_text("targi", shown)
    assert tr(text, "en") == shown["text"]
    assert tr(text, "ko") == (
        "@0 님이 「타르기아: 능력 없음 (승점 3)」 카드를 3줄 1번 자리에 내려놓았어요 "
        "(지불: 대추야자 1개)"
    )
    assert tr(text, "tr") == (
        "@0, “Targia – yeteneği yok (3 puan)” kartını sergiledi: 3. sıra 1. yer (ödeme: 1 hurma)"
    )
    choice = {"kind": "take", "count": 3, "why": "Targia, one-time choice: 3 goods / 1 gold / 1 VP"}
    view = {"game": "targi", "pending": choice}
    assert presenters.pending_clause(view, NAMES, lang="tr") == (
        "3 mal seçimi – “Targia – bir kerelik seçim (3 mal / 1 altın / 1 puan)” kartı"
    )
    assert presenters.pending_clause(view, NAMES, lang="ko").startswith("원하는 상품 3개 받기 – 「")
    got = {"key": "takes_card", "text": "@1 takes 3S (Targia, no ability (3 VP))",
           "params": {"player": "@1", "goods": "3S", "card": "targia_01"}}  # fmt: skip
    assert tr(presenters.event_text("targi", got), "tr") == (
        "@1 aldı: 3 tuz (“Targia – yeteneği yok (3 puan)” kartından)"
    )
    assert action_label("targi", "display 1", lang="ko") == "1번 줄에 내려놓기 …"
    assert action_label("targi", "use 3", lang="tr") == "Kullan: Tuz kartı (3)"


def test_a_targi_score_keeps_points_apart_from_goods() -> None:
    score = {"vp": 4, "tokens": 4, "cards": 0, "gold": 1, "dates": 2}
    private = {"players": [{"seat": 0, "hand_held": False, "hand": None, "score": score}]}
    korean = presenters.hand_text("targi", private, 0, lang="ko")
    assert korean.endswith("내 점수: 승점 4점 (승점 토큰 4, 카드 0) · 보유: 금화 1, 대추야자 2.")
    turkish = presenters.hand_text("targi", private, 0, lang="tr")
    assert turkish.endswith("Puanın: 4 puan (puan jetonu 4, kartlar 0) · stok: altın 1, hurma 2.")


def test_the_tigris_ranking_says_final_score() -> None:
    summary = {"ranking": [[0]], "scores": [{"red": 3, "blue": 4}], "final_score": [3]}
    assert presenters.final_text("tigris", summary, NAMES, lang="ko").splitlines()[1] == (
        "1. Ayşe: 최종 점수 3 (빨강 3, 파랑 4)"
    )
    assert presenters.final_text("tigris", summary, NAMES, lang="tr").splitlines()[1] == (
        "1. Ayşe: 3 puan (kırmızı 3, mavi 4)"
    )


def test_no_support_and_a_war_lost_without_tiles_say_so() -> None:
    # Seat 0's king (F6) and seat 1's king (H6) across G6; seat 1 has no settlement to lose
    # besides the ones next to its leader... commit nothing on both sides.
    state = position(
        hands={0: "red black black blue blue blue", 1: "blue blue blue blue blue blue"},
        board="E6: k K0 . K1\nF7: r . r",
    )
    state = play(state, "0: tile red G6", "0: support 0", "1: support 0")
    events = {e["key"]: e for e in tigris.view(state, None)["events"]}
    assert "no_support" in events and "support" not in events
    none = presenters.event_text("tigris", events["no_support"])
    assert tr(none, "ko") == "@1 님은 지원 타일을 내지 않았어요"
    assert tr(none, "tr") == "@1 destek koymadı"
    won = events.get("war_won_no_tiles")
    assert won is not None, list(events)
    assert tr(presenters.event_text("tigris", won), "ko").endswith("@1 님이 잃은 타일은 없어요")
    assert tr(presenters.event_text("tigris", won), "tr").endswith("kaybeden @1 hiç taş kaybetmedi")


def test_a_word_after_pass_is_refused_as_nothing_after_it() -> None:
    with pytest.raises(GameError) as caught:
        tigris.apply(position(), 0, "pass now")
    text = presenters.refusal(caught.value)
    assert str(caught.value) == "`pass` takes nothing after it."
    assert tr(text, "ko") == "`pass` 뒤에는 아무것도 쓰지 않아요."
    assert tr(text, "tr") == "`pass` sonrasına bir şey yazılmaz."


def test_a_conflict_is_named_by_its_leaders_with_the_seeds_gloss() -> None:
    pending = {"kind": "support", "conflict": "revolt", "colour": "red",
               "leader_colour": "green", "square": "F4", "attacker": 0, "defender": 1}  # fmt: skip
    view = {"pending": pending, "to_act": [0]}
    assert presenters.pending_clause(view, NAMES, lang="ko") == (
        "F4 칸의 상인 반란(내부 분쟁): 공격 Ayşe 님, 방어 민준 님"
    )
    assert presenters.pending_clause(view, NAMES, lang="tr") == (
        "F4 karesinde tüccar isyanı: saldıran Ayşe, savunan 민준"
    )


def test_a_turkish_sentence_starting_with_i_takes_a_dotted_capital() -> None:
    assert presenters.capitalized("isyan bitti", "tr") == "İsyan bitti"
    assert presenters.capitalized("isyan bitti", "en") == "Isyan bitti"


# ---- playouts: every text a player reads, scanned for raw ids -------------------------------


def _texts_of_a_playout(name: str, seats: int, seed: int, lang: str) -> list[str]:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_game(seats, seed)
    shown: list[str] = []
    for step in range(3000):
        public = game.view(state, None)
        shown.append(presenters.status_line(public, NAMES, lang=lang))
        for seat in range(seats):
            own = game.view(state, seat)
            shown.append(presenters.hand_text(name, own, seat, lang=lang))
            shown.append(presenters.status_line(own, NAMES, lang=lang))
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = game.legal_actions(state, seat)
        if step % 4 == 0:
            for tried in (rng.choice(legal).replace("1", "7"), "pass x", "take 9D", "pay 1X"):
                try:
                    game.apply(state, seat, tried)
                except GameError as error:
                    shown.append(str(render(presenters.refusal(error), lang)))
        state = game.apply(state, seat, rng.choice(legal))
    summary: dict[str, Any] = {  # as the service's final summary has it
        "end_reason": "over",
        "ranking": [list(place) for place in game.outcome(state)["ranking"]],
        "scores": game.scores(state),
        "public": game.view(state, None),
        "views": [game.view(state, s) for s in range(seats)],
    }
    shown.append(presenters.final_text(name, summary, NAMES, lang=lang))
    return shown


#: The seats and seed of each title's scanned playout (any other title: its fewest seats, seed 1).
PLAYOUTS = {"tigris": (3, 5), "targi": (2, 6)}


def _playout_cases() -> list[tuple[str, int, int]]:
    return [
        (name, *PLAYOUTS.get(name, (min(get_game(name).SEAT_COUNTS), 1)))
        for name in titles.title_names()
    ]


@pytest.mark.parametrize("lang", ["ko", "tr"])
@pytest.mark.parametrize(("name", "seats", "seed"), _playout_cases())
def test_no_raw_engine_id_reaches_a_reader_in_a_whole_playout(
    name: str, seats: int, seed: int, lang: str
) -> None:
    found: dict[str, str] = {}
    for text in _texts_of_a_playout(name, seats, seed, lang):
        for word in raw_ids(presenters.name_seats(text, NAMES)):
            found.setdefault(word, text)
    assert found == {}, found


# ---- every catalogue ------------------------------------------------------------------------

#: Korean written with both particles (the placeholder's last sound unknown): rephrase instead.
BOTH_PARTICLES = re.compile(
    r"을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|\(으\)로|\(이\)라|와\(과\)"
)
#: Words the glossary rules out, per language (one term per concept, the seeds' words).
NOT_OUR_WORDS = {
    "ko": ("당신", "은세공사", "지지 타일", "게임판"),
    "tr": (
        "yeteneksiz",
        "Deveci",
        "akış",
        " konu ",
        "Gümüşçüde",
        "Tüccarda",
        "Fata Morgana",
        "Çömlek",  # the pot dynasty is Testi
        "seçtiğin 1 mal",  # the goods card of your choice is "seçilen 1 mal"
    ),
}


#: A Turkish verbal noun in -ma/-me closing a clause after an object in the accusative (or a
#: possessive compound) reads first as a negative imperative: "kartları kullanma" = "don't use
#: the cards". Status lines say it with "-ecek", "seçim", "eylemleri" or a noun instead.
NEGATIVE_LOOKING = re.compile(
    r"(?:(?<![\w'])[a-zçğıöşü]+[ıiuü]|(?:\{n\}|\d+) [a-zçğıöşü]+) (?!hurma\b)[a-zçğıöşü]+m[ae]"
    r"(?=$| \(| ya da | veya |[.;])"
)
#: -ma/-me nouns joined as choices ("sergileme, ele alma ya da atma"): "don't display, …".
NEGATIVE_CHOICES = re.compile(r"[a-zçğıöşü]+m[ae],? (?:ya da|veya) [a-zçğıöşü]+m[ae](?![\w])")


def negative_looking(text: str) -> list[str]:
    """The places where a Turkish text may read as "don't …" (see :data:`NEGATIVE_LOOKING`)."""
    found = [m.group(0) for m in NEGATIVE_LOOKING.finditer(text)]
    return found + [m.group(0) for m in NEGATIVE_CHOICES.finditer(text)]


def test_the_negative_imperative_scan_finds_what_the_native_reader_stopped_at() -> None:
    assert negative_looking("Sırada: kartları ve kabile piyonlarını kullanma.")
    assert negative_looking("sergiyi yeniden düzenleme ya da olduğu gibi bırakma")
    assert negative_looking("fazla malları atma")
    assert negative_looking("Sırada: 1 hazine alma.") and negative_looking("{n} mal atma")
    assert not negative_looking("Sırada: 1 hazine alınacak.")
    assert negative_looking("çekilen kabile kartı: sergileme, ele alma ya da atma")
    assert not negative_looking("Sırada: kart ve piyon eylemleri.")
    assert not negative_looking("Sırada: Targi yerleştirme (2 kaldı).")
    assert not negative_looking("mallar, yani hurma, tuz ve biber")
    assert not negative_looking("serginin yeniden düzenlenmesi ya da olduğu gibi kalması")


@pytest.mark.parametrize("domain", sorted(catalog.DOMAINS))
def test_no_turkish_status_reads_as_a_negative_imperative(domain: str) -> None:
    found = []
    for message in catalog.read("tr", domain):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(message.id, hit) for form in forms for hit in negative_looking(form or "")]
    assert found == []


@pytest.mark.parametrize("lang", ["ko", "tr"])
@pytest.mark.parametrize(("seats", "seed"), [(3, 5), (4, 2), (2, 8)])
def test_a_conflict_is_told_once_in_each_message_of_a_playout(
    seats: int, seed: int, lang: str
) -> None:
    texts = _texts_of_a_playout("tigris", seats, seed, lang)
    told = [t for t in texts if "분쟁)" in t or "saldıran" in t]
    assert told, "no conflict in this playout: choose another seed"
    assert {t: conflicts_told_twice(t) for t in texts if conflicts_told_twice(t)} == {}


@pytest.mark.parametrize("domain", sorted(catalog.DOMAINS))
@pytest.mark.parametrize("lang", ["ko", "tr"])
def test_the_catalogues_use_no_fallback_particles_and_only_the_glossarys_words(
    domain: str, lang: str
) -> None:
    for message in catalog.read(lang, domain):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert not BOTH_PARTICLES.search(form), (message.id, form)
            for word in NOT_OUR_WORDS[lang]:
                assert word not in f" {form} ", (message.id, form, word)


def _final_summary(name: str, seats: int, seed: int) -> dict[str, Any]:
    game = get_game(name)
    state = game.new_game(seats, seed)
    rng = random.Random(seed)
    while game.to_act(state):
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return {
        "end_reason": "over",
        "ranking": [list(place) for place in game.outcome(state)["ranking"]],
        "scores": game.scores(state),
        "public": game.view(state, None),
        "views": [game.view(state, s) for s in range(seats)],
    }


@pytest.mark.parametrize(
    ("name", "lang", "move", "end"),
    [
        ("targi", "ko", "님의 수: `", "습격 4로 게임이 끝났어요"),
        ("targi", "tr", " oynadı: `", "Baskın 4 oyunu bitirdi"),
        ("tigris", "ko", "님의 수: `", "게임이 끝났어요: 주머니에"),
        ("tigris", "tr", " oynadı: `", "Oyun bitti: torba"),
    ],
)
def test_the_final_result_tells_the_last_move_and_why_the_game_ended(
    name: str, lang: str, move: str, end: str
) -> None:
    summary = _final_summary(name, 2, 6)
    first, head, *_rest = presenters.final_text(name, summary, NAMES, lang=lang).splitlines()
    assert move in first and end in first, first
    assert head.startswith("**")
    # A message that lists the moves itself, or a resignation, does not tell it again.
    quiet = presenters.final_text(name, summary, NAMES, lang=lang, last_move=False)
    assert quiet.startswith("**")
    resigned = {**summary, "end_reason": "resigned", "resigned_seat": 0}
    assert presenters.final_text(name, resigned, NAMES, lang=lang).startswith("**")
