"""How the views word a run: status glyphs, percentages that never round a gap away, byte
sizes, and one line per event for the timeline."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gapless.engine import percent_text, size_text
from gapless.engine.core.events import (
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

FINAL = frozenset({"complete", "incomplete", "failed", "skipped", "interrupted"})

# status -> (glyph, colour, word); the glyph alone tells the status (not colour alone)
STATUS = {
    "pending": ("…", "grey62", "pending"),
    "running": ("◌", "yellow", "running"),
    "complete": ("✔", "green", "complete"),
    "incomplete": ("◐", "dark_orange", "incomplete"),
    "failed": ("✖", "red", "failed"),
    "skipped": ("⊘", "grey62", "skipped"),
    "interrupted": ("⏸", "dark_orange", "interrupted"),
}


def pct(x: float) -> str:
    """A percentage that never rounds a gap away (99.96 % shows as 99.9 %, not 100 %)."""
    return percent_text(x)


def human_bytes(n: float) -> str:
    """A size in the one format of the CLI and the workbench: decimal (1 KB = 1,000 B)."""
    return size_text(n)


def exact_size(n: int) -> str:
    """A size with its exact byte count beside it: ``630.5 KB (630,456 B)``."""
    return f"{size_text(n)} ({n:,} B)" if n >= 1000 else f"{n:,} B"


@dataclass(frozen=True)
class AnchorRow:
    """One anchor of an extraction, as the workbench lists it."""

    start: int
    end: int
    where: str  # file:line, when the anchor (or the loaded text) says
    quote: str  # a short quote of its bytes, else its label

    def line(self) -> str:
        where = f" {self.where}" if self.where else ""
        quote = f" — {self.quote}" if self.quote else ""
        return f"[{self.start:,}, {self.end:,}){where}{quote}"


def anchor_rows(anchors: Any, text: Callable[[int, int], str] | None = None,
                label: Callable[[int, int], str] | None = None,
                quote_chars: int = 80) -> list[AnchorRow]:
    """Readable anchors: byte span, ``file:line`` when known, a short quote of the bytes
    (from ``text`` when the source is loaded) or the anchor's own label."""
    rows: list[AnchorRow] = []
    for a in anchors if isinstance(anchors, list) else []:
        if not isinstance(a, dict):
            continue
        start, end = a.get("start"), a.get("end")
        if not isinstance(start, int) or not isinstance(end, int):
            continue
        where = ""
        if a.get("file"):
            where = str(a["file"])
            if a.get("line"):
                where += f":{a['line']}"
                if a.get("end_line"):
                    where += f"-{a['end_line']}"
        elif label is not None:
            where = label(start, end)
        quote = ""
        if text is not None:
            with contextlib.suppress(Exception):
                quote = " ".join(text(start, min(end, start + quote_chars * 4)).split())
        if not quote:
            quote = " ".join(str(a.get("label") or "").split())
        if len(quote) > quote_chars:
            quote = quote[: quote_chars - 1] + "…"
        rows.append(AnchorRow(start, end, where, quote))
    return rows


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


UNUSABLE = "the model's answer was not a usable extraction"


def call_results(n: Any) -> list[tuple[bool, str]]:
    """How each provider call of node ``n`` (a ``NodeState``) went, in order: (usable,
    words). A call that failed says why; a delivered reply the engine could not use says so
    too: a reply followed by another call of the same purpose in a leaf, fold or chunk was
    answered with a corrective retry, and the last reply of a node that failed for an
    unusable answer carries that reason."""
    calls = list(n.calls)
    out: list[tuple[bool, str]] = []
    reason = str(n.reason or "")
    for i, c in enumerate(calls):
        if not c.ok:
            what = "refused: over the model's window" if c.overflow else (c.error or "error")
            out.append((False, f"failed: {what}"))
            continue
        later = calls[i + 1] if i + 1 < len(calls) else None
        if later is not None and n.mode != "plan" and later.purpose == c.purpose:
            out.append((False, "unusable answer: a corrective retry followed"))
        elif later is None and n.status == "failed" and reason.startswith(UNUSABLE):
            problem = reason[len(UNUSABLE):].lstrip(": ")
            out.append((False, f"unusable answer: {problem}" if problem else
                        "unusable answer"))
        else:
            out.append((True, "ok"))
    return out
