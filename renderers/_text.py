"""Event sentences on the images: the engine names seats ``@N``; the images call a seat by what
the board shows of it (a T&E dynasty, a Targi colour)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from renderers._draw import missing_glyphs

_SEAT = re.compile(r"@(\d+)")
#: ``@N 님`` and the particle after it, in a Korean sentence written for a player's name.
_KOREAN_SEAT = re.compile(r"@(\d+) 님(이에요|이|은|을|과|으로)?")
#: The particle after ``님`` (a final consonant) as it reads after ``플레이어`` (none).
_AFTER_A_VOWEL = {"이에요": "예요", "이": "가", "은": "는", "을": "를", "과": "와", "으로": "로"}


def seat_text(text: str, name_of: Callable[[int], str], lang: str) -> str:
    """``text`` with each ``@N`` replaced by ``name_of(N)``.

    Korean sentences honour a player as ``{player} 님``; on a dynasty or a colour that reads as
    "Mr Archer", so there the seat is "궁수 플레이어" with the particle that follows it.
    """
    if lang == "ko":
        text = _KOREAN_SEAT.sub(
            lambda m: (
                f"{name_of(int(m.group(1)))} 플레이어" + _AFTER_A_VOWEL.get(m.group(2) or "", "")
            ),
            text,
        )
    return _SEAT.sub(lambda m: name_of(int(m.group(1))), text)


#: Emoji players put in their names, drawn as the nearest sign the shipped fonts have.
_LOOKALIKES = {
    "🌸": "✿",
    "🌼": "❀",
    "🌺": "✿",
    "🌷": "✿",
    "💮": "✿",
    "🏵": "❀",
    "💖": "♥",
    "💕": "♥",
    "💗": "♥",
    "💙": "♥",
    "💚": "♥",
    "💛": "♥",
    "💜": "♥",
    "🖤": "♥",
    "🧡": "♥",
    "🤍": "♥",
    "😀": "☺",
    "😃": "☺",
    "😄": "☺",
    "😊": "☺",
    "🙂": "☺",
    "😎": "☻",
    "⭐": "★",
    "🌟": "★",
    "✨": "✦",
    "🌙": "☾",
    "🌞": "☼",
    "☀": "☼",
    "🎵": "♪",
    "🎶": "♫",
    "🔥": "✦",
    "⚡": "ϟ",
}
#: What an emoji the fonts cannot draw becomes: visible, so a name never silently loses a part.
STAND_IN = "◆"
#: Joiners and modifiers inside an emoji sequence (skin tones, variation selectors, tags).
_JOINER = "\u200d"
_INVISIBLE = re.compile("[\ufe0e\ufe0f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f]")


def drawable_name(name: str, weight: str = "bold") -> str:
    """A display name as the shipped fonts can draw it: an emoji becomes a look-alike sign
    (``🌸`` → ``✿``) or :data:`STAND_IN`, one per emoji (a flag or a family counts as one);
    any other character the fonts lack, too. Nothing vanishes."""
    name = _INVISIBLE.sub("", unicodedata.normalize("NFC", name))
    out: list[str] = []
    skip = False  # the next character continues the emoji just drawn (a flag's second letter)
    for char in name:
        if char == _JOINER:  # a family, a profession: one sign for the whole sequence
            skip = bool(out)
            continue
        if skip:
            skip = False
            continue
        if missing_glyphs(char, weight):
            out.append(_LOOKALIKES.get(char, STAND_IN))
            skip = "\U0001f1e6" <= char <= "\U0001f1ff"
        else:
            out.append(char)
    return "".join(out)
