"""Source code, offline: what a module says it is for and what it defines.

A file of code (``gapless read engine/tree.py``) was summarized like prose, so its summary
quoted signatures and ``return`` lines. Code says what it is in its docstrings and comments
and in the names it defines, so that is its summary: the opening docstring or comment (its
first sentences), then the top-level definitions in order (``Defines: class PlanNode,
plan_tree(), _split() …``) with how many there are, each anchored at its line, then what
each says of itself where room is left (``- plan_tree(): Plan the tree over scope.``); the
topics are the public names. Recognised from the text's shape alone (most lines code, several
definitions, no transcript headers), for Python, JavaScript / TypeScript, Go, Rust, Java,
C# and C-like files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive.anchors import ByteOffsets, label_snippet
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.limits import HEADLINE_CHARS, MAX_ANCHORS, MAX_TOPICS
from gapless.engine.extractive.noise import is_code_line
from gapless.engine.extractive.sentences import split_sentences
from gapless.engine.extractive.weights import CODE

_SNIFF_LINES = CODE.sniff_lines
# A definition at the top of its file or class: its kind and name.
_DEFINITION = re.compile(
    r"^(?P<indent>[ \t]*)(?:export\s+(?:default\s+)?)?(?:pub(?:\([\w:]+\))?\s+)?"
    r"(?:(?:public|private|protected|internal|static|final|abstract|sealed|async|unsafe)\s+)*"
    r"(?:(?P<kind>class|interface|struct|enum|trait|type|def|fn|func|function)\s+"
    r"(?:\([^)]*\)\s*)?(?P<name>[A-Za-z_$][\w$]*)"
    r"|(?:const|let|var)\s+(?P<arrow>[A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?"
    r"(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>)"
)
# A transcript's message header: never a file of code, whatever it quotes.
_TRANSCRIPT = re.compile(r"^#{2,4} [^\n·]{1,40} · |^(?:→|←) ", re.M)
_COMMENT = re.compile(r"^\s*(?:#(?!!)|//[/!]*|/?\*+|--)\s?(.*)$")  # "//!", "///" docs too
_DOCSTRING = re.compile(r'^\s*[rubRUB]?("""|\'\'\')(.*?)(?:\1|$)', re.S)
# the words of a file's header about its authors and licence, not its purpose
_HEADER = re.compile(r"\b(copyright|licen[cs]ed?\b|spdx-license|all rights reserved|"
                     r"author:|authors?\s*:|maintainer)", re.I)
_CLASS_KINDS = frozenset(("class", "interface", "struct", "enum", "trait", "type"))
DEFINES = "Defines "  # the summary line that names the definitions
_DEFINES_LINE = re.compile(r"^Defines \((?:(\d+) types?)?(?:, )?(?:(\d+) functions?)?\): "
                           r"(.*?)\.?$", re.M)


@dataclass(frozen=True)
class Definition:
    """A definition of the file: its kind, name, whether it is top-level, and its span."""

    kind: str
    name: str
    top: bool
    start: int
    end: int
    doc: str = ""  # the first sentence of its docstring or of the comment above it


def looks_like_code(text: str) -> bool:
    """Most non-blank lines read as code and it defines several things; a transcript (its
    message headers) never does, whatever code it quotes."""
    if _TRANSCRIPT.search(text[:20_000]):
        return False
    lines = [ln for ln in text.splitlines()[: _SNIFF_LINES * 2] if ln.strip()][:_SNIFF_LINES]
    if len(lines) < CODE.min_lines:
        return False
    code = sum(1 for ln in lines if is_code_line(ln.strip()) or ln[:1] in " \t"
               or _COMMENT.match(ln) is not None or ln.strip() in ("}", "};", ")"))
    defs = sum(1 for ln in lines if _DEFINITION.match(ln))
    return code >= CODE.code_share * len(lines) and defs >= CODE.min_definitions


def definitions(text: str) -> list[Definition]:
    """The definitions of ``text`` in order (character spans of their lines)."""
    out: list[Definition] = []
    pos = 0
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = _DEFINITION.match(line)
        if m:
            name = m.group("name") or m.group("arrow") or ""
            kind = m.group("kind") or "function"
            indent = len(m.group("indent").expandtabs(8))
            out.append(Definition(kind, name, indent == 0, pos, pos + len(line.rstrip()),
                                  _doc_of(lines, i)))
        pos += len(line)
    return out


