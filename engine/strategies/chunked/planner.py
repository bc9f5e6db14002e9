"""The chunk planner of ``gapless read``: where a huge file is cut, computed, never prompted.

The plan is a pure function of the file's bytes and the target chunk size, so tests can
assert on it and a cursor can prove (by the plan hash) that it resumes the same plan.
Every byte belongs to exactly one chunk. A cut lands, in this order of preference, on

1. the end of a blank line,
2. the end of a line that starts with ``}`` (a closing brace in column 0) or right before a
   YAML ``---`` document separator,
3. right before a line starting with ``{`` or ``[`` (a top-level JSON value, JSON lines),
4. the end of any line,
5. a byte position on a code-point boundary (files without newlines, minified JSON),

always within ±20 % of the target, nearest the target inside the best tier. The file is
streamed block by block: memory stays proportional to the target, not to the file.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PLAN_VERSION = 1
SNAP = 0.2
MIN_TARGET = 16
BLOCK = 1 << 20
_LOOKAHEAD = 256  # bytes past the window a snap pattern may need to be seen whole

_BLANK = re.compile(rb"\n[ \t\r\f\v]*\n")
_BRACE = re.compile(rb"\n\}[^\n]{0,200}\n")
_YAML = re.compile(rb"\n---[ \t]*\r?\n")
_JSON = re.compile(rb"\n[\{\[]")

Reader = Callable[[int], bytes]


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk: bytes ``[start, end)``, 1-based inclusive lines, digest of its bytes.

    ``cut`` says why the chunk ends where it does (``eof``, ``blank``, ``brace``, ``yaml``,
    ``json``, ``line`` or ``bytes``), which makes plans easy to inspect and test.
    """

    index: int
    start: int
    end: int
    start_line: int
    end_line: int
    digest: str
    cut: str

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class Plan:
    """The chunks of one file for one target size, and the hash that identifies them."""

    target: int
    size: int
    total_lines: int
    chunks: tuple[Chunk, ...]
    plan_hash: str

    def __len__(self) -> int:
        return len(self.chunks)


def chunk_digest(data: bytes | memoryview) -> str:
    """The digest a chunk's bytes must still have when they are read."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def plan_bytes(data: bytes, target: int) -> Plan:
    """Plan an in-memory file (the same plan as :func:`plan_file` on the same bytes)."""
    return plan_stream(io.BytesIO(data).read, target)


def plan_file(path: str | Path, target: int) -> Plan:
    """Plan a file on disk, streaming it (OSError propagates to the caller)."""
    with open(path, "rb") as fh:
        return plan_stream(fh.read, target)


def plan_stream(read: Reader, target: int) -> Plan:
    """Plan the bytes ``read`` yields until it returns ``b""``."""
    if target < MIN_TARGET:
        raise ValueError(f"the chunk target must be at least {MIN_TARGET} bytes (got {target})")
    lo = max(1, int(target * (1 - SNAP)))
    hi = max(lo, int(target * (1 + SNAP)))
    buf = b""
    base = 0  # absolute offset of buf[0]
    eof = False
    pos = 0
    line = 1
    last_byte = b""
    chunks: list[Chunk] = []
    while True:
        while not eof and base + len(buf) - pos < hi + _LOOKAHEAD:
            block = read(BLOCK)
            if not block:
                eof = True
                break
            buf = buf[pos - base :] + block
            base = pos
        end_abs = base + len(buf)
        if pos >= end_abs:
            break
        rel = pos - base
        if eof and end_abs - pos <= hi:
            cut, why = len(buf), "eof"
        else:
            cut, why = _find_cut(buf, rel, lo, target, hi)
        newlines = buf.count(b"\n", rel, cut)
        ends_nl = buf[cut - 1] == 0x0A
        end_line = line + newlines - (1 if ends_nl else 0)
        chunks.append(
            Chunk(
                index=len(chunks),
                start=pos,
                end=base + cut,
                start_line=line,
                end_line=end_line,
                digest=chunk_digest(memoryview(buf)[rel:cut]),
                cut=why,
            )
        )
        last_byte = buf[cut - 1 : cut]
        line += newlines
        pos = base + cut
    size = pos
    total_lines = 0 if size == 0 else line - 1 + (0 if last_byte == b"\n" else 1)
    return Plan(target, size, total_lines, tuple(chunks), plan_hash(target, size, chunks))


def plan_hash(target: int, size: int, chunks: list[Chunk] | tuple[Chunk, ...]) -> str:
    """Identifies the plan *and* the content: any changed byte changes some chunk digest."""
    h = hashlib.sha256(f"gapless-plan-v{PLAN_VERSION}|{target}|{size}|".encode())
    for c in chunks:
        h.update(f"{c.start},{c.end},{c.digest};".encode())
    return h.hexdigest()[:32]


def _find_cut(buf: bytes, rel: int, lo: int, target: int, hi: int) -> tuple[int, str]:
    """The cut (an index into ``buf``) for a chunk starting at ``rel``."""
    wlo, ideal, whi = rel + lo, rel + target, rel + hi
    scan_from = max(rel, wlo - _LOOKAHEAD)
    scan_to = min(len(buf), whi + _LOOKAHEAD)

    def nearest(cands: list[int]) -> int | None:
        ok = [c for c in cands if wlo <= c <= whi]
        return min(ok, key=lambda c: (abs(c - ideal), c)) if ok else None

    tiers: list[tuple[str, list[int]]] = [
        ("blank", [m.end() for m in _BLANK.finditer(buf, scan_from, scan_to)]),
    ]
    brace = [m.end() for m in _BRACE.finditer(buf, scan_from, scan_to)]
    yaml = [m.start() + 1 for m in _YAML.finditer(buf, scan_from, scan_to)]
    tiers.append(("brace+yaml", brace + yaml))
    tiers.append(("json", [m.start() + 1 for m in _JSON.finditer(buf, scan_from, scan_to)]))
    for name, cands in tiers:
        best = nearest(cands)
        if best is not None:
            if name == "brace+yaml":
                name = "brace" if best in brace else "yaml"
            return best, name
    before = buf.rfind(b"\n", wlo - 1, ideal)
    after = buf.find(b"\n", ideal - 1, whi)
    best = nearest([p + 1 for p in (before, after) if p >= 0])
    if best is not None:
        return best, "line"
    cut = ideal
    for back in range(4):  # step back over UTF-8 continuation bytes (at most 3)
        if cut - back <= rel:
            break
        if buf[cut - back] & 0xC0 != 0x80:
            cut -= back
            break
    return cut, "bytes"
