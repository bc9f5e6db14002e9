"""Plain text, markdown and logs: the file's bytes are the transcript, unchanged.

The text is split into "messages" of about 2–8 KB, cut after blank lines where possible,
else after a newline, so the engine has natural places to cut. For valid UTF-8 the
transcript data *is* the file, so every offset is a file offset. Invalid UTF-8 is replaced
with U+FFFD (which shifts later offsets) and reported as malformed.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.core.transcript import Malformed, MessageRef, Transcript, snap_to_codepoint
from engine.sources.common import Part, SourceError

MIN_CHUNK = 2 * 1024
TARGET_CHUNK = 4 * 1024
MAX_CHUNK = 8 * 1024
SNIFF = 8 * 1024
MAX_BAD_LINES = 1000  # per file; then one summary record

_BLANK = re.compile(rb"\n[ \t\r\f\v]*\n")
# Control bytes that never appear in text (tab, newlines, form feed, ESC for ANSI logs excepted).
_CONTROL = frozenset(range(32)) - {9, 10, 11, 12, 13, 27}


def looks_binary(head: bytes) -> bool:
    """NUL bytes, many control bytes, or mostly undecodable bytes in the first few KB."""
    if b"\x00" in head:
        return True
    if not head:
        return False
    if sum(1 for b in head if b in _CONTROL) > len(head) // 20:
        return True
    sample = head[: len(head) - 4] if len(head) > 8 else head
    decoded = sample.decode("utf-8", errors="replace")
    return decoded.count("\ufffd") > len(decoded) // 4


def _best_cut(data: bytes, pos: int) -> int:
    lo, target, hi = pos + MIN_CHUNK, pos + TARGET_CHUNK, pos + MAX_CHUNK
    m = _BLANK.search(data, target, hi)
    if m is not None and m.end() <= hi:
        return m.end()
    last = None
    for last in _BLANK.finditer(data, lo, target + 1):  # noqa: B007 - we want the last match
        pass
    if last is not None:
        return last.end()
    nl = data.rfind(b"\n", lo, hi)
    if nl >= 0:
        return nl + 1
    sp = data.rfind(b" ", lo, hi)
    if sp >= 0:
        return sp + 1
    cut = snap_to_codepoint(data, hi)
    return cut if cut > pos else hi


def chunk_ends(data: bytes) -> list[int]:
    """End offsets of consecutive chunks covering ``data`` exactly (none for empty data)."""
    ends: list[int] = []
    pos, n = 0, len(data)
    while n - pos > MAX_CHUNK:
        pos = _best_cut(data, pos)
        ends.append(pos)
    if n > pos:
        ends.append(n)
    return ends


def read_text(path: Path) -> tuple[bytes, list[Malformed]]:
    """The file as UTF-8 bytes (exact when valid) and any decoding problems.

    Raises SourceError for binary content and ``OSError`` if the file cannot be read.
    """
    raw = path.read_bytes()
    if looks_binary(raw[:SNIFF]) or b"\x00" in raw:
        raise SourceError(f"{path} looks like a binary file, not text or a transcript")
    try:
        raw.decode("utf-8")
        return raw, []
    except UnicodeDecodeError:
        pass
    bad: list[Malformed] = []
    count = 0
    for line_no, line in enumerate(raw.split(b"\n"), 1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            count += 1
            if count <= MAX_BAD_LINES:
                bad.append(Malformed(str(path), line_no, "invalid UTF-8 (bad bytes replaced)"))
    if count > MAX_BAD_LINES:
        bad.append(
            Malformed(str(path), 0, f"{count - MAX_BAD_LINES} more lines with invalid UTF-8")
        )
    return raw.decode("utf-8", errors="replace").encode("utf-8"), bad


def load_text(path: Path) -> Transcript:
    """The whole file as one transcript whose bytes equal the file's (when valid UTF-8)."""
    data, bad = read_text(path)
    refs: list[MessageRef] = []
    start = 0
    for i, end in enumerate(chunk_ends(data)):
        refs.append(
            MessageRef(
                start=start, end=end, source=str(path), session=path.stem, index=i, role="text"
            )
        )
        start = end
    return Transcript(
        data=data, messages=tuple(refs), malformed=tuple(bad), kind="text", name=path.name
    )


def text_part(path: Path) -> Part:
    """The file as chunks for a multi-file transcript (offsets are then not file offsets)."""
    data, bad = read_text(path)
    part = Part(path=path, kind="text", session=path.stem, title=f"## File {path.name}")
    part.malformed.extend(bad)
    start = 0
    for end in chunk_ends(data):
        part.add(data[start:end].decode("utf-8"), "text", None)
        start = end
    return part
