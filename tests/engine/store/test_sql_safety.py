"""SQL is parameterised everywhere, and it lives only in ``engine/store``.

Every ``execute``/``executemany`` whose SQL is built with an f-string or concatenation may
only splice in names from a short allow-list of constants and placeholder lists, never a
variable that could carry user input. Outside ``engine/store`` no code under engine/ or tui/
calls ``execute``, holds SQL text or touches the store's private connection: the rest of
Gapless calls the store's named queries.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.paths import REPO_ROOT

ROOT = REPO_ROOT
# Names allowed inside SQL f-strings: column lists, WHERE and ORDER BY clauses built from
# fixed clause strings, "?, ?, ?" placeholder lists and the migration number (an int from our
# own table).
SAFE = {"RUN_COLUMNS", "FRAGMENT_COLUMNS", "ENTRY_COLUMNS", "SKIP_COLUMNS", "SOURCE_COLUMNS",
        "where", "order", "marks", "number", "sql"}
STORE = ROOT / "engine" / "store"
EXECUTES = ("execute", "executemany", "executescript")
# SQL statements as this code base writes them (upper-case keywords followed by a name). A
# regular expression that *recognises* SQL in transcripts (engine/extractive/noise.py) is not
# SQL: after its keywords come regex escapes and classes, not names.
SQL_TEXT = re.compile(
    r"\bSELECT\s.+?\sFROM\s+\w"
    r"|\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\s+\w"
    r"|\bUPDATE\s+\w+\s+SET\s+\w"
    r"|\bDELETE\s+FROM\s+\w"
    r"|\b(?:CREATE|ALTER|DROP)\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\s+"
    r"(?:IF\s+(?:NOT\s+)?EXISTS\s+)?\w"
    r"|\bPRAGMA\s+[a-z_]+"
    r"|^\s*(?:BEGIN|COMMIT|ROLLBACK)(?:\s+(?:IMMEDIATE|EXCLUSIVE|DEFERRED|TRANSACTION))*\s*;?\s*$",
    re.DOTALL,
)


def _sources(outside_store: bool = False) -> list[tuple[Path, ast.Module]]:
    out = []
    for folder in ("engine", "tui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if outside_store and path.is_relative_to(STORE):
                continue
            out.append((path, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def _sql_calls() -> list[tuple[Path, ast.Call]]:
    out = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in EXECUTES and node.args):
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



def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string literal (and the literal parts of every f-string), with its line."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            out.append((node.lineno, text))
    return out


def _sql_outside_store() -> list[str]:
    found = []
    for path, tree in _sources(outside_store=True):
        rel = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in EXECUTES:
                found.append(f"{rel}:{node.lineno} calls .{node.attr}(")
            elif isinstance(node, ast.Attribute) and node.attr == "_db":
                found.append(f"{rel}:{node.lineno} touches the store's private connection")
        for line, text in _strings(tree):
            if SQL_TEXT.search(text):
                found.append(f"{rel}:{line} holds SQL text {text[:60]!r}")
    return found


def test_sql_lives_only_in_the_store() -> None:
    found = _sql_outside_store()
    assert not found, "SQL outside engine/store (add a named query there):\n" + "\n".join(found)


def test_the_sql_detector_sees_sql_and_not_prose() -> None:
    """The check above is only as good as SQL_TEXT: it must catch each kind of statement."""
    for sql in ("SELECT date, project FROM journal_skips WHERE 1 = 1",
                'SELECT inv, start, "end" FROM journal_fragments',
                "INSERT INTO journal_entries (date) VALUES (?)",
                "INSERT OR IGNORE INTO events (run_id) VALUES (?)",
                "UPDATE journal_entries SET stale = 1 WHERE date = ?",
                "DELETE FROM journal_skips WHERE date = ?",
                "CREATE TABLE runs (id TEXT)", "CREATE INDEX skips_by_date ON journal_skips",
                "ALTER TABLE runs ADD COLUMN kind TEXT", "PRAGMA user_version", "BEGIN IMMEDIATE",
                "BEGIN", "COMMIT"):
        assert SQL_TEXT.search(sql), sql
    for prose in ("select a run from the list", "Begin the run", "UPDATE: the run finished",
                  r"\b(?:SELECT\b.*\bFROM \w|INSERT INTO \w+|UPDATE \w+ SET \w|DELETE FROM \w+|",
                  r"ALTER TABLE [\w.\"]+ (?:ADD|DROP|ALTER|RENAME))\b"):
        assert not SQL_TEXT.search(prose), prose
    # and it really finds what the store holds
    store_sql = [t for p, tree in _sources() if p.is_relative_to(STORE)
                 for _, t in _strings(tree) if SQL_TEXT.search(t)]
    assert len(store_sql) > 20
