"""A changelog written as JSON: a list of objects whose string fields hold a whole version
and a whole date (a releases API's dump), the versions running in order.

A record is known by its structure, never by its keys: an object that is an element of a
list (after ``[`` or ``,``) with, among its own string fields, one whose whole value is a
version and one whose whole value is a date (a time and a zone allowed). Its version and
date are the first such fields. A list of packages with versions and dates (a lockfile) is
no history: its versions run in no order, and a part whose records do not run one way
states nothing proven (:data:`~engine.core.releases.LOST`).

A part of the file is read by the same scan as the whole (a JSON string holds no line
break, so a part cut at a line starts between tokens). A record is counted by the part
holding its ``{`` once its fields so far hold both; a part ending inside a record not yet
told reports it (:data:`~engine.core.releases.PENDING`) and the next part its opening
fields by level (:data:`~engine.core.releases.HEAD`), so the fold settles it
(:func:`settle`), or states no count when nothing tells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from gapless.engine.core.releases import HEAD, LOST, PENDING, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION

__all__ = ["SHAPE", "json_groups", "settle"]

SHAPE = "{json}"  # the shape of a release written as a JSON object
_EVENTS = 24  # the opening fields a part reports, at most

_TOKEN = re.compile(r'\s*(?:("(?:[^"\\\n]|\\.)*")|([{}\[\]:,])'
                    r'|(-?\d[\w.+\-]*|true|false|null|-?Infinity|NaN))')
_COLON = re.compile(r"\s*:")
_SPACE = re.compile(r"\s*")
_CLOCK = r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?"
_DATED = re.compile(rf"(?:{DATE.pattern}){_CLOCK}")


@dataclass
class _Obj:
    """A container open in the scan: an object (its record fields so far) or a list."""

    at: int
    is_obj: bool
    element: bool  # an object that is a list's element: a record, maybe
    version: str = ""
    date: str = ""


def _unquote(raw: str) -> str:
    return raw[1:-1].replace('\\"', '"').strip()


def _fields(value: str) -> tuple[str, str]:
    """(version, date) a string value is, each "" when it is not."""
    v = value if VERSION.fullmatch(value) else ""
    m = DATE.match(value) if _DATED.fullmatch(value) else None
    return v, (m.group(0) if m else "")


def _order(versions: list[str]) -> bool:
    """Whether ``versions`` run one way (newest first or oldest first)."""
    nums = [tuple(int(n) for n in re.findall(r"\d+", re.sub(r"[-+~].*", "", v)))
            for v in versions]
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
    start, scan = 0, _Scan(text, 0, end)
    if scan.failed is not None and "\n" not in text[:scan.failed]:
        if "\n" not in text[:end]:  # one line (minified), cut inside a token: not told
            return [HeadingGroup(shape="", token=LOST, count=0)] if '":' in text else []
        start = text.find("\n") + 1
        scan = _Scan(text, start, end)
        scan.events = None  # (what opens the part is not known)
    if scan.failed is not None:
        last = "\n" not in text[scan.failed:end]
        if last and scan.keys and "\n" in text[start:scan.failed]:  # (a line read whole)
            return [HeadingGroup(shape="", token=LOST, count=0)]  # cut inside its last line
        return []
    return scan.groups(text, base_offset)


class _Scan:
    """One pass over a JSON text's tokens from ``start``: the records it closes, the
    containers still open, and the fields and ends of those opened before it."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.stack: list[_Obj] = []
        self.found: list[ReleaseMark] = []
        self.events: list[ReleaseMark] | None = []
        self.failed: int | None = None
        self.keys = 0  # keys and brackets read: JSON, not a line that reads as a number
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
            if p in "{[":
                element = p == "{" and prev in ("[", ",", "")
                self.stack.append(_Obj(m.end() - 1, p == "{", element))
            elif p in "}]":
                if self.stack:
                    e = self.stack.pop()
                    if e.element and e.version and e.date:
                        self.found.append(ReleaseMark(title=e.version, at=e.at, date=e.date,
                                                      version=e.version))
                else:
                    self._event(ReleaseMark(title="}", at=level))
                    level += 1
            prev = p

    def _event(self, ev: ReleaseMark) -> None:
        if self.events is not None and len(self.events) < _EVENTS:
            self.events.append(ev)

    def groups(self, text: str, base_offset: int) -> list[HeadingGroup]:
        found = list(self.found)
        pending = []
        for depth, e in enumerate(self.stack):
            if not e.element:
                continue
            mark = ReleaseMark(title=e.version, at=e.at, date=e.date, version=e.version)
            if e.version and e.date:
                found.append(mark)
            else:
                pending.append(HeadingGroup(shape=SHAPE, token=PENDING,
                                            count=len(self.stack) - 1 - depth, last=mark))
        found.sort(key=lambda r: r.at)
        if not _order([r.version for r in found]):
            return [HeadingGroup(shape="", token=LOST, count=0)]  # a list of packages, maybe
        found = _in_bytes(text, found, base_offset)
        pending = [g.model_copy(update={"last": _in_bytes(text, [g.last], base_offset)[0]})
                   for g in pending if g.last is not None]
        out = [release_group(SHAPE, found, None)] if found else []
        if self.events:
            out.append(HeadingGroup(shape=SHAPE, token=HEAD, count=len(self.events),
                                    first=self.events))
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
