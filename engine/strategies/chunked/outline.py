"""Outline entries of ``gapless read``: validated line anchors into the file, bounded in number.

A model may invent line numbers; an entry is kept only if its lines are 1-based, inclusive
and inside the chunk that produced it, so every anchor the caller drills into is real.
The running outline holds at most 32 entries: past that the adjacent pair spanning the fewest
lines merges, so memory (and the cursor) stay bounded however large the file is and no
stretch of the file is left without its own entry.
A chunk for which the model gave no valid entry gets one derived from its bytes and its
extraction (``opaque`` for blank, base64 or minified data), so no chunk is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from gapless.engine.core.events import OutlineEntry, OutlineKind
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive.conversation import is_section_header
from gapless.engine.extractive.kinds.registry import chunk_kind, opaque_reason
from gapless.engine.strategies.chunked.planner import Chunk

__all__ = [
    "ARCHIVED", "DIGEST_CHARS", "KINDS", "MAX_ENTRIES", "TITLE_CHARS", "Outline", "OutlineEntry",
    "chunk_kind", "clean_text", "derived_entry", "opaque_reason", "render", "validate_entries",
]

MAX_ENTRIES = 32
TITLE_CHARS = 80
DIGEST_CHARS = 240
KINDS: tuple[OutlineKind, ...] = (
    "section", "error", "config", "code", "data", "log", "answer", "opaque", "unread"
)
ARCHIVED: Final = "archived"
_KIND_OF: dict[str, OutlineKind] = {k: k for k in KINDS}  # what a model may write
_WS = re.compile(r"\s+")


def clean_text(value: str, limit: int) -> str:
    """One line, at most ``limit`` characters (an ellipsis marks a cut)."""
    flat = _WS.sub(" ", value).strip()
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _line_number(value: Any) -> int | None:
    """An integer line number from what a model wrote (int, integral float, digit string)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    text = value.strip() if isinstance(value, str) else ""
    # ASCII digits only: "¹" and other Unicode digits pass isdigit() but not int()
    if text.isascii() and text.isdigit() and len(text) < 16:
        return int(text)
    return None


def validate_entries(
    raw: Any, first_line: int, last_line: int, *, limit: int = 8
) -> tuple[list[OutlineEntry], int]:
    """Keep the valid entries (at most ``limit``) of what a model returned; count the rest.

    Never raises, whatever ``raw`` is. An entry is valid when it is an object whose
    ``start_line <= end_line`` both lie in ``[first_line, last_line]`` and that has a title
    (or a digest to take one from).
    """
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        return [], 1
    kept: list[OutlineEntry] = []
    dropped = 0
    for item in raw:
        entry = _entry(item, first_line, last_line)
        if entry is None or len(kept) >= limit:
            dropped += 1
        else:
            kept.append(entry)
    kept.sort(key=lambda e: (e.start_line, e.end_line))
    return kept, dropped


def _entry(item: Any, first_line: int, last_line: int) -> OutlineEntry | None:
    if not isinstance(item, dict):
        return None
    start = _line_number(item.get("start_line"))
    end = _line_number(item.get("end_line"))
    if start is None or end is None or not (1 <= first_line <= start <= end <= last_line):
        return None
    title_raw = item.get("title")
    digest_raw = item.get("digest")
    digest = clean_text(digest_raw, DIGEST_CHARS) if isinstance(digest_raw, str) else ""
    title = clean_text(title_raw, TITLE_CHARS) if isinstance(title_raw, str) else ""
    if not title:
        title = clean_text(digest, TITLE_CHARS)
    if not title:
        return None
    kind_raw = item.get("kind")
    kind = _KIND_OF.get(kind_raw.strip().lower() if isinstance(kind_raw, str) else "", "section")
    return OutlineEntry(title=title, start_line=start, end_line=end, kind=kind, digest=digest)


