"""The house rules, measured from the code's own imports (grimp, as import-linter uses).

`lint-imports` checks the contracts in pyproject.toml; these tests add what a contract
cannot say: no cycle between any two modules, how many modules stand at the engine's top
level, and how many engine modules the front ends reach into.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import grimp

from tests.support.paths import REPO_ROOT


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("gapless", exclude_type_checking_imports=True)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph.modules:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_cycles_between_any_modules() -> None:
    assert _cycles(_graph()) == []


def test_cycle_finder_sees_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == [["p.a", "p.b"]]


def test_engine_top_level_is_small() -> None:
    top = [p.name for p in (REPO_ROOT / "engine").glob("*.py")]
    assert len(top) <= 14, sorted(top)


def _engine_modules_imported_by_tui() -> set[str]:
    """Every engine module named by an import anywhere in tui/ (inside functions too)."""
    found: set[str] = set()
    for path in (REPO_ROOT / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "gapless":
                names = [f"gapless.{a.name}" for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            found.update(n for n in names
                         if n == "gapless.engine" or n.startswith("gapless.engine."))
    return found


def test_front_ends_reach_the_engine_through_few_modules() -> None:
    used = _engine_modules_imported_by_tui()
    assert "gapless.engine" in used
    assert len(used) <= 6, sorted(used)


def test_every_package_says_what_lives_there() -> None:
    for top in ("engine", "tui"):
        for init in (REPO_ROOT / top).rglob("__init__.py"):
            doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
            assert doc and len(re.findall(r"\w+", doc)) >= 8, f"{init} needs a docstring"


# What only the engine's use cases (engine.usecases) may hold: the store, its writer, and the
# verbs that need an open store. A front end reads through ``open_records`` and starts runs
# through the use cases, so it never opens a store or an event writer itself.
STORE_WIRING = frozenset({
    "Store", "EventWriter", "RunMeta", "read_summary", "compact_conversation",
    "summarize_stored", "summarize_journal", "summarize_group", "plan_run", "rerun_scope",
    "why_report", "verify_runs", "run_for_group", "build_rollup", "rollups", "ingest",
})


def store_wiring(root: Path) -> list[str]:
    """Where a module under ``root`` imports a name of :data:`STORE_WIRING` from the engine
    (type hints and function bodies too), reaches it as ``engine.NAME``, imports
    ``gapless.engine.store`` or calls ``Store.open``."""
    offenders = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gapless.engine"):
                names = [a.name for a in node.names]
                if (node.module or "").startswith("gapless.engine.store"):
                    names.append(node.module or "")
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("gapless.engine.store")]
            elif isinstance(node, ast.Attribute):
                if isinstance(node.value, ast.Name) and node.value.id == "engine":
                    names = [node.attr]
                owner = getattr(node.value, "id", None) or getattr(node.value, "attr", None)
                if node.attr == "open" and owner == "Store":
                    names = ["Store.open"]
            offenders += [f"{path.relative_to(root.parent)}:{node.lineno} {n}"
                          for n in names if n in STORE_WIRING or n.startswith("gapless.engine.store")
                          or n == "Store.open"]
    return sorted(offenders)


def test_the_front_ends_open_no_store_and_wire_no_stored_run() -> None:
    """Every stored run is started, and every stored record read, through the engine's use
    cases: no module under tui/ imports the store or an event writer, opens a store, or
    calls a verb that needs an open store."""
    assert store_wiring(REPO_ROOT / "tui") == []


def test_the_store_wiring_check_sees_a_front_end_that_opens_a_store(tmp_path: Path) -> None:
    front = tmp_path / "tui"
    front.mkdir()
    (front / "typed.py").write_text(
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from gapless.engine import Store\n", encoding="utf-8")
    (front / "opens.py").write_text(
        "from gapless import engine\n\n"
        "async def f(db):\n"
        "    store = await engine.Store.open(db)\n"
        "    from gapless.engine import EventWriter, open_records\n", encoding="utf-8")
    (front / "reads.py").write_text(
        "from gapless.engine import open_records\n\n"
        "async def f(db):\n"
        "    async with open_records(db) as records:\n"
        "        return await records.rollups(None, None, False)\n", encoding="utf-8")
    assert store_wiring(front) == [
        "tui/opens.py:4 Store", "tui/opens.py:4 Store.open", "tui/opens.py:5 EventWriter",
        "tui/typed.py:4 Store"]
