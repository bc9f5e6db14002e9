"""Completed work of earlier runs, looked up by memo key, so it is not paid for twice.

Resume draws on the unfinished runs of the same work (same fingerprint). This memo also
answers from *any* earlier run of the same provider and model: the same leaf of the same
bytes under the same settings (the memo key says which) is reused when it was summarized
before: a copy of a file at another path, the same input under another strategy, a budget
raised after a run stopped. It learns the run's provider and model from its ``RunStarted``
(it is one of the run's sinks), so nothing is reused from another model.
"""

from __future__ import annotations

from gapless.engine.core.events import Event, RunStarted
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.memo_entry import MemoEntry
from gapless.engine.store.db import Store


class StoreMemo:
    """A memo over this run's results, the resumed runs' results and the store."""

    def __init__(self, store: Store, data: dict[str, MemoEntry] | None = None) -> None:
        self.store = store
        self.data: dict[str, MemoEntry] = dict(data or {})
        self.turns: dict[str, str] = {}
        self._run: RunStarted | None = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self._run = event

    async def get(self, key: str, source_hash: str) -> Extraction | None:
        hit = self.data.get(key)
        if hit is not None and hit.source_hash == source_hash:
            return hit.extraction
        if self._run is None:
            return None
        found = await self.store.completed_by_key(key, source_hash, provider=self._run.provider,
                                                  model=self._run.model,
                                                  other_than=self._run.run_id)
        if found is not None:
            self.data[key] = MemoEntry(found, source_hash)
        return found

    async def put(self, key: str, entry: MemoEntry) -> None:
        self.data[key] = entry

    async def reported(self, key: str) -> tuple[int, int] | None:
        if self._run is None:
            return None
        return await self.store.reported_usage(key, provider=self._run.provider,
                                               model=self._run.model)
