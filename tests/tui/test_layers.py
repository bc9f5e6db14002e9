"""How the front ends may import: the engine only through its public surface (plus the event
and state types), and the workbench's modules one way (no screen imports the app)."""

from __future__ import annotations

import ast
from pathlib import Path

from gapless import tui

TUI = Path(tui.__file__).parent
# the public surface, and the event and state types themselves (run_info: the typed
# details a RunStarted carries)
ALLOWED_ENGINE = {"gapless.engine"} | {f"gapless.engine.core.{m}" for m in (
    "events", "state", "spans", "transcript", "run_info")}


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (functions and TYPE_CHECKING too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
            if node.module == "gapless":  # from gapless import engine
                out.update(f"gapless.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def module_of(path: Path) -> str:
    parts = ("gapless", *path.relative_to(TUI.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {module_of(p): imports(p) for p in sorted(TUI.rglob("*.py"))}


def test_the_front_ends_use_at_most_the_public_engine_modules() -> None:
    used = {m for deps in SOURCES.values() for m in deps
            if m == "gapless.engine" or m.startswith("gapless.engine.")}
    assert used <= ALLOWED_ENGINE, sorted(used - ALLOWED_ENGINE)
    assert len(used) <= 6


def test_no_screen_widget_or_view_model_imports_the_app() -> None:
    below = {m: deps for m, deps in SOURCES.items()
             if m.startswith(tuple(f"gapless.tui.{m}" for m in (
                 "screens", "widgets", "viewmodel", "launcher", "messages", "workbench")))}
    assert below
    for module, deps in below.items():
        assert "gapless.tui.app" not in deps, module


def test_the_layers_point_one_way() -> None:
    """viewmodel <- widgets <- screens <- app; the view model holds no Textual."""
    for module, deps in SOURCES.items():
        if module.startswith("gapless.tui.viewmodel"):
            assert not any(d.startswith("textual") or (d.startswith("gapless.tui.")
                           and not d.startswith("gapless.tui.viewmodel")) for d in deps), module
        if module.startswith("gapless.tui.widgets"):
            assert not any(d.startswith(("gapless.tui.screens", "gapless.tui.launcher"))
                           for d in deps), module
        if module in ("gapless.tui.launcher", "gapless.tui.messages", "gapless.tui.workbench"):
            assert not any(d.startswith("gapless.tui.screens") for d in deps), module


def test_every_screen_has_its_stylesheet_beside_it() -> None:
    from textual.screen import Screen

    import gapless.tui.app  # noqa: F401  (imports every screen)

    def subclasses(cls: type) -> list[type]:
        return [c for s in cls.__subclasses__() for c in (s, *subclasses(s))]

    ours = [c for c in subclasses(Screen) if c.__module__.startswith("gapless.tui.screens")]
    assert len(ours) >= 7
    for cls in ours:
        assert cls.CSS_PATH, cls.__name__
        module = Path(__import__(cls.__module__, fromlist=["_"]).__file__ or "")
        css = Path(str(cls.CSS_PATH))
        assert css.is_file() and css.parent == module.parent, cls.__name__


def test_the_mcp_server_is_a_front_end_of_its_own() -> None:
    """gapless.tui.mcp serves the tools; only the `gapless mcp` command (tui.cli.mcp) starts it, and
    it needs nothing of the command line's modules."""
    for module, deps in SOURCES.items():
        if module.startswith("gapless.tui.mcp"):
            assert not any(d.startswith("gapless.tui.cli") for d in deps), module
        elif module.startswith("gapless.tui.cli") and module != "gapless.tui.cli.mcp":
            assert not any(d.startswith("gapless.tui.mcp") for d in deps), module
