"""The language core: texts render in each language, catalogues are complete and consistent,
and every message the code marks can be found by the extractor."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot import i18n
from bot.i18n import C_, N_, _, catalog, extract, listing
from bot.i18n.grammar import FORMATTER

ROOT = Path(__file__).resolve().parents[2]


def test_english_is_the_source_text_with_its_parameters() -> None:
    text = _("{player} placed a {colour} tile", player="Ann", colour=_("red"))
    assert str(text) == "Ann placed a red tile"
    assert text.render("en") == "Ann placed a red tile"


def test_counted_messages_choose_the_english_plural() -> None:
    assert str(N_("{n} hour", "{n} hours", 1)) == "1 hour"
    assert str(N_("{n} hour", "{n} hours", 5)) == "5 hours"


def test_pseudo_locale_marks_every_catalogue_text_and_keeps_parameters_inside() -> None:
    text = _("Waiting for {who}", who=listing(["Ann", _("the AI")]))
    assert text.render(i18n.PSEUDO) == "⟦Waiting for ⟦Ann and ⟦the AI⟧⟧⟧"
    assert C_("button", "Join").render(i18n.PSEUDO) == "⟦Join⟧"


def test_lists_are_joined_the_languages_way() -> None:
    names = listing(["Ann", "Bo", "Cem"])
    assert i18n.render(names, "en") == "Ann, Bo, and Cem"
    assert i18n.render(names, "tr") == "Ann, Bo ve Cem"
    assert i18n.render(names, "ko") == "Ann, Bo와 Cem"
    assert i18n.render(listing(["Alice 님", "Bob 님"]), "ko") == "Alice 님과 Bob 님"


def test_a_command_is_a_clickable_mention_in_english_and_the_readers_own_name_elsewhere() -> None:
    """Discord shows a mention under its English name in every client: only English gets one."""
    i18n.COMMAND_IDS.update({"move": 41, "game new": 42})
    try:
        text = _(
            "No open games in this server. Start one with {command}.",
            command=i18n.command("game new"),
        )
        assert text.render("en").endswith("Start one with </game new:42>.")
        assert i18n.command("move").render("ko") == "`/행동`"
        assert i18n.command("move").render("tr") == "`/hamle`"
        assert "`/게임 만들기` 명령어로" in text.render("ko")
        assert "`/oyun yeni` ile" in text.render("tr")
    finally:
        i18n.COMMAND_IDS.clear()
    assert i18n.command("back").render("en") == "/back"
    assert i18n.command("back").render("tr") == "`/döndüm`"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("ko", "ko"),
        ("tr", "tr"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("pt-BR", "en"),
        (None, "en"),
        ("KO", "ko"),
        ("qps", "qps"),
    ],
)
def test_discord_locales_map_to_a_language_with_a_catalogue(locale: object, lang: str) -> None:
    assert i18n.normalize(locale) == lang


def test_placeholders_are_the_named_format_fields() -> None:
    assert extract.placeholders("{player} scored {n:,} points, {a.b}") == {"player", "n", "a"}
    assert extract.placeholders("{{literal}} braces") == set()


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    assert extract.problems(lang) == []


def test_committed_templates_match_the_code() -> None:
    """`python -m bot.i18n extract` was run after the last change of a message."""
    for domain in catalog.DOMAINS:
        wanted = {(m.id, m.context) for m in extract.template(domain) if m.id}
        path = catalog.locale_dir() / f"{domain}.pot"
        from babel.messages.pofile import read_po

        with path.open("rb") as handle:
            committed = {(m.id, m.context) for m in read_po(handle) if m.id}
        assert wanted == committed, f"run `python -m bot.i18n extract` ({domain})"


def _marker_calls(tree: ast.AST) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"_", "C_", "N_"}
    ]


def test_every_marked_message_is_a_literal_the_extractor_can_read() -> None:
    """babel skips ``_(variable)`` silently: such a text would never be translated."""
    literal_args = {"_": 1, "C_": 2, "N_": 2}
    bad: list[str] = []
    for pattern in ("bot/**/*.py", "renderers/**/*.py"):
        for path in ROOT.glob(pattern):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for call in _marker_calls(tree):
                name = call.func.id  # type: ignore[attr-defined]
                args = call.args[: literal_args[name]]
                if len(args) < literal_args[name] or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
                ):
                    bad.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert bad == []


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
def test_every_catalogue_entry_is_what_a_text_renders(lang: str) -> None:
    """The merged catalogue of a language gives each domain's translation back."""
    for domain in catalog.DOMAINS:
        for entry in catalog.read(lang, domain):
            if not entry.id or not entry.string or entry.fuzzy or isinstance(entry.id, tuple):
                continue
            params = {name: f"<{name}>" for name in extract.placeholders(entry.id)}
            text = i18n.Text(entry.id, tuple(sorted(params.items())), context=entry.context)
            assert text.render(lang) == FORMATTER.format(entry.string, **params)


@pytest.mark.parametrize("lang", catalog.TRANSLATED)
def test_a_message_in_two_domains_has_one_translation(lang: str) -> None:
    """The domains merge into one catalogue: two translations of one text would make the
    shown one depend on the order of the domains."""
    seen: dict[tuple[object, object], tuple[str, object]] = {}
    clashes = []
    for domain in catalog.DOMAINS:
        for entry in catalog.read(lang, domain):
            if not entry.id:
                continue
            key = (entry.id if isinstance(entry.id, str) else tuple(entry.id), entry.context)
            value = entry.string if isinstance(entry.string, str) else tuple(entry.string)
            first = seen.setdefault(key, (domain, value))
            if first[1] != value:
                clashes.append(f"{key[0]!r}: {first} vs {(domain, value)}")
    assert clashes == []
