"""A changelog's release headings: a repeated heading pattern, learned from the text.

A heading candidate is an unindented short line that holds a version (``3.8``,
``0.4.7.1-alpha``, ``2.4.23-1ubuntu1``, ``v9.5.0``) or a date (``2025-07-24``,
``Tue Oct 29 20:57:36 1991``, ``21 May 2009``) and is set off as a heading (a markdown
``#``, an underline below it, or a blank line or the file's start above it). Candidates
are grouped by the shape of what comes before their version or date (its words reduced to
their case, markup kept: ``Changes in version V``, ``## [V``, ``V``, ``pkg (V``,
``* Noteworthy changes in release V``, ``D``); the largest group of version headings is
the file's release pattern (of date headings when no version heading repeats), a shape whose
markup makes a heading by itself (``#``, AsciiDoc ``=``) before one that a list item or a
paragraph's first line could take (stars, a plain line: a plain line that ends a sentence or
runs on into a paragraph is prose). A heading of the pattern's shape that names a section
not released yet ("## [Unreleased]", "9.49  UNRELEASED", "?.?", "Unreleased" under it) is
flagged, to be counted apart; a release's date is on its heading or opens its body. Nothing here
knows a format, a product or a version by name: "Changes in version 0.4.7.13 - date",
"## [x.y.z] - date", RST underlines, "x.y.z (date)", Debian and GNU dated entries all
come out of the same rule.

``gapless read`` learns the pattern from the file's head and splits its outline at the
releases (:mod:`engine.strategies.chunked.headings`), so it counts them exactly and each
outline entry is a run of releases.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gapless.engine.core.releases import HeadingGroup, ReleaseMark, chosen, strength
from gapless.engine.extractive.kinds.changelog_calendar import calendar_pages
from gapless.engine.extractive.kinds.changelog_centred import CENTRED, centred
from gapless.engine.extractive.kinds.changelog_closing import section_close
from gapless.engine.extractive.kinds.changelog_csv import csv_release
from gapless.engine.extractive.kinds.changelog_fences import fenced_lines
from gapless.engine.extractive.kinds.changelog_hanging import hanging_row
from gapless.engine.extractive.kinds.changelog_html import as_atx
from gapless.engine.extractive.kinds.changelog_list_release import item_release
from gapless.engine.extractive.kinds.changelog_wiki_row import wiki_row_release
from gapless.engine.extractive.weights import CHANGELOG

# (after a name and a hyphen too: a package's "widget-1.2.3"; before a slash only when
# another version follows it: one release's two versions, "9.6/9.6p1", not a path's part)
VERSION = re.compile(r"(?:(?<![\w.\-/])|(?<=[A-Za-z]-))v?\d+(?:\.\d+)+(?:[a-z]+\d*)?"
                     r"(?:[-+~][0-9A-Za-z][\w.+~]*)?(?:(?![\w/])|(?=/v?\d+(?:\.\d+)+))")
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?"
_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?"
DATE = re.compile(
    rf"(?<!\d)(?:\d{{4}}-\d{{2}}-\d{{2}}"
    rf"|{_DAY} {_MONTH} [ \d]\d \d{{2}}:\d{{2}}:\d{{2}}(?: [A-Z]{{3,5}})? \d{{4}}"  # a zone: UTC
    rf"|{_DAY} {_MONTH} [ \d]?\d,? \d{{4}}|\d{{1,2}}(?:st|nd|rd|th)? {_MONTH} \d{{4}}"
    # (a day-first date may write its day as an ordinal too: "22nd September 2022")
    rf"|\d{{1,2}}-{_MONTH}-\d{{4}}"  # a day-month-year date joined by hyphens: "21-Dec-2023"
    rf"|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}"  # "Jan 5th, 2023": an ordinal day
    rf"|(?<![\d.])\d{{4}}/\d{{2}}/\d{{2}}(?![/\d])|(?<![\d.])\d{{2}}\.\d{{2}}\.\d{{4}}(?![.\d]))"
    rf"(?!\d)")  # (and "2023/01/05", "05.01.2023": a slashed or a day-first dotted date)
# a date left to fill in, where a release's date goes ("XXXX-XX-XX", "?? ??? ????",
# "[xx XXX xxxx]", "YYYY-MM-DD"): the release is not out yet
# (its century may be written: "?? ??? 20XX"; its year and month: "2024.05/??"; its year
# alone, the rest still the format's letters: "2024-MM-DD"; the letters in any order and
# separator a numeric date is written in: "(MM/DD/YYYY)", "DD.MM.YYYY")
DATE_HOLE = re.compile(r"(?<![\w?])(?:\?{2}[ ./-]\?{2,3}[ ./-](?:\?{4}|\d{2}[xX?]{2})|"
                       r"[xX]{4}-[xX]{2}-[xX]{2}|[xX]{2} [xX]{3} [xX]{4}|"
                       r"(?:YYYY|\d{4})[./-]MM[./-]DD|(?:MM[./-]DD|DD[./-]MM)[./-]YYYY|"
                       r"\d{4}[./-]\d{1,2}[./-](?:\?{2}|[xX]{2}))(?![\w?])", re.I)
# an underline of any reStructuredText adornment character (setext's are ``=`` and ``-``)
_UNDERLINE = re.compile(r"^([=\-~^*+#'\"`.:_])\1{2,}\s*$")
_LOOSE = "=-~^*"  # adornments an underline of half the title's length may use
# a section named as not released yet: its own word, or a version or date left to fill in
# (a field's value that is question marks alone, of any script: "*Date of Release:* ❓")
UNRELEASED = re.compile(r"\b(?:un-?released|not\s+(?:yet\s+)?released|in\s+development|"
                        r"(?:development|dev|working)\s+(?:version|branch)|work\s+in\s+progress|upcoming|"
                        r"unpublished)\b|\?\.\?|\?{4}|(?<=:)[\s*_]*[?\u2753\u2754\uff1f]+[\s*_]*$|"
                        + DATE_HOLE.pattern, re.I)
# a heading that is only a name for what comes next: a placeholder, or the branch it is on
PLACEHOLDER = re.compile(r"^\W*(?:next(?:\s+release|\s+version)?|vnext|tbd|tba|HEAD|main|"
                         r"master|trunk|dev(?:elop(?:ment)?)?)\W*$", re.I)
# a version written in the letters that stand for its numbers ("x.y.z", "X.Y.Z", "x.x"): the
# next release's place, its number not chosen yet
VERSION_HOLE = re.compile(r"(?<![\w.])v?[xyz](?:\.[xyz]){1,3}(?![\w.])", re.I)
# a version of the work in progress, not a release ("1.17.0-dev", "2.3.1-wip", "3.0-SNAPSHOT")
DEV = re.compile(r"\d[-.+~]?(?:dev|wip|snapshot)\d*$", re.I)
_PREFIX_CHARS = 48  # the words before a heading's version: a short lead, not a sentence
_WORD = re.compile(r"[A-Za-z]+")
_LONE_WORD = re.compile(r"^[#=* ]*[A-Za-z]+$")  # "Version", "release" (a title's word)
_HASHES = re.compile(r"#+")


@dataclass(frozen=True, slots=True)
class Release:
    """A release heading: its 0-based line, its title and its version (or date)."""

    line: int
    title: str
    version: str
    date: str = ""
    unreleased: bool = False


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
        line = as_atx(lines[i]).rstrip()
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
            return _release(lines, i, cand[2])
        if (len(self.lead.strip()) >= 4 and any(c.isalpha() for c in self.lead)
                and line.startswith(self.lead) and len(line) > len(self.lead)
                and _set_off(lines, i)):
            slot = line[len(self.lead):].split()[0]
            if _prose(line[len(self.lead):], slot):
                return None
            found = _release(lines, i, slot)
            if PLACEHOLDER.match(slot):  # the version's place holds a name for the next one
                return replace(found, unreleased=True)
            if slot.isdigit() and not found.date and section_close(lines, i, DATE)[0]:
                # a whole number is a version only where dated: its section closed with
                # no signature is not signed off yet, the release in development
                return replace(found, unreleased=True)
            return found
        if unreleased_shape(lines, i) == self.shape:
            return Release(i, _title(line), "", unreleased=True)
        return None

    def releases(self, lines: Sequence[str]) -> list[Release]:
        """The release headings of ``lines``; headings in a row that name one version
        ("* Changes in Foo 2.1", "* Lisp Changes in Foo 2.1") are one release."""
        code = fenced_lines(lines)  # (a fenced block's lines are code, no heading)
        found = [r for i in range(len(lines))
                 if i not in code and (r := self.release_at(lines, i)) is not None]
        out: list[Release] = []
        for r in self._without_contents(lines, found):
            if not (out and same_release(out[-1], r)):
                out.append(r)
        return out

    def ends_in_run(self, lines: Sequence[str]) -> bool:
        """Whether the text ends (blank lines aside) under two or more release headings of
        the pattern in a row: a table of contents, or empty releases over the body the next
        part opens with — which of the two, only the next part can tell. Rows of a table
        are records, each whole by itself: a run of them is the table, not a heading's."""
        if self.shape == _ROW:
            return False
        end = len(lines) - 1
        while end >= 0 and not lines[end].strip():
            end -= 1
        start = end
        while start >= 0 and lines[start].strip() and self._like(lines, start):
            start -= 1
        return sum(1 for i in range(start + 1, end + 1)
                   if self.release_at(lines, i) is not None) >= 2

    def _like(self, lines: Sequence[str], i: int) -> bool:
        """Whether line ``i`` by itself, whatever is around it, has the pattern's shape."""
        c = candidate(lines[i:i + 1], 0, set_off=False, whole=True)
        return c is not None and c[:2] == (self.shape, self.token)

    def _without_contents(self, lines: Sequence[str], found: list[Release]) -> list[Release]:
        """``found`` without the lines of a table of contents: a block of two or more
        lines in a row of the pattern's shape (no blank, no body between them) after
        which the next line of substance is a release heading of the pattern — no line of
        it opens a section with a body. (A block at the text's end is kept: what follows
        it is the next part's to tell, :meth:`ends_in_run`.)"""
        drop: set[int] = set()
        k = 0
        while k < len(found):
            start = end = found[k].line
            if self._like(lines, start):
                while (end + 1 < len(lines) and lines[end + 1].strip()
                       and self._like(lines, end + 1)):
                    end += 1
            j = end + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            if end > start and j < len(lines) and self.release_at(lines, j) is not None:
                drop.update(range(start, end + 1))
            while k < len(found) and found[k].line <= end:
                k += 1
        return [r for r in found if r.line not in drop] if drop else found


