"""Pieces every reader shares: the error type, parsed-file records and rendering helpers.

Readers do not write into a ``TranscriptBuilder`` directly. Each file becomes a ``Part``
(rendered entries plus metadata) so that a directory of sessions can be ordered by start
time and by continuation before anything is appended.

Every reader sorts each record of its file into a class (conversation, tool, harness,
telemetry, thinking, malformed) and counts it in the part's :class:`Tally`. What is
rendered follows :class:`RenderOptions`: harness, telemetry and thinking are left out
unless included, and a tool body (output or input) longer than ``tool_output_limit``
bytes is rendered head and tail with the middle elided and counted (:func:`elide`).
A rule classifies a *kind of record* (its type, its subtype, an envelope the harness
itself writes around the whole text), never the words a person wrote.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from gapless.engine.core.account import Tally
from gapless.engine.core.errors import UserError
from gapless.engine.core.transcript import Malformed, Origin, TranscriptBuilder

# Kept for callers outside the readers (compaction); the readers no longer cut bodies.
ARG_LIMIT = 2000
# A tool body (result or argument) above this many bytes is rendered head + tail.
TOOL_OUTPUT_LIMIT = 16 * 1024

JsonObj = dict[str, Any]
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
BadLine = Callable[[int, str], None]


class SourceError(UserError):
    """A user-facing problem with an input path; the message is one clear sentence."""


def os_error(path: Path, exc: OSError) -> SourceError:
    """Turn an ``OSError`` from opening or reading ``path`` into a one-sentence SourceError."""
    if isinstance(exc, FileNotFoundError):
        return SourceError(f"No such file: {path}")
    if isinstance(exc, PermissionError):
        return SourceError(f"{path} is not readable (permission denied)")
    if isinstance(exc, IsADirectoryError):
        return SourceError(f"{path} is a directory, not a file")
    return SourceError(f"Could not read {path}: {exc.strerror or exc}")


def special_kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file or a folder (None then):
    a FIFO or a device blocks or never ends when read, so no reader opens one."""
    for test, kind in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return kind
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "a special file"


