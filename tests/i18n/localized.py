"""Readers in a language at a fake Discord table: their interactions carry their Discord locale
(and the server's), and what the bot showed them can be checked for untranslated English."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tests.bot.helpers import Harness, Person
from tests.fakediscord import Call
from tests.fakediscord import payloads as p

JSON = dict[str, Any]

#: Discord locales of the readers in these tests (the pseudo-locale is a test language only:
#: ``bot.i18n.normalize`` reads it as itself).
LOCALES = {"ko": "ko", "tr": "tr", "qps": "qps", "en": "en-US"}


def localize(h: Harness, locale: str, guild_locale: str = "en-US") -> None:
    """From now on every interaction ``h`` delivers comes from a client in ``locale`` in a
    server whose preferred locale is ``guild_locale``."""
    envelope = h._envelope

    def localized(who: Person, channel: JSON | None) -> JSON:
        return {**envelope(who, channel), "locale": locale}

    answer = h.answer

    async def answer_in_guild_locale(payload: JSON) -> Call:
        if "guild_locale" in payload:
            payload["guild_locale"] = guild_locale
        return await answer(payload)

    h._envelope = localized  # type: ignore[method-assign]
    h.answer = answer_in_guild_locale  # type: ignore[method-assign]


async def slash_in(
    h: Harness,
    who: Person,
    locale: str,
    name: str,
    options: dict[str, Any] | None = None,
    *,
    sub: str | None = None,
    guild_locale: str = "en-US",
) -> Call:
    """``who`` runs a slash command from a Discord client in ``locale``."""
    payload = p.slash(
        name,
        options,
        sub=sub,
        user_id=who.id,
        user_name=who.name,
        permissions=who.permissions,
        locale=locale,
    )
    payload["guild_locale"] = guild_locale
    payload["member"]["user"]["global_name"] = who.name
    return await h.answer(payload)


_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_MENTION = re.compile(r"<(?:@[!&]?|#|t:)\d+(?::[a-zA-Z])?>|<a?:\w+:\d+>")
_URL = re.compile(r"https?://\S+")
_CODE = re.compile(r"`[^`]*`")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def outside_marks(text: str) -> str:
    """What of a pseudo-locale text is not inside ``⟦…⟧`` (nested marks peeled from inside)."""
    previous = None
    while previous != text:
        previous, text = text, _MARKED.sub(" ", text)
    return text


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of a pseudo-locale text outside every ``⟦…⟧``: words that bypassed
    the catalogue. Mentions, links, code spans (the notation) and ``allowed`` words (user names,
    game notation) do not count."""
    rest = outside_marks(text)
    for pattern in (_MENTION, _URL, _CODE):
        rest = pattern.sub(" ", rest)
    ok = {word.lower() for word in allowed}
    return [word for word in _WORD.findall(rest) if word.lower() not in ok]


def hangul_share(text: str) -> float:
    """The share of Hangul among the letters of ``text`` (1.0: only Korean letters)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return 1.0
    return sum("\uac00" <= c <= "\ud7a3" or "\u3131" <= c <= "\u318e" for c in letters) / len(
        letters
    )


#: Letters only Turkish among our languages writes.
TURKISH_LETTERS = set("çğıöşüÇĞİÖŞÜ")


def shown_texts(call: Call) -> list[str]:
    """Every text of a request a user reads: content, embeds, component labels, placeholders
    and select options (autocomplete suggestions are notation: not texts)."""
    body = call.message_body
    texts: list[str] = []
    if isinstance(body.get("content"), str):
        texts.append(body["content"])
    for embed in body.get("embeds") or []:
        for key in ("title", "description"):
            if isinstance(embed.get(key), str):
                texts.append(embed[key])
        for field in embed.get("fields") or []:
            texts.extend(str(field.get(k, "")) for k in ("name", "value"))
        for key in ("footer", "author"):
            part = embed.get(key)
            if isinstance(part, dict):
                texts.append(str(part.get("text") or part.get("name") or ""))
    for comp in call.components():
        for key in ("label", "placeholder", "content", "title"):
            if isinstance(comp.get(key), str):
                texts.append(comp[key])
        for option in comp.get("options") or []:
            texts.extend(str(option.get(k, "")) for k in ("label", "description"))
    return [text for text in texts if text]


#: A T&E conflict told with its sides, in Korean ("왕 전쟁(외부 분쟁): 공격 A 님, 방어 B 님") and in
#: Turkish ("kral savaşı: saldıran A, savunan B").
_CONFLICT_TOLD = (
    re.compile(r"(\S+) (반란|전쟁)\((?:내부|외부) 분쟁\): 공격 (.+?) 님, 방어 (.+?) 님"),
    re.compile(r"(\S+) (isyanı|savaşı): saldıran (.+?), savunan ([^.;]+)"),
)


def conflicts_told_twice(text: str) -> list[str]:
    """The conflicts one message tells twice (the same leader, kind and sides), e.g. an event
    and then a pending line repeating it; also the Korean gloss ``(내부 분쟁)`` given twice."""
    seen: set[tuple[str, ...]] = set()
    twice: list[str] = []
    for pattern in _CONFLICT_TOLD:
        for match in pattern.finditer(text):
            key = tuple(part.lower() for part in match.groups())
            if key in seen:
                twice.append(match.group(0))
            seen.add(key)
    for gloss in ("(내부 분쟁)", "(외부 분쟁)"):
        if text.count(gloss) > 1 and not twice:
            twice.append(gloss)
    return twice
