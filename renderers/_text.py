"""Event sentences on the images: the engine names seats ``@N``; the images call a seat by what
the board shows of it (a T&E dynasty, a Targi colour)."""

from __future__ import annotations

import re
from collections.abc import Callable

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