def _refuse_special(path: Path, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise SourceError(f"{path} is a directory, not a file")
    kind = special_kind(mode)
    if kind is not None:
        raise SourceError(f"{path} is {kind}, not a regular file, so it is not read")


def stat_regular_file(path: Path) -> os.stat_result:
    """``path``'s stat if it is a regular file; otherwise a one-sentence SourceError (a
    directory, a FIFO that would block on open, a missing or unreadable path)."""
    try:
        st = path.stat()
    except OSError as exc:
        raise os_error(path, exc) from exc
    _refuse_special(path, st.st_mode)
    return st


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened for reading if it is a regular file, without ever blocking: opened
    with ``O_NONBLOCK`` (a FIFO without a writer would hang a plain open) and checked on
    the open descriptor (no race with a file swapped after a stat). A one-sentence
    SourceError otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise os_error(path, exc) from exc
    try:
        _refuse_special(path, os.fstat(fd).st_mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_regular(path: Path) -> bytes:
    """The whole of a regular file (see :func:`open_regular`); a failed read is one
    sentence too."""
    with open_regular(path) as fh:
        try:
            return fh.read()
        except OSError as exc:
            raise os_error(path, exc) from exc


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """What a load renders: the classes brought back, and the long-body rule."""

    include: frozenset[str] = frozenset()
    tool_output_limit: int = TOOL_OUTPUT_LIMIT  # bytes; 0 renders every body whole
    # keep each message's own object on its entry (compaction outputs the tail as it was)
    messages: bool = False

    @classmethod
    def make(cls, include: Any = (), *, thinking: bool = False,
             tool_output_limit: int | None = None) -> RenderOptions:
        wanted = set(include or ())
        if thinking:
            wanted.add("thinking")
        limit = TOOL_OUTPUT_LIMIT if tool_output_limit is None else max(0, tool_output_limit)
        return cls(frozenset(wanted), limit)

    @classmethod
    def from_settings(cls, settings: Any) -> RenderOptions:
        """The options a run's settings name (a ``Settings`` or its stored dict)."""
        get = settings.get if isinstance(settings, dict) else (
            lambda k, d=None: getattr(settings, k, d))
        limit = get("tool_output_limit", None)
        return cls.make(get("include", None) or (),
                        tool_output_limit=limit if isinstance(limit, int) else None)

    @property
    def thinking(self) -> bool:
        return "thinking" in self.include

    @property
    def harness(self) -> bool:
        return "harness" in self.include

    @property
    def telemetry(self) -> bool:
        return "telemetry" in self.include

    def keeps(self, cls: str) -> bool:
        """Is a record of class ``cls`` rendered?"""
        return cls not in ("harness", "telemetry", "thinking") or cls in self.include


@dataclass(frozen=True, slots=True)
class Shown:
    """How a reader shows one record: as whose turn (``role``), counted in which class and
    why, under which label (the role's when empty)."""

    role: str
    cls: str
    reason: str = ""
    label: str = ""


@dataclass(slots=True)
class Entry:
    """One rendered message waiting to be appended (``session`` empty = the part's)."""

    text: str
    role: str
    timestamp: str | None = None
    session: str = ""
    line: int = 0
    verbatim: bool = False
    line_map: tuple[int, ...] = ()
    # The message as the agent's model saw it (``{"role", "content", ...}``), when the
    # format has one; ``key`` joins the records of one model turn (a message id).
    raw: JsonObj | None = None
    key: str = ""


@dataclass
class Part:
    """One input file, rendered: entries, problems, and what ordering needs to know."""

    path: Path
    kind: str
    session: str = ""
    title: str = ""
    entries: list[Entry] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    first_ts: str | None = None
    uuids: set[str] = field(default_factory=set)
    refs: list[str] = field(default_factory=list)
    children: list[Part] = field(default_factory=list)
    cwd: str = ""
    # Files this part's reader passed over: (path, reason, bytes).
    skipped: list[tuple[str, str, int]] = field(default_factory=list)
    tally: Tally = field(init=False)

    def __post_init__(self) -> None:
        try:
            size = self.path.stat().st_size
        except OSError:
            size = 0
        self.tally = Tally(str(self.path), size, self.kind)

    def bad(self, line: int, reason: str) -> None:
        self.malformed.append(Malformed(str(self.path), line, reason))

    def saw_time(self, ts: str | None) -> None:
        if ts is not None and self.first_ts is None:
            self.first_ts = ts

    def add(self, entry: Entry) -> bool:
        """Queue a rendered message; False (nothing queued) when its text is blank."""
        if entry.text.strip():
            self.entries.append(entry)
            return True
        return False

    def count(self, line: int, cls: str, rendered: bool, reason: str = "") -> None:
        """Count one record: rendered as ``cls``, or dropped for ``reason`` (default the
        class itself)."""
        if rendered:
            self.tally.rendered(line, cls)
        else:
            self.tally.dropped(line, reason or cls, cls)

    @property
    def sort_key(self) -> tuple[bool, str, str]:
        return (self.first_ts is None, self.first_ts or "", str(self.path))


def emit(builder: TranscriptBuilder, part: Part, *, consume: bool = False) -> None:
    """Append a part (title first, if it rendered anything), then its children in order.

    With ``consume`` the part's rendered text is released as it is appended, so a large
    file is not held twice (as text and as bytes) at the peak of a load.
    """
    source = str(part.path)
    if part.entries:
        if part.title:
            builder.add(part.title, Origin(source, part.session), role="meta",
                        timestamp=part.first_ts)

        def add(e: Entry) -> None:
            builder.add(e.text, Origin(source, e.session or part.session, e.line, e.line_map),
                        role=e.role, timestamp=e.timestamp, verbatim=e.verbatim)

        if consume:
            part.entries.reverse()
            while part.entries:
                add(part.entries.pop())
        else:
            for e in part.entries:
                add(e)
    for m in part.malformed:
        builder.malformed(m.source, m.line, m.reason)
    builder.file(part.tally.account())
    for path, reason, size in part.skipped:
        builder.skipped(path, reason, size)
    for child in part.children:
        emit(builder, child, consume=consume)


def iter_jsonl(path: Path, bad: BadLine, tally: Tally | None = None
               ) -> Iterator[tuple[int, JsonObj]]:
    """Yield ``(line_no, object)`` per JSON-object line; report every other non-blank line
    (and count it malformed in ``tally``).

    Reads line by line so multi-gigabyte logs never sit in memory twice.
    """
    with open_regular(path) as fh:
        for line_no, raw in enumerate(fh, 1):
            stripped = raw.strip()
            if not stripped:
                continue
            try:
                text = stripped.decode("utf-8")
            except UnicodeDecodeError:
                text = stripped.decode("utf-8", errors="replace")
                bad(line_no, "invalid UTF-8 (bad bytes replaced)")
            if line_no == 1:
                text = text.lstrip("\ufeff")
            try:
                obj = json.loads(text)
            except (ValueError, RecursionError) as exc:
                if not raw.endswith(b"\n"):
                    bad(line_no, "truncated last line (incomplete JSON)")
                else:
                    bad(line_no, f"invalid JSON ({exc})")
                if tally is not None:
                    tally.malformed(line_no)
                continue
            if not isinstance(obj, dict):
                bad(line_no, f"not a JSON object (got {json_type(obj)})")
                if tally is not None:
                    tally.malformed(line_no)
                continue
            yield line_no, obj


def json_type(value: Any) -> str:
    """A JSON-ish name for ``value``'s type, for malformed-line reasons."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def norm_ts(value: Any) -> str | None:
    """An ISO-8601 UTC timestamp to the second (``2026-06-06T04:34:24Z``), else None.

    Accepts ISO strings and epoch seconds/milliseconds; unparseable strings come back as is.
    """
    if isinstance(value, bool) or value is None:
        return None
    dt: datetime | None = None
    if isinstance(value, int | float):
        secs = float(value) / 1000 if value > 1e11 else float(value)
        try:
            dt = datetime.fromtimestamp(secs, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    elif isinstance(value, str):
        raw = value.strip()
        if not raw:
            return None
        try:
            dt = datetime.fromisoformat(raw)
        except ValueError:
            return raw
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=UTC)
    else:
        return None
    try:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (OverflowError, ValueError):
        return value if isinstance(value, str) else None


def header(label: str, markers: list[str], ts: str | None) -> str:
    """``### label · marker · timestamp`` — the line that opens every rendered message."""
    parts = [label, *markers]
    if ts:
        parts.append(ts)
    return "### " + " · ".join(parts)


def cap(text: str, limit: int = ARG_LIMIT) -> str:
    """``text`` up to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [+{len(text) - limit} chars]"


def elide(text: str, limit: int, tally: Tally | None = None, line: int = 0,
          what: str = "tool output") -> str:
    """``text`` whole when it fits ``limit`` bytes (or ``limit`` is 0); else its head and
    tail around one line saying how much of the middle was left out, counted in ``tally``.

    The cuts fall on line ends where one is near, and never inside a character.
    """
    raw = text.encode("utf-8", errors="replace")
    if not limit or len(raw) <= limit:
        return text
    head_n, tail_n = limit * 5 // 8, limit * 3 // 8
    head_end = raw.rfind(b"\n", head_n * 3 // 4, head_n)
    head_end = head_end + 1 if head_end >= 0 else head_n
    tail_start = raw.find(b"\n", len(raw) - tail_n, len(raw) - tail_n * 3 // 4)
    tail_start = tail_start + 1 if tail_start >= 0 else len(raw) - tail_n
    while 0 < head_end < len(raw) and (raw[head_end] & 0xC0) == 0x80:
        head_end -= 1
    while tail_start < len(raw) and (raw[tail_start] & 0xC0) == 0x80:
        tail_start += 1
    middle = raw[head_end:tail_start]
    n_lines = middle.count(b"\n")
    if tally is not None:
        tally.elided(len(middle))
        tally.part_dropped(line, "elided tool output")
    head = raw[:head_end].decode("utf-8", errors="replace")
    tail = raw[tail_start:].decode("utf-8", errors="replace")
    note = (f"[… {len(middle):,} bytes ({n_lines:,} lines) of {what} elided: over the "
            f"{limit:,}-byte limit (tool_output_limit; --full-tool-output shows all) …]")
    return f"{head}{'' if head.endswith(chr(10)) else chr(10)}{note}\n{tail}"


def flat(text: str) -> str:
    """Whitespace (and ANSI colour codes) collapsed to single spaces; nothing cut."""
    return re.sub(r"\s+", " ", _ANSI.sub("", text)).strip()


def one_line(text: str, limit: int = 240) -> str:
    """Whitespace collapsed to single spaces and cut to ``limit`` characters."""
    flat = re.sub(r"\s+", " ", _ANSI.sub("", text)).strip()
    if len(flat) <= limit:
        return flat
    return f"{flat[:limit]}… ({len(flat)} chars)"


def compact_json(value: Any) -> str:
    """Readable one-line JSON (non-ASCII kept) for arguments nobody taught us to render."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    except (TypeError, ValueError, RecursionError):
        return repr(value)


def as_str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def size_label(text: str) -> str:
    """``3 lines, 1.2 KB`` — what a body's size is when we do not show all of it."""
    n = len(text.encode("utf-8", errors="replace"))
    lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    size = f"{n} B" if n < 1024 else f"{n / 1024:.1f} KB"
    return f"{lines} line{'s' if lines != 1 else ''}, {size}"
