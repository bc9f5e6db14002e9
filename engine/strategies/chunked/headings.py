"""Headings of structured documents (changelogs, markdown, RST) as outline entries.

A changelog's outline should be its releases, not one entry per chunk: a chunk that holds
headings gets one entry per heading section, titled with the heading and digested with its
first items. Headings are found from the text's shape alone (a markdown ``#`` line, an RST or
setext underline, or a short version line set off by blank lines), never asked of a model,
so the outline is the same with every provider.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gapless.engine.core.events import OutlineEntry
from gapless.engine.extractive.kinds.base import ACCEPT, View
from gapless.engine.extractive.kinds.changelog import ReleasePattern
from gapless.engine.extractive.kinds.registry import BY_NAME, blanked_line_ends
from gapless.engine.strategies.chunked.planner import Chunk

__all__ = ["Heading", "HeadingSplit", "split_by_headings"]

_TITLE_CHARS = 80
_DIGEST_CHARS = 240
_ATX = re.compile(r"^#{1,6}\s+(\S.*?)\s*#*\s*$")
_UNDERLINE = re.compile(r"^([=\-~^*+#'\"`.:_])\1{2,}\s*$")  # RST's adornments
# A release line: a version number in a short, unindented line that is not a list item,
# e.g. "CHANGES FROM 3.7c TO 3.8", "[1.2.0] - 2024-01-01", "Version 2.1 (May 2020)", "v0.3.1".
_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)*[a-z]?(?![\w.])")
_UNDERLINE_FIRST = tuple("=-~^*+#'\"`.:_")  # what an _UNDERLINE starts with
_ITEM = re.compile(r"^\s*(?:[*+-]|\d+[.)])\s+(.*)$")
_MONTH = (r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?")
# A dated entry of an old-style changelog: "21 May 2009", "2009-05-21", "May 21, 2009".
_DATE = re.compile(rf"^(?:\d{{1,2}} {_MONTH} \d{{4}}|\d{{4}}-\d{{2}}-\d{{2}}|{_MONTH} "
                   rf"\d{{1,2}},? \d{{4}})(?:\s.*)?$")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class Heading:
    """A heading line: its 0-based line in the chunk, the lines it takes, its title, and
    its sort: ``release`` (a version line), ``unreleased`` (a release section not released
    yet, of the release pattern), ``date`` (a dated entry) or ``markup``."""

    at: int
    size: int
    title: str
    sort: str


@dataclass(frozen=True)
class HeadingSplit:
    """A chunk cut at its headings: the lines before the first heading (``lead``, which
    continue the previous section) and one entry per heading section."""

    lead: tuple[int, int] | None
    entries: list[OutlineEntry]
    has_release: bool
    only_markup: bool


# a markdown link ("[9.5.0](https://…/compare/v9.4.0...v9.5.0)"): its text names it
_LINK = re.compile(r"\[([^\]]*)\]\([^)\s]*\)")


def _clean(text: str, limit: int) -> str:
    text = _WS.sub(" ", _LINK.sub(r"\1", text)).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# what a release line never holds, and a line of code does ("SNAP_TOLERANCE = 0.12")
_CODE_MARKS = re.compile(r"[=;{}]|^(?:import|from|def|class|const|let|var|return)\b")


def _is_release(line: str, prev_blank: bool, next_blank: bool) -> bool:
    if (not line or line[0].isspace() or len(line) > 90 or _ITEM.match(line)
            or _CODE_MARKS.search(line)):
        return False
    if not (prev_blank and next_blank) or line.rstrip().endswith((".", ",", ";", ":")):
        return False
    return _VERSION.search(line) is not None


def _heading_at(lines: list[str], i: int, pattern: ReleasePattern | None = None
                ) -> Heading | None:
    """The heading at line ``i``, or None. With the file's learned release ``pattern``, a
    release is a heading of that pattern and nothing else."""
    if pattern is not None:
        found = pattern.release_at(lines, i)
        if found is not None:
            nxt = lines[i + 1].rstrip() if i + 1 < len(lines) else ""
            size = 2 if nxt and _UNDERLINE.match(nxt) else 1
            return Heading(i, size, found.title,
                           "unreleased" if found.unreleased else "release")
    line = lines[i].rstrip()
    nxt = lines[i + 1].rstrip() if i + 1 < len(lines) else ""
    prev_blank = i == 0 or not lines[i - 1].strip()
    if line[:1] != "#" and nxt[:1] not in _UNDERLINE_FIRST and not (prev_blank
                                                                and not nxt.strip()):
        return None  # no heading needs fewer: a "#", an underline, or blank lines around
    m = _ATX.match(line)
    if m:
        title, size = m.group(1), 1
    elif (line.strip() and not line[0].isspace() and _UNDERLINE.match(nxt)
          and len(nxt.strip()) >= max(3, len(line.strip()) // 2) and not _ITEM.match(line)):
        title, size = line.strip(), 2
    elif pattern is None and _is_release(line, prev_blank, not nxt.strip()):
        return Heading(i, 1, line.strip(), "release")
    elif prev_blank and not nxt.strip() and _DATE.match(line) and len(line) <= 60:
        return Heading(i, 1, line.strip(), "date")
    else:
        return None
    release = pattern is None and _VERSION.search(title) is not None
    return Heading(i, size, title, "release" if release else "markup")


def _digest(lines: list[str]) -> str:
    """The section's first items (or first sentence lines), joined."""
    items: list[str] = []
    current: list[str] = []
    for raw in lines:
        m = _ITEM.match(raw)
        if m and not raw.startswith((" " * 4, "\t")):
            if current:
                items.append(" ".join(current))
            current = [m.group(1).strip()]
        elif raw.strip() and current and len(current) < 3:
            current.append(raw.strip())
        elif raw.strip() and not items and not current:
            current = [raw.strip()]
        if len(items) >= 3:
            break
    if current and len(items) < 3:
        items.append(" ".join(current))
    return _clean("; ".join(i.rstrip(" ;:,") for i in items), _DIGEST_CHARS)


