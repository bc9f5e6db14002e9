"""Re-running a failed scope: completed work is not re-sent, ancestors are recomposed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import Event, InvocationFinished, SpanRead
from gapless.engine.core.spans import merge
from gapless.engine.providers.base import ModelReply, ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import data_blocks
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from tests.support.helpers import make_transcript

OFFLINE = ExtractiveProvider()


class Counting(ExtractiveProvider):
    def __init__(self) -> None:
        super().__init__()
        self.requests: list[ModelRequest] = []

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.requests.append(request)
        return await super().complete(request)


def failing_at(offset: int) -> ScriptedProvider:
    """Answers like the offline provider, except for reads that hold byte ``offset``."""

    def policy(req: ModelRequest, i: int) -> str:
        for b in data_blocks(req.prompt):
            if b.offset <= offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 from the model server")
        return OFFLINE.answer(req)

    return ScriptedProvider(policy=policy)


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "day.md"
    path.write_bytes(make_transcript(400, 60).data)
    return path


async def test_rerun_a_failed_leaf_completes_the_root_with_minimal_calls(source: Path,
                                                                         tmp_path: Path) -> None:
    t = load_transcript(source)
    settings = Settings(context_tokens=1024)
    async with await Store.open(tmp_path / "g.db") as store:
        bad = len(t) // 2
        first = await summarize_stored(store, t, RunRequest(settings, source=str(source)), provider=failing_at(bad))
        assert first.status == "incomplete"
        nodes = first.state.nodes
        failed = [n for n in nodes.values() if n.status == "failed"]
        assert len(failed) == 1 and failed[0].mode == "leaf"
        target = failed[0]
        path_len = target.depth + 1  # the leaf and each ancestor fold
        counting = Counting()
        events: list[Event] = []
        again = await rerun_scope(store, StoredScope(first.run_id, target.inv), RunRequest(settings), provider=counting,
                                  sinks=[events.append])
        assert again.status == "complete" and again.coverage == 1.0
        assert again.residual_gaps == []
        assert len(counting.requests) == path_len  # nothing completed was sent again
        reused = [e for e in events if isinstance(e, InvocationFinished) and e.reused]
        assert reused
        reads = merge((e.start, e.end) for e in events if isinstance(e, SpanRead))
        assert reads == [target.scope]
        row = await store.run(again.run_id)
        assert row is not None and row.kind == "rerun" and row.parent_run_id == first.run_id
        assert (await store.state(again.run_id)).entry == again.entry


async def test_rerun_of_the_root_redoes_only_the_failed_parts(source: Path, tmp_path: Path) -> None:
    t = load_transcript(source)
    settings = Settings(context_tokens=1024)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(settings, source=str(source)), provider=failing_at(10))
        assert first.status == "incomplete"
        counting = Counting()
        again = await rerun_scope(store, StoredScope(first.run_id, "r"), RunRequest(settings), provider=counting)
        assert again.status == "complete"
        failed_leaf = next(n for n in first.state.nodes.values() if n.status == "failed")
        assert len(counting.requests) == failed_leaf.depth + 1
        full = Counting()
        fresh = await summarize_stored(store, t, RunRequest(settings, source="x", force=True), provider=full)
        assert fresh.entry == again.entry  # same result as an uninterrupted run
        assert len(full.requests) > 10 * len(counting.requests)


async def test_rerun_of_a_recursive_run_recomposes_planning_ancestors(source: Path,
                                                                      tmp_path: Path) -> None:
    t = load_transcript(source)
    settings = Settings(context_tokens=1024, max_actions=4)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(settings, strategy="recursive", source=str(source)), provider=failing_at(len(t) - 5))
        assert first.status == "incomplete" and first.residual_gaps
        failed = [n for n in first.state.nodes.values() if n.status == "failed"]
        target = min(failed, key=lambda n: n.depth)
        again = await rerun_scope(store, StoredScope(first.run_id, target.inv), RunRequest(settings),
                                  provider=ExtractiveProvider())
        assert again.status == "complete" and again.coverage == 1.0


async def test_rerun_refuses_what_it_cannot_do(source: Path, tmp_path: Path) -> None:
    t = load_transcript(source)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(Settings(context_tokens=1024), source=str(source)), provider=failing_at(10))
        with pytest.raises(UserError, match="no invocation"):
            await rerun_scope(store, StoredScope(first.run_id, "r.99.99"), RunRequest(Settings()))
        source.write_text("changed")
        with pytest.raises(UserError, match="changed since"):
            await rerun_scope(store, StoredScope(first.run_id, "r"), RunRequest(Settings()))
