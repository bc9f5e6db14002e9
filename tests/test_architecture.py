"""The house rules, measured from the code's own imports (grimp, as import-linter uses).

`lint-imports` checks the contracts in pyproject.toml; these tests add what a contract
cannot say: no cycle between any two modules, how many modules stand at the engine's top
level, and how many engine modules the front ends reach into.
"""

from __future__ import annotations

import ast
import re

import grimp

from tests.support.paths import REPO_ROOT


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("engine", "tui", exclude_type_checking_imports=True)


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
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            found.update(n for n in names if n == "engine" or n.startswith("engine."))
    return found


def test_front_ends_reach_the_engine_through_few_modules() -> None:
    used = _engine_modules_imported_by_tui()
    assert "engine" in used
    assert len(used) <= 6, sorted(used)


def test_every_package_says_what_lives_there() -> None:
    for top in ("engine", "tui"):
        for init in (REPO_ROOT / top).rglob("__init__.py"):
            doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
            assert doc and len(re.findall(r"\w+", doc)) >= 8, f"{init} needs a docstring"


def test_the_front_ends_wire_no_stored_run_themselves() -> None:
    """Read, compaction and chunked runs are started through the engine's use cases
    (engine.usecases), which keep their events: no module under tui/ makes an event writer
    or runs a read or a compaction itself."""
    wiring = {"EventWriter", "read_summary", "compact_conversation", "RunMeta"}
    offenders = []
    for path in sorted((REPO_ROOT / "tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names]
                     if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                         "engine") else
                     [node.attr] if isinstance(node, ast.Attribute) and isinstance(
                         node.value, ast.Name) and node.value.id == "engine" else [])
            offenders += [f"{path.relative_to(REPO_ROOT)}:{node.lineno} {n}"
                          for n in names if n in wiring]
    assert offenders == []
