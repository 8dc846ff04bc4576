"""The packages import each other one way: no circle between modules (issue 19), counting the
imports a module makes when it is loaded and, since issue 28, the imports inside functions too:
a circle closed by a function's import is only allowed through one of the deliberate lazy loads
of :data:`LAZY`. ``renderers`` never imports ``bot.ui``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "renderers")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


#: The imports inside functions that may close a circle, each a deliberate lazy load:
#: (importer, imported) -> why. Everything else imports one way, in functions as at load time.
LAZY: dict[tuple[str, str], str] = {
    ("bot.ui.items", "bot.cogs.game"): "a lobby button opens the table's thread as /game new does",
    ("bot.ui.translator", "bot.client"): "the translator reads the command cogs of the client "
    "that installs it (the catalogue's command texts)",
}


def _imports(path: Path, modules: set[str], *, in_functions: bool) -> set[str]:
    """Modules of ours that ``path`` imports at load time (top level, not under TYPE_CHECKING),
    and with ``in_functions`` also those imported inside its functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        deep = in_functions or isinstance(node, ast.Try | ast.If)
        for sub in ast.walk(node) if deep else [node]:
            if isinstance(sub, ast.Import):
                found.update(a.name for a in sub.names)
            elif isinstance(sub, ast.ImportFrom) and sub.module and not sub.level:
                found.add(sub.module)
                found.update(f"{sub.module}.{a.name}" for a in sub.names)
    return {name for name in found if name in modules}


def _graph(*, in_functions: bool = False) -> dict[str, set[str]]:
    paths = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    modules = set(paths)
    # A module naming its own package (``from bot.games.targi import cards``) reaches a sibling:
    # Python has already begun loading the package, so that is not a circle.
    return {
        name: {
            m
            for m in _imports(path, modules, in_functions=in_functions)
            if not f"{name}.".startswith(f"{m}.")
        }
        for name, path in paths.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_module_imports_itself_through_others_at_load_time() -> None:
    graph = _graph()
    assert len(graph) > 100
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_no_circle_counting_imports_inside_functions_but_the_deliberate_lazy_loads() -> None:
    graph = _graph(in_functions=True)
    lazy_only = {(name, m) for name, found in graph.items() for m in found - _graph()[name]}
    assert set(LAZY) <= lazy_only, "a listed lazy load is gone or loads at load time: drop it"
    pruned = {name: {m for m in found if (name, m) not in LAZY} for name, found in graph.items()}
    assert _cycle(pruned) is None, " -> ".join(_cycle(pruned) or [])


def test_the_renderers_never_import_the_bots_ui() -> None:
    graph = _graph(in_functions=True)
    reaching = sorted(
        f"{name} -> {m}"
        for name, found in graph.items()
        if name.split(".")[0] == "renderers"
        for m in found
        if m == "bot.ui" or m.startswith("bot.ui.")
    )
    assert reaching == []


def test_the_finder_sees_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
