"""Typed events: everything the engine does is one of these, in order.

The event log is the source of truth. The live workbench, ``why``, stepping and resume all
fold the same events with :func:`engine.core.state.reduce`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from engine.core.run_info import ChunkPlanInfo, CompactionInfo

Status = Literal["running", "complete", "incomplete", "failed", "skipped"]
Mode = Literal["leaf", "fold", "plan", "chunk", "compact"]


class _Event(BaseModel):
    seq: int = 0
    ts: float = Field(default_factory=time.time)


class RunStarted(_Event):
    type: Literal["run_started"] = "run_started"
    run_id: str
    source: str
    input_bytes: int
    strategy: str
    router_reason: str = ""
    provider: str
    model: str
    context_tokens: int
    question: str | None = None
    parent_run_id: str | None = None
    settings: dict[str, Any] = Field(default_factory=dict)
    malformed: int = 0
    chunks: ChunkPlanInfo | None = None  # a chunked read's plan (its keys stay in settings)
    compaction: CompactionInfo | None = None  # a compaction's budget and input (likewise)


class InvocationStarted(_Event):
    type: Literal["invocation_started"] = "invocation_started"
    inv: str
    parent: str | None
    start: int
    end: int
    depth: int
    mode: Mode
    question: str | None = None
    action_budget: int = 0
    engine_spawned: bool = False


class ActionTaken(_Event):
    type: Literal["action_taken"] = "action_taken"
    inv: str
    n: int
    action: str
    args: dict[str, Any] = Field(default_factory=dict)
    ok: bool = True
    result: str = ""


class SpanRead(_Event):
    type: Literal["span_read"] = "span_read"
    inv: str
    start: int
    end: int


class DoneRejected(_Event):
    type: Literal["done_rejected"] = "done_rejected"
    inv: str
    reason: str
    gaps: list[tuple[int, int]] = Field(default_factory=list)


class ChildFinished(_Event):
    type: Literal["child_finished"] = "child_finished"
    inv: str
    child: str
    status: Status
    start: int
    end: int


class CallStarted(_Event):
    """A call got its concurrency slot: from here until its ProviderCall it is in flight."""

    type: Literal["call_started"] = "call_started"
    inv: str
    purpose: str


class ProviderCall(_Event):
    type: Literal["provider_call"] = "provider_call"
    inv: str
    provider: str
    model: str
    purpose: str
    tokens_in: int = 0
    tokens_out: int = 0
    estimated: bool = False
    latency_ms: float = 0.0
    cost: float = 0.0
    retries: int = 0
    bytes_sent: int = 0
    ok: bool = True
    error: str | None = None


class InvocationFinished(_Event):
    type: Literal["invocation_finished"] = "invocation_finished"
    inv: str
    status: Status
    coverage: float
    gaps: list[tuple[int, int]] = Field(default_factory=list)
    extraction: dict[str, Any] | None = None
    reason: str = ""
    reused: bool = False
    key: str = ""


class RunFinished(_Event):
    type: Literal["run_finished"] = "run_finished"
    status: Status
    coverage: float
    gaps: list[tuple[int, int]] = Field(default_factory=list)
    entry: dict[str, Any] | None = None
    reason: str = ""


Event = Annotated[
    RunStarted
    | InvocationStarted
    | ActionTaken
    | SpanRead
    | DoneRejected
    | ChildFinished
    | CallStarted
    | ProviderCall
    | InvocationFinished
    | RunFinished,
    Field(discriminator="type"),
]

EVENTS_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def events_from_json(bodies: Sequence[str | bytes]) -> list[Event]:
    """Decode many stored events in one call (much faster than one call per event)."""
    if not bodies:
        return []
    parts = [b.decode() if isinstance(b, bytes) else b for b in bodies]
    return EVENTS_ADAPTER.validate_json("[" + ",".join(parts) + "]")
