"""Pieces every reader shares: the error type, parsed-file records and rendering helpers.

Readers do not write into a ``TranscriptBuilder`` directly. Each file becomes a ``Part``
(rendered entries plus metadata) so that a directory of sessions can be ordered by start
time and by continuation before anything is appended.
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
from typing import Any

from engine.core.errors import UserError
from engine.core.transcript import Malformed, TranscriptBuilder

# Argument bodies (Edit strings, Write content, prompts, scripts) are shown up to this many
# characters; tool *results* are never cut.
ARG_LIMIT = 2000

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


def stat_regular_file(path: Path) -> os.stat_result:
    """``path``'s stat if it is a regular file; otherwise a one-sentence SourceError (a
    directory, a FIFO that would block on open, a missing or unreadable path)."""
    try:
        st = path.stat()
    except OSError as exc:
        raise os_error(path, exc) from exc
    if stat.S_ISDIR(st.st_mode):
        raise SourceError(f"{path} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise SourceError(f"{path} is not a regular file")
    return st


@dataclass(slots=True)
class Entry:
    """One rendered message waiting to be appended (``session`` empty = the part's)."""

    text: str
    role: str
    timestamp: str | None = None
    session: str = ""


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

    def bad(self, line: int, reason: str) -> None:
        self.malformed.append(Malformed(str(self.path), line, reason))

    def saw_time(self, ts: str | None) -> None:
        if ts is not None and self.first_ts is None:
            self.first_ts = ts

    def add(self, text: str, role: str, ts: str | None, session: str = "") -> None:
        if text.strip():
            self.entries.append(Entry(text, role, ts, session))

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
            builder.add(
                part.title,
                source=source,
                session=part.session,
                role="meta",
                timestamp=part.first_ts,
            )

        def add(e: Entry) -> None:
            builder.add(e.text, source=source, session=e.session or part.session, role=e.role,
                        timestamp=e.timestamp)

        if consume:
            part.entries.reverse()
            while part.entries:
                add(part.entries.pop())
        else:
            for e in part.entries:
                add(e)
    for m in part.malformed:
        builder.malformed(m.source, m.line, m.reason)
    for child in part.children:
        emit(builder, child, consume=consume)


def iter_jsonl(path: Path, bad: BadLine) -> Iterator[tuple[int, JsonObj]]:
    """Yield ``(line_no, object)`` per JSON-object line; report every other non-blank line.

    Reads line by line so multi-gigabyte logs never sit in memory twice.
    """
    with path.open("rb") as fh:
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
                continue
            if not isinstance(obj, dict):
                bad(line_no, f"not a JSON object (got {json_type(obj)})")
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
