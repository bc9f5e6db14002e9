"""A changelog written as XML records: a release is an element whose child elements, not
its attributes, hold its version and its date (a feed's ``<item>`` or ``<entry>``).

A record is known by its structure, never by its name: an element with, among its leaf
children (elements holding text only), one whose whole text is a version and one whose whole
text is a date (a weekday, a time and a zone around it allowed: "Sat, 26 Jul 2014 15:20:11
+0000", "2024-01-05T10:11:12Z") or a date to come (not released yet, as is a version of
work in progress). Records of one element name are one shape (``<item>``), reported as a
:class:`~engine.core.releases.HeadingGroup`, each release at the byte offset of its start
tag. Of several version children, the release's is the one another child names ("Version
2.1.3" in its title; a lowest system version is named nowhere else).

A part of a file is read by the same scan as the whole: each record is counted by the part
that holds its start tag and both its version and its date. A part that ends inside a record
holding a date and no version or one version and no date, or inside a record of a name it
counts, or inside a leaf (its text, a tag) of an element holding a version or a date, or
that opens inside an element whose leaves it holds name a date, cannot tell: its count is
marked cut (:data:`~engine.core.releases.LOST`: the fold states none, not a guess).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field

from gapless.engine.core.releases import LOST, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_headings import (
    DATE,
    DATE_HOLE,
    DEV,
    PLACEHOLDER,
    UNRELEASED,
    VERSION,
)

__all__ = ["record_groups"]

_NAME = r"[A-Za-z_][\w.:\-]*"
_TOKEN = re.compile(rf"<!--.*?(?:-->|\Z)|<\?.*?(?:\?>|\Z)|<!\[CDATA\[(.*?)(?:\]\]>|\Z)"
                    rf"|<!(?:[^<>\[]|\[[^\]]*\])*(?:>|\Z)|</({_NAME})\s*>"
                    rf"|<({_NAME})(?:\s[^<>]*?)?(/?)>", re.S)
_WEEKDAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+"
_CLOCK = r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,5})?"
_DATED = re.compile(rf"(?:{_WEEKDAY})?(?:{DATE.pattern}){_CLOCK}")


@dataclass
class _Open:
    """An element open in the scan: its name, its start tag's offset, its leaf children's
    (name, text) so far, and whether it holds an element."""

    name: str
    at: int
    fields: list[tuple[str, str]] = field(default_factory=list)
    parent: bool = False
    text: list[str] = field(default_factory=list)
    holds: bool = False  # a record closed inside it: a list of releases, none itself


@dataclass(frozen=True, slots=True)
class _Record:
    name: str
    at: int
    version: str
    date: str
    unreleased: bool


def _to_come(value: str) -> bool:
    return bool(DATE_HOLE.fullmatch(value) or UNRELEASED.fullmatch(value)
                or PLACEHOLDER.fullmatch(value))


def _is_date(value: str) -> bool:
    return _DATED.fullmatch(value) is not None or _to_come(value)


def _record(e: _Open) -> _Record | None:
    """The release ``e`` is, from its leaf children; None when they hold no version or no
    date."""
    versions = [t for _, t in e.fields if VERSION.fullmatch(t)]
    date = next((t for _, t in e.fields if _is_date(t)), None)
    if not versions or date is None:
        return None

    def named(v: str) -> bool:
        pat = re.compile(rf"(?<![\w.]){re.escape(v)}(?![\w.])")
        return any(t != v and pat.search(t) for _, t in e.fields)

    version = next((v for v in versions if named(v)), versions[0])
    m = DATE.search(date) if not _to_come(date) else None
    unreleased = m is None or DEV.search(version) is not None
    return _Record(e.name, e.at, version, m.group(0) if m else "", unreleased)


def _partial(e: _Open) -> bool:
    """Whether ``e``'s leaf children so far are a release's in the making: a date and no
    version, or one version and no date (a list of versions, none dated, is no release)."""
    if e.holds:
        return False
    v = sum(1 for _, t in e.fields if VERSION.fullmatch(t))
    d = any(_is_date(t) for _, t in e.fields)
    return (d and not v) or (v == 1 and not d)


def _byte_at(text: str, i: int) -> int:
    return i if text.isascii() else len(text[:i].encode("utf-8", errors="surrogatepass"))


def _scan(text: str) -> tuple[list[_Record], list[_Open], bool]:
    """The records of ``text``, the elements still open at its end, and whether an
    element opened before the text holds, in the text, a version and a date (a release
    the part that holds its start tag could not tell)."""
    start = 0
    for opener, closer in (("<!--", "-->"), ("<![CDATA[", "]]>")):
        end, begin = text.find(closer), text.find(opener)
        if end >= 0 and (begin < 0 or end < begin):
            start = max(start, end + len(closer))
    stack: list[_Open] = []
    orphan: list[tuple[str, str]] = []  # leaf children of elements opened before the text
    pending: list[str] = []  # the text since the last tag, outside any element opened here
    found: list[_Record] = []
    cut = False
    pos = start
    for m in _TOKEN.finditer(text, start):
        into = stack[-1].text if stack else pending
        into.append(text[pos:m.start()])
        pos = m.end()
        if m.group(1) is not None:  # CDATA: text
            into.append(m.group(1))
            continue
        if m.group(2) is not None:  # an end tag
            name = m.group(2)
            if not any(e.name == name for e in stack):  # opened before the text
                value = html.unescape("".join(pending)).strip()
                if value:
                    orphan.append((name, value))
                else:  # an element holding elements: its leaves so far are its own
                    cut = cut or _dated(orphan)
                    orphan = []
                stack.clear()
            while stack:
                e = stack.pop()
                if not e.parent:
                    leaf = (e.name, html.unescape("".join(e.text)).strip())
                    (stack[-1].fields if stack else orphan).append(leaf)
                if (r := _record(e)) is not None:
                    found.append(r)
                    for up in stack:
                        up.holds = True
                if e.name == name:
                    break
        elif m.group(3) is not None:  # a start tag
            if stack:
                stack[-1].parent = True
            if not m.group(4):
                stack.append(_Open(m.group(3), m.start()))
        pending = []
    return found, stack, cut or _dated(orphan)


def _dated(fields: list[tuple[str, str]]) -> bool:
    """Whether ``fields`` hold a date (a release's, maybe, whose start tag is not here)."""
    return any(_is_date(t) for _, t in fields)


def _in_the_making(still: list[_Open], text: str) -> bool:
    """Whether the text ends inside a leaf (its text, or a tag: a field not read) of an
    element whose leaves so far hold a version or a date."""
    if not still:
        return False
    inner = still[-1]
    in_tag = text.rfind("<") > text.rfind(">")
    if not in_tag and (inner.parent or inner.fields or len(still) < 2):
        return False  # (ends between an element's leaves: each read whole)
    e = inner if in_tag and (inner.parent or inner.fields) else (
        still[-2] if len(still) > 1 else inner)
    return not e.holds and any(VERSION.fullmatch(t) or _is_date(t) for _, t in e.fields)


def record_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The release records of ``text`` by element name (the shape ``<name>``), as heading
    groups; a part that cannot tell a record it holds makes the count cut (:data:`LOST`)."""
    if "<" not in text or "</" not in text:
        return []
    found, still, opened_before = _scan(text)
    records = list(found)
    for e in still:  # open at the end: a record when it already holds both
        r = _record(e)
        if r is not None:
            records.append(r)
    records.sort(key=lambda r: r.at)
    names = Counter(r.name for r in records)
    if opened_before or _in_the_making(still, text) or any(
            _partial(e) or (e.name in names and _record(e) is None) for e in still):
        return [HeadingGroup(shape="", token=LOST, count=0)]
    if not records:
        return []

    def mark(r: _Record) -> ReleaseMark:
        at = base_offset + _byte_at(text, r.at)
        return ReleaseMark(title=r.version, at=at, date=r.date, version=r.version)

    return [release_group(f"<{name}>",
                          [mark(r) for r in records if r.name == name and not r.unreleased],
                          next((mark(r) for r in records if r.name == name and r.unreleased),
                               None))
            for name, _ in names.most_common()]
