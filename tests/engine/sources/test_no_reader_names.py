"""No code outside the readers and their registry branches on a reader's name (issue 40):
what a format can do is asked of its registry entry, so a format registered by a plugin is
read by every verb. Checked over the AST: a comparison of a registered reader's name with a
file's format (a ``kind``, ``fmt`` or ``format`` value, or what ``detect_format`` returns)."""

from __future__ import annotations

import ast
from pathlib import Path

from gapless.engine.registry import READERS
from tests.support.paths import REPO_ROOT

ALLOWED = ("engine/sources/", "engine/registry.py")
FORMAT_WORDS = ("kind", "fmt", "format")


def _is_format(node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        return name == "detect_format"
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return isinstance(name, str) and any(w in name.lower() for w in FORMAT_WORDS)


def _names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)
                and isinstance(e.value, str)]
    return []


def branches_on_reader_names(root: Path) -> list[str]:
    names = set(READERS.names())
    found = []
    for folder in ("engine", "tui"):
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(ALLOWED):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Compare):
                    continue
                sides = [node.left, *node.comparators]
                said = {n for side in sides for n in _names(side)} & names
                if said and any(_is_format(side) for side in sides):
                    found.append(f"{rel}:{node.lineno} compares a format with {sorted(said)}")
    return found


def test_no_code_outside_the_readers_branches_on_a_readers_name() -> None:
    assert branches_on_reader_names(REPO_ROOT) == []


def test_the_check_sees_such_a_branch(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "tui").mkdir()
    (tmp_path / "engine" / "ingest.py").write_text(
        "def f(path):\n    kind = detect_format(path)\n    if kind == 'codex':\n        return 1\n"
        "    return detect_format(path) in ('claude-code', 'x')\n")
    assert len(branches_on_reader_names(tmp_path)) == 2
