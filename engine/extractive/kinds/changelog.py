"""A changelog: a text with a repeated release heading, its pattern learned from the text.

A heading candidate is an unindented short line that holds a version (``3.8``,
``0.4.7.1-alpha``, ``2.4.23-1ubuntu1``, ``v9.5.0``) or a date (``2025-07-24``,
``Tue Oct 29 20:57:36 1991``, ``21 May 2009``) and is set off as a heading (a markdown
``#``, an underline below it, or a blank line or the file's start above it). Candidates
are grouped by the shape of what comes before their version or date (its words reduced to
their case, markup kept: ``Changes in version V``, ``## [V``, ``V``, ``pkg (V``,
``* Noteworthy changes in release V``, ``D``); the largest group of version headings is
the file's release pattern (of date headings when no version heading repeats). Nothing here
knows a format, a product or a version by name: "Changes in version 0.4.7.13 - date",
"## [x.y.z] - date", RST underlines, "x.y.z (date)", Debian and GNU dated entries all
come out of the same rule.

``gapless read`` learns the pattern from the file's head and splits its outline at the
releases (:mod:`engine.strategies.chunked.headings`), so it counts them exactly and each
outline entry is a run of releases; a question is answered with the release that holds each
passage it quotes.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.extraction import Anchor, Extraction
from engine.extractive.anchors import ByteOffsets
from engine.extractive.answers import ANSWER_CLAIM, answer_label
from engine.extractive.kinds.base import View, share
from engine.extractive.kinds.prose import ProseStyle
from engine.extractive.kinds.prose_kind import ProseKind
from engine.extractive.terms import content_terms
from engine.extractive.weights import CHANGELOG

_VERSION = re.compile(r"(?<![\w.\-/])v?\d+(?:\.\d+)+(?:[a-z]+\d*)?(?:[-+~][0-9A-Za-z][\w.+~]*)?"
                      r"(?![\w/])")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?"
_DATE = re.compile(
    rf"(?<!\d)(?:\d{{4}}-\d{{2}}-\d{{2}}|{_DAY} {_MONTH} [ \d]\d \d{{2}}:\d{{2}}:\d{{2}} \d{{4}}"
    rf"|\d{{1,2}} {_MONTH} \d{{4}}|{_MONTH} \d{{1,2}},? \d{{4}})(?!\d)")
_UNDERLINE = re.compile(r"^(?:={3,}|-{3,}|~{3,}|\^{3,}|\*{3,})\s*$")
_PREFIX_CHARS = 48  # the words before a heading's version: a short lead, not a sentence
_WORD = re.compile(r"[A-Za-z]+")
_HASHES = re.compile(r"#+")


@dataclass(frozen=True, slots=True)
class Release:
    """A release heading: its 0-based line, its title and its version (or date)."""

    line: int
    title: str
    version: str


@dataclass(frozen=True, slots=True)
class ReleasePattern:
    """The shape a file's release headings share: what precedes the version or date
    (``shape``), which of the two it is (``token``: "V" or "D"), and the literal lead most
    of them share (a heading with that lead and no version yet, "?.?", counts too)."""

    shape: str
    token: str
    lead: str

    def release_at(self, lines: Sequence[str], i: int) -> Release | None:
        """The release heading at line ``i`` of ``lines``, or None."""
        line = lines[i].rstrip()
        cand = _candidate(lines, i)
        key = (self.shape, self.token)
        if cand is None and i > 0:  # right under other release headings (empty ones)
            here = _candidate(lines, i, set_off=False)
            j = i - 1
            while here is not None and here[:2] == key and j >= max(0, i - 8):
                above = _candidate(lines, j, set_off=False)
                if above is None or above[:2] != key:
                    break
                if _set_off(lines, j):
                    cand = here
                    break
                j -= 1
        if cand is not None and cand[0] == self.shape and cand[1] == self.token:
            return Release(i, _title(line), cand[2])
        if (len(self.lead.strip()) >= 4 and any(c.isalpha() for c in self.lead)
                and line.startswith(self.lead) and len(line) > len(self.lead)
                and _set_off(lines, i)):
            return Release(i, _title(line), line[len(self.lead):].split()[0])
        return None

    def releases(self, lines: Sequence[str]) -> list[Release]:
        out = []
        for i in range(len(lines)):
            r = self.release_at(lines, i)
            if r is not None:
                out.append(r)
        return out


def _title(line: str) -> str:
    return _HASHES.sub("", line, count=1).strip() if line.startswith("#") else line.strip()


def _shape(prefix: str) -> str:
    """A lead's shape: markup kept, each word reduced to its case, blanks collapsed."""
    def case(m: re.Match[str]) -> str:
        w = m.group(0)
        return "A" if w.isupper() and len(w) > 1 else ("Aa" if w[0].isupper() else "a")
    s = _HASHES.sub("#", prefix.rstrip("[( "))  # "# [1.0]" and "# 1.0" are one shape
    s = _WORD.sub(case, s)
    return re.sub(r"\d+", "0", " ".join(s.split()))


