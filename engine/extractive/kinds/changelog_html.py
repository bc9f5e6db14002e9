"""A release heading written as an HTML heading element: a changelog page as rendered.

A site generator renders a changelog's headings as elements, one a line: ``<h2 id="…">1.2.3
- 2024-01-01<a class="headerlink" href="#…">&para;</a></h2>``. Such a line is the heading
its text makes at its level, read as the ATX heading ``## 1.2.3 - 2024-01-01``: tags out,
references resolved, an inner link whose text holds no word (a permalink's mark) dropped.
A line that is not one whole heading element (a paragraph, a list, an element that spans
lines) is left as it is: nothing else of HTML is read. A Textile heading (``h2. 1.2.3``)
is read the same way (:mod:`.changelog_textile`), and a QuickBook one (``[heading 1.2.3]``,
:mod:`.changelog_quickbook`). An ATX heading that wraps its text in
inline HTML (``## <small>[1.2.3](…) (2024-01-01)</small>``, a generator's way to print a
patch release smaller) is the heading its text makes: Markdown's inline tags are markup,
never a heading's words, so ``## [1.2.3](…) (2024-01-01)``; and so is its attribute block
(``{#id}``, :mod:`.changelog_heading_attrs`).
"""

from __future__ import annotations

import html
import re

from gapless.engine.extractive.kinds.changelog_heading_attrs import attributes_out
from gapless.engine.extractive.kinds.changelog_quickbook import quickbook_atx
from gapless.engine.extractive.kinds.changelog_textile import textile_atx

__all__ = ["as_atx"]

_ELEMENT = re.compile(r"^\s*<h([1-6])(?:\s[^<>]*)?>(.*)</h\1\s*>\s*$", re.I)
_LINK = re.compile(r"<a\b[^<>]*>([^<]*)</a\s*>", re.I)
_WORD = re.compile(r"\w")
_TAG = re.compile(r"<[^<>]*>")
# an inline HTML tag of Markdown (an autolink "<https://…>" or "<a@b.c>" is no tag)
_INLINE_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")


def as_atx(line: str) -> str:
    """``line`` as the ATX heading it renders (``line`` itself when it is not one whole
    heading element, or holds no text)."""
    if line.startswith("h") and (textile := textile_atx(line)) is not None:
        return textile
    if line.startswith("[") and (quickbook := quickbook_atx(line)) is not None:
        return quickbook
    if line.startswith("#") and line.rstrip().endswith("}"):
        line = attributes_out(line)
    if "<" not in line:
        return line
    if line.startswith("#"):
        return _inline_tags_out(line)
    if "</h" not in line.lower():
        return line
    m = _ELEMENT.match(line)
    if m is None:
        return line
    inner = _LINK.sub(_permalink_out, m.group(2))
    text = " ".join(html.unescape(_TAG.sub("", inner)).split())
    return f"{'#' * int(m.group(1))} {text}" if text else line


def _permalink_out(m: re.Match[str]) -> str:
    """A link whose text holds no word (a permalink's mark, "&para;") out; any other kept."""
    return m.group(0) if _WORD.search(html.unescape(m.group(1))) else ""


def _inline_tags_out(line: str) -> str:
    """An ATX heading ``line`` without the inline HTML tags its text is wrapped in (``line``
    itself when it holds none, or nothing but them)."""
    out = _INLINE_TAG.sub("", line)
    if out == line or not _WORD.search(out.lstrip("#")):
        return line
    return " ".join(out.split())
