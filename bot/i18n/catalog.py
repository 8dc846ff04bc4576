"""The gettext catalogues: where they live, which code each domain covers, loading them.

Each domain is one ``.po`` file per language, covering the source files listed in
:data:`DOMAINS`, so that people translating different parts of the bot never edit one file.
The template of a domain is ``data/locale/<domain>.pot``. At first use a language's ``.po``
files are read with babel, compiled in memory and merged into one catalogue.
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.games.datafiles import data_dir
from bot.i18n import DEFAULT, LANGUAGES, PSEUDO

__all__ = ["DOMAINS", "TRANSLATED", "gettext", "locale_dir", "ngettext", "po_path", "read"]

#: The languages with catalogues (English is the source and has none).
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT)

#: Each domain and the source files (globs from the repository root) whose texts it holds.
#: A file belongs to the first domain that lists it.
DOMAINS: dict[str, tuple[str, ...]] = {
    # slash command names, descriptions, options and choices (app_commands.Translator)
    # (collected from the command tree), and the replies of the game cogs
    "commands": (
        "bot/cogs/__init__.py",
        "bot/cogs/game.py",
        "bot/cogs/play.py",
        "bot/cogs/pbp.py",
        "bot/cogs/tigris.py",
        "bot/cogs/settings.py",
        "bot/client.py",
        "bot/ui/translator.py",
    ),
    # engine events and refusal reasons, the service's refusals, the status line, hands,
    # results, /rules, card and space names (collected from the data)
    "engine": (
        "bot/games/**/*.py",
        "bot/presenters.py",
        "bot/titles/*.py",
        "bot/pbp/log.py",
        "bot/service/*.py",
        "bot/pbp/usecases.py",
    ),
    # replies, errors, buttons, menus, lobby, reminders and timer warnings
    "ui": (
        "bot/ui/errors.py",
        "bot/ui/lobby.py",
        "bot/ui/boards.py",
        "bot/ui/catchup.py",
        "bot/ui/final.py",
        "bot/ui/menus.py",
        "bot/ui/publish.py",
        "bot/ui/status.py",
        "bot/ui/items.py",
        "bot/ui/pbp.py",
        "bot/ui/ai.py",
        "bot/ui/replays.py",
        "bot/replays.py",
        "bot/review.py",
        "bot/review_*.py",
        "bot/ui/review.py",
        "bot/ui/images.py",
        "bot/ui/lang.py",
        "bot/ui/labels.py",
        "bot/ui/labels_*.py",
        "bot/pbp/scheduler.py",
        "bot/ai/seats.py",
        "bot/ai/turns.py",
    ),
    # leagues, ratings, leaderboards
    "leagues": (
        "bot/cogs/leagues.py",
        "bot/cogs/ratings.py",
        "bot/leagues/*.py",
        "bot/ratings/*.py",
        "bot/ui/leagues/*.py",
        "bot/ui/ratings.py",
    ),
    # statistics of finished games (/stats)
    "stats": ("bot/cogs/stats.py", "bot/stats.py", "bot/ui/stats.py"),
    # every word drawn in an image
    "images": ("renderers/*.py",),
}


def locale_dir() -> Path:
    """``data/locale``: the templates and each language's catalogues."""
    return data_dir() / "locale"


def po_path(lang: str, domain: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog:
    """One domain's catalogue of ``lang`` as babel reads it (empty if the file is missing)."""
    path = po_path(lang, domain)
    if not path.is_file():
        return Catalog(locale=lang, domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


class _Pseudo(_gettext.NullTranslations):
    """Marks every text: ``⟦source⟧`` (placeholders kept, so parameters land inside)."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The merged catalogue of ``lang``: English (and unknown languages) translate nothing."""
    if lang == PSEUDO:
        return _Pseudo()
    merged: _gettext.NullTranslations = _gettext.NullTranslations()
    if lang not in TRANSLATED:
        return merged
    for domain in DOMAINS:
        catalog = read(lang, domain)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)  # fuzzy and empty entries are left out
        buffer.seek(0)
        compiled = _gettext.GNUTranslations(buffer)
        if isinstance(merged, _gettext.GNUTranslations):
            merged._catalog.update(  # type: ignore[attr-defined]
                {k: v for k, v in compiled._catalog.items() if k != ""}  # type: ignore[attr-defined]
            )
        else:
            merged = compiled
    return merged


def gettext(lang: str, msgid: str, context: str | None = None) -> str:
    tr = translations(lang)
    return tr.pgettext(context, msgid) if context else tr.gettext(msgid)


def ngettext(lang: str, singular: str, plural: str, count: int, context: str | None = None) -> str:
    tr = translations(lang)
    if context:
        return tr.npgettext(context, singular, plural, count)
    return tr.ngettext(singular, plural, count)
