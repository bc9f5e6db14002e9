"""One error tree (issue 40): every exception class Gapless defines derives from
``GaplessError`` (``engine/core/errors.py`` draws the tree), at most two derive straight from
a builtin, and the store's SQLite errors reach a front end as a ``StoreError`` sentence —
never as ``sqlite3``'s own class, never as a traceback."""

from __future__ import annotations

import ast
import builtins
import importlib
import sqlite3
from pathlib import Path

import pytest

from gapless.engine import GaplessError, open_records
from gapless.engine.config import Settings
from gapless.engine.core.errors import StoreError
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.store import EventWriter, RunMeta, Store
from gapless.tui.cli.main import main
from tests.support.paths import REPO_ROOT

BUILTIN_EXCEPTIONS = {n for n, v in vars(builtins).items()
                      if isinstance(v, type) and issubclass(v, BaseException)}


def _exception_classes() -> list[tuple[str, ast.ClassDef]]:
    """(module, class) of every class in engine/ and tui/ whose bases name an exception."""
    out = []
    for root in ("engine", "tui"):
        for path in sorted((REPO_ROOT / root).rglob("*.py")):
            module = "gapless." + ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts)
            module = module.removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and any(
                        _base(b).endswith(("Error", "Exception", "Problem", "Exhausted",
                                           "Failure", "Overflow", "Changed", "Busy",
                                           "Unusable", "Fit", "Unreachable"))
                        for b in node.bases):
                    out.append((module, node))
    return out


def _base(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else \
        node.attr if isinstance(node, ast.Attribute) else ""


def test_every_error_class_is_in_the_one_tree() -> None:
    classes = _exception_classes()
    assert len(classes) >= 15  # the scan sees the tree's own classes
    outside = []
    for module, node in classes:
        cls = getattr(importlib.import_module(module), node.name)
        if not issubclass(cls, GaplessError):
            outside.append(f"{module}.{node.name}")
    assert outside == []


def test_at_most_two_classes_derive_straight_from_a_builtin() -> None:
    straight = [f"{m}.{n.name}" for m, n in _exception_classes()
                if any(_base(b) in BUILTIN_EXCEPTIONS for b in n.bases)]
    assert sorted(straight) == ["gapless.engine.core.errors.GaplessError",
                                "gapless.engine.core.errors.InvalidValue"]


async def _a_database_with_a_run(path: Path) -> None:
    store = await Store.open(path)
    try:
        from tests.support.helpers import make_transcript

        writer = await EventWriter(store, meta=RunMeta(kind="summarize")).start()
        await summarize_transcript(make_transcript(3, 10), RunRequest(Settings()), sinks=[writer])
        await writer.close()
    finally:
        await store.close()


async def test_a_damaged_database_is_a_store_error_not_sqlite3s(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    await _a_database_with_a_run(db)
    async with open_records(db) as records:
        (run,) = await records.runs()
        con = sqlite3.connect(db)
        con.execute("DROP TABLE events")  # damaged under a reader that holds it open
        con.commit()
        con.close()
        with pytest.raises(StoreError) as caught:
            await records.events(run.id)
    assert not isinstance(caught.value, sqlite3.Error)
    assert str(db) in str(caught.value) and "events" in str(caught.value)


async def test_the_cli_says_one_sentence_for_a_damaged_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "g.db"
    await _a_database_with_a_run(db)
    con = sqlite3.connect(db)
    con.execute("DROP TABLE runs")
    con.commit()
    con.close()
    code = await _in_thread(lambda: main(["runs", "--db", str(db)]))
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("gapless: ") and "Traceback" not in err
    assert str(db) in err and "runs" in err and err.count("\n") == 1


async def _in_thread(fn: object) -> int:
    import asyncio

    assert callable(fn)
    result: int = await asyncio.to_thread(fn)
    return result
