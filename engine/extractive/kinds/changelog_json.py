"""A changelog written as JSON: a list of objects whose string fields hold a whole version
and a whole date (a releases API's dump), the versions running in order.

A record is known by its structure, never by its keys: an object that is an element of a
list (after ``[`` or ``,``) with, among its own string fields, one whose whole value is a
version and one whose whole value is a date (a time and a zone allowed). Its version and
date are the first such fields. A list of packages with versions and dates (a lockfile) is
no history: its versions run in no order, and a part whose records do not run one way, or
name a version twice, states nothing proven (:data:`~engine.core.releases.LOST`).

A part of the file is read by the same scan as the whole (a JSON string holds no line
break, so a part cut at a line starts between tokens). A record is counted by the part
holding its ``{`` once its fields so far hold both; a part ending inside a record not yet
told reports it (:data:`~engine.core.releases.PENDING`) and the next part its opening
fields by level (:data:`~engine.core.releases.HEAD`), so the fold settles it
(:func:`settle`), or states no count when nothing tells. A text on one line (an API's
minified answer) is cut anywhere, inside a string too: each part reads the one way its text
reads and carries the member a cut split for the fold to join
(:mod:`engine.extractive.kinds.changelog_json_cut`). A list of records of which some, dated,
read as none (their version in a shape no rule reads) states no count: the rest would be
short. The object a whole text is (a releases document's own: a channel's "latest-release"
and "latest-release-date" around its "releases" list) is no list's element, nor is the
object the file's first part opens with and does not close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from gapless.engine.core.releases import HEAD, LOST, PENDING, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_field_version import is_field_version
from gapless.engine.extractive.kinds.changelog_headings import DATE
from gapless.engine.extractive.kinds.changelog_json_cut import (
    FRAGMENT,
    LONG,
    SAFE,
    carried,
    readings,
    trailing_partial,
)

__all__ = ["SHAPE", "json_groups", "settle"]

SHAPE = "{json}"  # the shape of a release written as a JSON object
_EVENTS = 24  # the opening fields a part reports, at most

_TOKEN = re.compile(r'\s*(?:("(?:[^"\\\n]|\\.)*")|([{}\[\]:,])'
                    r'|(-?\d[\w.+\-]*|true|false|null|-?Infinity|NaN))')
_COLON = re.compile(r"\s*:")
_SPACE = re.compile(r"\s*")
_CLOCK = r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?"
_PRE = re.compile(r"(?<=\d)(?:[-+~]|\.?[A-Za-z]).*")  # a pre-release: "-rc.1", "rc1", ".rc1"
_DATED = re.compile(rf"(?:{DATE.pattern}){_CLOCK}")


@dataclass
class _Obj:
    """A container open in the scan: an object (its record fields so far) or a list."""

    at: int
    is_obj: bool
    element: bool  # an object that is a list's element: a record, maybe
    version: str = ""
    date: str = ""
    unsure: bool = False  # opened where a cut part's reading starts: an element, maybe
    records: int = 0  # a list's elements that are records
    strays: int = 0  # a list's elements dated with no version: records the reading missed


def _whole_text(e: _Obj, start: int, stack: list[_Obj], text: str, pos: int,
                end: int) -> bool:
    """Whether object ``e``, just closed at ``pos``, is the whole text: it opens at the
    text's first token and nothing but blanks follows it (a releases document's own
    object, its channel's "latest" fields no release of its list)."""
    return not stack and e.is_obj and not text[start:e.at].strip() and not text[pos:end].strip()


def _unquote(raw: str) -> str:
    return raw[1:-1].replace('\\"', '"').strip()


def _fields(value: str) -> tuple[str, str]:
    """(version, date) a string value is, each "" when it is not."""
    v = value if is_field_version(value) else ""
    m = DATE.match(value) if _DATED.fullmatch(value) else None
    return v, (m.group(0) if m else "")


