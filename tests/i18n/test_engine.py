"""The engine domain in Korean and Turkish: a refused move, an event, the status line, a hand
and a result read in the player's language with the right squares, colours, leaders and cards;
every event key and refusal key a playout meets has a catalogue text (pseudo-locale) whose
English is the engine's sentence; snapshots written before events had keys still load."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import bot.games.targi as targi
from bot import presenters
from bot.games import get_game, tigris
from bot.games.common import GameError, IllegalAction, InvalidNotation, NotYourTurn
from bot.games.targi.cards import CARDS as TARGI_CARDS
from bot.i18n import PSEUDO, Text, catalog, named
from bot.i18n.extract import template
from bot.pbp.log import log_entries, takeback_refusal
from bot.pbp.usecases import PlayByPost
from bot.service import Service, ServiceError, TableFull
from tests.service.conftest import ANN, BOB, clock, service, started  # noqa: F401
from tests.targi.helpers import act, new, place
from tests.tigris.helpers import play, position

NAMES = ["Ayşe", "민준", "Cem"]
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def refused(game: Any, state: Any, seat: int, action: str) -> GameError:
    with pytest.raises(GameError) as caught:
        game.apply(state, seat, action)
    return caught.value


def said(error: BaseException, lang: str) -> str:
    return str(presenters.name_seats(presenters.refusal(error).render(lang), NAMES))  # type: ignore[union-attr]


# ---- the pseudo-locale check ----------------------------------------------------------------


def outside_brackets(text: str) -> str:
    """What ``text`` shows outside every ⟦…⟧ (nested brackets count as one)."""
    depth, kept = 0, []
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            kept.append(char)
    assert depth == 0, text
    return "".join(kept)


def english_words_outside(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", outside_brackets(text))


# ---- Tigris & Euphrates: refusals ------------------------------------------------------------


def test_a_farm_on_land_is_refused_in_korean_and_turkish_with_the_square() -> None:
    state = position(hands={0: "blue blue red red green black"})
    error = refused(tigris, state, 0, "tile blue F5")
    assert str(error) == "F5 is a land square: farms (blue) go on rivers only"
    assert said(error, "ko") == "F5 칸은 땅이에요: 농장(파랑)은 강에만 놓아요."
    assert said(error, "tr") == "F5 bir kara karesi: çiftlikler (mavi) yalnızca nehre konur."


def test_a_missing_tile_colour_is_named_in_the_readers_language() -> None:
    state = position(hands={0: "blue blue red red black black"})
    error = refused(tigris, state, 0, "tile green E3")
    assert isinstance(error, IllegalAction) and error.key == "no_tile"
    assert error.params == {"colour": "green"}
    assert said(error, "ko") == "초록 타일이 없어요."
    assert said(error, "tr") == "Elinde yeşil taş yok."


def test_a_leader_away_from_temples_and_a_withdrawn_king_are_refused_by_name() -> None:
    state = position()
    error = refused(tigris, state, 0, "leader black A1")
    assert said(error, "ko") == "지도자는 앞면 사원 옆에 놓아야 해요. A1 칸은 그렇지 않아요."
    assert said(error, "tr") == "Lider, açık bir tapınağın yanında durmalı; A1 karesi öyle değil."
    error = refused(tigris, state, 0, "withdraw black")
    assert said(error, "ko") == "왕 지도자가 보드 위에 없어요."
    assert said(error, "tr") == "Tahtada kral liderin yok."


def test_the_wrong_seat_is_told_who_is_waited_for_by_name() -> None:
    error = refused(tigris, position(seats=3), 2, "pass")
    assert isinstance(error, NotYourTurn)
    assert said(error, "ko") == "아직 결정할 차례가 아니에요. 기다리는 플레이어: Ayşe."
    assert said(error, "tr") == "Şu an karar senin değil; beklenen: Ayşe."


def test_notation_stays_ascii_inside_a_translated_refusal() -> None:
    error = refused(tigris, position(), 0, "tile purple F3")
    assert isinstance(error, InvalidNotation)
    korean = said(error, "ko")
    assert korean.startswith("`purple`: 색이 아니에요. `red`(빨강), `blue`(파랑)")
    assert "`temple`/`priest`" in korean  # the words a player types stay the notation's


#: A refusal text quoting notation in single quotes ("e.g. 'place 5'"); a possessive ("Bob's")
#: or an apostrophe inside a word is no quote.
_QUOTED_NOTATION = re.compile(r"(?<![\w}])'[^'\s][^']*'")


def test_refusals_show_notation_in_code_spans_in_every_language() -> None:
    quoted = [
        (lang, entry.id, entry.string)
        for lang in ("ko", "tr")
        for entry in catalog.read(lang, "engine")
        if isinstance(entry.id, str)
        and (_QUOTED_NOTATION.search(entry.id) or _QUOTED_NOTATION.search(entry.string or ""))
    ]
    assert not quoted, quoted


@pytest.mark.parametrize(
    ("game", "action", "korean", "turkish"),
    [
        (tigris, "`fly` away", "`fly`: 알 수 없는 행동이에요. 쓸 수", "`fly` bir eylem"),
        (tigris, "tile p`ink F3", "`pink`: 색이 아니에요.", "`pink` bir renk değil"),
        (targi, "fl`y 5", "`fly`: 타르기에 없는 행동이에요. 예: `place 5`", "`fly` bir Targi"),
        (targi, "use 9`9", "`99`: 경계 카드(1~16)도", "`99` ne bir sınır kartı"),
    ],
)
def test_a_typed_word_is_refused_in_a_code_span_without_its_backticks(
    game: Any, action: str, korean: str, turkish: str
) -> None:
    state = position() if game is tigris else new()
    error = refused(game, state, 0, action)
    assert isinstance(error, InvalidNotation)
    assert said(error, "ko").startswith(korean)
    assert said(error, "tr").startswith(turkish)
    assert said(error, "en").startswith(korean.split(":")[0] + " ")


def test_a_verb_with_several_word_counts_joins_them_in_the_language() -> None:
    error = refused(tigris, position(), 0, "monument")
    assert said(error, "en") == "`monument` takes 1 or 2 words"
    assert said(error, "ko") == "`monument` 뒤에는 단어 1 또는 2개가 와야 해요."
    assert said(error, "tr") == "`monument` sonrasında 1 veya 2 sözcük gelmeli."


# ---- Tigris & Euphrates: events and the status line ------------------------------------------


def test_a_war_and_its_result_read_in_korean_and_turkish() -> None:
    # Seat 0's king (F6) and seat 1's king (H6) face each other across G6 with settlements.
    state = position(
        hands={0: "red black black blue blue blue", 1: "black blue blue blue blue blue"},
        board="E6: k K0 . K1 k\nF7: r . r",
    )
    state = play(state, "0: tile red G6")
    view = tigris.view(state, None)
    korean = presenters.status_line(view, NAMES, lang="ko")
    turkish = presenters.status_line(view, NAMES, lang="tr")
    assert "Ayşe 님이 G6 칸에 사원 타일을 놓았어요." in korean
    assert "왕 전쟁(외부 분쟁): 공격 Ayşe 님, 방어 민준 님." in korean
    # The war is told once: the pending line says only what it waits for.
    assert "진행 중: 지원 타일 내기." in korean and korean.count("공격 Ayşe 님") == 1
    assert "Ayşe, G6 karesine bir tapınak taşı koydu." in turkish
    assert "Kral savaşı: saldıran Ayşe, savunan 민준." in turkish
    assert "Sırada: destek." in turkish and turkish.count("saldıran") == 1
    assert turkish.endswith("Sıra: **Ayşe**.")
    # The next message names the conflict it still waits for, without the sides or the gloss.
    state = play(state, "0: support 2")
    after = tigris.view(state, None)
    assert "진행 중: G6 칸 왕 전쟁 – 지원 타일 내기." in presenters.status_line(
        after, NAMES, lang="ko"
    )
    assert "Sırada: G6 karesindeki kral savaşı için destek." in presenters.status_line(
        after, NAMES, lang="tr"
    )
    # Asked without a move (the Act prompt), the conflict is told whole.
    assert presenters.pending_clause(after, NAMES, lang="ko") == (
        "G6 칸의 왕 전쟁(외부 분쟁): 공격 Ayşe 님, 방어 민준 님"
    )
    state = play(state, "1: support 0")
    events = tigris.view(state, None)["events"]
    won = next(e for e in events if e["key"] == "war_won")
    assert won["params"]["n"] == 1
    korean_won = presenters.event_text("tigris", won).render("ko")  # type: ignore[union-attr]
    assert korean_won.startswith("@0 님의 왕 지도자가 전쟁에서 이겼어요 (")
    assert korean_won.endswith("@1 님이 잃은 타일: 정착지 타일 1개")
    turkish_won = presenters.event_text("tigris", won).render("tr")  # type: ignore[union-attr]
    assert turkish_won.startswith("kral savaşı 3-1 bitti: ") and "kazanan @0" in turkish_won
    assert turkish_won.endswith("kaybeden @1, kaybettiği: 1 yerleşim")


def test_actions_left_are_counted_the_languages_way() -> None:
    view = {"last_action": None, "events": [], "to_act": [1], "actions_left": 2, "pending": None}
    assert presenters.status_line(view, NAMES, lang="en") == "To act: **민준** (2 actions left)."
    assert presenters.status_line(view, NAMES, lang="ko") == "차례: **민준** (행동 2번 남음)."
    assert presenters.status_line(view, NAMES, lang="tr") == "Sıra: **민준** (2 eylem kaldı)."
    both = {**view, "to_act": [0, 2], "actions_left": 0}
    assert presenters.status_line(both, NAMES, lang="tr") == "Sıra: **Ayşe ve Cem**."
    assert presenters.status_line(both, NAMES, lang="ko") == "차례: **Ayşe와 Cem**."


# ---- Targi -----------------------------------------------------------------------------------


def test_a_targi_on_a_raid_corner_is_refused_in_each_language() -> None:
    state = new()
    error = refused(targi, state, 0, "place 4")
    assert said(error, "ko") == "4번 카드는 습격 모서리예요. 타르기를 놓을 수 없어요."
    assert said(error, "tr") == "4 numaralı kart bir baskın köşesi; oraya Targi konamaz."
    error = refused(targi, state, 1, "place 5")
    assert said(error, "ko") == "아직 차례가 아니에요. 지금은 Ayşe 님의 차례예요."
    assert said(error, "tr") == "Sıra sende değil; sıra: Ayşe."


def test_targi_events_name_border_and_tribe_cards_in_the_edition_words() -> None:
    state = new(["targia_01", "tent_01", "well_01", "oasis_01", "camel_rider_03"])
    state = place(state, [2, 15, 5], [3, 14, 13])
    view = targi.view(state, None)
    korean = presenters.status_line(view, NAMES, lang="ko")
    assert "민준 님이 13번 카라반 카드에 타르기를 놓았어요." in korean
    turkish = presenters.status_line(view, NAMES, lang="tr")
    assert (
        "민준, 13 numaralı Kervan kartına bir Targi koydu." in turkish
    )  # no "(Kervan)" beside "Alice (mavi)"
    state = act(state, "use 2")
    event = targi.view(state, None)["events"][0]
    assert event["key"] == "takes_border"
    assert (
        presenters.event_text("targi", event).render("ko")
        == "@0 님이 받은 것: 대추야자 1개 (2번 대추야자 카드)"
    )  # type: ignore[union-attr]
    assert named("targi card", "Oasis, raid immunity").render("ko") == "야자수: 습격 면제"
    assert named("targi card", "Tribal Expansion").render("tr") == "Kabile Genişlemesi"


def test_a_targi_hand_and_result_are_in_the_readers_language() -> None:
    private = {
        "players": [
            {
                "seat": 0,
                "hand_held": True,
                "hand": {"id": "well_09", "name": "Well, stored gold"},
                "score": {"vp": 12, "tokens": 4, "gold": 1},
            },
        ]
    }
    assert presenters.hand_text("targi", private, 0, lang="en") == (
        "Your hand card: Well, stored gold. Your score: 12 VP (tokens 4) · goods: gold 1."
    )
    assert presenters.hand_text("targi", private, 0, lang="ko") == (
        "내 손 카드: 「우물: 저장된 금화」. 내 점수: 승점 12점 (승점 토큰 4) · 보유: 금화 1."
    )
    summary = {"ranking": [[1], [0]], "scores": [{"vp": 20, "gold": 2}, {"vp": 25, "gold": 0}]}
    assert presenters.final_text("targi", summary, NAMES, lang="tr") == (
        "**Targi: sonuç**\n1. 민준: 25 puan · stok: altın 0\n2. Ayşe: 20 puan · stok: altın 2"
    )
    assert presenters.final_text("tigris", {"ranking": [], "end_reason": "resigned",
                                            "resigned_seat": 2}, NAMES, lang="ko") == (
        "**티그리스와 유프라테스: 최종 순위** – Cem 님이 기권했어요."  # no "(Alice (궁수) …)"
    )  # fmt: skip
    assert presenters.final_text("tigris", {"ranking": [], "end_reason": "resigned",
                                            "resigned_seat": 2}, NAMES, lang="tr") == (
        "**Dicle ve Fırat: sonuç** – Cem oyundan çekildi."  # a name may carry "(Okçu)"
    )  # fmt: skip


@pytest.mark.parametrize("game", ["tigris", "targi"])
@pytest.mark.parametrize("lang", ["ko", "tr"])
def test_rules_are_written_out_in_the_language_with_the_notation_kept(game: str, lang: str) -> None:
    text = presenters.rules_summary(game, lang=lang)
    assert text != presenters.rules_summary(game, lang="en")
    assert (
        "`/행동`" if lang == "ko" else "`/hamle`"
    ) in text  # the command as the reader's client names it
    if game == "tigris":
        assert "`tile red F4`" in text
    if lang == "ko":
        assert len(HANGUL.findall(text)) > 200
    else:
        assert "ı" in text and "ş" in text and "ğ" in text


# ---- every key a playout meets, in the pseudo-locale ------------------------------------------

TIGRIS_TRIES = [
    "", "frob", "tile", "tile purple Z9", "tile red Z99", "pass pass", "support x", "support 9",
    "monument a", "monument F3 red-red", "monument F3 red", "monument F3 red-blue",
    "monument none", "swap", "swap red red red red red red red", "swap black black black",
    "war red", "war blue", "treasure A1", "leader red A1", "leader green F3", "withdraw black",
    "withdraw red", "catastrophe A1", "catastrophe F3", "tile blue A1", "tile red F5",
    "tile blue F5", "tile green A5", "tile red I2",
]  # fmt: skip
TARGI_TRIES = [
    "", "x", "x" * 120, "frob", "frob x", "done x", "place", "place 4", "place 5", "place 99",
    "place 1",
    "use 1 2", "use 13", "use B2", "use 99", "use 5", "use 9", "use 10", "use 14", "use A1",
    "use C3", "display 4 1D", "display 1 1D", "display 1 9D", "display 1", "display 1 free",
    "pay 9D", "pay 1X", "pay VP", "drop 1D", "drop 5VP", "trade 1D", "trade 3D X", "trade 3D G",
    "smith 1D", "smith 1G", "take 9VP", "take", "move B2 C3", "move B2", "move 1.1 2.1",
    "move 1.1", "swap 1.1 1.2", "swap 1", "hand", "keep", "play 1 1D", "done",
]  # fmt: skip
GAMES = [
    ("tigris", 2, 1, None), ("tigris", 3, 2, None), ("tigris", 4, 3, None),
    ("targi", 2, 1, None), ("targi", 2, 2, None), ("targi", 2, 3, None),
    ("targi", 2, 4, {"hand_public": True, "stored_gold_is_own_gold": True,
                     "fata_morgana_face_down": True, "caravan_card": "bottom"}),
]  # fmt: skip


class Seen:
    """Events and refusals met in seeded random playouts, each with the text to show."""

    def __init__(self) -> None:
        self.events: dict[tuple[str, str], list[tuple[dict[str, Any], Text | str]]] = {}
        self.refusals: dict[tuple[str, str], list[tuple[GameError, Text | str]]] = {}


@pytest.fixture(scope="module")
def seen() -> Seen:
    found = Seen()
    for name, seats, seed, options in GAMES:
        game = get_game(name)
        rng = random.Random(seed)
        state = game.new_game(seats, seed, options=options)
        tries = TIGRIS_TRIES if name == "tigris" else TARGI_TRIES
        for step in range(5000):
            for event in game.view(state, None)["events"]:
                key = (name, event["key"])
                found.events.setdefault(key, []).append((event, presenters.event_text(name, event)))
            if not game.to_act(state):
                break
            seat = rng.choice(game.to_act(state))
            legal = game.legal_actions(state, seat)
            if step % 3 == 0:
                for action in [*tries, rng.choice(legal).replace("1", "3")]:
                    for who in {seat, (seat + 1) % seats}:
                        try:
                            game.apply(state, who, action)
                        except GameError as error:
                            found.refusals.setdefault((name, error.key), []).append(
                                (error, presenters.refusal(error))
                            )
            state = game.apply(state, seat, rng.choice(legal))
        with pytest.raises(GameError) as over:
            game.apply(state, 0, "pass")
        found.refusals.setdefault((name, over.value.key), []).append(
            (over.value, presenters.refusal(over.value))
        )
    return found


def test_playouts_meet_the_common_event_and_refusal_keys(seen: Seen) -> None:
    events = {key for _game, key in seen.events}
    assert {"tile", "leader_place", "war", "war_won", "revolt_won", "treasure", "swap"} <= events
    assert {"place", "marker", "display", "takes_cell", "raid_paid", "end_raid4"} <= events
    refusals = {key for _game, key in seen.refusals}
    assert {"bad_colour", "not_empty", "expect_action", "game_over", "hold_only"} <= refusals
    assert {"raid_corner", "opposite", "not_now", "bad_amount", "unknown", "unusable"} <= refusals
    assert len(events) >= 50 and len(refusals) >= 50


def test_every_event_met_has_a_catalogue_text_saying_the_engines_sentence(seen: Seen) -> None:
    for (game, key), met in seen.events.items():
        for event, text in met:
            assert isinstance(text, Text), (game, key, event["text"])
            assert text.render("en") == event["text"]
            shown = text.render(PSEUDO)
            assert english_words_outside(shown) == [], (game, key, shown)
            for lang in ("ko", "tr"):
                assert "{" not in text.render(lang) and text.render(lang) != event["text"]


def test_every_refusal_met_has_a_catalogue_text_saying_the_engines_sentence(seen: Seen) -> None:
    for (game, key), met in seen.refusals.items():
        for error, text in met:
            assert key, (game, str(error))  # every refusal carries a key
            assert isinstance(text, Text), (game, key, str(error))
            assert text.render("en") == str(error)
            assert english_words_outside(text.render(PSEUDO)) == [], (game, key)
            assert text.render("ko") != str(error) and text.render("tr") != str(error)


def test_the_image_view_carries_translated_events_and_leaves_the_view_alone(seen: Seen) -> None:
    event, _ = seen.events[("targi", "display")][0]
    view = {"game": "targi", "events": [event], "players": []}
    shown = presenters.localize_view("targi", view, lang="ko")
    assert shown["events"][0]["text"] != event["text"] and HANGUL.search(shown["events"][0]["text"])
    assert shown["events"][0]["seats"] == event["seats"]
    assert view["events"][0] is event and presenters.localize_view("targi", view, lang="en") is view


# ---- old snapshots ---------------------------------------------------------------------------


def test_a_tigris_snapshot_from_before_event_keys_loads_and_shows_its_english() -> None:
    state = play(position(hands={0: "red black black blue blue blue"}), "0: tile red G6")
    data = json.loads(tigris.to_json(state))
    data["events"] = [event[:3] for event in data["events"]]  # as written before keys
    old = tigris.from_json(json.dumps(data))
    event = tigris.view(old, None)["events"][0]
    assert (event["key"], event["params"]) == ("", {})
    assert presenters.event_text("tigris", event) == "@0 places a temple on G6"
    assert "Ayşe places a temple on G6." in presenters.status_line(
        tigris.view(old, None), NAMES, lang="ko"
    )
    assert tigris.to_json(tigris.apply(old, 0, "pass"))  # and play goes on


def test_a_targi_snapshot_from_before_event_keys_loads_and_shows_its_english() -> None:
    state = place(new(), [2], [3])
    data = json.loads(targi.to_json(state))
    for event in data["events"]:
        del event["key"], event["params"]
    old = targi.from_json(json.dumps(data))
    event = targi.view(old, None)["events"][-1]
    assert presenters.event_text("targi", event) == "@1 places a Targi on 3 Salt"
    assert targi.apply(old, old.turn, "place 5")


# ---- the service, play-by-post and the game log ----------------------------------------------


def test_service_refusals_carry_a_text_and_keep_their_english() -> None:
    from bot.i18n import _

    error = TableFull(_("All {n} seats are taken.", n=4))
    assert str(error) == error.message == "All 4 seats are taken."
    assert presenters.refusal(error).render("ko") == "자리 4개가 모두 찼어요."  # type: ignore[union-attr]
    assert presenters.refusal(ServiceError("plain")) == "plain"


async def test_play_by_post_refusals_are_texts(service: Service) -> None:  # noqa: F811
    with pytest.raises(ServiceError) as caught:
        await PlayByPost(service).away(1, 99)
    text = presenters.refusal(caught.value)
    assert isinstance(text, Text)
    assert text.render("tr") == "Bir seferde 1 ile 14 gün arası uzakta olabilirsin, 99 değil."
    assert text.render("ko") == "한 번에 1~14일 동안 자리를 비울 수 있어요. 99일은 안 돼요."


def test_take_back_reasons_and_the_log_are_in_the_language() -> None:
    before = position(hands={0: "red black black blue blue blue"})
    after = play(before, "0: tile red G6", "0: pass")
    reason = takeback_refusal("tigris", before, after, 0)
    assert isinstance(reason, Text) and reason.render("ko") == "주머니에서 타일을 뽑았어요"
    states = [before, play(before, "0: tile red G6")]
    entries = log_entries(tigris, states, [(0, "tile red G6")], NAMES, lang="tr")
    assert entries[-1].text() == "1. Ayşe, G6 karesine bir tapınak taşı koydu"


async def test_the_game_log_of_a_table_reads_in_the_language(service: Service) -> None:  # noqa: F811
    table = await started(service, (ANN, BOB), game="targi")
    current = await service.get(table.id)
    await service.submit(table.id, ANN.user_id, "place 2", expected_seq=current.seq)
    log = await PlayByPost(service).game_log(table.id, lang="ko")
    # Each name with its seat's colour beside it, as the board marks the seat.
    assert log.lines()[-1] == "1. Ann (파랑) 님이 2번 대추야자 카드에 타르기를 놓았어요"
    assert log.lines()[0].startswith("준비: 1라운드가 시작됐어요. 시작 플레이어: Ann (파랑) 님")
    english = await PlayByPost(service).game_log(table.id, lang="en")
    assert english.lines()[-1] == "1. Ann (blue) places a Targi on 2 Dates"


def test_every_targi_card_name_is_collected_and_translated() -> None:
    messages = {(m.id, m.context) for m in template("engine")}
    cards = TARGI_CARDS
    for card in [*cards.tribe.values(), *cards.border.values(), *cards.goods.values()]:
        assert (card.name, "targi card") in messages
        assert HANGUL.search(named("targi card", card.name).render("ko")), card.name
    for symbol in cards.symbols.values():
        assert (symbol, "targi symbol") in messages
