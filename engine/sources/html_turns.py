"""Chat histories saved as HTML: the sender and the words in elements of their own class.

A messenger's HTML export writes each message as a block of elements, the sender's name in
one element and the words in another, each kind of element marked by its ``class``. The
structure is learned, never a tool's name or its class names: the text of each classed
element (with whatever unclassed markup it holds) is one piece; a class whose pieces are
short names (or telephone numbers), from a small set, two of them taking turns and holding
most of them (or a group's voices, :mod:`.group_voices`, each then a side), is the
sender's; the class with the most text after them, beside most senders (in the element
that holds the name, or — the name in a plain line of a message's header — in the element
that holds that line), is the words. A message without a sender of its own (a follow-up)
continues the sender above; any other classed text between messages (a date, a join, the
app's notice) is a notice. Every
non-empty line of the file is counted: a line of words as the conversation, a notice's as
the harness, the rest as markup left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser

from gapless.engine.core.account import Tally
from gapless.engine.sources.group_voices import group_sides, is_group
from gapless.engine.sources.line_turns import (
    LineTurn,
    LineTurns,
    person_of,
    taking_turns,
)

_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"))
_HIDDEN = frozenset(("script", "style", "head", "title", "template"))
_HTML = re.compile(r"^\s*(?:\ufeff)?(?:<!DOCTYPE html|<html|<head|<body|<div)", re.IGNORECASE)
_NAME_WORDS = 6
_NAME_CHARS = 60
_MIN_WORDS = 3  # a message's words on average, at least (a label is one or two)
_MIN_SENDERS = 4  # messages with a sender, at least
MIN_WORDS_SHARE = 0.6  # of the senders with words under them
MAX_PREAMBLE_SHARE = 0.2  # of the text before the first sender


@dataclass
class Piece:
    """The text of one classed element: its class, its lines as ``(file line, text)``."""

    cls: str
    parent: int = 0  # the element it sits in (its number in the page)
    grand: int = -1  # the element that one sits in
    bare: bool = False  # the element it sits in has no class (a header's plain line)
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(t for _n, t in self.lines)


class _Pieces(HTMLParser):
    """The classed elements' texts in document order (a text belongs to its innermost
    ancestor with a class)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, Piece | None, int]] = []
        self.count = 0
        self.worded: set[int] = set()  # elements with text of their own (running text)
        self.pieces: list[Piece] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        cls = " ".join((dict(attrs).get("class") or "").split())
        self.count += 1
        piece = None
        if cls:
            up = self.stack[-1] if self.stack else None
            piece = Piece(f"{tag}.{cls}", up[2] if up else 0,
                          self.stack[-2][2] if len(self.stack) > 1 else -1,
                          up is not None and up[1] is None)
        self.stack.append((tag, piece, self.count))
        if tag in _HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                for t, _p, _n in self.stack[k:]:
                    if t in _HIDDEN:
                        self.hidden -= 1
                del self.stack[k:]
                return

    def handle_data(self, data: str) -> None:
        if self.hidden or not data.strip():
            return
        if self.stack:
            self.worded.add(self.stack[-1][2])
        owner = next((p for _t, p, _n in reversed(self.stack) if p is not None), None)
        if owner is None:
            return
        line = self.getpos()[0]
        for k, part in enumerate(data.split("\n")):
            if part.strip():
                if not owner.lines:
                    self.pieces.append(owner)
                owner.lines.append((line + k, " ".join(part.split())))


def _pieces(text: str) -> list[Piece]:
    """The classed elements' pieces; one in running text (its parent holds words of its
    own: a name in a sentence, a keyword in code) has the parent -1, beside nothing."""
    parser = _Pieces()
    try:
        parser.feed(text)
        parser.close()
    except (AssertionError, ValueError):
        pass  # a page cut off mid-tag: the pieces read so far
    for p in parser.pieces:
        if p.parent in parser.worded:
            p.parent = p.grand = -1
    return parser.pieces


_PHONE = re.compile(r"^\+\d[\d \-]{5,20}$")  # a sender known by a telephone number


def _name(text: str) -> bool:
    return (0 < len(text) <= _NAME_CHARS and len(text.split()) <= _NAME_WORDS
            and text[-1] not in ".?!:"
            and (any(ch.isalpha() for ch in text) or _PHONE.match(text) is not None))


@dataclass
class _Learned:
    sender: str
    words: str
    top: list[str]
    first: str


def _learn(pieces: list[Piece]) -> _Learned | None:
    by_cls: dict[str, list[Piece]] = {}
    for p in pieces:
        by_cls.setdefault(p.cls, []).append(p)
    best: tuple[float, str, list[str], str, str] | None = None
    for cls, ps in by_cls.items():
        texts = [p.text for p in ps]
        if len(ps) < _MIN_SENDERS or not all(_name(t) for t in texts):
            continue
        turns = taking_turns(texts)
        if turns is None and not is_group(texts):
            continue
        top, first = (turns[0], turns[1][0]) if turns is not None else ([], texts[0])
        words = _words(pieces, cls)
        mean = sum(map(len, texts)) / len(texts)  # a name rather than its initials
        if words is not None and (best is None or mean > best[0]):
            best = (mean, cls, top, first, words)
    if best is None:
        return None
    _mean, sender, top, first, words = best
    return _Learned(sender, words, top, first)


