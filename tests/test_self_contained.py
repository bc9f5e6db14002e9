"""A clone with nothing beside it runs every test: no test names a path outside the checkout.

The material the tests read lives in tests/data; a path that climbs out of the repository
(`../shared`, an absolute `/work/...`, a `parents[N]` above the root) would pass here and fail
for every user, so it is refused by reading the tests' own source.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.paths import REPO_ROOT, TEST_DATA

TESTS = REPO_ROOT / "tests"
OUTSIDE = re.compile(r"\.\./shared\b|^/work/|(^|/)shared/data\b")


def _depth(path: Path) -> int:
    """How many `parents` steps lead from this file to the repository root."""
    return len(path.relative_to(REPO_ROOT).parts) - 1


def outside_paths(path: Path) -> list[str]:
    """Each string or `parents[N]` in one test file that points outside the checkout."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if OUTSIDE.search(node.value) and "\n" not in node.value:
                found.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: {node.value!r}")
        elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
              and node.value.attr == "parents" and isinstance(node.slice, ast.Constant)
              and isinstance(node.slice.value, int) and node.slice.value > _depth(path)):
            found.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: parents[{node.slice.value}]")
        elif (isinstance(node, ast.Attribute) and node.attr == "parent"
              and isinstance(node.value, ast.Subscript)
              and isinstance(node.value.value, ast.Attribute)
              and node.value.value.attr == "parents"
              and isinstance(node.value.slice, ast.Constant)
              and node.value.slice.value == _depth(path)):
            found.append(f"{path.relative_to(REPO_ROOT)}:{node.lineno}: parents[..].parent")
    return found


def test_no_test_names_a_path_outside_the_checkout() -> None:
    files = [p for p in TESTS.rglob("*.py")
             if TEST_DATA not in p.parents and p != Path(__file__).resolve()]
    assert len(files) > 100
    assert [hit for p in files for hit in outside_paths(p)] == []


def test_the_check_finds_each_way_out(tmp_path: Path) -> None:
    probe = TESTS / "engine" / "_probe_outside.py"
    probe.write_text(
        'from pathlib import Path\n'
        'A = Path(__file__).resolve().parents[3].parent / "x"\n'
        'F = Path(__file__).resolve().parents[2].parent\n'
        'B = Path("../shared/data/logs")\n'
        'C = "/work/shared/data"\n'
        'D = Path(__file__).resolve().parents[4]\n'
        'E = Path(__file__).resolve().parents[2] / "tests" / "data"\n', encoding="utf-8")
    try:
        hits = outside_paths(probe)
    finally:
        probe.unlink()
    assert sorted(h.split(": ", 1)[1] for h in hits) == sorted(
        ["parents[3]", "parents[..].parent", "'../shared/data/logs'", "'/work/shared/data'",
         "parents[4]"])
