"""The byte-addressed, immutable UTF-8 transcript that every strategy reads from.

Offsets everywhere in Gapless are byte offsets into ``Transcript.data``. Each rendered
message occupies one contiguous range, so any offset maps back to the source file, session,
message and timestamp it came from.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from engine.core.spans import Span


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


class TranscriptBuilder:
    """Appends rendered messages and records their byte ranges."""

    def __init__(self, kind: str = "text", name: str = "") -> None:
        self._buf = bytearray()
        self._size = 0
        self._messages: list[MessageRef] = []
        self._malformed: list[Malformed] = []
        self.kind = kind
        self.name = name

    @property
    def size(self) -> int:
        return self._size

    def add(
        self,
        text: str,
        *,
        source: str,
        session: str = "",
        role: str = "text",
        timestamp: str | None = None,
    ) -> MessageRef | None:
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
            source=source,
            session=session,
            index=len(self._messages),
            role=role,
            timestamp=timestamp,
        )
        self._buf += raw
        self._size += len(raw)
        self._messages.append(ref)
        return ref

    def malformed(self, source: str, line: int, reason: str) -> None:
        self._malformed.append(Malformed(source, line, reason))

    def build(self) -> Transcript:
        return Transcript(
            data=bytes(self._buf),
            messages=tuple(self._messages),
            malformed=tuple(self._malformed),
            kind=self.kind,
            name=self.name,
        )
