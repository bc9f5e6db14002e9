"""The answer of ``gapless read``: bounded whatever the file's size, so it fits any caller.

``to_json`` is the exact ``--json`` object; the summary never exceeds 4 KB.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gapless.engine.core.events import Status
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.state import RunState
from gapless.engine.strategies.chunked.outline import OutlineEntry

__all__ = ["SUMMARY_MAX_BYTES", "ReadResult", "ReadStats", "bounded", "compose_summary"]

SUMMARY_MAX_BYTES = 4096


@dataclass
class ReadStats:
    total_lines: int = 0
    total_bytes: int = 0
    chunks_read: int = 0
    chunks_total: int = 0
    duration: float = 0.0


@dataclass
class ReadResult:
    """The bounded answer (``to_json`` is the exact ``--json`` object) plus run details."""

    summary: str
    outline: list[OutlineEntry]
    cursor: str | None
    stats: ReadStats
    truncated: bool
    status: Status = "complete"
    reason: str = ""
    run_id: str = ""
    outline_dropped: int = 0
    first_chunk: int = 0
    state: RunState = field(default_factory=RunState, repr=False)
    answer: str = ""  # with a question: the answer, and the byte spans it rests on
    answer_anchors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == "complete" or (self.status == "skipped" and bool(self.reason))

    def to_json(self) -> dict[str, Any]:
        s = self.stats
        return {
            "summary": self.summary,
            "outline": [e.model_dump() for e in self.outline],
            "cursor": self.cursor,
            "stats": {
                "total_lines": s.total_lines,
                "total_bytes": s.total_bytes,
                "chunks_read": s.chunks_read,
                "chunks_total": s.chunks_total,
                "duration": round(s.duration, 3),
            },
            "truncated": self.truncated,
            # only with a question (the exact five keys otherwise); "" when none was found
            **({"answer": self.answer, "answer_anchors": self.answer_anchors}
               if self.answer or self.state.question else {}),
        }


def bounded(text: str, limit: int = SUMMARY_MAX_BYTES) -> str:
    """``text`` cut to ``limit`` UTF-8 bytes (ending with an ellipsis when cut)."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text
    cut = raw[: limit - 3].decode("utf-8", errors="ignore").rstrip()
    return cut + "…"


def compose_summary(extraction: Extraction | None) -> str:
    """The headline leads the summary unless the summary already opens with it."""
    if extraction is None:
        return ""
    summary = extraction.summary.strip()
    head = extraction.headline.strip()
    if head and not summary.startswith(head[:40]):
        summary = f"{head}\n\n{summary}" if summary else head
    return bounded(summary)
