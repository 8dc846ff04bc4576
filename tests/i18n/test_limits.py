"""Every catalogue text, in English and in every translation, fits where Discord shows it.

The kind of a text is its context: command texts ("command name", "option name",
"description", "choice", see ``bot.ui.translator.CONTEXTS``), button labels ``C_("button", …)``
(80 characters), select menu option labels and descriptions ``C_("option", …)`` (100); every
text fits one message (2000).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import catalog
from bot.ui.translator import CONTEXTS

NAME_CONTEXTS = {"command name", "option name"}
#: The longest text Discord shows for each context.
LIMITS = {"description": 100, "choice": 100, "button": 80, "option": 100}
MESSAGE = 2000


def _texts(lang: str) -> Iterator[tuple[str, str | None, str]]:
    """(domain, context, text) of every entry: the English sources when ``lang`` is "en"."""
    for domain in catalog.DOMAINS:
        for entry in catalog.read("ko" if lang == "en" else lang, domain):
            if not entry.id:
                continue
            source = entry.id if lang == "en" else entry.string
            texts = source if isinstance(source, tuple | list) else (source,)
            for text in texts:
                if text:
                    yield domain, entry.context, text


def _valid_name(name: str) -> bool:
    return (
        1 <= len(name) <= 32
        and all(c.isalnum() or c in "-_" for c in name)
        and name == name.lower()
    )


def test_the_command_contexts_are_the_ones_checked_here() -> None:
    assert set(CONTEXTS.values()) == NAME_CONTEXTS | {"description", "choice"}


@pytest.mark.parametrize("lang", ["en", *catalog.TRANSLATED])
def test_every_text_fits_discords_limit_for_its_kind(lang: str) -> None:
    too_long: list[str] = []
    for domain, context, text in _texts(lang):
        if context in NAME_CONTEXTS and not _valid_name(text):
            too_long.append(f"{domain} {context!r}: {text!r} is not a valid command name")
        limit = LIMITS.get(context or "", MESSAGE)
        if len(text) > limit:
            too_long.append(f"{domain} {context!r}: {len(text)} > {limit}: {text[:60]!r}…")
    assert too_long == []
