"""The byte-addressed, immutable UTF-8 transcript that every strategy reads from.

Offsets everywhere in Gapless are byte offsets into ``Transcript.data``. Each rendered
message occupies one contiguous range, so any offset maps back to the source file, line,
session, message and timestamp it came from (:meth:`Transcript.where`,
:meth:`Transcript.file_lines`). The transcript also carries the account of its input
(:class:`engine.core.account.SourceAccount`): what every record of the source became.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from gapless.engine.core.account import FileAccount, SkippedFile, SourceAccount
from gapless.engine.core.spans import Span


@dataclass(frozen=True, slots=True)
class MessageRef:
    """Where one rendered message sits in the transcript and where it came from."""

    start: int
    end: int
    source: str
    session: str
    index: int
    role: str
    timestamp: str | None = None
    # The source line (1-based) of the record this message renders; 0 when unknown (a
    # title, a parsed JSON document). ``verbatim``: the message is the source's lines from
    # ``line`` on, newline for newline. ``line_map``: else the source line of each rendered
    # line, when a rendering keeps lines but not their numbers (a meeting without markup).
    line: int = 0
    verbatim: bool = False
    line_map: tuple[int, ...] = ()

    def line_at(self, data: bytes, offset: int) -> int:
        """The source line of ``offset`` (inside this message) in the file it came from."""
        if not self.line_map and not self.verbatim:
            return self.line
        k = data.count(b"\n", self.start, max(self.start, min(offset, self.end)))
        if self.line_map:
            return self.line_map[min(k, len(self.line_map) - 1)]
        return self.line + k


@dataclass(frozen=True, slots=True)
class SourcePoint:
    """Where one byte of the rendering came from."""

    file: str
    line: int
    message: int
    session: str
    timestamp: str | None

    @property
    def label(self) -> str:
        return f"{self.file}:{self.line}" if self.line else f"{self.file}#message{self.message}"


@dataclass(frozen=True, slots=True)
class Malformed:
    """A line or record a reader could not use; counted and reported, never fatal."""

    source: str
    line: int
    reason: str


@dataclass(frozen=True)
class Transcript:
    """Immutable UTF-8 bytes plus the index from offsets back to messages."""

    data: bytes
    messages: tuple[MessageRef, ...] = ()
    malformed: tuple[Malformed, ...] = ()
    kind: str = "text"
    name: str = ""
    account: SourceAccount | None = field(default=None, repr=False, compare=False)
    _starts: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_starts", tuple(m.start for m in self.messages))

    def __len__(self) -> int:
        return len(self.data)

    @property
    def span(self) -> Span:
        return (0, len(self.data))

    def text(self, start: int, end: int) -> str:
        """The text of ``[start, end)``, cut on code-point boundaries (never mid-character)."""
        s = snap_to_codepoint(self.data, max(0, start))
        e = snap_to_codepoint(self.data, min(len(self.data), end))
        return self.data[s:e].decode("utf-8", errors="replace")

    def locate(self, offset: int) -> MessageRef | None:
        """The message containing ``offset`` (None for offsets between or outside messages)."""
        i = bisect.bisect_right(self._starts, offset) - 1
        if i >= 0:
            m = self.messages[i]
            if m.start <= offset < m.end:
                return m
        return None

    def where(self, offset: int) -> SourcePoint | None:
        """The file, line, message, session and time of the byte at ``offset``; for an
        offset on a separator between messages, the message that follows it."""
        m = self.locate(offset)
        if m is None:
            i = bisect.bisect_right(self._starts, offset)
            if i >= len(self.messages):
                return None
            m = self.messages[i]
            offset = m.start
        return SourcePoint(m.source, m.line_at(self.data, offset), m.index, m.session,
                           m.timestamp)

    def file_lines(self, start: int, end: int) -> list[tuple[str, int, int]]:
        """``[(file, first line, last line), ...]`` of the records under ``[start, end)``,
        one item per file in rendering order (lines 0 when the source has no lines)."""
        lo = max(0, start)
        hi = min(len(self.data), end)
        if hi <= lo:
            return []
        i = max(0, bisect.bisect_right(self._starts, lo) - 1)
        j = bisect.bisect_left(self._starts, hi)
        out: list[tuple[str, int, int]] = []
        for m in self.messages[i:max(j, i + 1)]:
            if m.end <= lo or m.start >= hi:
                continue
            first = m.line_at(self.data, max(lo, m.start))
            last = m.line_at(self.data, min(hi, m.end) - 1)
            if out and out[-1][0] == m.source:
                f, a, b = out[-1]
                lines = [x for x in (a, b, first, last) if x]
                out[-1] = (f, min(lines, default=0), max(lines, default=0))
            else:
                out.append((m.source, first, last))
        return out

    def anchor_label(self, start: int, end: int) -> str:
        """``file:12`` or ``file:12-40`` (and ``; other:3`` across files) for a span."""
        bits = []
        for f, a, b in self.file_lines(start, end):
            bits.append(f if not a else f"{f}:{a}" if a == b else f"{f}:{a}-{b}")
        return "; ".join(bits)

    def annotate_anchors(self, anchors: list[dict[str, object]]) -> list[dict[str, object]]:
        """Anchors (``{start, end, label}``) with ``file`` and ``line`` added where known:
        the file and first line of the record the anchor starts in (existing keys kept)."""
        out = []
        for a in anchors:
            start, end = a.get("start"), a.get("end")
            item = dict(a)
            if isinstance(start, int) and isinstance(end, int) and "file" not in item:
                spans = self.file_lines(start, max(end, start + 1))
                if spans:
                    f, first, last = spans[0]
                    item["file"] = f
                    if first:
                        item["line"] = first
                        if last != first and len(spans) == 1:
                            item["end_line"] = last
            out.append(item)
        return out

    def boundaries(self, scope: Span | None = None) -> list[int]:
        """Message start offsets strictly inside ``scope`` (good places to cut)."""
        lo, hi = scope if scope is not None else self.span
        i = bisect.bisect_right(self._starts, lo)
        j = bisect.bisect_left(self._starts, hi)
        return list(self._starts[i:j])


def snap_to_codepoint(data: bytes, offset: int) -> int:
    """Move ``offset`` back to the start of the UTF-8 character it falls in."""
    offset = max(0, min(offset, len(data)))
    while 0 < offset < len(data) and (data[offset] & 0xC0) == 0x80:
        offset -= 1
    return offset


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a message's text was read: the file, its session, the line it starts on and,
    for text cut from a file's lines, the file's number of each of its lines."""

    source: str
    session: str = ""
    line: int = 0
    line_map: tuple[int, ...] = ()


