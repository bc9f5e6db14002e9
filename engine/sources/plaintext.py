"""Plain text, markdown and logs: the file's bytes are the transcript, unchanged.

The text is split into "messages" of about 2–8 KB, cut after blank lines where possible,
else after a newline, so the engine has natural places to cut. For valid UTF-8 the
transcript data *is* the file, so every offset is a file offset (and every line a file
line). Invalid UTF-8 is replaced with U+FFFD (which shifts later offsets) and reported as
malformed. Every non-empty line is one record, rendered.

Other readers of text (``render`` in :data:`engine.registry.READERS`) render a file as
what it holds instead: meeting transcripts (:mod:`engine.sources.meeting`) and markdown chat
exports (:mod:`engine.sources.markdown`). This module loads the file for them; their
messages map each rendered line back to its file line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gapless.engine.core.account import SourceAccount, Tally
from gapless.engine.core.transcript import Malformed, MessageRef, Transcript, snap_to_codepoint
from gapless.engine.sources.common import Entry, Part, RenderOptions, SourceError, read_regular
from gapless.engine.sources.encoding import foreign_lines, legacy_text
from gapless.engine.sources.sample import PLAIN, Sample

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


# compressed data by its magic bytes: (the compressor, the command that undoes it)
COMPRESSED = {b"\x1f\x8b": ("gzip", "gunzip -k"), b"BZh": ("bzip2", "bunzip2 -k"),
              b"\xfd7zXZ\x00": ("xz", "unxz -k"), b"\x28\xb5\x2f\xfd": ("zstd", "unzstd")}
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")  # (a UTF-16 or UTF-32 byte-order mark)
UTF16_WAY = "convert it first, e.g. iconv -f UTF-16 -t UTF-8"


@dataclass(frozen=True, slots=True)
class TextFile:
    """A text file as UTF-8 bytes (the file's own when valid), its decoding problems, the
    legacy encoding it was read in ("" for UTF-8: :mod:`engine.sources.encoding`) and how
    many of its lines had bytes replaced (invalid UTF-8)."""

    data: bytes
    malformed: list[Malformed]
    encoding: str = ""
    replaced: int = 0


def read_text(path: Path) -> TextFile:
    """The file as UTF-8 bytes (exact when valid) and how it was decoded.

    Raises SourceError for binary content and ``OSError`` if the file cannot be read.
    """
    raw = read_regular(path)
    if raw.startswith(UTF16_MARKS):
        raise SourceError(f"{path} is UTF-16 text, not UTF-8 (as Windows PowerShell saves "
                          f"it); {UTF16_WAY} {path} > {path.name}.utf8")
    if looks_binary(raw[:SNIFF]) or b"\x00" in raw:
        for magic, (what, command) in COMPRESSED.items():
            if raw.startswith(magic):  # a rotated log (app.log.2.gz) is the usual one
                raise SourceError(f"{path} is {what}-compressed; decompress it first, e.g. "
                                  f"{command} {path}")
        raise SourceError(f"{path} looks like a binary file, not text or a transcript")
    try:
        raw.decode("utf-8")
        return TextFile(raw, [])
    except UnicodeDecodeError:
        pass
    foreign = foreign_lines(raw)
    legacy = legacy_text(raw, foreign)
    if legacy is not None:  # one legacy encoding, read as its letters
        return TextFile(legacy[0].encode("utf-8"), [], legacy[1])
    bad = [Malformed(str(path), n, "invalid UTF-8 (bad bytes replaced)")
           for n in foreign.bad[:MAX_BAD_LINES]]
    if len(foreign.bad) > MAX_BAD_LINES:
        bad.append(Malformed(str(path), 0, f"{len(foreign.bad) - MAX_BAD_LINES} more lines "
                             "with invalid UTF-8"))
    return TextFile(raw.decode("utf-8", errors="replace").encode("utf-8"), bad,
                    replaced=len(foreign.bad))


@dataclass(frozen=True, slots=True)
class Chunk:
    """One message of a text rendering and where its lines come from (a verbatim chunk
    is the ``span`` of the file's bytes and carries no text of its own)."""

    text: str
    line: int
    verbatim: bool = False
    line_map: tuple[int, ...] = ()
    role: str = "text"
    span: tuple[int, int] = (0, 0)


# how a text reader renders a file's (UTF-8) bytes: its messages, every line counted in the tally
Render = Callable[[bytes, Tally, RenderOptions], list[Chunk]]


@dataclass
class TextRendering:
    kind: str  # the reader's name: text, meeting, chat-markdown, …
    chunks: list[Chunk]
    tally: Tally
    malformed: list[Malformed]
    data: bytes = b""  # the file's (valid UTF-8) bytes, which verbatim chunks are spans of

    @property
    def verbatim(self) -> bool:
        """The rendering is the file's bytes themselves (offsets are file offsets)."""
        return bool(self.chunks) and all(c.verbatim for c in self.chunks)

    def chunk_text(self, c: Chunk) -> str:
        return self.data[c.span[0]:c.span[1]].decode("utf-8") if c.verbatim else c.text


# a newline that ends a line of blanks only, or the empty end after the last newline
_BLANK_AFTER = re.compile(rb"\n(?=[ \t\r\f\v]*(?:\n|$))")
_BLANK_FIRST = re.compile(rb"[ \t\r\f\v]*(?:\n|$)")


def non_empty_lines(data: bytes) -> int:
    """The lines of ``data`` that hold more than blanks. Counted from the newlines (one
    C-level count) less the blank lines (which a regular expression finds, and which are
    few), not line by line: a match object a line was a third of a second for 50 MB."""
    if not data:
        return 0
    ends = data.endswith(b"\n")
    lines = data.count(b"\n") + (0 if ends else 1)
    blank = sum(1 for _ in _BLANK_AFTER.finditer(data)) - (1 if ends else 0)
    return lines - blank - (1 if _BLANK_FIRST.match(data) else 0)


def detect(sample: Sample) -> float:
    """Any text is plain text, the lowest score: the reader of last resort."""
    return PLAIN


def render_verbatim(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """The bytes themselves, cut into messages of about ``TARGET_CHUNK`` bytes."""
    tally.rendered_many(non_empty_lines(data), "text")
    chunks = []
    start = 0
    line = 1
    for end in chunk_ends(data):
        chunks.append(Chunk("", line, verbatim=True, span=(start, end)))
        line += data.count(b"\n", start, end)
        start = end
    return chunks


def render_text(path: Path, options: RenderOptions | None = None, kind: str = "text",
                render: Render = render_verbatim) -> TextRendering:
    """Read a text file and render it with ``render`` (the reader called ``kind``)."""
    opts = options or RenderOptions()
    read = read_text(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = len(read.data)
    tally = Tally(str(path), size, kind)
    tally.encoding, tally.replaced_lines = read.encoding, read.replaced
    return TextRendering(kind, render(read.data, tally, opts), tally, read.malformed,
                         read.data)


def group_lines(lines: list[str], sources: list[int]) -> list[Chunk]:
    """Rendered lines grouped into messages of about ``TARGET_CHUNK`` bytes."""
    chunks: list[Chunk] = []
    buf: list[str] = []
    nums: list[int] = []
    size = 0
    for text, n in zip(lines, sources, strict=True):
        b = len(text.encode("utf-8")) + 1
        if buf and size + b > TARGET_CHUNK:
            chunks.append(Chunk("\n".join(buf) + "\n", nums[0], line_map=tuple(nums)))
            buf, nums, size = [], [], 0
        buf.append(text)
        nums.append(n)
        size += b
    if buf:
        chunks.append(Chunk("\n".join(buf) + "\n", nums[0], line_map=tuple(nums)))
    return chunks


def load_text(path: Path, options: RenderOptions | None = None, kind: str = "text",
              render: Render = render_verbatim) -> Transcript:
    """The whole file as one transcript: for plain text its bytes equal the file's (when
    valid UTF-8); a meeting or a chat export is rendered as what it holds."""
    r = render_text(path, options, kind, render)
    opts = options or RenderOptions()
    refs: list[MessageRef] = []
    pieces: list[bytes] = []
    pos = 0
    for i, c in enumerate(r.chunks):
        n = c.span[1] - c.span[0] if c.verbatim else 0
        if not c.verbatim:
            raw = c.text.encode("utf-8")
            pieces.append(raw)
            n = len(raw)
        refs.append(MessageRef(start=pos, end=pos + n, source=str(path), session=path.stem,
                               index=i, role=c.role, line=c.line, verbatim=c.verbatim,
                               line_map=c.line_map))
        pos += n
    data = r.data if r.verbatim else b"".join(pieces)
    account = SourceAccount.of(
        str(path), [r.tally.account()], [], rendered=data, include=sorted(opts.include),
        tool_output_limit=opts.tool_output_limit)
    return Transcript(data=data, messages=tuple(refs), malformed=tuple(r.malformed),
                      kind=r.kind, name=path.name, account=account)


def text_part(path: Path, options: RenderOptions | None = None, kind: str = "text",
              render: Render = render_verbatim) -> Part:
    """The file as chunks for a multi-file transcript (offsets are then not file offsets)."""
    r = render_text(path, options, kind, render)
    part = Part(path=path, kind=r.kind, session=path.stem, title=f"## File {path.name}")
    part.tally = r.tally
    part.malformed.extend(r.malformed)
    for c in r.chunks:
        part.add(Entry(r.chunk_text(c), c.role, None, line=c.line, verbatim=c.verbatim,
                 line_map=c.line_map))
    return part
