"""A changelog written as XML: its releases are elements, not headings.

A release element is known by its structure, never by its name: an element whose
attributes hold a version (the whole value, ``version="1.10.1"``) and a date (``date=
"2024-01-01"``, or one left to fill in, ``"YYYY-MM-DD"``: not released yet), repeated — the
elements of one name are one shape (``<release``), reported as a
:class:`~engine.core.releases.HeadingGroup` like a markup heading's, each release with the
absolute byte offset of its tag, so a fold adds the counts of a file split anywhere.

A text that is well-formed XML is read by the standard library's parser (expat); a part of
a file (not well-formed: it opens or ends inside an element) by a scan of its tags that
skips what the parser skips (comments, CDATA, processing instructions, declarations) and
reads the same elements (a part that opens inside a comment or a CDATA section is read past
its end). A part that ends inside a tag of a release's name (or, holding no release, of any
name) cannot tell whether it is a release, nor whether one out (its attributes past the cut
may say it is not): its count is marked cut (:data:`~engine.core.releases.LOST`: the fold
states none, not a guess).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from xml.parsers import expat

from gapless.engine.core.releases import LOST, HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_headings import (
    DATE,
    DATE_HOLE,
    DEV,
    PLACEHOLDER,
    UNRELEASED,
    VERSION,
)

__all__ = ["Element", "element_groups", "elements_of", "release_group"]

_FIRST = 3  # releases named at the top, as a heading group names them


@dataclass(frozen=True, slots=True)
class Element:
    """An element's start tag: its name, its attributes and the byte offset of its ``<``
    in the text (UTF-8); ``cut``: the text ends inside the tag (its attributes so far)."""

    name: str
    attrs: dict[str, str]
    at: int
    cut: bool = False


def elements_of(text: str) -> list[Element]:
    """The start tags of ``text`` in order: by the XML parser when the text is well-formed,
    else by the scan (:func:`_scanned`)."""
    if "<" not in text or "=" not in text:
        return []
    parsed = _parsed(text)
    return parsed if parsed is not None else _scanned(text)


def _parsed(text: str) -> list[Element] | None:
    """The start tags of well-formed XML ``text`` by expat; None when it is not."""
    out: list[Element] = []
    parser = expat.ParserCreate(encoding="utf-8")

    def start(name: str, attrs: dict[str, str]) -> None:
        out.append(Element(name, dict(attrs), parser.CurrentByteIndex))

    parser.StartElementHandler = start
    try:
        parser.Parse(text.encode("utf-8", errors="surrogatepass"), True)
    except (expat.ExpatError, UnicodeEncodeError, ValueError):
        return None
    return out


# what the parser skips (each up to its end, or the text's end: a part may end inside it),
# and a start tag: its name and its attributes, up to its ">" or the text's end
_SKIP = (r"<!--.*?(?:-->|\Z)|<!\[CDATA\[.*?(?:\]\]>|\Z)|<\?.*?(?:\?>|\Z)"
         r"|<!(?:[^<>\[]|\[[^\]]*\])*(?:>|\Z)")
_NAME = r"[A-Za-z_][\w.:\-]*"
_ATTR = re.compile(rf"\s+({_NAME})\s*=\s*(?:\"([^\"<]*)\"|'([^'<]*)')")
_TOKEN = re.compile(rf"{_SKIP}|<({_NAME})((?:\s+{_NAME}\s*=\s*(?:\"[^\"<]*\"|'[^'<]*'))*)"
                    rf"(\s*/?>|(?:\s+{_NAME}(?:\s*=\s*(?:\"[^\"<]*|'[^'<]*)?)?)?\s*\Z)", re.S)


def _scanned(text: str) -> list[Element]:
    """The start tags of ``text`` (a part of an XML file) by a scan: comments, CDATA,
    processing instructions and declarations skipped; a tag the text ends inside is kept
    with the attributes it holds so far (``cut``)."""
    out: list[Element] = []
    byte_at = _byte_offsets(text)
    for m in _TOKEN.finditer(text, _opened_inside(text)):
        if m.group(1) is None:
            continue
        attrs = {a.group(1): _value(a.group(2) if a.group(2) is not None else a.group(3))
                 for a in _ATTR.finditer(m.group(2))}
        out.append(Element(m.group(1), attrs, byte_at(m.start()),
                           cut=not m.group(3).rstrip().endswith(">")))
    return out


def _opened_inside(text: str) -> int:
    """Where the scan of a part starts: past the end of the comment or CDATA section the
    part opens inside (its end comes before any start of one), else at 0."""
    start = 0
    for opener, closer in (("<!--", "-->"), ("<![CDATA[", "]]>")):
        end, begin = text.find(closer), text.find(opener)
        if end >= 0 and (begin < 0 or end < begin):
            start = max(start, end + len(closer))
    return start


def _value(raw: str) -> str:
    """An attribute's value as the parser reads it: references resolved, blanks spaces."""
    return html.unescape(re.sub(r"[\t\n\r]", " ", raw))