def split_by_headings(data: bytes, chunk: Chunk, *, releases: bool = False,
                      pattern: ReleasePattern | None = None) -> HeadingSplit | None:
    """The chunk's heading sections, or None when it has no heading.

    With ``releases`` (the document has release headings) or when the chunk holds one,
    plain markup headings ("Normal Changes") are parts of a release, not entries. With the
    file's release ``pattern`` (learned by the changelog kind), releases are its headings.
    """
    # (a byte-order mark opening the file is no part of its first heading)
    text = blanked_line_ends(  # (Windows' line ends: as the kind reads them)
        data.decode("utf-8-sig" if chunk.start == 0 else "utf-8", errors="replace"))
    if pattern is None and BY_NAME["code"].detect(View(text)) >= ACCEPT:
        return None  # a "# comment" of code is no heading, its constants no releases
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    heads: list[Heading] = []
    i = 0
    while i < len(lines):
        found = _heading_at(lines, i, pattern)
        if found is not None:
            heads.append(found)
            i += found.size
        else:
            i += 1
    has_release = any(h.sort in ("release", "unreleased") for h in heads)
    only_markup = all(h.sort == "markup" for h in heads)
    if pattern is not None:
        # a learned release pattern: only its releases open entries; dated or markup
        # headings under a release (an old history's dates, "Fixed") are parts of it
        heads = [h for h in heads if h.sort in ("release", "unreleased")]
    elif releases or has_release:
        heads = [h for h in heads if h.sort != "markup"]
    if not heads:
        return None
    first = chunk.start_line
    lead = (first, first + heads[0].at - 1) if heads[0].at > 0 else None
    entries = []
    for n, h in enumerate(heads):
        end = heads[n + 1].at if n + 1 < len(heads) else len(lines)
        entries.append(OutlineEntry(
            title=_clean(h.title, _TITLE_CHARS), start_line=first + h.at,
            end_line=min(chunk.end_line, first + end - 1), kind="section",
            digest=_digest([ln for ln in lines[h.at + h.size : end]
                            if not _UNDERLINE.match(ln.strip())]),
        ))
    return HeadingSplit(lead, entries, has_release, only_markup)