class TranscriptBuilder:
    """Appends rendered messages and records their byte ranges."""

    def __init__(self, kind: str = "text", name: str = "", *, path: str = "",
                 include: tuple[str, ...] = (), tool_output_limit: int = 0) -> None:
        self._buf = bytearray()
        self._size = 0
        self._messages: list[MessageRef] = []
        self._malformed: list[Malformed] = []
        self._files: list[FileAccount] = []
        self._skipped: list[SkippedFile] = []
        self.kind = kind
        self.name = name
        self.path = path or name
        self.include = include
        self.tool_output_limit = tool_output_limit

    @property
    def size(self) -> int:
        return self._size

    def add(self, text: str, origin: Origin, *, role: str = "text",
            timestamp: str | None = None, verbatim: bool = False) -> MessageRef | None:
        """Append one message's rendered text (a blank line separates messages)."""
        if not text:
            return None
        if not text.endswith("\n"):
            text += "\n"
        raw = text.encode("utf-8", errors="replace")
        if self._size:
            self._buf += b"\n"
            self._size += 1
        ref = MessageRef(
            start=self._size,
            end=self._size + len(raw),
            source=origin.source,
            session=origin.session,
            index=len(self._messages),
            role=role,
            timestamp=timestamp,
            line=origin.line,
            verbatim=verbatim,
            line_map=origin.line_map,
        )
        self._buf += raw
        self._size += len(raw)
        self._messages.append(ref)
        return ref

    def malformed(self, source: str, line: int, reason: str) -> None:
        self._malformed.append(Malformed(source, line, reason))

    def file(self, account: FileAccount) -> None:
        """Record what became of one input file's records."""
        self._files.append(account)

    def skipped(self, path: str, reason: str, size: int = 0) -> None:
        """Record a file the load passed over, and why."""
        self._skipped.append(SkippedFile(path=path, reason=reason, bytes=size))

    def build(self) -> Transcript:
        data = bytes(self._buf)
        account = None
        if self._files or self._skipped:
            account = SourceAccount.of(
                self.path, self._files, self._skipped, rendered=data, include=list(self.include),
                tool_output_limit=self.tool_output_limit)
        return Transcript(
            data=data,
            messages=tuple(self._messages),
            malformed=tuple(self._malformed),
            kind=self.kind,
            name=self.name,
            account=account,
        )
