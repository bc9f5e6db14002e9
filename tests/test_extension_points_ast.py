"""The extension points are true (issue 40): outside each point's own modules and its
registry, no code branches on a provider's, strategy's or reader's name — callers ask the
entry (``engine.registry``) what it does. Checked over the AST of ``engine/`` and ``tui/``:
a comparison (``==``, ``!=``, ``in``, ``not in``) or a ``match`` case of a registered name
against anything but another literal. The registries' ``"module:attr"`` ties, which the
import graph cannot see, are checked here too: each resolves, and the contracts hold for it.
"""

from __future__ import annotations

import ast
import functools
import importlib
from collections.abc import Iterator

import grimp

from gapless.engine.registry import PROVIDERS, READERS, STRATEGIES
from tests.support.paths import REPO_ROOT

# each point's own modules (and the registry, which every point shares)
OWN = {
    "provider": ("engine/providers/",),
    "strategy": ("engine/strategies/",),
    "reader": ("engine/sources/",),
}
SHARED = ("engine/registry.py",)
# values of other vocabularies that happen to spell a point's name: a node's mode
# (``compact``), an input format asked for (``auto``: detect it), a message's role or a
# content block's type (``text``), a speaker label a rendering shows (``codex``)
OTHER_VOCABULARIES = {
    "provider": set(),
    "strategy": {"mode", "fmt"},
    "reader": {"role", "type", "first"},
}
# Branches a point's registry cannot yet replace, each with why; a row that no longer
# matches anything fails below, so the list cannot go stale.
KNOWN: dict[tuple[str, str], str] = {}


def _names() -> dict[str, set[str]]:
    strategies = set(STRATEGIES.names()) | {a for e in STRATEGIES.entries() for a in e.aliases}
    return {"provider": set(PROVIDERS.names()), "strategy": strategies,
            "reader": set(READERS.names())}


def _literals(node: ast.AST) -> set[str] | None:
    """The strings of a literal (a string, or a tuple, list or set of them); None if the
    node is not a literal."""
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) else set()
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        found = [_literals(e) for e in node.elts]
        if any(f is None for f in found):
            return None
        return set().union(*(f for f in found if f is not None))
    return None


def _subject(node: ast.AST) -> str:
    """What a compared value is called: ``x``, ``a.x``, ``a["x"]``, ``a.get("x")``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    key = node.slice if isinstance(node, ast.Subscript) else \
        node.args[0] if isinstance(node, ast.Call) and node.args else None
    return str(key.value) if isinstance(key, ast.Constant) else ""


def _branches(tree: ast.AST | list[ast.AST], names: set[str], other: set[str]
              ) -> Iterator[tuple[int, str]]:
    """(line, name) of every comparison or match case on one of ``names`` (not of a
    value called one of ``other``)."""
    for node in tree if isinstance(tree, list) else ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            subjects = [s for s in sides if _literals(s) is None]
            if not subjects or all(_subject(s) in other for s in subjects):
                continue
            for side in sides:
                for name in sorted((_literals(side) or set()) & names):
                    yield node.lineno, name
        elif isinstance(node, ast.Match) and _subject(node.subject) not in other:
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue):
                        for name in sorted((_literals(sub.value) or set()) & names):
                            yield sub.lineno, name


class _Inline(ast.NodeTransformer):
    """Module-level constants of literals (``HTTP = ("a", "b")``) put in place of their
    names, so ``x in HTTP`` is seen as the comparison of literals it is."""

    def __init__(self, tree: ast.Module) -> None:
        self.constants: dict[str, ast.expr] = {}
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) and \
                len(node.targets) == 1 else node.target if isinstance(node, ast.AnnAssign) \
                else None
            value = getattr(node, "value", None)
            if isinstance(target, ast.Name) and value is not None and \
                    _literals(value) is not None:
                self.constants[target.id] = value

    def visit_Name(self, node: ast.Name) -> ast.expr:
        found = self.constants.get(node.id) if isinstance(node.ctx, ast.Load) else None
        return ast.copy_location(found, node) if found is not None else node


def _parse(text: str) -> ast.Module:
    tree = ast.parse(text)
    inlined: ast.Module = _Inline(tree).visit(tree)
    return inlined


@functools.cache
def _found() -> dict[tuple[str, str], list[str]]:
    names = _names()
    out: dict[tuple[str, str], list[str]] = {}
    for root in ("engine", "tui"):
        for path in sorted((REPO_ROOT / root).rglob("*.py")):
            rel = path.relative_to(REPO_ROOT).as_posix()
            tree = [n for n in ast.walk(_parse(path.read_text(encoding="utf-8")))
                    if isinstance(n, ast.Compare | ast.Match)]
            for point, own in OWN.items():
                if rel.startswith(own + SHARED):
                    continue
                for line, name in _branches(tree, names[point], OTHER_VOCABULARIES[point]):
                    out.setdefault((rel, point), []).append(f"{rel}:{line} {name!r}")
    return out


def test_no_caller_branches_on_an_extension_points_name() -> None:
    found = _found()
    unexpected = [hit for key, hits in found.items() if key not in KNOWN for hit in hits]
    assert not unexpected, ("ask the registry entry instead of the name:\n"
                            + "\n".join(unexpected))


def test_the_known_reader_exceptions_are_still_there() -> None:
    """A row of KNOWN whose branches are gone is stale: remove it."""
    stale = [key for key in KNOWN if key not in _found()]
    assert not stale, f"no longer branching, remove from KNOWN: {stale}"


def test_the_check_sees_a_branch() -> None:
    """The scan is not blind: each shape of a name branch is found, literals alone are not."""
    code = ('if settings.provider == "openai": pass\n'
            'if run.strategy in ("tree", "x"): pass\n'
            'match fmt:\n    case "codex": pass\n'
            'if "a" == "openai": pass\n'
            'if node.mode == "compact": pass\n'
            'HTTP = ("openai", "x")\n'
            'if settings.provider in HTTP: pass\n')
    names = {"openai", "tree", "codex", "compact"}
    assert sorted(_branches(_parse(code), names, {"mode"})) == [
        (1, "openai"), (2, "tree"), (4, "codex"), (8, "openai")]


def _ties() -> Iterator[tuple[str, str, str]]:
    """(entry, field, "module:attr") of every string tie in the three registries."""
    for registry in (PROVIDERS, STRATEGIES, READERS):
        for entry in registry.entries():
            for name in ("build", "run", "plan", "rerun", "reads_file", "detect", "read",
                         "render"):
                target = getattr(entry, name, None)
                if isinstance(target, str):
                    yield entry.name, name, target


def test_every_tie_resolves_and_the_contracts_see_it() -> None:
    """A tie names a callable of the engine, and what it imports keeps the engine's
    contract (no front end, no Textual, no rich): loading it late loads nothing forbidden."""
    graph = grimp.build_graph("gapless", include_external_packages=True,
                              exclude_type_checking_imports=True)
    ties = list(_ties())
    assert len(ties) >= 15  # every built-in entry's code, at least
    for entry, field, target in ties:
        module, _, attr = target.partition(":")
        assert callable(getattr(importlib.import_module(module), attr)), (entry, field)
        assert module.startswith("gapless.engine."), (entry, field, module)
        for forbidden in ("gapless.tui", "textual", "rich"):
            assert forbidden not in graph.modules or not graph.chain_exists(
                module, forbidden, as_packages=True), (entry, field, forbidden)
