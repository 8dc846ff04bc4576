"""Grammar after a placeholder: Korean particles and Turkish case suffixes chosen from the word.

A catalogue text asks for them with a format spec on the placeholder, so the translator writes
the particle once and the word that fills it decides its form:

- Korean: ``{square:으로}``, ``{tile:을}``, ``{player:이}``, ``{word:은}``, ``{a:과}``,
  ``{name:이에요}`` (either form of a pair may be written: ``{x:를}`` is ``{x:을}``). The form
  follows the last syllable as it is read: a Hangul syllable by its final consonant (``으로``
  only after a consonant other than ㄹ), digits by their Korean reading (1 일, 3 삼, 6 육,
  10 십, 100 백), Latin capitals by their letter names (F 에프, L 엘, M 엠, N 엔, R 알),
  other Latin words by their last letters; a closing parenthesised part is skipped, as Korean
  does (``농장(파랑)을``).
- Turkish: ``{square:de}`` (locative -de/-da/-te/-ta), ``{x:den}`` (ablative), ``{x:e}``
  (dative -e/-a/-ye/-ya), ``{x:i}`` (accusative), ``{x:in}`` (genitive), with vowel harmony and
  the voiceless-consonant rule, read like Korean: numbers by their Turkish words (4 dört →
  ``4'te``, 10 on → ``10'a``), capitals by letter names (ZP ze-pe → ``ZP'ye``). Numbers, squares
  and names that start with a capital (proper nouns, card names) take an apostrophe
  (``F4'te``, ``Tüccar'a``); lowercase catalogue words take the suffix directly, softening a
  final p/ç/k of a longer word (``rahip`` → ``rahibe``, ``tapınak`` → ``tapınağı``).

A spec may start with a quote character, which wraps the value before the ending:
``{action:`을}`` gives ```tile red A3`을``. The English source never carries a spec, so English
and any text that does not use one are unchanged; other specs (``{n:,}``) keep their meaning.
Code can call :func:`josa` and :func:`suffix` directly.
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

__all__ = ["FORMATTER", "GrammarFormatter", "has_endings", "is_ending", "josa", "suffix"]

# Korean ------------------------------------------------------------------------------------

#: Each particle: (after a final consonant, after a vowel). 으로/로 also takes 로 after ㄹ.
_PARTICLES: tuple[tuple[str, str], ...] = (
    ("을", "를"),
    ("이", "가"),
    ("은", "는"),
    ("과", "와"),
    ("으로", "로"),
    ("으로서", "로서"),
    ("으로써", "로써"),
    ("이에요", "예요"),
    ("이었어요", "였어요"),
    ("이나", "나"),
    ("이라는", "라는"),
    ("이라고", "라고"),
    ("이랑", "랑"),
    ("아", "야"),
)
_PARTICLE_OF: dict[str, tuple[str, str]] = {form: pair for pair in _PARTICLES for form in pair}

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
_RIEUL = 8  # index of ㄹ among the final consonants
#: Final consonant of each digit's Korean reading: 0 영, 1 일, 2 이, 3 삼, ... (None: a vowel).
_DIGIT_FINAL = {
    "0": "ㅇ", "1": "ㄹ", "2": None, "3": "ㅁ", "4": None,
    "5": None, "6": "ㄱ", "7": "ㄹ", "8": "ㄹ", "9": None,
}  # fmt: skip
#: Final consonant of the powers of ten: 십, 백, 천, 만, 십만, 백만, 천만, 억 (and above).
_POWER_FINAL = ("ㅂ", "ㄱ", "ㄴ", "ㄴ", "ㄴ", "ㄴ", "ㄴ", "ㄱ")
#: Latin capitals whose Korean letter name ends in a consonant: 엘, 엠, 엔, 알.
_LETTER_FINAL = {"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"}

_TRAILING_PARENS = re.compile(r"\s*[(\[（][^()\[\]（）]*[)\]）]\s*$")


def _strip_tail(word: str) -> str:
    """``word`` without a closing parenthesised part and trailing quotes or punctuation."""
    while True:
        shorter = _TRAILING_PARENS.sub("", word)
        if shorter == word or not shorter:
            break
        word = shorter
    end = len(word)
    while end and not word[end - 1].isalnum():
        end -= 1
    return word[:end]


def _number_final(digits: str) -> str | None:
    """The final consonant of a number read in Korean (``10`` 십 → ㅂ)."""
    significant = digits.rstrip("0")
    if not significant:
        return _DIGIT_FINAL["0"]
    zeros = len(digits) - len(significant)
    if zeros == 0:
        return _DIGIT_FINAL[digits[-1]]
    return _POWER_FINAL[min(zeros, len(_POWER_FINAL)) - 1]


def _latin_final(word: str) -> str | None:
    """The final consonant of a Latin word as Koreans read it: capitals by letter name, words by
    a rule of thumb on their spelling (``-l`` ㄹ; ``-m``, ``-n``, ``-ng``, a short ``-k/-p/-t``
    keep a consonant)."""
    match = re.search(r"[A-Za-z]+$", word)
    assert match is not None
    letters = match.group()
    if letters.isupper():
        return _LETTER_FINAL.get(letters[-1])
    lower = letters.lower()
    if lower.endswith("l"):
        return "ㄹ"
    if lower.endswith(("m", "n", "ng")):
        return "ㄴ"
    if re.search(r"[aeiou](ck|k|p|t)$", lower) and not lower.endswith(("ee", "ie")):
        return "ㄱ"
    return None


def _korean_final(word: str) -> str | None:
    """The last syllable's final consonant (``"ㄹ"``, another consonant, or None for a vowel)."""
    word = _strip_tail(word)
    if not word:
        return None
    last = word[-1]
    if _HANGUL_FIRST <= ord(last) <= _HANGUL_LAST:
        index = (ord(last) - _HANGUL_FIRST) % 28
        if index == 0:
            return None
        return "ㄹ" if index == _RIEUL else "ㅁ"
    if last.isdigit():
        digits = re.search(r"[0-9]+$", word)
        assert digits is not None
        return _number_final(digits.group())
    return _latin_final(word)