def same_release(a: Release, b: Release) -> bool:
    """Whether headings ``a`` and ``b`` (in a row) are sections of one release: two
    headings that differ but name the same versions ("* Changes in Foo 2.1", "* Lisp
    Changes in Foo 2.1"; a heading written twice is two, and a dated entry's date is no
    release's name: a day may hold two). Two dated on different days are two releases,
    whose versions differ past what a version's grammar reads ("6.2 RC1", "6.2 RC2")."""
    key = release_key(a.title)
    return (bool(key) and key == release_key(b.title) and a.title != b.title
            and not a.unreleased and not b.unreleased and not dated_apart(a.date, b.date)
            and not suffixed(a, b))


def suffixed(a: Release, b: Release) -> bool:
    """Whether heading ``a`` is ``b``'s words up to its version with words of its own after
    it ("CHANGES IN R 4.3.2 patched:" over "CHANGES IN R 4.3.2:"): one lead naming one
    version twice, told apart by what follows it, is no two sections of one release (those
    differ before the version: "* Lisp Changes in Foo 2.1"), but one release and what came
    after it (:func:`.changelog_opening.next_section`)."""
    if not a.version or a.version != b.version:
        return False
    at_a, at_b = a.title.find(a.version), b.title.find(b.version)
    if at_a < 0 or at_b < 0 or a.title[:at_a] != b.title[:at_b]:
        return False
    after_a, after_b = a.title[at_a + len(a.version):], b.title[at_b + len(b.version):]
    return bool(set(_WORD.findall(after_a)) - set(_WORD.findall(after_b)))


