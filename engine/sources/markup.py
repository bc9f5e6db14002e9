"""A message's words written as HTML: read as the text between its tags.

Some tools keep a message only as markup (``<p>Summarize the attached CSV…</p>``, an
``<attachment>`` element after it) with no plain rendition beside it. A string that opens
with an element (maybe after an XML declaration) and ends with one closing is markup; its
words are the text of its elements, entities decoded, the tags (and what a ``script`` or
``style`` holds) left out.
Anything else is returned as it is: words that merely mention a tag stay words; markup that
holds only fields' values has no words (:mod:`.markup_data`).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from gapless.engine.sources.markup_data import is_data_markup

_OPENS = re.compile(r"^\s*(?:<\?xml[^<>]*\?>\s*)?<([A-Za-z][\w:-]*)(?:\s[^<>]*)?/?>")
_CLOSES = re.compile(r"(?:</[A-Za-z][\w:-]*\s*>|/>)\s*$")
_BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6",
                    "blockquote", "pre", "ul", "ol", "table"})
_HIDDEN = frozenset({"script", "style"})


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.out.append(data)


def is_markup(text: str) -> bool:
    """A string made of HTML elements: it opens with a tag and ends closing one."""
    return bool(_OPENS.match(text)) and bool(_CLOSES.search(text))


def markup_words(text: str) -> str:
    """The words of ``text`` when it is markup (its elements' text), else ``text``."""
    if not is_markup(text):
        return text
    if is_data_markup(text):
        return ""  # fields of a record, no words (:mod:`.markup_data`)
    parser = _Text()
    try:
        parser.feed(text)
        parser.close()
    except (ValueError, AssertionError):
        return text
    lines = [" ".join(x.split()) for x in "".join(parser.out).split("\n")]
    return "\n".join(x for x in lines if x)
