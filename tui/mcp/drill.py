"""Drill-down for ``gapless mcp``'s ``read_summary``: one outline entry (``section=N``) or one
line range (``lines="a-b"``) of a file, within the same byte budget as a whole read.

The lines themselves are read from the file (only up to the range's end). What a range holds
beyond what fits comes from the stored run of the read when the file is unchanged since that
run: the summaries and outline entries its chunks made, so a drill-down without a question
sends nothing to a model. With a question, or when no stored read of the unchanged file
exists, the range's lines are summarized as an ordinary run of their own (kind
``summarize``), every line numbered as in the file.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gapless.engine import Records, Settings, UserError, summarize_loaded
from gapless.engine.core.transcript import Origin, Transcript, TranscriptBuilder

__all__ = [
    "MAX_RANGE_BYTES",
    "LineRange",
    "parse_lines",
    "range_lines",
    "range_run",
    "stored_read",
    "stored_summary",
]

MAX_RANGE_BYTES = 16 * 1024 * 1024  # a range summarized as a run of its own is held in memory
_BLOCK_LINES = 40  # lines per message of a range's transcript (places a tree may cut)
_LINES = re.compile(r"^\s*(\d+)\s*(?:(?:-|–|\.\.|:)\s*(\d*)\s*)?$")


class RangeProblem(UserError):
    """A line range that cannot be read: one sentence saying why and what to pass."""


def parse_lines(spec: str) -> tuple[int, int | None]:
    """``"a-b"``, ``"a"`` (one line) or ``"a-"`` (to the end) as ``(a, b)``, 1-based and
    inclusive (``b`` None: to the end)."""
    m = _LINES.match(spec or "")
    if m is None:
        raise RangeProblem(f"lines must look like \"120-180\" (1-based, inclusive), not "
                           f"{spec!r}")
    first = int(m.group(1))
    tail = m.group(2)
    last = first if tail is None else None if tail == "" else int(tail)
    if first < 1 or (last is not None and last < first):
        raise RangeProblem(f"lines {spec!r} is empty or starts before line 1; pass "
                           "\"a-b\" with 1 <= a <= b")
    return first, last


@dataclass
class LineRange:
    """Lines ``first``..``last`` of a file: their bytes ``[start, end)`` and their text."""

    first: int
    last: int
    start: int
    end: int
    data: bytes
    clipped: bool  # the range asked for ran past the file's last line
    file_lines: int | None  # the file's line count, when the read went to its end

    @property
    def lines(self) -> str:
        return f"{self.first}-{self.last}"

    def text_lines(self, limit: int) -> tuple[str, int]:
        """The range's first lines within ``limit`` bytes (whole lines only) and the number
        of the last line given (``first - 1`` when not even one fits)."""
        out: list[str] = []
        size = 0
        n = self.first - 1
        for raw in self.data.splitlines(keepends=True):
            line = raw.decode("utf-8", errors="replace")
            b = len(line.encode("utf-8"))
            if size + b > limit:
                break
            out.append(line)
            size += b
            n += 1
        return "".join(out), n


def range_lines(path: Path, first: int, last: int | None, max_bytes: int = MAX_RANGE_BYTES
                ) -> LineRange:
    """Lines ``first``..``last`` of ``path`` (streamed; nothing past the range is read
    unless ``last`` is None)."""
    data = bytearray()
    start = end = 0
    n = 0
    with open(path, "rb") as fh:
        offset = 0
        for raw in fh:
            n += 1
            if n == first:
                start = offset
            offset += len(raw)
            if n >= first:
                data += raw
                end = offset
                if len(data) > max_bytes:
                    raise RangeProblem(
                        f"lines {first}-{last if last is not None else ''} hold more than "
                        f"{max_bytes // (1024 * 1024)} MB; call read_summary without lines "
                        "for the whole file, or pass a narrower range")
            if last is not None and n >= last:
                break
    at_end = last is None or n < last
    if n < first:
        raise RangeProblem(f"{path.name} has {n:,} lines; lines must start at most at line "
                           f"{max(n, 1):,}")
    got = n if at_end else last
    assert got is not None
    return LineRange(first, got, start, end, bytes(data), last is not None and n < last,
                     n if at_end else None)


# ------------------------------------------------------------------------- stored runs


async def stored_read(records: Records, path: Path, st: os.stat_result,
                      hint: str | None = None) -> str | None:
    """The newest stored read of ``path`` made since its last change (same size, started
    after its modification time), complete or not; ``hint`` (a run id) is tried first."""
    rows = []
    if hint is not None:
        row = await records.run(hint)
        if row is not None:
            rows.append(row)
    rows += await records.runs(limit=200, kind="read")
    for row in rows:
        if (row.source == str(path) and row.input_bytes == st.st_size
                and row.created_at >= st.st_mtime and row.status in ("complete", "incomplete")):
            return row.id
    return None


async def stored_summary(records: Records, run_id: str, rng: LineRange
                         ) -> tuple[str, list[dict[str, Any]]]:
    """What the stored read ``run_id`` (and the reads it resumed) found in ``rng``: one line
    per chunk it read there (``L a-b: headline — summary``) and the outline entries its
    chunks made inside the range (finer than the read's 32)."""
    parts: list[tuple[int, str]] = []
    entries: list[dict[str, Any]] = []
    seen: set[str] = set()
    rid: str | None = run_id
    while rid is not None and rid not in seen:
        seen.add(rid)
        state = await records.state(rid)
        for node in state.nodes.values():
            if node.mode != "chunk" or node.end <= rng.start or node.start >= rng.end:
                continue
            lines = [(e.start_line, e.end_line) for e in node.outline]
            lo = min((a for a, _ in lines), default=0)
            hi = max((b for _, b in lines), default=0)
            ex = node.extraction or {}
            head = str(ex.get("headline") or "").strip()
            body = " ".join(str(ex.get("summary") or "").split())
            said = f"{head} — {body}" if head and body and not body.startswith(head[:30]) \
                else (body or head)
            if said:
                where = f"L{max(lo, rng.first)}-{min(hi, rng.last)}: " if lo else ""
                parts.append((node.start, where + said))
            for e in node.outline:
                if e.end_line >= rng.first and e.start_line <= rng.last:
                    entries.append({"title": e.title, "start_line": e.start_line,
                                    "end_line": e.end_line, "kind": e.kind,
                                    "digest": e.digest})
        rid = state.parent_run_id
    parts.sort()
    entries.sort(key=lambda e: (e["start_line"], e["end_line"]))
    return "\n".join(p for _, p in parts), entries


def range_transcript(path: Path, rng: LineRange) -> Transcript:
    """The range's lines as a transcript whose every byte maps back to its file line."""
    builder = TranscriptBuilder("text", name=f"{path.name}:{rng.lines}", path=str(path))
    lines = rng.data.decode("utf-8", errors="replace").splitlines(keepends=True)
    for i in range(0, len(lines), _BLOCK_LINES):
        block = "".join(lines[i : i + _BLOCK_LINES])
        builder.add(block, Origin(str(path), line=rng.first + i), verbatim=True)
    return builder.build()


async def range_run(db: str | None, path: Path, rng: LineRange, settings: Settings,
                    question: str | None) -> dict[str, Any]:
    """The range summarized (and ``question`` answered) as an ordinary stored run; the same
    range and question again returns that run without a call."""
    result = await summarize_loaded(db, range_transcript(path, rng), settings,
                                    question=question, source=f"{path}:{rng.lines}",
                                    reuse=True)
    return result.to_json()