def dated_apart(a: str, b: str) -> bool:
    """Whether two headings' dates are both written and name different days."""
    wa, wb = (_when(a) if a else None), (_when(b) if b else None)
    return wa is not None and wb is not None and wa != wb


_KEY = re.compile(r"\d+(?:\.\d+)+[\w.+~-]*")


def release_key(title: str) -> str:
    """The versions a heading names, as written ("1.0.0-rc5 0.71.0"; "" for none)."""
    return " ".join(_KEY.findall(title))


def _release(lines: Sequence[str], i: int, version: str) -> Release:
    """The release heading at line ``i``: its date is on its line or opens its body
    ("Released 2024-06-24"), and it is not released yet when either says so."""
    line = as_atx(lines[i]).rstrip()
    body = _REF_LABEL.sub("]", _first_body_line(lines, i))
    if len(body) > _BODY_NOTE or (_version_not_date(body) and not _opens_with_date(body)):
        body = ""  # an item, or the next release's heading: no note of this one
    first = _first_body_line(lines, i)
    date = (DATE.search(line) or DATE.search(body) or DATE.search(_section_note(lines, i))
            or _markup_date(first) or _linked_date(first)
            or DATE.search(section_close(lines, i, DATE)[1]))
    unreleased = bool(UNRELEASED.search(line) or UNRELEASED.search(body)
                      or DEV.search(version) or _working(release_key(line))
                      or _TO_TIP.search(line) or _TO_TIP.search(first)
                      or (not date and _DATE_WORD_HOLE.search(line)))
    return Release(i, _title(line), version, date.group(0) if date else "", unreleased)


def _working(versions: str) -> bool:
    """Whether a heading names, besides its version, the work in progress itself ("Changes
    between 3.0.20 and 4.0.0-dev:"): a mark with no number after it, where a numbered one
    ("2.8-dev13") is a development release, published like the others."""
    return any(DEV.search(v) and not v[-1].isdigit() for v in versions.split())