def josa(word: str, particle: str) -> str:
    """``word`` followed by the right form of ``particle`` (either form of the pair may be
    given): ``josa("사원", "를")`` → ``사원을``, ``josa("F4", "으로")`` → ``F4로``."""
    consonant_form, vowel_form = _PARTICLE_OF[particle]
    final = _korean_final(word)
    if final is None or (final == "ㄹ" and consonant_form.startswith("으로")):
        return word + vowel_form
    return word + consonant_form


# Turkish -----------------------------------------------------------------------------------

_BACK, _FRONT = "aıou", "eiöü"
_VOWELS = _BACK + _FRONT + "âîû"
_VOICELESS = "fstkçşhp"
_ONES = ("sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
_POWERS = ((10**9, "milyar"), (10**6, "milyon"), (1000, "bin"), (100, "yüz"))
#: Turkish letter names of the Latin capitals (``F`` fe, ``Q`` kü, ``W`` çift ve, ``X`` iks).
_LETTER_NAMES = dict(
    zip(
        "ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZ",
        "a be ce çe de e fe ge yumuşakge he ı i je ke le me ne o ö pe kü re se şe te u ü ve "  # noqa: SIM905
        "çiftve iks ye ze".split(),
        strict=True,
    )
)
_SOFTEN = {"p": "b", "ç": "c", "k": "ğ"}
#: Longer words the bot knows whose final p/ç/k/t does not soften.
_NO_SOFTENING = frozenset({"anıt"})
#: Short words the bot knows that soften all the same (``renk`` → ``rengi``).
_SOFT_STEMS = {"renk": "reng"}

#: Each case: its suffix after a consonant (front, back) and after a vowel (front, back); a
#: leading ``D`` is d/t, ``I`` the four-way vowel.
_CASES = {
    "de": "DE",
    "da": "DE",
    "den": "DEn",
    "dan": "DEn",
    "e": "yE",
    "a": "yE",
    "i": "yI",
    "ı": "yI",
    "in": "nIn",
    "ın": "nIn",
}


def _turkish_number(digits: str) -> str:
    """The last word of a number read in Turkish (``40`` kırk, ``300`` yüz, ``5`` beş)."""
    value = int(digits)
    if value % 10:
        return _ONES[value % 10]
    if value % 100:
        return _TENS[(value % 100) // 10]
    for power, word in _POWERS:
        if value % (power * 10) and value >= power:
            return word
    return _ONES[0] if value == 0 else "yüz"


def _turkish_reading(word: str) -> tuple[str, bool]:
    """What the end of ``word`` sounds like, and whether it takes an apostrophe (numbers,
    abbreviations and capitalised names do)."""
    word = _strip_tail(word) or word
    tail = re.search(r"[0-9]+$", word)
    if tail:
        return _turkish_number(tail.group()), True
    letters = re.search(r"[A-Za-zÇĞİÖŞÜçğıöşüâîû]+$", word)
    if not letters:
        return word, False
    text = letters.group()
    if (len(text) > 1 and text.isupper()) or not any(c.lower() in _VOWELS for c in text):
        return _LETTER_NAMES.get(text[-1].upper(), text.lower()), True
    proper = text[0].isupper() or any(c.isupper() for c in word)
    return text.replace("I", "ı").replace("İ", "i").lower(), proper


def suffix(word: str, case: str) -> str:
    """``word`` with a Turkish case suffix: ``de`` locative, ``den`` ablative, ``e`` dative,
    ``i`` accusative, ``in`` genitive (any harmony form of them may be given):
    ``suffix("F4", "de")`` → ``F4'te``, ``suffix("kırmızı", "e")`` → ``kırmızıya``."""
    pattern = _CASES[case]
    reading, apostrophe = _turkish_reading(word)
    vowels = [c for c in reading if c in _VOWELS]
    last_vowel = vowels[-1] if vowels else "e"
    back = last_vowel in _BACK or last_vowel in "âû"
    rounded = last_vowel in "ouöüû"
    ends_in_vowel = reading[-1] in _VOWELS
    voiceless = reading[-1] in _VOICELESS
    out = ""
    for i, symbol in enumerate(pattern):
        if symbol in "yn" and i == 0:
            out += symbol if ends_in_vowel else ""
        elif symbol == "D":
            out += "t" if voiceless else "d"
        elif symbol == "E":
            out += "a" if back else "e"
        elif symbol == "I":
            out += ("u" if rounded else "ı") if back else ("ü" if rounded else "i")
        else:
            out += symbol
    stem = word
    if apostrophe:
        return f"{stem}'{out}"
    if out[0] in _VOWELS and stem in _SOFT_STEMS:
        stem = _SOFT_STEMS[stem]
    elif (
        out[0] in _VOWELS and len(vowels) > 1 and stem[-1] in _SOFTEN and stem not in _NO_SOFTENING
    ):
        stem = stem[:-1] + ("g" if stem.endswith("nk") else _SOFTEN[stem[-1]])
    return stem + out


# In catalogue texts --------------------------------------------------------------------------

_QUOTES = "`'\"«“「"
_CLOSING = {"«": "»", "“": "”", "「": "」"}


def _grammar_spec(spec: str) -> tuple[str, str] | None:
    """``(quote, ending)`` if ``spec`` asks for a particle or suffix, else None."""
    quote = spec[0] if spec and spec[0] in _QUOTES else ""
    ending = spec[len(quote) :]
    if ending in _PARTICLE_OF or ending in _CASES:
        return quote, ending
    return None


def is_ending(spec: str) -> bool:
    """Whether a format spec asks for a particle or a suffix (``을``, ```을``, ``de``)."""
    return _grammar_spec(spec) is not None


@cache
def has_endings(pattern: str) -> bool:
    """Whether a catalogue text asks for a particle or suffix anywhere (cached: the texts of a
    catalogue are few, and plain ones keep ``str.format``'s speed)."""
    return any(spec and is_ending(spec) for _l, name, spec, _c in FORMATTER.parse(pattern) if name)


class GrammarFormatter(string.Formatter):
    """``str.format`` that also understands the particle and suffix specs of this module."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        grammar = _grammar_spec(format_spec)
        if grammar is None:
            return super().format_field(value, format_spec)
        quote, ending = grammar
        word = str(value)
        if quote:
            word = f"{quote}{word}{_CLOSING.get(quote, quote)}"
        return josa(word, ending) if ending in _PARTICLE_OF else suffix(word, ending)


FORMATTER = GrammarFormatter()
