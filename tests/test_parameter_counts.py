"""No function below the use cases takes more than six parameters (issue 40).

A run's parameters travel as one typed value (``RunRequest``, ``RunSetup``, ``Supplied``,
``ReadOptions``, ``Opening``/``Ending``, ``Place``…) from the use case to the call site,
instead of a keyword list each layer repeats. Checked over the AST of ``engine/`` outside
``engine/usecases/`` (the front ends' entry points, whose keywords are their options):
positional and keyword-only parameters count, ``self``/``cls``/``*args``/``**kwargs`` do
not — so that ``**kwargs`` cannot hide a long list, none is allowed there either. There is
no allow-list.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import REPO_ROOT

LIMIT = 6
ENGINE = REPO_ROOT / "engine"


def _counted(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    return [p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs]
            if p.arg not in ("self", "cls")]


def long_signatures(root: Path) -> list[str]:
    """Every function under ``root`` (``usecases/`` aside) with more than LIMIT parameters,
    as ``path:line name (n)``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "usecases" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                n = len(_counted(node))
                if n > LIMIT:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({n})")
    return found


def hidden_keywords(root: Path) -> list[str]:
    """Every function under ``root`` (``usecases/`` aside) that takes ``**kwargs``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "usecases" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.args.kwarg:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
    return found


def test_no_engine_function_below_the_use_cases_takes_more_than_six_parameters() -> None:
    assert long_signatures(ENGINE) == []


def test_no_engine_function_below_the_use_cases_hides_its_keywords() -> None:
    assert hidden_keywords(ENGINE) == []


def test_the_check_finds_a_long_signature(tmp_path: Path) -> None:
    (tmp_path / "usecases").mkdir()
    (tmp_path / "m.py").write_text(
        "class C:\n"
        "    def ok(self, a, b, c, d, e, f, *rest, **more): ...\n"
        "    async def long(self, a, b, c, *, d, e, f, g): ...\n"
        "def keyword_only(a, /, b, *, c, d, e, f, g): ...\n")
    (tmp_path / "usecases" / "u.py").write_text("def option_rich(a, b, c, d, e, f, g): ...\n")
    found = long_signatures(tmp_path)
    assert sorted(f.split(" ", 1)[1] for f in found) == ["keyword_only (7)", "long (7)"]
    assert [f.split(" ", 1)[1] for f in hidden_keywords(tmp_path)] == ["ok"]
