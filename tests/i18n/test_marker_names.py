"""The marker ``_`` stays the marker: a function that calls ``_("…")`` must not also bind ``_``
as a throwaway name (``for _ in …``, ``a, _, b = …``): Python then makes ``_`` local to the
whole function and the call fails with "'int' object is not callable"."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _binds_underscore(function: ast.AST) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            return True
    return False


def _calls_marker(function: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
        for node in ast.walk(function)
    )


def test_no_function_both_calls_the_marker_and_binds_underscore() -> None:
    bad: list[str] = []
    for pattern in ("bot/**/*.py", "renderers/**/*.py"):
        for path in ROOT.glob(pattern):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    _binds_underscore(node) and _calls_marker(node)
                ):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert bad == []