def _words(pieces: list[Piece], sender: str) -> str | None:
    """The class of the words: the most text after the senders, beside most of them (in
    the element that holds the sender: a name in running text is no sender; or, when the
    name sits in a plain line of a message's header, in the element that holds that line,
    the words' own element or one inside it)."""
    start = next(i for i, p in enumerate(pieces) if p.cls == sender)
    total: Counter[str] = Counter()
    under: Counter[str] = Counter()
    seen: set[str] = set()
    senders = 0
    parent = grand = -1
    for p in pieces[start:]:
        if p.cls == sender:
            senders += 1
            seen, parent, grand = set(), p.parent, p.grand if p.bare else -1
            continue
        total[p.cls] += len(p.text)
        beside = p.parent == parent >= 0 or (grand >= 0 and grand in (p.parent, p.grand))
        if p.cls not in seen and beside:
            seen.add(p.cls)
            under[p.cls] += 1
    for cls, _n in total.most_common():
        if under[cls] >= MIN_WORDS_SHARE * senders:
            said = [len(p.text.split()) for p in pieces[start:] if p.cls == cls]
            return cls if sum(said) >= _MIN_WORDS * len(said) else None  # words, no labels
    return None


def learn_html_turns(text: str) -> LineTurns | None:
    """The sender / words structure of an HTML chat (kind ``html``), or None."""
    if not _HTML.match(text[:1024]):
        return None
    pieces = _pieces(text)
    learned = _learn(pieces)
    if learned is None:
        return None
    start = next(i for i, p in enumerate(pieces) if p.cls == learned.sender)
    before = sum(len(p.text) for p in pieces[:start])
    if before > sum(len(p.text) for p in pieces) * MAX_PREAMBLE_SHARE:
        return None
    said: dict[str, list[str]] = {}
    for turn in _turns(pieces[start:], learned):
        if turn.role == "words":
            said.setdefault(turn.note, []).append(" ".join(t for _n, t in turn.body))
    seq = [p.text for p in pieces[start:] if p.cls == learned.sender]
    sides = group_sides(seq, said)
    if sides is not None:  # three voices or more: every voice a side (:mod:`.group_voices`)
        return LineTurns("html", sides, (learned.sender, learned.words))
    if not learned.top:
        return None
    a, b = learned.top
    person = person_of(a, b, said, learned.first)
    roles = {k: "user" if k == person else "assistant" for k in (a, b)}
    return LineTurns("html", roles, (learned.sender, learned.words))


def _turns(pieces: list[Piece], learned: _Learned) -> list[LineTurn]:
    """The messages (role ``words``, the sender as ``note``) and the notices between them
    (role ``system``) of the pieces from the first sender on."""
    out: list[LineTurn] = []
    sender = ""
    for p in pieces:
        if p.cls == learned.sender:
            sender = p.text
        elif p.cls == learned.words and sender:
            last = out[-1] if out else None
            if last is not None and last.role == "words" and last.note == sender:
                last.body.extend(p.lines)
            else:
                out.append(LineTurn("words", p.lines[0][0], list(p.lines), sender))
        else:
            out.append(LineTurn("system", p.lines[0][0], list(p.lines)))
    return out


def read_html_turns(text: str, tally: Tally, learned: LineTurns
                    ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble (the page's own text before the first message) and the turns; every
    non-empty line of the file counted once."""
    sender, words = learned.shape
    pieces = _pieces(text)
    start = next((i for i, p in enumerate(pieces) if p.cls == sender), len(pieces))
    shape = _Learned(sender, words, [], "")
    preamble = [x for p in pieces[:start] for x in p.lines]
    turns: list[LineTurn] = []
    for turn in _turns(pieces[start:], shape):
        if turn.role == "words":
            turn.role = learned.roles.get(turn.note, "system")
            turn.note = f" · {turn.note}"
        turns.append(turn)
    cls: dict[int, str] = {n: "conversation" for n, _t in preamble}
    for turn in turns:
        for n, _t in turn.body:
            cls[n] = "harness" if turn.role == "system" else "conversation"
    tally_page_lines(text, cls, tally)
    return preamble, turns


def tally_page_lines(text: str, cls: dict[int, str], tally: Tally) -> None:
    """Count every non-empty line of a page once: as the class its words were read as, or
    as markup left out."""
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        if n in cls:
            tally.rendered(n, cls[n])
        else:
            tally.dropped(n, "HTML markup", "harness")
