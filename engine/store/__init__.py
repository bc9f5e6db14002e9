"""Gapless's memory: runs, events, the invocation tree and the journal, in SQLite."""

from engine.store.db import RunRow, Store, default_db_path
from engine.store.writer import EventWriter, RunMeta

__all__ = ["EventWriter", "RunMeta", "RunRow", "Store", "default_db_path"]