# a reference link's label ("[22nd September 2022][3.14.0-milestone]"): markup a reader never
# sees, so a version in it is no item's and its length no part of the note's
_REF_LABEL = re.compile(r"(?<=\])\[[^\[\]]+\]")


# a word in a heading's date place, closing it (in parentheses or after a dash), that says
# the date is not known yet ("## 1.4.0 - TBD", "## 1.4.0 (in progress)", "(under dev)"): not
# released yet
_DATE_WORD_HOLE = re.compile(r"(?:\(\s*|\s[-\u2013\u2014/]\s*)"
                             r"(?:tb[ad]|in\s+progress|under\s+dev(?:elopment)?)"
                             r"\s*\)?\s*$", re.I)


# a range of commits that ends at the branch's tip ("1a2b3c4d...HEAD", a compare link's
# "v1.2.0..HEAD"): what it names is not tagged, so not released yet
_TO_TIP = re.compile(r"[\w.\-]\.{2,3}HEAD\b")
_TAG = re.compile(r"<[^<>]*>")


def _markup_date(s: str) -> re.Match[str] | None:
    """The one date of a line that is markup alone (every character inside a tag, such
    as a template call's argument: ``<b><?php release_date('21-Dec-2023'); ?></b>``):
    the page shows it as the line's text, a note of the release's date however long the
    markup around it."""
    if not s.startswith("<") or _TAG.sub("", s).strip():
        return None
    found = list(DATE.finditer(s))
    return found[0] if len(found) == 1 and not _version_not_date(s) else None


# a link and nothing else: a markdown link "[text](url)", an autolink "<url>" or a bare URL
_LINK_ONLY = re.compile(r"^(?:\[[^\[\]]*\]\([^()\s]*\)|<?https?://\S+?>?)$")


def _linked_date(s: str) -> re.Match[str] | None:
    """The date a line opens with when a link alone follows it ("December 21st 2023
    [Detailed release notes](…)"): a release's date and a pointer to its notes elsewhere,
    a note of the release however long the link; a date followed by words is an item."""
    m = DATE.match(s)
    return m if m is not None and _LINK_ONLY.match(s[m.end():].strip()) else None


def heading_release(lines: Sequence[str], i: int, version: str) -> Release:
    """The release a heading at line ``i`` names, dated and flagged as its line and the
    note opening its body say (a document title's "Latest update: date" under it)."""
    return _release(lines, i, version)


def _section_note(lines: Sequence[str], i: int) -> str:
    """The note opening the first section of heading ``i``'s body, when that body opens
    with an underlined section title of no version or date of its own ("Release Summary"
    over "-----" over "| Release Date: 2023-12-11"): the release's date may be noted there."""
    for j in range(i + 1, min(len(lines), i + 4)):
        s = lines[j].strip()
        if not s or _UNDERLINE.match(s):
            continue
        if (j + 1 < len(lines) and _UNDERLINE.match(lines[j + 1].strip())
                and not VERSION.search(s) and not DATE.search(s)):
            note = _first_body_line(lines, j)
            return "" if len(note) > _BODY_NOTE or _version_not_date(note) else note
        return ""
    return ""


_DATE_FIRST = re.compile(rf"^[(*_\[]{{0,2}}(?:{DATE.pattern}|{DATE_HOLE.pattern})")


def _opens_with_date(s: str) -> bool:
    """Whether a short line opens with a date or a date left to fill in: a note of when
    its release came out, though it names its branch's version after the date ("(20 Dec
    2023, from /branches/1.14.x)")."""
    return _DATE_FIRST.match(s) is not None


def _version_not_date(s: str) -> bool:
    """Whether ``s`` holds a version that is not a day-first dotted date ("05.01.2023")."""
    return any(not DATE.fullmatch(v.group(0)) for v in VERSION.finditer(s))


_BODY_NOTE = 40  # a release's first line that notes its date or state, not an item
BODY_LINES = 3  # the lines under a heading that may note its date or state


def cut_under(lines: Sequence[str], i: int) -> int:
    """1 + the lines a text holds under heading ``i`` when it ends there before the line
    that may note the heading's date or state (blank lines and an underline aside), else
    0: the next part holds what the heading's body says of it."""
    if i + 1 + BODY_LINES < len(lines):  # (a text's last line may be the "" after its "\n")
        return 0
    below = lines[i + 1:]
    if any(s.strip() and not _UNDERLINE.match(s.strip()) for s in below):
        return 0
    return 1 + len(below) - (1 if below and below[-1] == "" else 0)


def opening_note(lines: Sequence[str]) -> int | None:
    """The line of a text's opening note that a release is not out yet (the body of a
    heading the part before ends under: "*Release date: XXXX-XX-XX*"), or None."""
    for j in range(min(len(lines), BODY_LINES)):
        s = lines[j].strip()
        if not s or _UNDERLINE.match(s):
            continue
        if (len(s) > _BODY_NOTE or (VERSION.search(s) and not _opens_with_date(s))
                or not UNRELEASED.search(s)):
            return None
        return j
    return None


