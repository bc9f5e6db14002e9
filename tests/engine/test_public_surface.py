"""The engine's public surface (``engine/__init__.py``) is pinned: what the front ends may use
is exactly this list, every name in it is importable, nothing else is exported by accident,
and no module inside the engine imports the package's own names (which would be a cycle)."""

from __future__ import annotations

import ast
import importlib
import re
import types
from pathlib import Path

from gapless import engine

MAX_NAMES = 70
REPO = Path(engine.__file__).resolve().parents[1]
# the verbs' lower levels, which the use cases wrap: public once, at the use cases' level
LOWER_LEVELS = {"summarize_stored", "summarize_transcript", "summarize_path", "rerun_scope",
                "verify_runs", "summarize_journal", "summarize_group", "read_summary",
                "compact_conversation", "plan_run", "Store", "EventWriter"}


def _used_by_front_ends() -> set[str]:
    """The public names tui/ imports (``from gapless.engine import …``, ``engine.X``)."""
    used: set[str] = set()
    for path in (REPO / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "gapless.engine":
                used.update(a.name for a in node.names)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "engine":
                used.add(node.attr)
    return used


ENGINE = Path(engine.__file__).parent


def test_the_names_are_declared_once_and_each_is_needed() -> None:
    """``__all__`` is the TYPE_CHECKING block's names; each is used by a front end or named
    by a recipe in docs/architecture.md; there are at most MAX_NAMES of them."""
    declared = list(engine._homes())
    assert engine.__all__ == [*declared, "__version__"]
    assert len(set(declared)) == len(declared) and len(engine.__all__) <= MAX_NAMES
    recipes = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    used = _used_by_front_ends()
    unneeded = [n for n in engine.__all__
                if n not in used and not re.search(rf"\b{n}\b", recipes)]
    assert unneeded == []


def test_each_verb_is_public_once_at_the_use_cases_level() -> None:
    assert not LOWER_LEVELS & set(engine.__all__)
    for name in ("summarize_file", "rerun_stored", "verify_stored", "read_stored",
                 "compact_stored", "plan_file"):
        assert getattr(engine, name).__module__.startswith("gapless.engine.usecases."), name


def test_every_exported_name_is_importable() -> None:
    namespace: dict[str, object] = {}
    exec("from gapless.engine import *", namespace)
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
        assert name in namespace, name


def test_nothing_else_is_exported_by_accident() -> None:
    public = {name for name, value in vars(engine).items()
              if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert public <= set(engine.__all__)


def test_each_name_comes_from_its_home_module() -> None:
    """A name is re-exported, never redefined here: the object is the module's own."""
    for name, (module, attr) in engine._homes().items():
        assert getattr(engine, name) is getattr(importlib.import_module(module), attr)


def test_no_engine_module_imports_the_package_itself() -> None:
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path == ENGINE / "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            package = (isinstance(node, ast.ImportFrom) and node.level == 0
                       and node.module == "engine")
            whole = isinstance(node, ast.Import) and any(a.name == "engine" for a in node.names)
            if package or whole:
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}")
    assert offenders == []
