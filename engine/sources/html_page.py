"""HTML pages (a saved web page, a document exported as HTML): the words a browser shows.

Read as text, a page was summarized as its markup: ``<!DOCTYPE html>`` for a headline,
``script``, ``style`` and ``title`` among its topics. A page is rendered as what it shows:
headings as Markdown headings, paragraphs, list items and table rows on lines of their own,
each line knowing the source line it came from. What no reader sees — scripts, styles, the
head's metadata, comments — leaves the rendering, counted per element ("script", "style",
"comment"). A page whose elements hold a chat (classed senders over their words) is the chat
reader's, registered before this one.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.plaintext import Chunk, group_lines
from gapless.engine.sources.sample import STRUCTURE, Sample

_PAGE = re.compile(r"^(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!doctype\s+html|<html[\s>])",
                   re.IGNORECASE | re.DOTALL)
_HIDDEN = frozenset({"script", "style", "noscript", "template", "svg", "head"})
_BLOCKS = frozenset({"p", "div", "section", "article", "main", "header", "footer", "nav",
                     "aside", "ul", "ol", "li", "table", "tr", "blockquote", "pre", "dl", "dt",
                     "dd", "figure", "figcaption", "form", "fieldset", "details", "summary",
                     "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "title", "body"})
_VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "area", "base", "col", "embed",
                   "source", "track", "wbr", "param"})


def detect(sample: Sample) -> float:
    """A document that opens as an HTML page (a doctype or an ``<html>`` root)."""
    head = sample.body[:4096].decode("utf-8", errors="replace")
    return STRUCTURE if _PAGE.match(head) else 0.0


class _Page(HTMLParser):
    """The page's shown lines, each with its source line; hidden elements counted."""

    def __init__(self, tally: Tally) -> None:
        super().__init__(convert_charrefs=True)
        self.tally = tally
        self.lines: list[str] = []
        self.sources: list[int] = []
        self.words: list[str] = []
        self.first = 0
        self.hidden: list[str] = []  # the open hidden elements, innermost last
        self.prefix = ""
        self.pre = 0
        self.title = ""
        self.in_title = False
        self.headed = False
        self.link: int | None = None  # where the open link's words start

    def _close_line(self) -> None:
        text = "".join(self.words)
        if self.pre:  # preformatted: its own lines, each from its source line
            lead = len(text) - len(text.lstrip("\n"))
            rows = text.strip("\n").split("\n")
            for i, row in enumerate(rows):
                if row.strip():
                    self.lines.append(row.rstrip())
                    self.sources.append(self.first + lead + i)
            if any(row.strip() for row in rows):
                self.tally.rendered(self.first, "text")
        elif text.strip(" |") and (said := " ".join(text.split())):
            self.lines.append(self.prefix + said)
            self.sources.append(self.first)
            self.tally.rendered(self.first, "text")
        self.words, self.prefix, self.link = [], "", None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title" and not self.hidden[1:]:
            self.in_title = True
            return
        if self.hidden or tag in _HIDDEN:
            if tag in _HIDDEN and all(t == "head" for t in self.hidden):
                # (once, with its insides; the head's metadata counted as the head)
                self.tally.dropped(self.getpos()[0], "page head" if tag == "head" else tag,
                                   "text")
            if tag not in _VOID:
                self.hidden.append(tag)
            return
        if tag in _BLOCKS:
            self._close_line()
            if tag[0] == "h" and tag[1:].isdigit():
                self.prefix = "#" * int(tag[1]) + " "
                self.headed = self.headed or tag == "h1"
            elif tag == "li":
                self.prefix = "- "
        elif tag in ("td", "th") and self.words:
            self.words.append(" | ")
        elif tag == "a":
            self.link = len(self.words)
        if tag == "pre":
            self.pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if self.hidden:
            if tag in self.hidden:
                while self.hidden and self.hidden.pop() != tag:
                    pass
            return
        if tag == "a" and self.link is not None:
            # a link whose whole text is one symbol ("¶", "#") is a heading's permalink mark
            said = "".join(self.words[self.link:]).strip()
            if len(said) == 1 and not said.isalnum():
                del self.words[self.link:]
            self.link = None
        if tag in _BLOCKS:
            self._close_line()
        if tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title += data
            return
        if self.hidden or (not data.strip() and not self.words):
            return
        if not self.words:
            self.first = self.getpos()[0]
        self.words.append(data)

    def handle_comment(self, data: str) -> None:
        self.tally.dropped(self.getpos()[0], "comment", "text")


def shown_lines(html: str) -> list[str]:
    """The lines a browser shows of ``html`` (a mail's HTML body), as a page's are rendered:
    what no reader sees left out."""
    page = _Page(Tally("html"))
    page.feed(html)
    page.close()
    page._close_line()
    return page.lines


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """The page's shown text, in messages of a few KB (its title heads it when no ``<h1>``
    does)."""
    page = _Page(tally)
    page.feed(data.decode("utf-8-sig"))
    page.close()
    page._close_line()
    lines, sources = page.lines, page.sources
    title = " ".join(page.title.split())
    if title and not page.headed:
        lines, sources = [f"# {title}", *lines], [1, *sources]
        tally.rendered(1, "text")
    return group_lines(lines, sources)