def _byte_offsets(text: str) -> Callable[[int], int]:
    """Character index -> UTF-8 byte offset in ``text`` (increasing queries)."""
    if text.isascii():
        return lambda i: i
    state = [0, 0]  # the last character index asked, its byte offset

    def at(i: int) -> int:
        if i < state[0]:
            state[0], state[1] = 0, 0
        state[1] += len(text[state[0]:i].encode("utf-8", errors="surrogatepass"))
        state[0] = i
        return state[1]

    return at


@dataclass(frozen=True, slots=True)
class _Release:
    element: Element
    version: str
    date: str
    unreleased: bool


def _release(e: Element) -> _Release | None:
    """The release ``e`` is: an attribute holds a version (the whole value, or the one
    version of a release's short title) and one a date (or a date to come: not released
    yet, as is a version of work in progress); None for any other element."""
    values = [v.strip() for v in e.attrs.values()]
    date = next((v for v in values if DATE.match(v) or _to_come(v)), None)
    version = next((v for v in values if VERSION.fullmatch(v)), None)
    if version is None and date is not None:
        version = next((n for v in values if (n := _named_version(v)) is not None), None)
    if version is None or date is None:
        return None
    m = DATE.match(date)
    unreleased = m is None or DEV.search(version) is not None
    return _Release(e, version, m.group(0) if m else "", unreleased)


_NAME_WORDS = 4  # a title that names a release: a name, its version, a note in brackets


def _named_version(value: str) -> str | None:
    """The version a short title of a release names (``name="Tomcat 10.1.17 (schultz)"``:
    a word or two, the one version, a note), beside an attribute that is a date; None for a
    value of no version, of two, or a phrase (a description naming a version)."""
    words = value.split()
    found = [w for w in words if VERSION.fullmatch(w)]
    if len(found) != 1 or len(words) > _NAME_WORDS or DATE.search(value):
        return None
    return found[0]


def _to_come(value: str) -> bool:
    """A date not set yet: left to fill in ("YYYY-MM-DD"), or a word for it ("unreleased",
    "TBD") — the whole value (a description that mentions one is no date)."""
    return bool(DATE_HOLE.fullmatch(value) or UNRELEASED.fullmatch(value)
                or PLACEHOLDER.fullmatch(value))


def element_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The release elements of ``text`` by name (the shape ``<name``), as heading groups:
    how many are released, the first few and the last, and the element of that name above
    them all not released yet; a tag the text ends inside (a part cut in a tag) makes
    the count cut (:data:`LOST`)."""
    elements = elements_of(text)
    if not elements:
        return []
    found: dict[str, list[_Release]] = {}
    for e in elements:
        r = _release(e)
        if r is not None:
            found.setdefault(e.name, []).append(r)
    tail = elements[-1]
    if tail.cut and (not found or any(name.startswith(tail.name) for name in found)):
        # the part ends inside a tag (its name, maybe): whether it is a release, and one
        # out, is the next part's to tell
        return [HeadingGroup(shape="", token=LOST, count=0)]

    def mark(r: _Release) -> ReleaseMark:
        return ReleaseMark(title=r.version, at=base_offset + r.element.at, date=r.date,
                           version=r.version)

    names = Counter({name: len(rs) for name, rs in found.items()})
    return [release_group(f"<{name}", [mark(r) for r in found[name] if not r.unreleased],
                          next((mark(r) for r in found[name] if r.unreleased), None))
            for name, _ in names.most_common()]


def release_group(shape: str, done: list[ReleaseMark], top: ReleaseMark | None
                  ) -> HeadingGroup:
    """The heading group of one kind of release element: its releases out (in the file's
    order) and the one not out yet, counted apart only when it stands above them."""
    if top is not None and done and done[0].at < top.at:
        top = None
    marks = [*done[:_FIRST], *done[-1:]]
    return HeadingGroup(shape=shape, token="V", count=len(done),
                        first=marks[:-1] if len(marks) > 1 else marks,
                        last=marks[-1] if marks else None, unreleased=top)
