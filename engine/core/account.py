"""What a rendering kept of its source: every record of the input counted exactly once.

Coverage proves that every byte of the *rendered transcript* was read; this account says
what the rendering holds of the *input*. Each non-empty line (JSONL, text) or message (a
JSON document) is one record with one outcome: rendered, dropped for a reason (harness,
telemetry, thinking, a duplicate, an unknown type, ...) or malformed, so
``rendered + sum(dropped) + malformed == total`` for every file. Parts of a rendered record
that were left out (a thinking block beside an answer, transcription markup inside a
turn) are counted in ``parts_dropped``; the middle of a long tool output left out under the
size rule is counted in ``elided_bytes``. Files a folder run passed over are listed in
``skipped`` with their reason.
"""

from __future__ import annotations

import builtins
import hashlib
import math
from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, Field

# The classes of record every reader sorts its input into.
RecordClass = Literal[
    "conversation", "tool", "harness", "telemetry", "thinking", "malformed", "unknown"
]
# Classes a user can bring back into the rendering (the rest are always rendered or broken).
Includable = Literal["harness", "thinking", "telemetry"]
INCLUDABLE: tuple[str, ...] = ("harness", "thinking", "telemetry")


class RecordCounts(BaseModel):
    """Outcomes of the records of one file (or of all files of a run, summed)."""

    total: int = 0
    rendered: int = 0
    dropped: dict[str, int] = Field(default_factory=dict)
    elided_bytes: int = 0
    malformed: int = 0
    classes: dict[str, int] = Field(default_factory=dict)
    parts_dropped: dict[str, int] = Field(default_factory=dict)

    @property
    def left_out(self) -> int:
        return sum(self.dropped.values())

    @property
    def balanced(self) -> bool:
        """``rendered + sum(dropped) + malformed == total``."""
        return self.rendered + self.left_out + self.malformed == self.total

    def add(self, other: RecordCounts) -> None:
        self.total += other.total
        self.rendered += other.rendered
        self.malformed += other.malformed
        self.elided_bytes += other.elided_bytes
        for mine, theirs in ((self.dropped, other.dropped), (self.classes, other.classes),
                             (self.parts_dropped, other.parts_dropped)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v


class FileAccount(BaseModel):
    """One input file: its size, its format and what became of its records."""

    path: str
    bytes: int = 0
    kind: str = ""
    records: RecordCounts = Field(default_factory=RecordCounts)
    # the legacy encoding a text not in UTF-8 was read in ("" for UTF-8), and how many lines
    # of invalid UTF-8 were read with their bad bytes replaced
    encoding: str = ""
    replaced_lines: int = 0
    # reason -> source lines (1-based; message numbers for a JSON document) of the records
    # and parts left out for it. Kept in memory for audits and tests, never serialized.
    lines: dict[str, list[int]] = Field(default_factory=dict, exclude=True)


class SkippedFile(BaseModel):
    """A file a folder run passed over, and why."""

    path: str
    reason: str
    bytes: int = 0


class SourceAccount(BaseModel):
    """The account of one run's input: summed records, per file, and the files passed over."""

    path: str = ""
    bytes: int = 0
    rendered_bytes: int = 0
    sha256: str = ""
    records: RecordCounts = Field(default_factory=RecordCounts)
    files: list[FileAccount] = Field(default_factory=list)
    skipped: list[SkippedFile] = Field(default_factory=list)
    include: list[str] = Field(default_factory=list)
    tool_output_limit: int = 0

    @classmethod
    def of(cls, path: str, files: list[FileAccount], skipped: list[SkippedFile], *,
           rendered: builtins.bytes, include: list[str], tool_output_limit: int,
           ) -> SourceAccount:
        """The account of a load whose rendering is ``rendered`` (its size and hash)."""
        total = RecordCounts()
        for f in files:
            total.add(f.records)
        return cls(path=path, bytes=sum(f.bytes for f in files), rendered_bytes=len(rendered),
                   sha256=hashlib.sha256(rendered).hexdigest(), records=total, files=files,
                   skipped=skipped,
                   include=include, tool_output_limit=tool_output_limit)

    def to_json(self) -> dict[str, Any]:
        """The ``source`` object of ``--json``: ``{path, bytes, records: {...}, ...}``."""
        def records(r: RecordCounts) -> dict[str, Any]:
            return {"total": r.total, "rendered": r.rendered, "dropped": dict(r.dropped),
                    "elided_bytes": r.elided_bytes, "malformed": r.malformed,
                    "classes": dict(r.classes), "parts_dropped": dict(r.parts_dropped)}

        def decoded(f: FileAccount) -> dict[str, Any]:
            """How a text not in UTF-8 was read (nothing for a UTF-8 file's)."""
            return ({"encoding": f.encoding, "replaced_lines": f.replaced_lines}
                    if f.encoding or f.replaced_lines else {})

        return {
            "path": self.path,
            "bytes": self.bytes,
            "rendered_bytes": self.rendered_bytes,
            "sha256": self.sha256,
            "records": records(self.records),
            "files": [{"path": f.path, "bytes": f.bytes, "kind": f.kind,
                       "records": records(f.records), **decoded(f)} for f in self.files],
            "skipped_files": [s.model_dump() for s in self.skipped],
            "include": list(self.include),
            "tool_output_limit": self.tool_output_limit,
        }

    def lines_for(self, path: str, reason: str) -> list[int]:
        """Source lines of ``path`` left out for ``reason`` (records and parts)."""
        for f in self.files:
            if f.path == path:
                return list(f.lines.get(reason, []))
        return []

    def human(self) -> str:
        """``rendered 70 KB of 1.07 MB (392 progress, 57 hook output records left out)``."""
        r = self.records
        ranked = sorted(r.dropped.items(), key=lambda kv: (-kv[1], kv[0]))
        # ("guest record": the line ends in "records left out" already)
        bits = [f"{n} {reason.removesuffix(' record')}" for reason, n in ranked[:4]]
        rest = r.left_out - sum(n for _, n in ranked[:4])
        if rest:
            bits.append(f"{rest} other")
        notes = []
        if bits:
            notes.append(", ".join(bits) + (" record" if r.left_out == 1 else " records")
                         + " left out")
        if r.elided_bytes:
            notes.append(f"{size_text(r.elided_bytes)} of long tool output elided")
        if r.malformed:
            notes.append(f"{r.malformed} malformed")
        for f in self.files:
            name = f"{f.path.rsplit('/', 1)[-1]} " if len(self.files) > 1 else ""
            if f.encoding:
                notes.append(f"{name}read as {f.encoding}, not UTF-8")
            if f.replaced_lines:
                n = f.replaced_lines
                notes.append(f"{name}{n} line{'s' if n != 1 else ''} of invalid UTF-8, "
                             "bad bytes replaced")
        if self.skipped:
            n = len(self.skipped)
            notes.append(f"{n} file{'s' if n != 1 else ''} passed over")
        line = f"rendered {size_text(self.rendered_bytes)} of {size_text(self.bytes)}"
        return line + (f" ({'; '.join(notes)})" if notes else "")


def percent_text(share: float) -> str:
    """``99.9%``: a share to one decimal, rounded down, so a gap is never rounded away
    (99.96 % reads 99.9 %, only a whole reads 100.0 %) — the one percentage format of the
    CLI's and the workbench's human output."""
    share = max(0.0, min(1.0, share))
    return f"{math.floor(share * 1000 + 1e-9) / 10:.1f}%"


def count_text(n: int) -> str:
    """A count in at most five characters (``9,876``, ``12.3k``, ``456k``, ``4.5M``): tokens
    where a line has little room, in the CLI's and the workbench's human output alike."""
    if n < 10_000:
        return f"{n:,}"
    if n < 1_000_000:
        return f"{n / 1000:.1f}k" if n < 100_000 else f"{n // 1000}k"
    return f"{n / 1_000_000:.1f}M"


def size_text(n: float) -> str:
    """``512 B``, ``70.2 KB``, ``1.07 MB`` (decimal: 1 KB = 1,000 B), the one size format of
    the CLI's and the workbench's human output (exact byte counts are written out where
    precision matters)."""
    if abs(n) < 1000:
        return f"{n:.0f} B"
    for unit, scale in (("KB", 1e3), ("MB", 1e6), ("GB", 1e9)):
        if abs(n) < scale * 999.95 or unit == "GB":
            x = n / scale
            return f"{x:.2f} {unit}" if x < 9.995 else f"{x:.1f} {unit}"
    raise AssertionError("unreachable")  # pragma: no cover


class Tally:
    """The outcomes of one file's records while a reader runs; ``account()`` at the end.

    Every record gets exactly one of :meth:`rendered`, :meth:`dropped`, :meth:`malformed`.
    """

    def __init__(self, path: str, size: int = 0, kind: str = "") -> None:
        self.path = path
        self.size = size
        self.kind = kind
        self.total = 0
        self.n_rendered = 0
        self.n_malformed = 0
        self.elided_bytes = 0
        self.dropped_by: Counter[str] = Counter()
        self.classes: Counter[str] = Counter()
        self.parts: Counter[str] = Counter()
        self.lines: dict[str, list[int]] = {}
        self.encoding = ""  # (a text's: see FileAccount)
        self.replaced_lines = 0

    def rendered(self, line: int, cls: str) -> None:
        self.total += 1
        self.n_rendered += 1
        self.classes[cls] += 1

    def rendered_many(self, n: int, cls: str) -> None:
        """``n`` records rendered as ``cls`` (the lines of a verbatim text)."""
        self.total += n
        self.n_rendered += n
        if n:
            self.classes[cls] += n

    def dropped(self, line: int, reason: str, cls: str) -> None:
        self.total += 1
        self.dropped_by[reason] += 1
        self.classes[cls] += 1
        self.lines.setdefault(reason, []).append(line)

    def malformed(self, line: int) -> None:
        self.total += 1
        self.n_malformed += 1
        self.classes["malformed"] += 1
        self.lines.setdefault("malformed", []).append(line)

    def part_dropped(self, line: int, reason: str, n: int = 1) -> None:
        """``n`` parts of a rendered record left out for ``reason``."""
        if n > 0:
            self.parts[reason] += n
            self.lines.setdefault(reason, []).append(line)

    def elided(self, nbytes: int) -> None:
        self.elided_bytes += max(0, nbytes)

    def account(self) -> FileAccount:
        return FileAccount(
            path=self.path, bytes=self.size, kind=self.kind,
            records=RecordCounts(
                total=self.total, rendered=self.n_rendered, dropped=dict(self.dropped_by),
                elided_bytes=self.elided_bytes, malformed=self.n_malformed,
                classes=dict(self.classes), parts_dropped=dict(self.parts)),
            lines={k: list(v) for k, v in self.lines.items()},
            encoding=self.encoding, replaced_lines=self.replaced_lines,
        )
