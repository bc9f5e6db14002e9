"""Chat histories saved as HTML whose messages are lines of inline markup, no class on them.

Some chat clients write their log as HTML without a class to tell the sender from the
words (:mod:`.html_turns` needs one): each message one line of inline markup (``<font>``,
``<b>``, ``<span>``) ended by ``<br>``, the time and the sender's name inside it — or a
whole transcript on one line, its messages split by ``<br>``. With its tags taken off (a
break or a block's end a line end, the page's head left out, entities decoded) such a page
is a text log whose lines open their turns, and the structure is learned on that text by
:mod:`.line_turns` (a stamp, a sender, two voices taking turns), never by a tool's name;
each turn is then mapped back to the file's lines.
"""

from __future__ import annotations

import html
import re

from gapless.engine.core.account import Tally
from gapless.engine.sources.html_turns import tally_page_lines
from gapless.engine.sources.line_turns import LineTurn, LineTurns, learn_line_turns, read_line_turns

# a page of markup: its first non-blank character opens a tag
_MARKUP = re.compile(r"^\s*(?:\ufeff)?<(?:!DOCTYPE\s+html|[A-Za-z][\w-]*)[\s>/]", re.IGNORECASE)
# where a rendered line ends inside a file's line: a break, a block's end
_BREAK = re.compile(r"<br\s*/?>|</(?:p|div|h[1-6]|li|tr|pre|blockquote)\s*>", re.IGNORECASE)
# what a page shows nowhere: its head, styles and scripts (line ends kept, to keep numbering)
_UNSHOWN = re.compile(r"<(head|title|style|script)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^<>]*>")


def shown_lines(text: str) -> list[tuple[int, str]]:
    """The page's text as its lines are shown: ``(file line, text)`` for each non-empty piece
    of a file's line between breaks, tags taken off and entities decoded."""
    text = _UNSHOWN.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    out: list[tuple[int, str]] = []
    for n, line in enumerate(text.split("\n"), 1):
        if "<" not in line and "&" not in line:
            if line.strip():
                out.append((n, " ".join(line.split())))
            continue
        for part in _BREAK.split(line):
            shown = " ".join(html.unescape(_TAG.sub("", part)).split())
            if shown:
                out.append((n, shown))
    return out


def learn_html_lines(text: str) -> LineTurns | None:
    """The line-opening turn structure of an HTML page's shown lines (kind ``htmllines``),
    or None (a page of no markup, or whose lines take no turns)."""
    if not _MARKUP.match(text[:1024]) or "<" not in text[:1024]:
        return None
    lines = shown_lines(text)
    learned = learn_line_turns("\n".join(t for _n, t in lines))
    if learned is None or learned.kind != "stamp":
        return None
    return LineTurns("htmllines", learned.roles)


def read_html_lines(text: str, tally: Tally, learned: LineTurns
                    ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the turns, their lines the file's; every non-empty line of the file
    counted once (a line of words as the conversation, a notice's as the harness, a line of
    markup alone left out)."""
    lines = shown_lines(text)
    shown = "\n".join(t for _n, t in lines)
    preamble, turns = read_line_turns(shown, Tally(tally.path), LineTurns("stamp", learned.roles))

    def back(pairs: list[tuple[int, str]]) -> list[tuple[int, str]]:
        return [(lines[k - 1][0], t) for k, t in pairs if 0 < k <= len(lines)]

    cls: dict[int, str] = {}
    for n, _t in back(preamble):
        cls[n] = "conversation"
    out: list[LineTurn] = []
    for turn in turns:
        body = back(turn.body)
        line = lines[turn.line - 1][0] if 0 < turn.line <= len(lines) else turn.line
        out.append(LineTurn(turn.role, line, body, turn.note))
        for n, _t in body:
            if cls.get(n) != "conversation":
                cls[n] = "harness" if turn.role == "system" else "conversation"
    tally_page_lines(text, cls, tally)
    return back(preamble), out