def _first_body_line(lines: Sequence[str], i: int) -> str:
    """The first line of substance under heading ``i`` (its underline skipped)."""
    for j in range(i + 1, min(len(lines), i + 4)):
        s = lines[j].strip()
        if s and not _UNDERLINE.match(s):
            return s
    return ""


def _prose(rest: str, slot: str) -> bool:
    """Whether the words after a heading's lead read as a sentence, not a version's place:
    a word of small letters in the version's place, going on to a full stop ("Widget keeps
    its release notes in this file."). A name for the next version is a word too, but
    stands alone or over a short note, never a sentence closed by its stop."""
    return (slot.isalpha() and slot.islower() and rest.rstrip().endswith(".")
            and len(rest.split()) > 2)


def unreleased_shape(lines: Sequence[str], i: int) -> str | None:
    """The shape of a heading at line ``i`` that names a section not released yet
    ("## [Unreleased]", "== Unreleased", "Next release" underlined), or None."""
    line = as_atx(lines[i]).rstrip()
    if (not line or line[0].isspace() or len(line) > CHANGELOG.heading_chars
            or len(line.split()) > 10):
        return None
    m = UNRELEASED.search(line)
    markup = _OPENER.match(line)
    rest = line[markup.end():] if markup else line
    hole = VERSION_HOLE.search(line)
    if m is None and hole is None and not PLACEHOLDER.match(rest):
        return None
    cut = hole or m  # (a version to come before the word that says so)
    lead = line[: cut.start()] if cut is not None else line[: len(line) - len(rest)]
    if (len(lead) > _PREFIX_CHARS or len(lead.split()) > 6
            or line.startswith(("- ", "+ ", "> ", "|", "<", "..", "//"))
            or VERSION.search(line) or not _set_off(lines, i)):
        return None
    return _shape(lead)


_OPENER = re.compile(r"^(?:#+|=+|\*+)\s+|^\[")  # a heading's markup, a link's bracket


def _when(date: str) -> tuple[int, int, int] | None:
    """A date's (year, month, day), for ordering releases; None when it does not parse."""
    iso = re.match(r"(\d{4})[-/](\d{2})[-/](\d{2})", date)
    if iso:
        return int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
    dotted = re.match(r"(\d{2})\.(\d{2})\.(\d{4})", date)  # day first
    if dotted:
        return int(dotted.group(3)), int(dotted.group(2)), int(dotted.group(1))
    month = re.search(_MONTH, date)
    year = re.search(r"\b\d{4}\b", date)
    day = re.search(r"\b\d{1,2}(?=(?:st|nd|rd|th)?\b)", re.sub(r"\d{1,2}:\d{2}:\d{2}", "", date))
    if month is None or year is None or day is None:
        return None
    return int(year.group(0)), _MONTHS.index(month.group(0)[:3]) + 1, int(day.group(0))


_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def day_of(date: str) -> dt.date | None:
    """The day a heading's date names (as :func:`_when` reads it), for the steps between
    releases; None when it does not parse or names no day of the calendar."""
    when = _when(date)
    if when is None:
        return None
    try:
        return dt.date(*when)
    except ValueError:  # "February 30, 2024"
        return None


def _numbers(title: str) -> tuple[int, ...] | None:
    v = VERSION.search(title)
    return tuple(int(n) for n in re.findall(r"\d+", v.group(0))) if v else None


