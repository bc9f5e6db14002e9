"""SQL is parameterised everywhere: no value is ever formatted into an SQL string.

Every ``execute``/``executemany`` whose SQL is built with an f-string or concatenation may
only splice in names from a short allow-list of constants and placeholder lists, never a
variable that could carry user input.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT
# Names allowed inside SQL f-strings: column lists, WHERE clauses built from fixed clause
# strings, "?, ?, ?" placeholder lists and the migration number (an int from our own table).
SAFE = {"RUN_COLUMNS", "where", "marks", "number", "sql"}


def _sql_calls() -> list[tuple[Path, ast.Call]]:
    out = []
    for folder in ("engine", "tui"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in ("execute", "executemany", "executescript")
                        and node.args):
                    out.append((path, node))
    return out


def _names(expr: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def test_sql_never_formats_values() -> None:
    calls = _sql_calls()
    assert len(calls) > 20  # the scan really sees the store code
    for path, call in calls:
        sql = call.args[0]
        where = f"{path.relative_to(ROOT)}:{call.lineno}"
        if isinstance(sql, ast.JoinedStr):
            spliced = set().union(*(_names(v.value) for v in sql.values
                                    if isinstance(v, ast.FormattedValue)))
            assert spliced <= SAFE, f"{where} formats {spliced - SAFE} into SQL"
        elif isinstance(sql, ast.BinOp):
            assert _names(sql) <= SAFE, f"{where} concatenates {_names(sql) - SAFE} into SQL"
        elif isinstance(sql, ast.Call) and isinstance(sql.func, ast.Attribute):
            assert sql.func.attr != "format", f"{where} uses str.format for SQL"

