"""engine/store stands on engine.core alone, and its modules import each other without a cycle.

The store is the only code that talks to SQLite, so everything may use it; that only works if
it uses nothing above engine.core (the journal, the run, the front ends).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.support.paths import REPO_ROOT

STORE = REPO_ROOT / "engine" / "store"
THIRD_PARTY = {"aiosqlite", "platformdirs"}  # platformdirs: the default database path only


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


def test_the_store_imports_only_engine_core() -> None:
    for path in sorted(STORE.glob("*.py")):
        for name in _imports(path):
            top = name.split(".")[0]
            ok = (name.startswith(("gapless.engine.core", "gapless.engine.store")) or top in THIRD_PARTY
                  or top in sys.stdlib_module_names or top == "__future__")
            assert ok, f"{path.relative_to(REPO_ROOT)} imports {name}"


def test_the_store_modules_form_no_cycle() -> None:
    graph = {p.stem: {n.removeprefix("gapless.engine.store.") for n in _imports(p)
                      if n.startswith("gapless.engine.store.")}
             for p in STORE.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, "import cycle: " + " -> ".join((*path, node))
        if node in done:
            return
        for nxt in graph.get(node, ()):
            visit(nxt, (*path, node))
        done.add(node)

    for module in graph:
        visit(module, ())
    assert {"db", "writer", "projection"} <= graph.keys()