def newer(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether release ``a`` (title, date) is newer than ``b``: by their dates when both
    parse, else by their titles' versions; False when neither says."""
    da, db = _when(a[1]) if a[1] else None, _when(b[1]) if b[1] else None
    if da is not None and db is not None:
        return da > db
    va, vb = _numbers(a[0]), _numbers(b[0])
    return va is not None and vb is not None and va > vb


def version_after(title: str, date: str) -> str | None:
    """The version a dated entry names after its date ("Mon Jan 01 2024 Name <mail> -
    1.2.3-1"), or None (``date`` not a date the title holds, or no version after it)."""
    at = title.find(date)
    if at < 0 or not DATE.fullmatch(date):
        return None
    v = VERSION.search(title, at + len(date))
    return v.group(0) if v is not None else None


def _underline(lines: Sequence[str], i: int) -> str:
    """The adornment character underlining line ``i`` ("" when none)."""
    nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
    m = _UNDERLINE.match(nxt)
    if m is None:
        return ""
    need = max(3, len(lines[i].strip()) // 2) if m.group(1) in _LOOSE else len(lines[i].strip())
    return m.group(1) if len(nxt) >= need else ""


underline = _underline  # (for the readers of headings written in other words)


# an ATX or AsciiDoc heading's markup: its marks end the line or a blank follows them
# ("#4200: text" opens with an issue's number, no heading)
_MARKUP = re.compile(r"^(?:#+(?=\s|$)|={1,6}(?= ))\s*")
_STARS = re.compile(r"^\*+ +")  # an outline heading's stars


def _title(line: str) -> str:
    if (row := _table_release(line)) is not None:
        return row  # (its date is the row's first)
    return _STARS.sub("", _MARKUP.sub("", line, count=1), count=1).strip()


def _shape(prefix: str) -> str:
    """A lead's shape: markup kept, each word reduced to its case, blanks collapsed; a lone
    word before the version is dropped whatever its case, so that "## Version 2.0", "##
    Release 1.9", "## v1.8", "## [1.7]" and "version 0.1" (a history's wording drifts over
    the years) are one shape."""
    def case(m: re.Match[str]) -> str:
        w = m.group(0)
        return "A" if w.isupper() and len(w) > 1 else ("Aa" if w[0].isupper() else "a")
    s = _HASHES.sub("#", prefix.rstrip("[( "))  # "# [1.0]" and "# 1.0" are one shape
    if _LONE_WORD.match(s):
        s = s[: len(s) - len(s.lstrip("#=* "))].rstrip()
    s = _WORD.sub(case, s)
    return re.sub(r"\d+", "0", " ".join(s.split()))


def _set_off(lines: Sequence[str], i: int) -> bool:
    line = as_atx(lines[i])
    if _MARKUP.match(line) and line.strip(" #="):  # ATX and AsciiDoc headings stand alone
        return True
    if _underline(lines, i):
        return True
    if i == 0 or not lines[i - 1].strip() or _label_above(lines, i):
        return True
    if hanging_row(lines, i, VERSION):  # a table's row: its version alone in its column
        return True
    # the lines above counted from the text's first (blank lines may open a file: a
    # byte-order mark is read as some, :func:`~.registry.unmarked`)
    top = next((k for k in range(i) if lines[k].strip()), i)
    return ((i - top <= _BANNER and all(not x.strip() or x[0].isspace() for x in lines[:i]))
            or (i == top + 1 and _FILE_VARIABLES.match(lines[top]) is not None))


_BANNER = 3  # indented lines a file may open with above its first heading (a mode line)
# an editor's file variables between "-*-" marks ("-*- coding: utf-8; -*-"): a first line
# for the editor, no text a reader sees, so a heading under it opens the text
_FILE_VARIABLES = re.compile(r"^\W*-\*-.*-\*-\W*$")


def _label_above(lines: Sequence[str], i: int) -> bool:
    """Whether line ``i`` sits right under a section's label or a rule, whose first entry
    follows it with no blank between: a lone word set off above ("%changelog",
    "Changes:"), or a line of one repeated symbol (a title's rule of "|")."""
    above = lines[i - 1].strip()
    if _RULE.match(above):
        return True
    return (i >= 1 and len(above.split()) == 1 and not lines[i - 1][0].isspace()
            and (i == 1 or not lines[i - 2].strip()) and not VERSION.search(above)
            and not DATE.search(above))


_RULE = re.compile(r"^([^\w\s])\1{2,}$")


def candidate(lines: Sequence[str], i: int, *, set_off: bool = True, whole: bool = False
               ) -> tuple[str, str, str, str] | None:
    """(shape, token, version or date, literal lead) of a heading candidate, or None. A
    whole number ends a heading's title as its version ("Release 16", a major release) only
    where the heading is dated (on its line, or by a note opening its body) or the text ends
    under it; ``whole``: whatever follows it (a line of a table of contents)."""
    line = as_atx(lines[i]).rstrip()
    if (row := _table_release(line)) is not None:
        return _ROW, "V", row, _ROW
    title_block = line[:1] == " " and centred(lines, i)  # a centred title's line
    # a mark between rules of one symbol ("\t--- 9.18.21 released ---"): a body's line never
    # wraps itself in rules, so it marks a release however far it is indented
    banner = line[:1].isspace() and BANNER_MARK.match(line.strip()) is not None
    if title_block or banner:
        line = line.strip()
    if (not line or line[0].isspace() or len(line) > CHANGELOG.heading_chars * 2
            or line.startswith(("- ", "+ ", "> ", "|", "[", "<", "..", "//"))):
        return None
    v = VERSION.search(line)
    d = DATE.search(line) or DATE_HOLE.search(line)
    if v is None and d is not None and (y := _YEAR_LETTER.search(line, 0, d.start())):
        v = y  # (a year's lettered release, dated after it: "Release 2023d - 2023-12-22")
    if v is None and (n := _WHOLE.search(line)) is not None and (
            whole or d is not None or _dated_below(lines, i)
            or section_close(lines, i, DATE)[1]):
        v = n
    if v is None and d is None:
        return None
    if v is not None and (d is None or v.start() <= d.start()):
        at, token, found = v.start(), "V", v.group(0)
    else:
        assert d is not None
        at, token, found = d.start(), "D", d.group(0)
    lead = line[:at]
    if token == "D" and lead.strip(" #=*"):
        return None  # a dated entry opens with its date ("2025-07-24  Name <mail>")
    if token == "D" and _CLOCK.match(line, at + len(found)):
        return None  # a time to the minute stamps a note or a log's record, not a release
    if len(lead) > _PREFIX_CHARS or lead.rstrip().endswith((".", ",", ";", ":")):
        return None
    if _ITEM_WORDS.match(lead):
        return None  # an ordered list's entry whose text names a version ("6285. [bug] Bump")
    if len(line) > CHANGELOG.heading_chars and not line.startswith("#"):
        return None
    if set_off and not title_block and not _set_off(lines, i):
        return None
    # (an underline is not part of the shape: a leaf may end between a title and its underline)
    shape = CENTRED + _shape(lead) if title_block else _shape(lead)
    end = at + len(found)
    if token == "V" and _SERIES.match(line, end):
        return None  # a version whose last place is a letter for any number: a series' title
    if strength(shape) and (_sentence(line, end) or ": " in lead
                            or (_opens_paragraph(lines, i) and not _bare(lead, line, end))):
        return None  # a plain line of prose, or an item's "Label: text", not a heading
    return shape, token, found, lead


# an ordered list's number and two words or more before the version: an entry of the list
# whose text names a version ("6285.\t[test]\t\tBump serde from 3.14.6"), not a heading,
# which a number opens only over a word or none ("1. Version 2.0", "2. 1.4.0 (date)")
_ITEM_WORDS = re.compile(r"^\d+[.)]\s+\S+\s+\S")
_ROW = "|"  # the shape of a release written as a table's row
# a version's last place written as a letter standing for any number ("1.21.x", "3.X"):
# the heading names a series that holds releases, no release itself
_SERIES = re.compile(r"\.[xX*](?![\w.])")
# words between two rules of one symbol, three or more each: a release mark set off alone
BANNER_MARK = re.compile(r"^([^\w\s])\1{2,}\s+\S.*?\s+\1{3,}$")
_CLOCK = re.compile(r"[T ]\d{1,2}:\d{2}(?!\d)")


def _table_release(line: str) -> str | None:
    """The version of a release written as a markdown table's row ("| 1.2.3 | 2024-01-01 |
    notes |", a README's release history): its first cell is a version and another cell a
    date, each the whole cell; a row is a record, set off by its bars. A row with no date (a
    table of supported versions, of dependencies) is none. A CSV row is read alike
    (:mod:`.changelog_csv`), a wiki table's (:mod:`.changelog_wiki_row`), and a list item
    of a version and a date alone (:mod:`.changelog_list_release`)."""
    if not line.startswith("|"):
        if (item := item_release(line, VERSION, DATE)) is not None:
            return item
        return csv_release(line, VERSION, DATE) if "," in line else None
    if line.count("|") < 3:
        return None
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if VERSION.fullmatch(cells[0]) is None:
        return wiki_row_release(line, VERSION, DATE)  # (a wiki table's: "| a || b")
    return cells[0] if any(DATE.fullmatch(c) for c in cells[1:]) else None


# a whole number that ends a heading's title ("Release 16", "Release 16 (2023-09-14)", a
# colon after it: "CHANGES WITH 255:"); not a year, not a number inside a section's number
# ("E.21.")
_WHOLE = re.compile(r"(?<![\w.\-/])v?\d{1,3}(?=:?\s*$|\s+[(\[\-\u2013\u2014])")


# a version that is a year and a letter, the year's releases lettered in turn ("2023d"):
# read as one only before the date its heading gives (a bare "2023d" may name anything)
_YEAR_LETTER = re.compile(r"(?<![\w.\-/])(?:19|20)\d{2}[a-z](?![\w.\-/])")


def _dated_below(lines: Sequence[str], i: int) -> bool:
    """Whether heading ``i``'s body opens with a note of its date ("Release date:
    2023-09-14"; a dated heading of its own is no note), or the text ends under it (what
    its body says is the next part's: its heading is left open)."""
    for j in range(i + 1, min(len(lines), i + 4)):
        s = lines[j].strip()
        if not s or _UNDERLINE.match(s):
            continue
        m = DATE.search(s)
        return (m is not None and len(s) <= _BODY_NOTE and not VERSION.search(s)
                and bool(s[: m.start()].strip(" #=*")))
    return all(not s.strip() or _UNDERLINE.match(s.strip()) for s in lines[i + 1:])


def _sentence(line: str, end: int) -> bool:
    """A line of prose: it ends a sentence of five words or more, or a sentence ends at its
    version (``end``) and another begins ("Subversion 1.7. Thanks …", a leaf cut mid-line)."""
    return (line.endswith(".") and len(line.split()) >= 5) or line.startswith(". ", end)


_NOTE = re.compile(r"\([^()]{1,30}\)")  # a short note in parentheses ("(Apr 2023)")


def _bare(lead: str, line: str, end: int) -> bool:
    """Whether a line is a version alone, or one and a short note in parentheses ("v1.5.5
    (Apr 2023)"): no paragraph opens so, whatever line runs on under it (a release's
    unbulleted "area: text" items)."""
    rest = line[end:].strip()
    return not lead and (not rest or _NOTE.fullmatch(rest) is not None)


def _opens_paragraph(lines: Sequence[str], i: int) -> bool:
    """Whether line ``i`` runs on into an unindented line of text (a paragraph's first
    line): a heading without markup stands over a blank line, an indented body, a list,
    or the next heading."""
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    if (not nxt.strip() or nxt[0].isspace() or nxt.startswith(("* ", "- ", "+ ", "**"))
            or _UNDERLINE.match(nxt.strip())):
        return False
    return not (VERSION.search(nxt) or DATE.search(nxt))




def learn(lines: Sequence[str]) -> ReleasePattern | None:
    """The release pattern of a text's lines, or None when no heading shape repeats."""
    groups: Counter[tuple[str, str]] = Counter()
    leads: dict[tuple[str, str], Counter[str]] = {}
    first: dict[tuple[str, str], int] = {}
    code = fenced_lines(lines)
    for i in range(len(lines)):
        c = candidate(lines, i) if i not in code else None
        if c is None:
            continue
        key = (c[0], c[1])
        groups[key] += 1
        leads.setdefault(key, Counter())[c[3]] += 1
        first.setdefault(key, i)
    pick = chosen([HeadingGroup(shape=k[0], token=k[1], count=n,
                                first=[ReleaseMark(title="", at=first[k])])
                   for k, n in groups.items()], CHANGELOG.min_releases)
    if pick is None:
        return None
    best = (pick.shape, pick.token)
    lead, n = leads[best].most_common(1)[0]
    pattern = ReleasePattern(best[0], best[1], lead if n * 2 > groups[best] else "")
    if pattern.token == "D" and calendar_pages(pages(pattern.releases(lines))):
        return None  # a diary's pages, dated by the calendar: no release history
    return pattern


def pages(found: Sequence[Release]) -> list[dt.date | None]:
    """The days of dated headings that are a date alone (None for one with words beside
    its date, "2024-02-16  Jane Doe <mail>", or naming no day): a diary's pages, maybe
    (:mod:`.changelog_calendar`)."""
    return [day_of(r.date) if " ".join(r.title.split()) == r.date else None for r in found]


# what a title calls a release's notes ("Go 1.21 Release Notes", "What's New In Python 3.12",
# "Changes in 2.0")
NOTES = re.compile(r"\b(?:release(?:\s+notes?)?|released|change\s*log|changes|"
                   r"what'?s\s+new|news)\b", re.I)
_FRONT_TITLE = re.compile(r"^title:\s*(.+?)\s*$")
_TOP_MARKUP = re.compile(r"^(?:# |= )\s*")  # a level-one ATX or AsciiDoc heading


def title_release(lines: Sequence[str]) -> Release | None:
    """A document that is one release's notes: its title (the front matter's ``title:``, a
    first heading of level one, ``# …``, ``= …`` or underlined with ``=``) holds a version
    and calls the text a release's notes. None for any other text."""
    found = _document_title(lines)
    if found is None:
        return None
    at, title = found
    v = VERSION.search(title)
    if v is None or not NOTES.search(title):
        return None
    return Release(at, title, v.group(0))


def _document_title(lines: Sequence[str]) -> tuple[int, str] | None:
    """(line, text) of the title a document opens with, or None."""
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines):
        return None
    if lines[i].strip() == "---":  # front matter: its title key
        for j in range(i + 1, min(len(lines), i + 40)):
            if lines[j].strip() == "---":
                break
            m = _FRONT_TITLE.match(lines[j])
            if m:
                return j, m.group(1).strip("'\"")
        return None
    line = lines[i].rstrip()
    if _TOP_MARKUP.match(line):
        return i, _TOP_MARKUP.sub("", line)
    if _underline(lines, i) == "=":
        return i, line.strip()
    return None


def releases_of(text: str) -> list[Release]:
    """The text's release headings (unreleased ones flagged), in file order."""
    lines = text.split("\n")
    pattern = learn(lines)
    return pattern.releases(lines) if pattern is not None else []