def _set_off(lines: Sequence[str], i: int) -> bool:
    line = lines[i]
    if line.startswith("#"):
        return True
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    if _UNDERLINE.match(nxt.strip()) and len(nxt.strip()) >= max(3, len(line.strip()) // 2):
        return True
    return i == 0 or not lines[i - 1].strip()


def _candidate(lines: Sequence[str], i: int, *, set_off: bool = True
               ) -> tuple[str, str, str, str] | None:
    """(shape, token, version or date, literal lead) of a heading candidate, or None."""
    line = lines[i].rstrip()
    if (not line or line[0].isspace() or len(line) > CHANGELOG.heading_chars * 2
            or line.startswith(("- ", "+ ", "> ", "|", "[", "<", "..", "//"))):
        return None
    v = _VERSION.search(line)
    d = _DATE.search(line)
    if v is None and d is None:
        return None
    if v is not None and (d is None or v.start() <= d.start()):
        at, token, found = v.start(), "V", v.group(0)
    else:
        assert d is not None
        at, token, found = d.start(), "D", d.group(0)
    lead = line[:at]
    if token == "D" and lead.strip(" #*"):
        return None  # a dated entry opens with its date ("2025-07-24  Name <mail>")
    if len(lead) > _PREFIX_CHARS or lead.rstrip().endswith((".", ",", ";", ":")):
        return None
    if len(line) > CHANGELOG.heading_chars and not line.startswith("#"):
        return None
    if set_off and not _set_off(lines, i):
        return None
    return _shape(lead), token, found, lead


def learn(lines: Sequence[str]) -> ReleasePattern | None:
    """The release pattern of a text's lines, or None when no heading shape repeats."""
    groups: Counter[tuple[str, str]] = Counter()
    leads: dict[tuple[str, str], Counter[str]] = {}
    first: dict[tuple[str, str], int] = {}
    for i in range(len(lines)):
        c = _candidate(lines, i)
        if c is None:
            continue
        key = (c[0], c[1])
        groups[key] += 1
        leads.setdefault(key, Counter())[c[3]] += 1
        first.setdefault(key, i)
    best: tuple[str, str] | None = None
    for token in ("V", "D"):  # versions name releases; dates only when no version repeats
        ranked = sorted((k for k in groups if k[1] == token and
                         groups[k] >= CHANGELOG.min_releases),
                        key=lambda k: (-groups[k], first[k]))
        if ranked:
            best = ranked[0]
            break
    if best is None:
        return None
    lead, n = leads[best].most_common(1)[0]
    return ReleasePattern(best[0], best[1], lead if n * 2 > groups[best] else "")


def releases_of(text: str) -> list[Release]:
    lines = text.split("\n")
    pattern = learn(lines)
    return pattern.releases(lines) if pattern is not None else []


class ChangelogKind(ProseKind):
    name = "changelog"
    style = ProseStyle("changelog")

    def detect(self, view: View) -> float:
        return 1.0 if learn(view.text.split("\n")) is not None else 0.0

    def summarize(self, view: View, base_offset: int, *, max_summary_chars: int) -> Extraction:
        # A leaf sees part of the file only: its prose is a document's, and a question is
        # answered with the release that holds each passage quoted. The file's releases
        # (counted with the pattern learned from its head) are named by ``gapless read``.
        base = super().summarize(view, base_offset, max_summary_chars=max_summary_chars)
        if view.question is None:
            return base
        named = _named_lines(view.text, view.question, base_offset)
        if named is not None:  # "bug 40645", "#1234": the lines that name it, word for word
            base = base.model_copy(update={"answer": named[0], "answer_anchors": named[1]})
        if not base.answer:
            return base
        lines = view.text.split("\n")
        pattern = learn(lines)
        found = pattern.releases(lines) if pattern is not None else []
        if not found:
            return base
        answer, anchors = _in_releases(view.text, base_offset, found, base.answer,
                                       base.answer_anchors)
        return base.model_copy(update={"answer": answer, "answer_anchors": anchors})

    def claims(self, parts: Sequence[Extraction], question: str | None) -> bool:
        return share(parts, self.name) >= CHANGELOG.fold_share


_ID = re.compile(r"(?<![\w.])#?(\d{3,})(?!\w|\.\d)")  # a bug, issue or PR number
# a name the text would spell the same way: a version, an identifier, a qualified name
_NAME = re.compile(r"(?<![\w.:])[A-Za-z0-9][\w.:]*\w")
_NAMED_BY = re.compile(r"\d|_|\w[.:]+\w")  # a digit, an underscore or an inner dot
_MAX_NAMED = 3
_COMMON_LINES = 3  # a name in more lines than this (or 1 %) is too common to answer by


def _asked_names(question: str) -> set[str]:
    """What a question names exactly: numbers (bug 40645, #1234), versions (4.7.2) and
    identifiers (update_file_1, Mojo::File)."""
    names = {m.group(1) for m in _ID.finditer(question)}
    names |= {w for m in _NAME.finditer(question)
              if len(w := m.group(0)) >= 4 and _NAMED_BY.search(w)}
    return names


def _named_lines(text: str, question: str, base_offset: int
                 ) -> tuple[str, list[Anchor]] | None:
    """The lines that name what the question names exactly (a bug number, a version, an
    identifier), or None: a changelog answers "which release fixed bug 40645" where it
    says 40645. Lines naming the most of them, in text order."""
    names = _asked_names(question)
    if not names:
        return None
    lines = text.split("\n")
    # a name that many lines hold ("github.com", "debian/control") tells none of them apart
    common = max(_COMMON_LINES, len(lines) // 100)
    names = {n for n in names if sum(1 for ln in lines if n in ln) <= common}
    if not names:
        return None
    byte_at = ByteOffsets(text, base_offset)
    words = set(content_terms(question))
    found: list[tuple[int, int, int, str]] = []  # (named, words shared, start, line)
    pos = 0
    for line in lines:
        start, pos = pos, pos + len(line) + 1
        if not any(n in line for n in names):
            continue
        own = {m.group(1) for m in _ID.finditer(line)}
        own |= {m.group(0) for m in _NAME.finditer(line)}
        hits = len(names & own)
        if hits:
            found.append((hits, len(words & set(content_terms(line))), start, line))
    if not found:
        return None
    # the lines naming the most of it, then sharing the most of the question's words
    best = max((h, w) for h, w, _, _ in found)
    chosen = [(start, line) for h, w, start, line in found if (h, w) == best][:_MAX_NAMED]
    pieces: list[str] = []
    anchors: list[Anchor] = []
    for start, line in chosen:
        piece = " ".join(line.split())
        pieces.append(piece)
        anchors.append(Anchor(start=byte_at(start), end=byte_at(start + len(line)),
                              label=answer_label(len(pieces), piece)))
    return "\n".join(pieces), anchors


def _in_releases(text: str, base_offset: int, found: Sequence[Release], answer: str,
                 anchors: Sequence[Anchor]) -> tuple[str, list[Anchor]]:
    """Each answer piece prefixed with the release that holds it ("0.4.7.13: …"); a piece
    above the first heading (a leaf cut inside a release) is left as it is."""
    pieces = answer.split("\n")
    if len(pieces) != len(anchors):
        return answer, list(anchors)
    starts = [len("\n".join(text.split("\n")[: r.line]).encode("utf-8"))
              + (1 if r.line else 0) + base_offset for r in found]
    out_pieces: list[str] = []
    out_anchors: list[Anchor] = []
    for piece, anchor in zip(pieces, anchors, strict=True):
        k = bisect.bisect_right(starts, anchor.start) - 1
        if k >= 0:
            piece = f"In {' '.join(found[k].title.split())}: {piece}"
            m = ANSWER_CLAIM.match(anchor.label)
            rank = int(m.group(1)) if m and m.group(1) else len(out_pieces) + 1
            anchor = anchor.model_copy(update={"label": answer_label(rank, piece)})
        out_pieces.append(piece)
        out_anchors.append(anchor)
    return "\n".join(out_pieces), out_anchors
