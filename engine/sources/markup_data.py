"""Markup that holds data, not words: fields as elements, each a short value.

Some tools keep a notice in a message's words field as XML of their own (a call's record:
``<partlist><part><name>Lena Hoffmann</name><duration>64</duration></part></partlist>``).
Joined as text it reads as a sentence nobody wrote ("Lena Hoffmann64"). Words written as
markup have running text: a paragraph, text beside an inline element. Data has none — every
piece of text is the whole content of an element with no child (a leaf value), no element
holds both text and elements, the leaves are fields of several names, and each value is
short (a name, a number). Such a string is data: it has no words to read.
"""

from __future__ import annotations

from html.parser import HTMLParser

SHORT = 3  # words of a leaf value at most


class _Shape(HTMLParser):
    """The leaves of a document (element name, its text) and whether any text runs beside
    elements (mixed content) or outside every element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[list[object]] = []  # [name, has a child, its text]
        self.leaves: list[tuple[str, str]] = []
        self.depth = 0
        self.mixed = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.stack:
            self.stack[-1][1] = True
        self.stack.append([tag, False, ""])
        self.depth = max(self.depth, len(self.stack))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.stack:
            self.stack[-1][1] = True

    def handle_data(self, data: str) -> None:
        if not data.strip():
            return
        if not self.stack:
            self.mixed = True
        else:
            self.stack[-1][2] = f"{self.stack[-1][2]}{data}"

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            self.mixed = True  # not well formed: no data of ours to judge
            return
        _name, has_child, text = self.stack.pop()
        text = str(text).strip()
        if has_child and text:
            self.mixed = True
        elif not has_child:
            self.leaves.append((tag, text))


def is_data_markup(text: str) -> bool:
    """Whether ``text`` (already known to be markup) is data: nested elements whose text is
    only in leaves of at least two names, every leaf value short."""
    shape = _Shape()
    try:
        shape.feed(text)
        shape.close()
    except (ValueError, AssertionError):
        return False
    if shape.mixed or shape.stack or shape.depth < 2:
        return False
    valued = [(tag, value) for tag, value in shape.leaves if value]
    return (len({tag for tag, _v in valued}) >= 2
            and all(len(value.split()) <= SHORT for _t, value in valued))
