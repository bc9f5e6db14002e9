"""One run lifecycle: every entry point starts once, finishes once and closes what it opened."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

import gapless.engine.run.lifecycle as lifecycle
from gapless.engine.audit.rerun import StoredScope, rerun_scope
from gapless.engine.config import Settings
from gapless.engine.core.events import Event, RunFinished, RunStarted
from gapless.engine.core.run_info import ChunkPlanInfo, CompactionInfo
from gapless.engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.lifecycle import RunLifecycle, Supplied, new_run_id
from gapless.engine.run.prompts import data_blocks
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored, summarize_transcript
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from gapless.engine.strategies.compact.compaction import CompactAsk, compact_conversation
from tests.support.helpers import make_transcript


def failing_at(offset: int) -> ScriptedProvider:
    """Answers like the offline provider, except for reads that hold byte ``offset``."""
    offline = ExtractiveProvider()

    def policy(req: ModelRequest, i: int) -> str:
        for b in data_blocks(req.prompt):
            if b.offset <= offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 from the model server")
        return offline.answer(req)

    return ScriptedProvider(policy=policy)


class Stalling(ExtractiveProvider):
    """Answers ``answer`` calls like the offline provider, then hangs until cancelled."""

    def __init__(self, answer: int) -> None:
        super().__init__()
        self.answer_calls = answer
        self.calls = 0
        self.closed = 0
        self.stalled = asyncio.Event()

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        if self.calls > self.answer_calls:
            self.stalled.set()
            await asyncio.Event().wait()
        return await super().complete(request)

    async def aclose(self) -> None:
        self.closed += 1


def owned(monkeypatch: pytest.MonkeyPatch, provider: Provider) -> None:
    """Make the lifecycle create ``provider`` itself (so it is its to close)."""
    monkeypatch.setattr(lifecycle, "make_provider", lambda settings: provider)


async def cancel_once_stalled(run: Coroutine[Any, Any, Any], provider: Stalling) -> None:
    task = asyncio.ensure_future(run)
    stalled = asyncio.ensure_future(provider.stalled.wait())
    await asyncio.wait({task, stalled}, return_when=asyncio.FIRST_COMPLETED)
    assert not task.done(), "the run ended before it reached the stalling call"
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def finished(events: list[Event]) -> list[RunFinished]:
    return [e for e in events if isinstance(e, RunFinished)]


def assert_one_incomplete_finish(events: list[Event], reason: str) -> RunFinished:
    ends = finished(events)
    assert len(ends) == 1 and events[-1] is ends[0]
    assert sum(isinstance(e, RunStarted) for e in events) == 1
    end = ends[0]
    assert end.status == "incomplete" and end.reason == reason
    assert end.coverage < 1.0 and end.gaps
    return end


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    path = tmp_path / "day.md"
    path.write_bytes(make_transcript(200, 60).data)
    return path


def conversation(path: Path, n: int = 40) -> Path:
    import json

    lines = [json.dumps({"role": "system", "content": "You are a coding agent."})]
    for i in range(n):
        role = "user" if i % 2 == 0 else "assistant"
        lines.append(json.dumps({"role": role, "content": f"message {i}: edited src/m{i}.py "
                                 + "and ran the tests again " * 40}))
    path.write_text("\n".join(lines) + "\n")
    return path


SETTINGS = Settings(context_tokens=1024, concurrency=1)


async def test_a_cancelled_summarize_finishes_once_and_closes_its_provider(
        monkeypatch: pytest.MonkeyPatch) -> None:
    provider = Stalling(answer=3)
    owned(monkeypatch, provider)
    events: list[Event] = []
    await cancel_once_stalled(summarize_transcript(make_transcript(200, 60), RunRequest(SETTINGS, strategy="tree"), sinks=[events.append]),
                              provider)
    assert_one_incomplete_finish(events, "the run was cancelled")
    assert provider.closed == 1


async def test_a_cancelled_read_finishes_once_and_closes_its_provider(
        monkeypatch: pytest.MonkeyPatch, session_file: Path) -> None:
    provider = Stalling(answer=2)
    owned(monkeypatch, provider)
    events: list[Event] = []
    await cancel_once_stalled(read_summary(session_file, settings=SETTINGS,
                                           sinks=[events.append]), provider)
    end = assert_one_incomplete_finish(events, "the read was cancelled")
    assert end.coverage == 0.0
    assert provider.closed == 1


async def test_a_cancelled_compaction_finishes_once_and_closes_its_provider(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    provider = Stalling(answer=1)
    owned(monkeypatch, provider)
    events: list[Event] = []
    path = conversation(tmp_path / "conv.jsonl")
    await cancel_once_stalled(compact_conversation(path, CompactAsk(2000), settings=SETTINGS, sinks=[events.append]), provider)
    end = assert_one_incomplete_finish(events, "the compaction was cancelled")
    assert end.coverage == 0.0
    assert provider.closed == 1


async def test_a_cancelled_rerun_finishes_once_and_closes_its_provider(
        monkeypatch: pytest.MonkeyPatch, session_file: Path, tmp_path: Path) -> None:
    t = load_transcript(session_file)
    async with await Store.open(tmp_path / "g.db") as store:
        first = await summarize_stored(store, t, RunRequest(SETTINGS, source=str(session_file), strategy="tree"), provider=failing_at(len(t) // 2))
        assert first.status == "incomplete"
        provider = Stalling(answer=0)
        owned(monkeypatch, provider)
        events: list[Event] = []
        assert first.state.root is not None
        await cancel_once_stalled(rerun_scope(store, StoredScope(first.run_id, first.state.root), RunRequest(SETTINGS),
                                              sinks=[events.append]), provider)
        assert_one_incomplete_finish(events, "the re-run was stopped")
        assert provider.closed == 1
        started = events[0]
        assert isinstance(started, RunStarted) and started.parent_run_id == first.run_id
        stored = await store.state(started.run_id)
        assert stored.status == "incomplete" and stored.reason == "the re-run was stopped"


async def test_a_given_provider_stays_open_for_its_owner() -> None:
    provider = Stalling(answer=10**6)
    result = await summarize_transcript(make_transcript(20, 20), RunRequest(SETTINGS), provider=provider)
    assert result.status == "complete" and provider.closed == 0


async def test_an_error_after_the_start_ends_the_run_incomplete_and_goes_on_up() -> None:
    events: list[Event] = []
    with pytest.raises(KeyError, match="boom"):
        async with RunLifecycle(RunRequest(SETTINGS, source="s"), make_transcript(4, 10),
                                Supplied(ExtractiveProvider(), [events.append])) as run:
            run.started(input_bytes=len(run.ctx.transcript), strategy="tree")
            raise KeyError("boom")
    [end] = finished(events)
    assert end.status == "incomplete" and end.reason == "'boom'"
    assert end.gaps == [(0, len(run.ctx.transcript))]


async def test_a_run_that_never_started_emits_nothing_but_closes_its_provider(
        monkeypatch: pytest.MonkeyPatch) -> None:
    provider = Stalling(answer=0)
    owned(monkeypatch, provider)
    events: list[Event] = []
    with pytest.raises(ValueError):
        async with RunLifecycle(RunRequest(SETTINGS), make_transcript(4, 10),
                                Supplied(sinks=[events.append])):
            raise ValueError("before the start")
    assert events == [] and provider.closed == 1


async def test_a_run_finishes_exactly_once() -> None:
    async with RunLifecycle(RunRequest(SETTINGS, source="s"), make_transcript(4, 10),
                            Supplied(ExtractiveProvider())) as run:
        run.started(input_bytes=1, strategy="tree")
        run.finish_skipped("nothing to do")
        with pytest.raises(RuntimeError):
            run.finish_skipped("again")
    assert run.state.status == "skipped"


def test_run_ids_are_twelve_hex_digits_and_fresh() -> None:
    a, b = new_run_id(), new_run_id()
    assert a != b and len(a) == 12 and int(a, 16) >= 0


async def test_a_read_announces_its_plan_typed_and_in_its_settings(session_file: Path) -> None:
    events: list[Event] = []
    await read_summary(session_file, ReadOptions(max_chunks=2), settings=SETTINGS, provider=ExtractiveProvider(), sinks=[events.append])
    started = events[0]
    assert isinstance(started, RunStarted) and started.chunks is not None
    plan = started.chunks
    assert plan.total is not None and plan.total > 2 and plan.first == 0
    assert plan.max_chunks == 2 and plan.detail == "outline" and not plan.parallel
    assert {k: started.settings[k] for k in plan.settings_keys()} == plan.settings_keys()
    assert ChunkPlanInfo.from_settings(started.settings) == plan
    legacy = RunStarted.model_validate_json(started.model_dump_json(exclude={"chunks"}))
    assert legacy.chunks is None and ChunkPlanInfo.from_settings(legacy.settings) == plan


async def test_a_compaction_announces_its_details_typed_and_in_its_settings(
        tmp_path: Path) -> None:
    events: list[Event] = []
    main = Settings(provider="extractive", model="agent-model")
    await compact_conversation(conversation(tmp_path / "c.jsonl"), CompactAsk(2000), settings=main, provider=ExtractiveProvider(), sinks=[events.append])
    started = events[0]
    assert isinstance(started, RunStarted) and started.compaction is not None
    info = started.compaction
    assert info == CompactionInfo(budget=2000, trigger=0.6, main_provider="extractive",
                                  main_model="agent-model", messages=41, format=info.format)
    assert {k: started.settings[k] for k in info.settings_keys()} == info.settings_keys()
    assert CompactionInfo.from_settings(started.settings) == info
    assert CompactionInfo.from_settings(SETTINGS.public()) is None
    assert ChunkPlanInfo.from_settings(started.settings) is None
