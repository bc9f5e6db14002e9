"""Versioned, additive schema migrations (``PRAGMA user_version``).

Each step runs in one transaction, so an interrupted upgrade leaves the old version intact.
A database from a newer Gapless (a higher version than we know) is refused, not touched.
"""

from __future__ import annotations

import aiosqlite

from gapless.engine.core.errors import UserError
from gapless.engine.store.connection import transaction

V1 = """
CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    created_at REAL NOT NULL,
    finished_at REAL,
    source TEXT NOT NULL DEFAULT '',
    strategy TEXT NOT NULL DEFAULT '',
    router_reason TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'running',
    coverage REAL NOT NULL DEFAULT 0,
    gaps TEXT NOT NULL DEFAULT '[]',
    input_bytes INTEGER NOT NULL DEFAULT 0,
    question TEXT,
    provider TEXT NOT NULL DEFAULT '',
    model TEXT NOT NULL DEFAULT '',
    parent_run_id TEXT REFERENCES runs(id),
    entry TEXT,
    reason TEXT NOT NULL DEFAULT '',
    calls INTEGER NOT NULL DEFAULT 0,
    tokens_in INTEGER NOT NULL DEFAULT 0,
    tokens_out INTEGER NOT NULL DEFAULT 0,
    cost REAL NOT NULL DEFAULT 0
);
CREATE TABLE events (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    inv TEXT,
    ts REAL NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
CREATE TABLE journal_invocations (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    inv TEXT NOT NULL,
    parent TEXT,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    mode TEXT NOT NULL,
    question TEXT,
    status TEXT NOT NULL DEFAULT 'running',
    coverage REAL NOT NULL DEFAULT 0,
    gaps TEXT NOT NULL DEFAULT '[]',
    actions INTEGER NOT NULL DEFAULT 0,
    action_budget INTEGER NOT NULL DEFAULT 0,
    rejected INTEGER NOT NULL DEFAULT 0,
    extraction TEXT,
    reason TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (run_id, inv)
);
CREATE TABLE journal_fragments (
    id INTEGER PRIMARY KEY,
    run_id TEXT NOT NULL,
    inv TEXT NOT NULL,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    checksum TEXT NOT NULL,
    preview TEXT NOT NULL,
    category TEXT NOT NULL,
    FOREIGN KEY (run_id, inv) REFERENCES journal_invocations(run_id, inv) ON DELETE CASCADE
);
CREATE TABLE journal_entries (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    project TEXT NOT NULL,
    run_id TEXT REFERENCES runs(id),
    headline TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    topics TEXT NOT NULL DEFAULT '[]',
    open_questions TEXT NOT NULL DEFAULT '[]',
    anchors TEXT NOT NULL DEFAULT '[]',
    stale INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    UNIQUE (date, project)
);
CREATE TABLE journal_skips (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    project TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    run_id TEXT REFERENCES runs(id),
    created_at REAL NOT NULL,
    UNIQUE (date, project)
);
CREATE TABLE journal_rollups (
    id INTEGER PRIMARY KEY,
    week TEXT NOT NULL,
    project TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at REAL NOT NULL,
    UNIQUE (week, project)
);
CREATE TABLE sources (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime REAL NOT NULL,
    kind TEXT NOT NULL,
    session TEXT NOT NULL DEFAULT '',
    project TEXT NOT NULL DEFAULT '',
    date TEXT NOT NULL DEFAULT '',
    parent TEXT,
    ingested_at REAL NOT NULL
);
CREATE INDEX fragments_by_inv ON journal_fragments(run_id, inv);
"""

V2 = """
ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'summarize';
ALTER TABLE runs ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN group_key TEXT;
ALTER TABLE runs ADD COLUMN pid INTEGER;
ALTER TABLE runs ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE journal_invocations ADD COLUMN memo_key TEXT NOT NULL DEFAULT '';
CREATE INDEX runs_by_fingerprint ON runs(fingerprint, status);
CREATE INDEX invocations_by_key ON journal_invocations(memo_key) WHERE memo_key != '';
CREATE INDEX skips_by_date ON journal_skips(date, project);
"""

# The owner's heartbeat: the writer of a running run refreshes it every few seconds, so a run
# whose process died (kill -9, power cut) shows as interrupted even from another machine.
V3 = """
ALTER TABLE runs ADD COLUMN heartbeat REAL;
"""

# What each model call was sent and what came back (engine.store.bodies), keyed by its
# ProviderCall event; bounded by size and by run (the newest runs' only).
V4 = """
CREATE TABLE call_bodies (
    run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    inv TEXT NOT NULL,
    purpose TEXT NOT NULL DEFAULT '',
    system TEXT NOT NULL DEFAULT '',
    prompt TEXT NOT NULL DEFAULT '',
    reply TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    cut INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
"""

# Reuse proves itself (issue 37): a donor invocation is read from its own finish event
# (found by run and invocation), and the journal keys a session by a hash of its bytes.
V5 = """
CREATE INDEX finishes_by_inv ON events(run_id, inv) WHERE type = 'invocation_finished';
ALTER TABLE sources ADD COLUMN sha256 TEXT NOT NULL DEFAULT '';
"""

# Which code wrote a run's answers where the code writes them (engine.run.revision): a
# journal entry an older engine summarized offline is not current for this one.
V6 = """
ALTER TABLE runs ADD COLUMN revision TEXT NOT NULL DEFAULT '';
"""

MIGRATIONS: tuple[str, ...] = (V1, V2, V3, V4, V5, V6)
LATEST = len(MIGRATIONS)


async def migrate(db: aiosqlite.Connection, *, path: str = "the database") -> int:
    """Bring ``db`` to the latest version; return the version it had."""
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > LATEST:
        raise UserError(
            f"{path} was written by a newer Gapless (schema version {version}, this one knows "
            f"{LATEST}); upgrade Gapless or use another --db"
        )
    for number in range(version + 1, LATEST + 1):
        async with transaction(db):
            for statement in _statements(MIGRATIONS[number - 1]):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number}")
    return version


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
