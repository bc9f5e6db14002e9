"""Look inside a test's database on a connection of the test's own.

The store's connection is private to ``engine.store``; a test that checks what is really in
the tables (projections, migrations) reads the file directly, read-only, with plain SQL.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def rows(db: Path | str, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one query against the database file ``db`` (opened read-only)."""
    con = sqlite3.connect(Path(db).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def one(db: Path | str, sql: str, args: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The first row of one query (None when there is none)."""
    found = rows(db, sql, args)
    return found[0] if found else None
