"""Refreshing the catalogues from the code, and checking them.

:func:`extract` finds every literal message of ``_``, ``C_`` and ``N_`` calls in each domain's
files (plus the texts a domain collects another way, see :data:`COLLECTORS`), writes the
domain's template ``data/locale/<domain>.pot`` and brings each language's ``.po`` up to date
(new messages empty, vanished ones dropped, translations kept). :func:`problems` lists what a
complete catalogue must not have: a missing or empty translation, a fuzzy one, or placeholders
that differ from the source's.
"""

from __future__ import annotations

import importlib
import re
import string
from collections.abc import Callable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from bot.games.datafiles import CHECKOUT
from bot.i18n import catalog, grammar

__all__ = ["COLLECTORS", "KEYWORDS", "extract", "placeholders", "problems", "template"]

#: The marker functions, as babel reads them: message, context and plural argument positions.
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "C_": ((1, "c"), 2),
    "N_": (1, 2),
}

#: Texts a domain holds that are not ``_()`` calls in its files (command definitions, read
#: from the command tree): each yields (message, context) pairs.
COLLECTORS: dict[str, Callable[[], Iterator[tuple[str, str | None]]]] = {}
#: The modules that register a collector when imported (imported before a template is made).
COLLECTOR_MODULES: tuple[str, ...] = ("bot.ui.translator",)


def _engine_data_names() -> Iterator[tuple[str, str | None]]:
    from bot.presenters import data_names  # the engine domain's names from the game data

    yield from data_names()


COLLECTORS["engine"] = _engine_data_names

_FIELD = re.compile(r"[^{}]+")


def placeholders(text: str) -> set[str]:
    """The ``str.format`` field names of ``text`` (``{player}``, ``{n:,}`` → player, n)."""
    names: set[str] = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


def _specs(text: str) -> set[str]:
    """The format specs of ``text``'s placeholders."""
    return {spec for _l, name, spec, _c in string.Formatter().parse(text) if name and spec}


def _files(domain: str) -> list[Path]:
    seen: set[Path] = set()
    for earlier, patterns in catalog.DOMAINS.items():
        matched = sorted({path for pattern in patterns for path in CHECKOUT.glob(pattern)})
        if earlier == domain:
            return [path for path in matched if path not in seen]
        seen.update(matched)
    raise KeyError(domain)


def template(domain: str) -> Catalog:
    """Every message of ``domain`` as the code has it now."""
    pot = Catalog(domain=domain, project="boardbot", fuzzy=False)
    for path in _files(domain):
        where = str(path.relative_to(CHECKOUT))
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            pot.add(message, locations=[(where, lineno)], auto_comments=comments, context=context)
    for module in COLLECTOR_MODULES:
        importlib.import_module(module)
    collector = COLLECTORS.get(domain)
    if collector is not None:
        for message, context in collector():
            pot.add(message, context=context)
    return pot


def _write(path: Path, cat: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        # No line numbers and sorted entries: an edit elsewhere in a file changes nothing here.
        write_po(handle, cat, width=100, omit_header=False, sort_output=True, include_lineno=False)


def _entries(cat: Catalog) -> set[tuple[object, object, tuple[str, ...]]]:
    return {
        (
            m.id if isinstance(m.id, str) else tuple(m.id),
            m.context,
            tuple(sorted({path for path, _line in m.locations})),
        )
        for m in cat
        if m.id
    }


def extract() -> None:
    """Write every domain's template and update every language's catalogue from it.

    A domain whose messages did not change is left untouched (not even its date), so that
    people extracting on different branches only ever change the domains they worked on."""
    for domain in catalog.DOMAINS:
        pot = template(domain)
        pot_path = catalog.locale_dir() / f"{domain}.pot"
        if pot_path.is_file():
            with pot_path.open("rb") as handle:
                if _entries(read_po(handle)) == _entries(pot):
                    continue
        _write(pot_path, pot)
        for lang in catalog.TRANSLATED:
            current = catalog.read(lang, domain)
            current.update(pot, no_fuzzy_matching=True)
            current.obsolete.clear()
            _write(catalog.po_path(lang, domain), current)


def problems(lang: str) -> list[str]:
    """What keeps ``lang``'s catalogues from being complete and safe, one line each."""
    found: list[str] = []
    for domain in catalog.DOMAINS:
        current = catalog.read(lang, domain)
        for message in template(domain):
            if not message.id:
                continue
            where = f"{lang}/{domain}: {message.id!r}"
            entry = current.get(message.id, context=message.context)
            if (
                entry is None
                or not entry.string
                or (isinstance(entry.string, tuple) and not all(entry.string))
            ):
                found.append(f"{where} is not translated")
                continue
            if entry.fuzzy:
                found.append(f"{where} is fuzzy")
            sources = tuple(message.id) if isinstance(message.id, tuple | list) else (message.id,)
            wanted = set().union(*(placeholders(text) for text in sources))
            targets = (
                tuple(entry.string) if isinstance(entry.string, tuple | list) else (entry.string,)
            )
            for target in targets:
                got = placeholders(target)
                # A language without plural forms may leave {n} out of "one"; nothing else.
                if got - wanted or (wanted - got) - {"n"}:
                    found.append(f"{where}: placeholders {sorted(got)} ≠ {sorted(wanted)}")
                for spec in _specs(target) - set().union(*(_specs(text) for text in sources)):
                    if not grammar.is_ending(spec):
                        found.append(f"{where}: {{…:{spec}}} is no particle or suffix")
    return found


def _card_texts() -> Iterator[tuple[str, str | None]]:
    """The texts from the game data drawn in the images (each title's ``drawing.image_texts``)."""
    from bot import titles

    for title in titles.titles():
        if title.drawing.image_texts is not None:
            yield from importlib.import_module(title.drawing.image_texts).card_texts()


COLLECTORS["images"] = _card_texts
