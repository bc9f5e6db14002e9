"""Gapless's memory: runs, events, the invocation tree and the journal, in SQLite.

This package is the only code that talks to SQLite: everything else calls the named queries
of ``Store`` (typed rows back, one transaction per write) and never sees the connection or
SQL text (tests/engine/store/test_sql_safety.py enforces it). It may import ``engine.core``
only, plus aiosqlite and sqlite3 (and platformdirs for the default path), so any part of the
engine or the front ends can use it (tests/engine/store/test_store_imports.py).
A front end never sees ``sqlite3``'s errors: ``Store.open`` and ``Store.guarded`` turn
them into ``StoreError`` (``engine.core.errors``), one sentence naming the file.
"""

from gapless.engine.store.bodies import CallBody
from gapless.engine.store.db import INTERRUPTED, Store, default_db_path
from gapless.engine.store.projection import RunMeta
from gapless.engine.store.rows import (
    DayCount,
    EntryRow,
    EntryText,
    FragmentRow,
    RunRow,
    SkipRow,
    SourceRow,
)
from gapless.engine.store.writer import EventWriter, StoreBusy

__all__ = [
    "INTERRUPTED",
    "CallBody",
    "DayCount",
    "EntryRow",
    "EntryText",
    "EventWriter",
    "FragmentRow",
    "RunMeta",
    "RunRow",
    "SkipRow",
    "SourceRow",
    "Store",
    "StoreBusy",
    "default_db_path",
]