_DOC_CHARS = 90
_DECORATOR = re.compile(r"^\s*@")


def _first_sentence(text: str) -> str:
    said = " ".join(text.split())
    spans = split_sentences(said, 0)
    return shorten(said[spans[0][0]:spans[0][1]], _DOC_CHARS) if spans else ""


def _doc_of(lines: list[str], i: int) -> str:
    """A definition's own words: the docstring under its signature (Python), else the
    comment block right above it (past any decorators)."""
    j = i
    while j < min(len(lines), i + 12) and not lines[j].rstrip().endswith(":"):
        j += 1
    if j < len(lines) - 1 and lines[j].rstrip().endswith(":"):
        k = j + 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        m = _DOCSTRING.match("".join(lines[k:k + 8])) if k < len(lines) else None
        if m and m.group(2).strip():
            return _first_sentence(m.group(2))
    said: list[str] = []
    k = i - 1
    while k >= 0 and _DECORATOR.match(lines[k]):
        k -= 1
    while k >= 0 and lines[k].strip() and (c := _COMMENT.match(lines[k])) is not None:
        words = c.group(1).strip().rstrip("*/").strip()
        if words:
            said.append(words)
        k -= 1
    return _first_sentence(" ".join(reversed(said))) if said else ""


def _opening(text: str) -> tuple[str, int, int] | None:
    """The file's opening docstring or comment block, as prose, with its span.

    A header of who wrote it and under which licence says nothing of what the file is for:
    when the opening block is one, the block after it is the opening (a Python module's
    docstring under an author or licence comment, a Go package comment under a copyright),
    and a file with no other is left without one (its definitions say what it is)."""
    start = _after_preamble(text)
    if start is None:
        return None
    found = _block_at(text, start)
    while found is not None and _HEADER.search(found[0]):
        rest = len(text) - len(text[found[2]:].lstrip())
        found = _block_at(text, rest) if rest < len(text) else None
    return found


def _after_preamble(text: str) -> int | None:
    """Where the file's own words start: after a shebang, an encoding line, a "use strict"
    or a folder's "## File name" header (None when nothing follows them)."""
    body = text.lstrip()
    start = len(text) - len(body)
    while body.startswith(("#!", "# -*-", '"use strict"', "'use strict'", "## File ")):
        nl = body.find("\n")
        if nl < 0:
            return None
        start += nl + 1
        body = text[start:].lstrip()
        start = len(text) - len(body)
    return start


def _block_at(text: str, start: int) -> tuple[str, int, int] | None:
    """The docstring or the run of comment lines that starts at ``start``, as prose."""
    body = text[start:]
    m = _DOCSTRING.match(body)
    if m:
        return " ".join(m.group(2).split()), start, start + m.end()
    said: list[str] = []
    end = start
    for line in body.splitlines(keepends=True):
        c = _COMMENT.match(line)
        if c is None or not line.strip():
            break
        words = c.group(1).strip().rstrip("*/").strip()
        if words:
            said.append(words)
        end += len(line)
    return (" ".join(said), start, end) if said else None


def _lead(types: int, functions: int) -> str:
    """The Defines line's opening: "Defines (1 type, 10 functions): "."""
    counted = ", ".join(part for part in (
        f"{types} {'type' if types == 1 else 'types'}" if types else "",
        f"{functions} {'function' if functions == 1 else 'functions'}" if functions else "",
    ) if part)
    return f"{DEFINES}({counted}): "


def _call(d: Definition) -> str:
    return f"{d.kind} {d.name}" if d.kind in _CLASS_KINDS else f"{d.name}()"


