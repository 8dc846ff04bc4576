"""The grammar helpers: Korean particles and Turkish case endings chosen from the word they
follow, in the words the bot actually puts there (squares, numbers, colours, leaders, goods)."""

from __future__ import annotations

import pytest

from bot.i18n import C_, Text, grammar
from bot.i18n.grammar import josa, suffix


@pytest.mark.parametrize(
    ("word", "object_", "direction", "subject"),
    [
        ("사원", "사원을", "사원으로", "사원이"),  # final ㄴ
        ("빨강", "빨강을", "빨강으로", "빨강이"),  # final ㅇ
        ("파랑", "파랑을", "파랑으로", "파랑이"),
        ("타일", "타일을", "타일로", "타일이"),  # ㄹ takes 로, not 으로
        ("상품 카드", "상품 카드를", "상품 카드로", "상품 카드가"),  # a vowel
        ("1", "1을", "1로", "1이"),  # 일
        ("2", "2를", "2로", "2가"),  # 이
        ("3", "3을", "3으로", "3이"),  # 삼
        ("4", "4를", "4로", "4가"),  # 사
        ("6", "6을", "6으로", "6이"),  # 육
        ("7", "7을", "7로", "7이"),  # 칠
        ("10", "10을", "10으로", "10이"),  # 십
        ("20", "20을", "20으로", "20이"),  # 이십
        ("100", "100을", "100으로", "100이"),  # 백
        ("1000", "1000을", "1000으로", "1000이"),  # 천
        ("F4", "F4를", "F4로", "F4가"),  # 에프 사
        ("D10", "D10을", "D10으로", "D10이"),  # 디 십
        ("A1", "A1을", "A1로", "A1이"),  # 에이 일
        ("F", "F를", "F로", "F가"),  # 에프
        ("L", "L을", "L로", "L이"),  # 엘
        ("VP", "VP를", "VP로", "VP가"),  # 브이피
        ("농장(파랑)", "농장(파랑)을", "농장(파랑)으로", "농장(파랑)이"),  # the word before (…)
        ("`tile red A3`", "`tile red A3`을", "`tile red A3`으로", "`tile red A3`이"),
        ("`pass`", "`pass`를", "`pass`로", "`pass`가"),
    ],
)
def test_korean_particles_follow_the_last_syllable_as_read(
    word: str, object_: str, direction: str, subject: str
) -> None:
    assert josa(word, "을") == josa(word, "를") == object_
    assert josa(word, "으로") == josa(word, "로") == direction
    assert josa(word, "이") == josa(word, "가") == subject


def test_korean_topic_and_joining_particles_and_the_copula() -> None:
    assert josa("왕", "는") == "왕은"
    assert josa("제사장", "은") == "제사장은"
    assert josa("농부", "은") == "농부는"
    assert josa("상인", "와") == "상인과"
    assert josa("대추야자", "과") == "대추야자와"
    assert josa("'foo'", "이에요") == "'foo'예요"
    assert josa("'bar'", "예요") == "'bar'예요"
    assert josa("소금", "예요") == "소금이에요"


@pytest.mark.parametrize(
    ("word", "locative", "ablative", "dative", "accusative", "genitive"),
    [
        ("F4", "F4'te", "F4'ten", "F4'e", "F4'ü", "F4'ün"),  # dört
        ("3", "3'te", "3'ten", "3'e", "3'ü", "3'ün"),  # üç
        ("6", "6'da", "6'dan", "6'ya", "6'yı", "6'nın"),  # altı
        ("10", "10'da", "10'dan", "10'a", "10'u", "10'un"),  # on
        ("40", "40'ta", "40'tan", "40'a", "40'ı", "40'ın"),  # kırk
        ("100", "100'de", "100'den", "100'e", "100'ü", "100'ün"),  # yüz
        ("B12", "B12'de", "B12'den", "B12'ye", "B12'yi", "B12'nin"),  # iki
        ("ZP", "ZP'de", "ZP'den", "ZP'ye", "ZP'yi", "ZP'nin"),  # ze-pe
        ("kırmızı", "kırmızıda", "kırmızıdan", "kırmızıya", "kırmızıyı", "kırmızının"),
        ("siyah", "siyahta", "siyahtan", "siyaha", "siyahı", "siyahın"),
        ("yeşil", "yeşilde", "yeşilden", "yeşile", "yeşili", "yeşilin"),
        ("rahip", "rahipte", "rahipten", "rahibe", "rahibi", "rahibin"),
        ("kral", "kralda", "kraldan", "krala", "kralı", "kralın"),
        ("tapınak", "tapınakta", "tapınaktan", "tapınağa", "tapınağı", "tapınağın"),
        ("anıt", "anıtta", "anıttan", "anıta", "anıtı", "anıtın"),
        ("taş", "taşta", "taştan", "taşa", "taşı", "taşın"),
        ("tuz", "tuzda", "tuzdan", "tuza", "tuzu", "tuzun"),
        ("hurma", "hurmada", "hurmadan", "hurmaya", "hurmayı", "hurmanın"),
        ("Tüccar", "Tüccar'da", "Tüccar'dan", "Tüccar'a", "Tüccar'ı", "Tüccar'ın"),
        ("Gümüşçü", "Gümüşçü'de", "Gümüşçü'den", "Gümüşçü'ye", "Gümüşçü'yü", "Gümüşçü'nün"),
    ],
)
def test_turkish_suffixes_follow_vowel_harmony_and_the_last_sound(
    word: str, locative: str, ablative: str, dative: str, accusative: str, genitive: str
) -> None:
    assert [suffix(word, case) for case in ("de", "den", "e", "i", "in")] == [
        locative,
        ablative,
        dative,
        accusative,
        genitive,
    ]
    assert suffix(word, "da") == locative and suffix(word, "a") == dative


def test_a_catalogue_text_asks_for_the_ending_with_a_format_spec() -> None:
    pattern = "{action:`을} 했어요. {square:으로} 옮겼어요. {n:,}점."
    assert grammar.FORMATTER.format(pattern, action="tile red A3", square="D10", n=12345) == (
        "`tile red A3`을 했어요. D10으로 옮겼어요. 12,345점."
    )
    assert grammar.FORMATTER.format("{square:de} {colour:i} aldı", square="F4", colour="mavi") == (
        "F4'te maviyi aldı"
    )


def test_the_ending_follows_the_rendered_word_not_the_english_one() -> None:
    """A parameter that is itself a text gets the ending of its translation (빨강, not red)."""
    text = Text("{colour:을} 냈어요", (("colour", C_("colour", "red")),))
    assert text.render("ko") == "빨강을 냈어요"
    assert Text("{c:e} koydu", (("c", C_("colour", "black")),)).render("tr") == "siyaha koydu"
