"""A changelog's release headings: a repeated heading pattern, learned from the text.

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
outline entry is a run of releases.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gapless.engine.extractive.weights import CHANGELOG

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
        cand = candidate(lines, i)
        key = (self.shape, self.token)
        if cand is None and i > 0:  # right under other release headings (empty ones)
            here = candidate(lines, i, set_off=False)
            j = i - 1
            while here is not None and here[:2] == key and j >= max(0, i - 8):
                above = candidate(lines, j, set_off=False)
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


def candidate(lines: Sequence[str], i: int, *, set_off: bool = True
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
        c = candidate(lines, i)
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