def _order(versions: list[str]) -> bool:
    """Whether ``versions`` run one way (newest first or oldest first)."""
    nums = [tuple(int(n) for n in re.findall(r"\d+", _PRE.sub("", v))) for v in versions]
    pairs = list(pairwise(nums))
    return all(a >= b for a, b in pairs) or all(a <= b for a, b in pairs)


def in_order(left: HeadingGroup, right: ReleaseMark | HeadingGroup) -> bool:
    """Whether records that run one way on each side of a cut run one way across it: the
    ends of both, in the file's order, do (a lockfile's parts, each in order by chance,
    are not); False when an end was cut out to fit a small window."""
    groups = [left] if isinstance(right, ReleaseMark) else [left, right]
    marks: list[ReleaseMark | None] = [m for g in groups for m in (*g.first[:1], g.last)]
    if isinstance(right, ReleaseMark):
        marks.append(right)
    if any(not g.first for g in groups) or any(m is None or not m.version for m in marks):
        return False
    return _order([m.version for m in marks if m is not None])


def json_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The release records of ``text`` (JSON, or a part of it cut at a line) as a heading
    group, with the records it ends inside (:data:`PENDING`) and its opening fields
    (:data:`HEAD`); [] for a text that is not JSON. A part cut inside a line (a long
    string) reads from its second line, its opening fields not known; one whose last line
    is cut cannot tell what it ends inside (:data:`LOST`)."""
    end = len(text.rstrip())
    start, scan = 0, _Scan(text, 0, end, file_start=base_offset == 0)
    if "\n" not in text[:end] and (scan.failed is not None or scan.open()):
        return _cut_line(text, base_offset, end)  # one line (minified) cut by a window
    if scan.failed is not None and "\n" not in text[:scan.failed]:
        start = text.find("\n") + 1
        scan = _Scan(text, start, end)
        scan.events = None  # (what opens the part is not known)
    if scan.failed is not None:
        last = "\n" not in text[scan.failed:end]
        if last and scan.keys and "\n" in text[start:scan.failed]:  # (a line read whole)
            return [HeadingGroup(shape="", token=LOST, count=0)]  # cut inside its last line
        return []
    return scan.groups(text, base_offset)


def _cut_line(text: str, base_offset: int, end: int) -> list[HeadingGroup]:
    """The records of a part of a one-line JSON text (:mod:`.json_cut`): its own tokens
    read the one way that reads to its end, its head and tail carried for the fold."""
    told: list[_Scan] = []
    for at in readings(text):
        first = _first_safe(text, at, end)
        if first is None:
            continue
        opens = base_offset == 0 and not text[:first].strip()  # (the file's own value)
        unsure = not opens and text[first] == "{" and not _keyed(text, at, first)
        scan = _Scan(text, first, end, unsure=unsure, opens_file=opens)
        if scan.failed is not None and not trailing_partial(text, scan.failed, end):
            continue
        scan = _Scan(text, first, scan.last_safe, unsure=unsure, opens_file=opens)
        scan.head, scan.tail = text[:first], text[scan.last_safe:end]
        told.append(scan)
    if len(told) != 1 or told[0].unsure_record:
        return [HeadingGroup(shape="", token=LOST, count=0)] if '":' in text else []
    return told[0].groups(text, base_offset)


def _first_safe(text: str, at: int, end: int) -> int | None:
    """Where the first structural token from ``at`` starts (:data:`.json_cut.SAFE`), the
    tokens before it read whole; None when a token fails first."""
    pos = at
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            return None
        if m.group(2) is not None and m.group(2) in SAFE:
            return m.start(2)
        pos = m.end()
    return None


def _keyed(text: str, at: int, first: int) -> bool:
    """Whether the head read from ``at`` holds a key's colon: what opens at ``first`` is
    a member's value, no list's element."""
    pos = at
    while pos < first:
        m = _TOKEN.match(text, pos)
        if m is None:
            return False
        if m.group(2) == ":":
            return True
        pos = m.end()
    return False


def member_value(tail: str, head: str) -> tuple[str, bool] | None:
    """The string value of the member a cut split (a part's tail, the next part's head):
    "" when it holds none (a key alone, a number, a long value), and whether a key names
    it; None when the two do not join into one member, the cut read wrong."""
    if LONG in (tail, head):
        return "", True
    text, pos, seen = tail + head, 0, []
    end = len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            return None
        seen.append(m.group(1) or m.group(2) or m.group(3) or "")
        pos = m.end()
    key = len(seen) >= 2 and seen[0].startswith('"') and seen[1] == ":"
    value = seen[2:] if key else seen
    if len(value) > 1 or ":" in value:
        return None
    if not value or not value[0].startswith('"'):
        return "", key
    return _unquote(value[0]), key


class _Scan:
    """One pass over a JSON text's tokens from ``start``: the records it closes, the
    containers still open, and the fields and ends of those opened before it."""

    def __init__(self, text: str, start: int, end: int, *, unsure: bool = False,
                 opens_file: bool = False, file_start: bool = False) -> None:
        self.file_start = file_start  # the text opens the file: its first object, its value
        self.unsure = unsure  # what opens at ``start`` may be a member's value, no element
        self.unsure_record = False  # ... and is a record: not told
        self.head: str | None = None  # a cut line's head and tail (:mod:`.json_cut`)
        self.tail: str | None = None
        self.last_safe = start  # where the last structural token read ends
        self.stack: list[_Obj] = []
        self.found: list[ReleaseMark] = []
        self.events: list[ReleaseMark] | None = []
        self.failed: int | None = None
        self.keys = 0  # keys and brackets read: JSON, not a line that reads as a number
        self.mixed = False  # a list of records and of dated elements read as none
        level = 0  # the containers opened before the text that it closed so far
        prev = ""  # the last punctuation read ("key", "value")
        pos = start
        while pos < end:
            m = _TOKEN.match(text, pos)
            if m is None:
                blank = _SPACE.match(text, pos)
                self.failed = blank.end() if blank else pos  # (where the token starts)
                return
            pos = m.end()
            s, p = m.group(1), m.group(2)
            top = self.stack[-1] if self.stack else None
            if s is not None:
                if _COLON.match(text, pos):
                    self.keys += 1
                    prev = "key"
                    continue
                v, d = _fields(_unquote(s))
                if top is not None and top.is_obj and prev == ":":
                    top.version = top.version or v
                    top.date = top.date or d
                elif top is None and prev == ":" and (v or d):
                    self._event(ReleaseMark(at=level, version=v, date=d))
                prev = "value"
                continue
            if p is None:
                prev = "value"
                continue
            if p in "{[]}":
                self.keys += 1
            if p in SAFE:
                self.last_safe = m.end()
            if p in "{[":
                element = p == "{" and prev in ("[", ",", "") and not (
                    opens_file and not self.stack and not self.found)  # (the file's value)
                self.stack.append(_Obj(m.end() - 1, p == "{", element,
                                       unsure=unsure and m.end() - 1 == start))
            elif p in "}]":
                if self.stack:
                    e = self.stack.pop()
                    if e.element and _whole_text(e, start, self.stack, text, pos, end):
                        e.element = False  # the whole text's own value: no list's element
                    if e.element and e.version and e.date:
                        self.found.append(ReleaseMark(title=e.version, at=e.at, date=e.date,
                                                      version=e.version))
                        self.unsure_record = self.unsure_record or e.unsure
                    self._tally(e)
                else:
                    self._event(ReleaseMark(title="}", at=level))
                    level += 1
            prev = p

    def open(self) -> bool:
        """Whether the text read leaves a container open or closes one opened before it."""
        return bool(self.stack) or any(ev.title == "}" for ev in self.events or [])

    def _tally(self, e: _Obj) -> None:
        """A closed element counted in its list: a record, or one dated with no version
        (its version a value no rule reads); a list holding both proves no count."""
        parent = self.stack[-1] if self.stack else None
        if e.element and parent is not None and not parent.is_obj:
            if e.version and e.date:
                parent.records += 1
            elif e.date:
                parent.strays += 1
        if not e.is_obj and e.records and e.strays:
            self.mixed = True

    def _event(self, ev: ReleaseMark) -> None:
        if self.events is not None and len(self.events) < _EVENTS:
            self.events.append(ev)

    def groups(self, text: str, base_offset: int) -> list[HeadingGroup]:
        if self.mixed or any(e.records and e.strays for e in self.stack):
            return [HeadingGroup(shape="", token=LOST, count=0)]
        found = list(self.found)
        pending = []
        tail = [] if self.tail is None else [ReleaseMark(title=carried(self.tail), at=FRAGMENT)]
        for depth, e in enumerate(self.stack):
            if not e.element or (self.file_start and depth == 0
                                  and not text[:e.at].strip()):
                continue  # (the file's own object, still open: no list's element)
            if e.unsure:  # (an element or a member's value: the part before knows)
                return [HeadingGroup(shape="", token=LOST, count=0)]
            mark = ReleaseMark(title=e.version, at=e.at, date=e.date, version=e.version)
            if e.version and e.date:
                found.append(mark)
            else:
                pending.append(HeadingGroup(shape=SHAPE, token=PENDING,
                                            count=len(self.stack) - 1 - depth, last=mark,
                                            first=tail))
        found.sort(key=lambda r: r.at)
        if not _order([r.version for r in found]) or len({r.version for r in found}) < len(found):
            # a list of packages, maybe; or records that name one version again and again
            # (a log of requests, each with its client's address): no history of releases
            return [HeadingGroup(shape="", token=LOST, count=0)]
        found = _in_bytes(text, found, base_offset)
        pending = [g.model_copy(update={"last": _in_bytes(text, [g.last], base_offset)[0]})
                   for g in pending if g.last is not None]
        out = [release_group(SHAPE, found, None)] if found else []
        events = list(self.events or [])
        if self.head is not None:  # (a cut line's head first: the member the cut split)
            events = [ReleaseMark(title=carried(self.head), at=FRAGMENT), *events]
        if events and self.events is not None:
            out.append(HeadingGroup(shape=SHAPE, token=HEAD, count=len(events),
                                    first=events))
        return out + pending


def _in_bytes(text: str, marks: list[ReleaseMark], base: int) -> list[ReleaseMark]:
    """``marks`` (at character offsets, in order) at absolute byte offsets."""
    if text.isascii():
        return [m.model_copy(update={"at": base + m.at}) for m in marks]
    out, done, byte = [], 0, 0
    for m in marks:
        byte += len(text[done:m.at].encode("utf-8", errors="surrogatepass"))
        done = m.at
        out.append(m.model_copy(update={"at": base + byte}))
    return out


def settle(pending: HeadingGroup, head: HeadingGroup | None) -> ReleaseMark | str | None:
    """The record ``pending`` is, told by the next part's opening fields: its mark, None
    when its object ends with no version or date, or :data:`LOST` when nothing tells."""
    mark = pending.last
    if mark is None or head is None or head.count != len(head.first):
        return LOST
    version, date = mark.version, mark.date
    tail = next((m.title for m in pending.first if m.at == FRAGMENT), None)
    cut = next((ev.title for ev in head.first if ev.at == FRAGMENT), None)
    if (tail is None) != (cut is None):
        return LOST  # (one side cut inside a line, the other not: not told)
    if tail is not None and cut is not None:
        member = member_value(tail, cut)
        if member is None:
            return LOST
        value, keyed = member
        if pending.count == 0:  # (the member is the record's own field)
            if value and not keyed:
                return LOST  # (a value with no key in an object: the cut read wrong)
            v, d = _fields(value)
            version, date = version or v, date or d
            if version and date:
                return mark.model_copy(update={"title": version, "version": version,
                                               "date": date})
    for ev in head.first:
        if ev.at != pending.count:
            continue
        if ev.title == "}":
            return None
        version, date = version or ev.version, date or ev.date
        if version and date:
            return mark.model_copy(update={"title": version, "version": version,
                                           "date": date})
    return LOST
