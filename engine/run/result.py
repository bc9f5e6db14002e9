"""What a finished run reports (the ``--json`` contract of ``gapless summarize``), from its
folded events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gapless.engine.core.events import Status
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.spans import Span, merge, residual_gaps
from gapless.engine.core.state import RunState

__all__ = ["RunResult", "partial_entry", "result_from_state"]


@dataclass
class RunResult:
    """What a finished run reports (the ``--json`` contract)."""

    run_id: str
    status: Status
    coverage: float
    residual_gaps: list[Span]
    entry: dict[str, Any] | None
    calls: int
    tokens_in: int
    tokens_out: int
    bytes_read: int
    input_bytes: int
    strategy: str
    reason: str = ""
    elapsed: float = 0.0
    malformed_lines: int = 0
    bytes_sent: int = 0
    unread: list[Span] = field(default_factory=list)
    # The account of the input (``{path, bytes, records: {...}, ...}``), when it was kept.
    source: dict[str, Any] | None = None
    partial: dict[str, Any] | None = None
    # The earlier run whose stored result this is (the same work, already finished): then
    # this command made no call, and ``calls``/``tokens_*``/``bytes_sent`` are this command's.
    reused_run: str | None = None
    # Leaves split because their prompt did not fit the window (the server refused it, or
    # the pre-send check did), and invocations finished from earlier completed work.
    split_leaves: int = 0
    reused_invocations: int = 0
    # Requests the server refused as over its context window (each one's leaf was split).
    overflows: int = 0
    state: RunState = field(default_factory=RunState, repr=False)

    @property
    def ok(self) -> bool:
        return self.status == "complete" or (self.status == "skipped" and bool(self.reason))

    def to_json(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "status": self.status,
            "coverage": self.coverage,
            "residual_gaps": [list(g) for g in self.residual_gaps],
            "entry": self.entry,
            "calls": self.calls,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "bytes_read": self.bytes_read,
            "input_bytes": self.input_bytes,
            "bytes_sent": self.bytes_sent,
            "strategy": self.strategy,
            "reason": self.reason,
            "elapsed_seconds": round(self.elapsed, 3),
            "malformed_lines": self.malformed_lines,
            "unread_spans": [list(g) for g in self.unread],
            **({"source": self.source} if self.source is not None else {}),
            "partial_entry": self.partial,
            **({"reused_run": self.reused_run} if self.reused_run is not None else {}),
            "split_leaves": self.split_leaves,
            "reused_invocations": self.reused_invocations,
            "overflows": self.overflows,
        }

    @property
    def source_line(self) -> str:
        """``rendered 70 KB of 1.07 MB (392 progress, 57 hook output records left out)``."""
        account = self.state.source_account
        return account.human() if account is not None else ""


def partial_entry(state: RunState) -> dict[str, Any] | None:
    """What the completed invocations of a run that did not complete found, folded offline
    (no model call) in input order and labelled as partial: ``covers_bytes`` of
    ``input_bytes`` (the run's coverage), over ``spans``. None for a complete or skipped run
    (its ``entry`` is the result) and for one where nothing completed."""
    if state.entry is not None or state.status in ("complete", "skipped"):
        return None
    done = [n for n in state.nodes.values() if n.status == "complete" and n.extraction]
    tops = []
    for n in done:
        parent = state.nodes.get(n.parent or "")
        while parent is not None and not (parent.status == "complete" and parent.extraction):
            parent = state.nodes.get(parent.parent or "")
        if parent is None:
            tops.append(n)
    if not tops:
        return None
    tops.sort(key=lambda n: n.scope)
    parts = [Extraction.model_validate(n.extraction) for n in tops]
    if len(parts) == 1:
        folded = parts[0]
    else:
        from gapless.engine.extractive.fold import fold_extractions  # only a multi-root run

        folded = fold_extractions(parts)
    if folded.skipped:
        return None
    spans = merge(n.scope for n in tops)
    covers = sum(e - s for s, e in spans)
    total = state.input_bytes
    body = folded.model_dump(exclude={"skipped", "skip_reason"})
    return {"label": f"partial — covers {covers} of {total} bytes", "covers_bytes": covers,
            "input_bytes": total, "spans": [list(g) for g in spans],
            "from_invocations": [n.inv for n in tops], **body}


def result_from_state(state: RunState) -> RunResult:
    """The ``--json`` report of a run, from its folded events."""
    return RunResult(
        run_id=state.run_id,
        status=state.status if state.status in ("complete", "incomplete", "failed", "skipped")
        else "failed",
        coverage=state.coverage,
        residual_gaps=list(state.gaps),
        entry=state.entry,
        calls=state.calls,
        tokens_in=state.tokens_in,
        tokens_out=state.tokens_out,
        bytes_read=state.bytes_read,
        input_bytes=state.input_bytes,
        strategy=state.strategy,
        reason=state.reason,
        elapsed=state.elapsed,
        malformed_lines=state.malformed,
        bytes_sent=state.bytes_sent,
        unread=residual_gaps((0, state.input_bytes), state.read),
        source=state.source_account.to_json() if state.source_account is not None else None,
        partial=partial_entry(state),
        split_leaves=sum("split in " in n.reason for n in state.nodes.values()),
        reused_invocations=sum(n.reused for n in state.nodes.values()),
        overflows=sum(c.overflow for n in state.nodes.values() for c in n.calls),
        state=state,
    )
