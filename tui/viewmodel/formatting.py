"""How the views word a run: status glyphs, percentages that never round a gap away, byte
sizes, and one line per event for the timeline."""

from __future__ import annotations

import math

from engine.core.events import (
    ActionTaken,
    ChildFinished,
    CompactionValidated,
    DoneRejected,
    Event,
    InvocationFinished,
    InvocationStarted,
    OutlineUpdated,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)

FINAL = frozenset({"complete", "incomplete", "failed", "skipped"})

# status -> (glyph, colour, word); the glyph alone tells the status (not colour alone)
STATUS = {
    "pending": ("…", "grey62", "pending"),
    "running": ("◌", "yellow", "running"),
    "complete": ("✔", "green", "complete"),
    "incomplete": ("◐", "dark_orange", "incomplete"),
    "failed": ("✖", "red", "failed"),
    "skipped": ("⊘", "grey62", "skipped"),
}


def pct(x: float) -> str:
    """A percentage that never rounds a gap away (99.96 % shows as 99.9 %, not 100 %)."""
    return f"{math.floor(max(0.0, min(1.0, x)) * 1000) / 10:.1f}%"


def human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if abs(n) < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def describe(ev: Event) -> str:
    """One line for the timeline."""
    if isinstance(ev, OutlineUpdated | CompactionValidated):
        ev = ev.as_action()  # shown as the action it is in the invocation's log
    if isinstance(ev, RunStarted):
        return f"run started: {ev.strategy} over {ev.input_bytes:,} bytes ({ev.provider})"
    if isinstance(ev, InvocationStarted):
        return f"{ev.inv} started: {ev.mode} [{ev.start}, {ev.end}) depth {ev.depth}"
    if isinstance(ev, ActionTaken):
        args = ", ".join(f"{k}={v}" for k, v in list(ev.args.items())[:3])
        return f"{ev.inv} action {ev.n}: {ev.action}({args[:60]}){'' if ev.ok else ' ✗'}"
    if isinstance(ev, SpanRead):
        return f"{ev.inv} read [{ev.start}, {ev.end})"
    if isinstance(ev, DoneRejected):
        return f"{ev.inv} done rejected: {ev.reason[:60]}"
    if isinstance(ev, ChildFinished):
        return f"{ev.inv} child {ev.child} finished {ev.status}"
    if isinstance(ev, ProviderCall):
        ok = "ok" if ev.ok else f"error: {(ev.error or '')[:50]}"
        return f"{ev.inv} call {ev.purpose}: {ev.tokens_in}→{ev.tokens_out} tokens, {ok}"
    if isinstance(ev, InvocationFinished):
        return f"{ev.inv} finished {ev.status} ({pct(ev.coverage)})"
    if isinstance(ev, RunFinished):
        return f"run finished {ev.status} ({pct(ev.coverage)})"
    return getattr(ev, "type", "event")
