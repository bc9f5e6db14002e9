"""Typed events: everything the engine does is one of these, in order.

The event log is the source of truth. The live workbench, ``why``, stepping and resume all
fold the same events with :func:`engine.core.state.reduce`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from gapless.engine.core.account import SourceAccount
from gapless.engine.core.run_info import ChunkPlanInfo, CompactionInfo

Status = Literal["running", "complete", "incomplete", "failed", "skipped"]
# How a run ends: as an invocation does, or ``interrupted`` (its process died; the run that
# resumed its work closed it).
RunEnd = Literal["complete", "incomplete", "failed", "skipped", "interrupted"]
# A run is pending until its RunStarted is folded.
RunStatus = Literal["pending", "running", "complete", "incomplete", "failed", "skipped",
                    "interrupted"]
Mode = Literal["leaf", "fold", "plan", "chunk", "compact"]
OutlineKind = Literal[
    "section", "error", "config", "code", "data", "log", "answer", "opaque", "unread", "archived"
]
# A step of checking a compaction summary: it missed entities (the split moves back), some
# stay in neither the summary nor the verbatim tail after the fallback, or it mentions all.
ValidationStage = Literal["missed", "unresolved", "passed"]


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
    # What the rendering kept of the input: every record counted once (summarize runs).
    source_account: SourceAccount | None = None


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
    overflow: bool = False  # refused by the server as over its context window
    # The ledger the proof of coverage is derived from (None: recorded before it existed):
    # the transcript's byte ranges the prompt carried, and the scopes of the extractions of
    # children (or of merged batches of them) it carried.
    sent: list[tuple[int, int]] | None = None
    parts: list[tuple[int, int]] | None = None
    # A planning turn: where its answer is kept (the plan and the turn's number, hashed) and
    # the answer, its coherence token masked, so a resumed run replays the plan's turns
    # instead of paying for them again (engine.strategies.recursive).
    turn_key: str = ""
    turn_reply: str = ""


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
    # A reused invocation's proof lives in another run: the run it was carried over from
    # (a re-run); a memo hit is found again by its key.
    source_run: str | None = None
    # Bytes kept verbatim in a compaction's output (no call reads them: the agent does).
    verbatim: bool = False
    # A complete invocation's scope, hashed (engine.run.memo.source_hash): a run that reuses
    # it compares its own bytes' hash with this one before counting them covered.
    source_hash: str = ""


class RunFinished(_Event):
    type: Literal["run_finished"] = "run_finished"
    status: RunEnd
    coverage: float
    gaps: list[tuple[int, int]] = Field(default_factory=list)
    entry: dict[str, Any] | None = None
    reason: str = ""


class OutlineEntry(BaseModel):
    """A structural anchor of ``gapless read``: ``start_line``..``end_line`` (1-based,
    inclusive) of the file."""

    title: str
    start_line: int
    end_line: int
    kind: OutlineKind
    digest: str = ""


class OutlineUpdated(_Event):
    """The outline entries one chunk contributed, in line order: the valid ones the model
    gave (``dropped`` counts the invalid ones), or one derived from the chunk's bytes when
    it gave none (``derived``). The chunk held lines ``first_line``..``last_line``."""

    type: Literal["outline_updated"] = "outline_updated"
    inv: str
    entries: list[OutlineEntry]
    dropped: int = 0
    derived: bool = False
    first_line: int
    last_line: int

    def as_action(self) -> ActionTaken:
        """This event as the invocation's action log shows it (as runs logged it before it
        was an event of its own, so ``why`` reads the same for old and new runs)."""
        n, d = len(self.entries), self.dropped
        return ActionTaken(
            seq=self.seq, ts=self.ts, inv=self.inv, n=1, action="outline", ok=d == 0,
            args={"entries": [e.model_dump() for e in self.entries], "dropped": d,
                  "derived": self.derived},
            result=(f"dropped {d} invalid outline entr{'y' if d == 1 else 'ies'} "
                    f"(lines must lie in {self.first_line}-{self.last_line})" if d
                    else f"{n} outline entr{'y' if n == 1 else 'ies'}"),
        )


class CompactionValidated(_Event):
    """One step of checking a compaction summary against the entities of the head (files
    modified, the current task, recent errors), by their values.

    ``missed``: the summary ``summary`` (an invocation) left out ``missing``, so round ``n``
    of the fallback keeps more of the tail verbatim; ``unresolved``: after the fallback,
    ``unresolved`` are in neither the summary nor the tail; ``passed``: the summary mentions
    all ``found`` required entities.
    """

    type: Literal["compaction_validated"] = "compaction_validated"
    inv: str
    n: int = 1
    stage: ValidationStage
    summary: str | None = None
    missing: list[str] = Field(default_factory=list)
    unresolved: list[str] = Field(default_factory=list)
    found: int = 0

    @property
    def ok(self) -> bool:
        return self.stage == "passed"

    def as_action(self) -> ActionTaken:
        """This step as the invocation's action log shows it (see OutlineUpdated)."""
        args: dict[str, Any]
        if self.stage == "missed":
            k = len(self.missing)
            args = {"summary": self.summary, "missing": list(self.missing)}
            result = (f"the summary missed {k} entit{'y' if k == 1 else 'ies'}; keeping more "
                      "of the tail verbatim")
        elif self.stage == "unresolved":
            args = {"unresolved": list(self.unresolved)}
            result = ("some entities are in neither the summary nor the verbatim tail (the "
                      "working-memory block still lists them)")
        else:
            args = {"found": self.found}
            result = "the summary mentions every required entity"
        return ActionTaken(seq=self.seq, ts=self.ts, inv=self.inv, n=self.n,
                           action="validate", ok=self.ok, args=args, result=result)


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
    | RunFinished
    | OutlineUpdated
    | CompactionValidated,
    Field(discriminator="type"),
]

# Whoever hears a run's events as they happen: the store's writer, a progress bar, a test.
Sink = Callable[[Event], None]

EVENTS_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def events_from_json(bodies: Sequence[str | bytes]) -> list[Event]:
    """Decode many stored events in one call (much faster than one call per event)."""
    if not bodies:
        return []
    parts = [b.decode() if isinstance(b, bytes) else b for b in bodies]
    return EVENTS_ADAPTER.validate_json("[" + ",".join(parts) + "]")
