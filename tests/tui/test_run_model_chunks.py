"""The chunk counts of a chunked read come from RunStarted's typed plan (or, for runs stored
before it, from the settings keys)."""

from __future__ import annotations

from gapless.engine.core.events import InvocationFinished, InvocationStarted, RunStarted
from gapless.engine.core.run_info import ChunkPlanInfo
from gapless.engine.core.state import RunState, reduce
from gapless.tui.viewmodel.run_model import chunk_counts


def started(**kw: object) -> RunStarted:
    return RunStarted(run_id="r1", source="f.log", input_bytes=100, strategy="chunked",
                      provider="extractive", model="m", context_tokens=4096, **kw)


def fold(ev: RunStarted) -> RunState:
    state = RunState()
    for e in (ev, InvocationStarted(inv="k", parent=None, start=0, end=100, depth=0,
                                    mode="fold"),
              InvocationStarted(inv="k.3", parent="k", start=50, end=75, depth=1, mode="chunk"),
              InvocationFinished(inv="k.3", status="complete", coverage=1.0)):
        reduce(state, e)
    return state


def test_the_typed_plan_gives_the_chunk_counts() -> None:
    plan = ChunkPlanInfo(detail="outline", total=4, first=3, target=25)
    ev = started(chunks=plan, settings={"detail": "outline"})  # the typed field wins
    assert chunk_counts(fold(ev), ev) == (4, 4)


def test_a_run_stored_before_the_typed_plan_reads_its_settings() -> None:
    ev = started(settings={"detail": "outline", "parallel": False, "max_chunks": None,
                           "chunk_target": 25, "chunks_total": 4, "first_chunk": 3})
    assert ev.chunks is None
    assert chunk_counts(fold(ev), ev) == (4, 4)


def test_without_a_plan_the_chunk_nodes_are_counted() -> None:
    ev = started(chunks=ChunkPlanInfo(detail="outline"))
    assert chunk_counts(fold(ev), ev) == (1, 1)
    assert chunk_counts(fold(ev), None) == (1, 1)