def summarize_code(text: str, base_offset: int = 0, *,
                   max_summary_chars: int = 1200) -> Extraction:
    """The extraction of a piece of source code: its purpose in its own words, then what
    it defines."""
    byte_at = ByteOffsets(text, base_offset)
    defs = definitions(text)
    top = [d for d in defs if d.top] or defs
    budget = max(1, max_summary_chars)
    pieces: list[str] = []
    anchors: list[Anchor] = []
    # only the file's own opening says what it is for (a later chunk's first comment
    # is about the code under it)
    opening = _opening(text) if base_offset == 0 else None
    headline = ""
    if opening is not None and opening[0]:
        sentences = [opening[0][s:e] for s, e in split_sentences(opening[0], 0)]
        purpose = shorten(" ".join(sentences[:2]), max(40, budget // 2))
        headline = shorten(sentences[0], HEADLINE_CHARS) if sentences else ""
        pieces.append(purpose)
        span = byte_at(opening[1]), byte_at(opening[2])
        anchors.append(Anchor(start=span[0], end=span[1],
                              label="headline (text): " + label_snippet(headline)))
        anchors.append(Anchor(start=span[0], end=span[1],
                              label="summary: " + label_snippet(purpose)))
    classes = sum(1 for d in defs if d.kind in _CLASS_KINDS)
    lead = _lead(classes, len(defs) - classes)
    room = budget - sum(len(p) + 1 for p in pieces) - len(lead) - 2
    names: list[str] = []
    named: list[Definition] = []
    for d in top:
        shown = _call(d)
        if len(", ".join([*names, shown])) > room:
            names.append("…")
            break
        names.append(shown)
        named.append(d)
    if names:
        line = lead + ", ".join(names) + "."
        pieces.append(line)
        if named:  # the line's claim rests on the definitions it names
            anchors.append(Anchor(start=byte_at(named[0].start), end=byte_at(named[-1].end),
                                  label="summary: " + label_snippet(line)))
        for d in named[: max(0, MAX_ANCHORS - len(anchors))]:
            anchors.append(Anchor(start=byte_at(d.start), end=byte_at(d.end),
                                  label="definition: " + label_snippet(_call(d))))
        pieces += _digests([f"- {_call(d)}: {d.doc}" for d in named if d.doc and d.top],
                           budget - sum(len(p) + 1 for p in pieces))
    if not headline:
        headline = shorten(f"Source code defining {', '.join(names[:3])}", HEADLINE_CHARS)
    public = [d.name for d in top if not d.name.startswith("_")] or [d.name for d in top]
    topics = list(dict.fromkeys(public))[:MAX_TOPICS]
    return Extraction(headline=headline, summary="\n".join(pieces)[:budget], topics=topics,
                      anchors=anchors, kind="code")


def _digests(lines: list[str], room: int) -> list[str]:
    """The definitions' own words, one line each, as many as fit ``room``."""
    out: list[str] = []
    for line in lines:
        if len(line) + 1 > room:
            break
        out.append(line)
        room -= len(line) + 1
    return out


def fold_code(parts: list[Extraction], *, max_summary_chars: int = 1200) -> Extraction:
    """Consecutive pieces of one file of code merged: the file's purpose (the first
    piece's, when it has one), then all their definitions in order, counted together."""
    budget = max(1, max_summary_chars)
    first = parts[0]
    head = _DEFINES_LINE.search(first.summary)
    purpose = first.summary[: head.start()].strip() if head else ""
    types = functions = 0
    names: list[str] = []
    for p in parts:
        m = _DEFINES_LINE.search(p.summary)
        if m is None:
            continue
        types += int(m.group(1) or 0)
        functions += int(m.group(2) or 0)
        names += [n for n in m.group(3).split(", ") if n and n != "…"]
    lead = _lead(types, functions)
    room = budget - (len(purpose) + 1 if purpose else 0) - len(lead) - 2
    shown: list[str] = []
    for name in names:
        if len(", ".join([*shown, name])) > room:
            shown.append("…")
            break
        shown.append(name)
    line = lead + ", ".join(shown) + "."
    digests = [ln for p in parts for ln in p.summary.splitlines() if ln.startswith("- ")]
    line = "\n".join([line, *_digests(digests, room - len(", ".join(shown)))])
    defined = [a for p in parts for a in p.anchors if a.label.startswith("definition: ")]
    anchors = [a for a in first.anchors if not a.label.startswith(("summary: " + DEFINES,
                                                                   "definition: "))]
    if defined:
        anchors.append(Anchor(start=defined[0].start, end=defined[-1].end,
                              label="summary: " + label_snippet(line)))
    anchors += defined[: max(0, MAX_ANCHORS - len(anchors))]
    topics = list(dict.fromkeys(t for p in parts for t in p.topics))[:MAX_TOPICS]
    summary = (purpose + "\n" + line if purpose else line)[:budget]
    return Extraction(headline=first.headline, summary=summary, topics=topics,
                      anchors=anchors, kind="code")