class Outline:
    """The running outline, at most 32 entries: past that the two adjacent entries that
    span the fewest lines merge, so entries stay spread evenly over the whole file (an
    ``archived`` entry only comes back from an old cursor, or a cursor shrunk to fit)."""

    def __init__(self, entries: Iterable[OutlineEntry] = (), archived: int = 0) -> None:
        self.entries: list[OutlineEntry] = []
        # The first and last original titles under each entry, so a merge of merges still
        # reads "first – last" rather than a title cut from a title.
        self._ends: list[tuple[str, str]] = []
        self.archived = 0
        restored = list(entries)
        if restored and restored[0].kind == ARCHIVED:
            first = restored.pop(0)
            self.entries.append(first)
            self._ends.append((first.title, first.title))
            self.archived = max(1, archived)
        for e in restored:
            self.add(e)

    def add(self, entry: OutlineEntry) -> None:
        self.entries.append(entry)
        self._ends.append((entry.title, entry.title))
        while len(self.entries) > MAX_ENTRIES:
            self.merge_closest()

    def extend(self, entries: Iterable[OutlineEntry]) -> None:
        for e in entries:
            self.add(e)

    def stretch_last(self, end_line: int) -> bool:
        """Extend the last entry down to ``end_line`` (a section that runs on into the next
        chunk); False when there is no entry to extend."""
        if not self.entries or self.entries[-1].kind == ARCHIVED:
            return False
        last = self.entries[-1]
        self.entries[-1] = last.model_copy(update={"end_line": max(last.end_line, end_line)})
        return True

    def merge_closest(self) -> None:
        """Merge the adjacent pair spanning the fewest lines (the earliest on a tie)."""
        start = 1 if self.entries and self.entries[0].kind == ARCHIVED else 0
        if len(self.entries) - start < 2:
            self.archive_oldest()
            return
        entries = self.entries
        spans = [b.end_line - a.start_line for a, b in zip(entries[start:-1], entries[start + 1:],
                                                           strict=True)]
        i = start + spans.index(min(spans))  # (index: the earliest of equal spans)
        a, b = self.entries[i], self.entries[i + 1]
        first, last = self._ends[i][0], self._ends[i + 1][1]
        digest = a.digest
        if b.digest and not digest.endswith("…"):
            digest = f"{digest}; {b.digest}" if digest else b.digest
        self.entries[i : i + 2] = [OutlineEntry(
            title=clean_text(_span_title(first, last), TITLE_CHARS),
            start_line=min(a.start_line, b.start_line), end_line=max(a.end_line, b.end_line),
            kind=a.kind if a.kind == b.kind else "section",
            digest=clean_text(digest, DIGEST_CHARS),
        )]
        self._ends[i : i + 2] = [(first, last)]

    def archive_oldest(self) -> None:
        has_archive = bool(self.entries) and self.entries[0].kind == ARCHIVED
        idx = 1 if has_archive else 0
        oldest = self.entries.pop(idx)
        self._ends.pop(idx)
        if not has_archive:
            self.archived = 1
            self.entries.insert(0, OutlineEntry(
                title=_archived_title(1), start_line=oldest.start_line,
                end_line=oldest.end_line, kind=ARCHIVED, digest=clean_text(oldest.title,
                                                                           DIGEST_CHARS)))
            self._ends.insert(0, (self.entries[0].title, self.entries[0].title))
            return
        arc = self.entries[0]
        self.archived += 1
        digest = arc.digest
        if not digest.endswith("…"):
            extra = f"; {oldest.title}" if digest else oldest.title
            if len(digest) + len(extra) <= DIGEST_CHARS:
                digest += extra
            else:
                digest = digest[: DIGEST_CHARS - 2] + " …"
        self.entries[0] = OutlineEntry(
            title=_archived_title(self.archived),
            start_line=min(arc.start_line, oldest.start_line),
            end_line=max(arc.end_line, oldest.end_line),
            kind=ARCHIVED,
            digest=digest,
        )
        self._ends[0] = (self.entries[0].title, self.entries[0].title)

    def recent(self, n: int) -> list[OutlineEntry]:
        return self.entries[-n:] if n > 0 else []

    def dump(self) -> list[dict[str, Any]]:
        return [e.model_dump() for e in self.entries]


def _span_title(first: str, last: str) -> str:
    """``first – last``, the words both begin with said once ("CHANGES FROM 3.6 TO 3.6a –
    3.5a TO 3.6"); when that is too long, each side is cut to its share, so the last is
    still named (a run of long release headings: "Tue Oct 29 20:57:36 1991 Roland… – Fri
    Jul 15 21:01:44 1988 Roland…")."""
    if first == last:
        return first
    a, b = first.split(), last.split()
    common = 0
    while common < min(len(a), len(b)) - 1 and a[common] == b[common]:
        common += 1
    first, rest = " ".join(a), " ".join(b[common:])
    room = TITLE_CHARS - 3
    if len(first) + len(rest) > room:
        keep = max(room // 2, room - len(rest))
        first = clean_text(first, keep)
        rest = clean_text(rest, room - len(first))
    return f"{first} – {rest}"


def _archived_title(n: int) -> str:
    return f"{n} earlier entr{'y' if n == 1 else 'ies'} (archived)"


def render(entries: Iterable[OutlineEntry]) -> str:
    """Plain lines a model (or a person) can read: ``L12-40 [kind] title: digest``."""
    lines = []
    for e in entries:
        tail = f": {e.digest}" if e.digest else ""
        lines.append(f"L{e.start_line}-{e.end_line} [{e.kind}] {e.title}{tail}")
    return "\n".join(lines)


# ------------------------------------------------------------------ entries without a model
# (what kind of chunk it is comes from the registry of kinds: engine.extractive.kinds)

def _first_said(summary: str) -> str:
    """A summary's first line of content: a sectioned one's first bullet, not its header."""
    for line in summary.split("\n"):
        if line.strip() and not is_section_header(line):
            return line.strip().removeprefix("- ")
    return ""


def _log_digest(stats: LogStats) -> str:
    """The chunk's top templates with their counts (each a least one when its parts
    dropped records that may belong to it)."""
    least = "≥" if stats.templates_short else ""
    return "; ".join(f"{least}{t.count} × {t.template}" for t in stats.templates[:3])


def derived_entry(chunk: Chunk, data: bytes, extraction: Extraction | None) -> OutlineEntry:
    """The entry a chunk gets when the model gave no valid one: no chunk is left out."""
    kind = chunk_kind(data, extraction)
    headline = extraction.headline if extraction is not None else ""
    summary = extraction.summary if extraction is not None else ""
    if kind == "opaque":
        title = f"{opaque_reason(data, extraction)} ({chunk.size} bytes)"
        digest = _first_line(data)
    else:
        title = headline or _first_line(data)
        digest = _first_said(summary)
        if extraction is not None and extraction.stats is not None and extraction.stats.templates:
            digest = _log_digest(extraction.stats)
    return OutlineEntry(
        title=clean_text(title, 80) or f"lines {chunk.start_line}-{chunk.end_line}",
        start_line=chunk.start_line,
        end_line=chunk.end_line,
        kind=kind,
        digest=clean_text(digest, 240),
    )


def _first_line(data: bytes) -> str:
    for raw in data[:4096].split(b"\n"):
        if raw.strip():
            return raw.decode("utf-8", errors="replace").strip()[:200]
    return ""
