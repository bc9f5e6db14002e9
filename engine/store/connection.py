"""The one connection and the one way to write through it.

Every write of the store runs inside ``transaction``: BEGIN IMMEDIATE takes the write lock up
front (so a busy database fails before anything is written), COMMIT on success, ROLLBACK on
any exception, cancellation included. ``Tables`` holds the connection privately; the query
families of the store build on it, and nothing outside ``engine.store`` sees it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite


@asynccontextmanager
async def transaction(db: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK and re-raise. A failed BEGIN raises as is."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        await db.commit()
    except BaseException:
        await db.rollback()
        raise


class Tables:
    """The private connection the store's query families share."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One write transaction on this store (see ``transaction``)."""
        async with transaction(self._db):
            yield
