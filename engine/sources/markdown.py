"""Markdown chat exports: a conversation saved as markdown by whatever tool, recognised by
its turn markers as learned from the file (:mod:`engine.sources.turns`: two labels of one
markup style that take turns, ``## kekyo`` / ``## chatgpt``, ``_**User**_`` /
``_**Agent (…)**_``, or asks written as headings of one level with the answer below).

Each turn is rendered as a message under a header of its own (``### user``,
``### assistant · Agent (model time)``) and a long turn as several, each headed again
(``… · continued``), so any part of the file read on its own still says whose turn it is.
Some exporters paste a turn's raw content blocks as JSON (``[{"type": "tool_result", …}]``,
with escaped ``\\n`` and the Read tool's ``   334→`` line-number prefixes inside): such JSON
is decoded and rendered as the conversation it encodes (``→ Tool`` calls, ``← tool result``
outputs, text), the line-number prefixes taken off (and counted), long bodies head + tail.
Under an ask written as a heading, ``> `` lines are what a tool printed. A person's turn
that opens with a tool's result handed back (``[read_file for 'a.py'] Result:``) is the
tool's, the person's reply inside it theirs (:mod:`engine.sources.handed_results`). Exports with no
markup markers are read by the structures of :data:`_LEARNERS` (stamped lines, a header over
each message, a bold label on the words' line, an HTML page's elements, a mail's labelled
block). Every non-empty line of the file is one record: each is rendered (as itself or
inside a decoded block) and counted once; every rendered line maps back to its file line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.content_blocks import BlockRenderer
from gapless.engine.sources.field_blocks import learn_field_blocks, read_field_blocks
from gapless.engine.sources.handed_results import handed_parts
from gapless.engine.sources.header_turns import learn_header_turns, read_header_turns
from gapless.engine.sources.html_lines import learn_html_lines, read_html_lines
from gapless.engine.sources.html_turns import learn_html_turns, read_html_turns
from gapless.engine.sources.inline_labels import learn_inline_labels, read_inline_labels
from gapless.engine.sources.line_turns import LineTurns, learn_line_turns, read_line_turns
from gapless.engine.sources.plaintext import TARGET_CHUNK, Chunk, group_lines
from gapless.engine.sources.role_lines import learn_role_lines, read_role_lines
from gapless.engine.sources.sample import SNIFF_BYTES, STRUCTURE, Sample
from gapless.engine.sources.turns import Turns, label_key, learn_turns, marker_label

_BLOCK_START = re.compile(r'^\s*(?:\[\s*)?\{\s*"type"\s*:')
_LINE_NO = re.compile(r"^[ \t]*\d+→", re.MULTILINE)
_FENCES = ("```", "~~~")
# a piece of a long turn is cut at any line past this (small pieces give a long read's leaves
# room to start on a piece, under its header)
_HARD_CUT = TARGET_CHUNK * 3 // 2
_NOTE_CHARS = 60  # of a marker's own label kept in its turn's header
_MAX_PREAMBLE_SHARE = 0.2  # of a chat export's text before its first turn


def detect(sample: Sample) -> float:
    """A text's structure score when it reads as a chat export (turn markers of markup, or
    turns opened by the line itself or by a header, a label or an element of their own:
    :data:`_LEARNERS`)."""
    text = sample.text
    return STRUCTURE if looks_like_chat_export(text) or _opened(text) else 0.0


# what opens a text's turns, in the order tried: lines that open them
# (:mod:`engine.sources.line_turns`), a header line over each message
# (:mod:`engine.sources.header_turns`), a bold label on the line of the words
# (:mod:`engine.sources.inline_labels`), an HTML page's senders and words
# (:mod:`engine.sources.html_turns`), a block of labelled lines over each message
# (:mod:`engine.sources.field_blocks`), an HTML page's lines of inline markup
# (:mod:`engine.sources.html_lines`), a line naming a role alone (:mod:`engine.sources.role_lines`)
_LEARNERS = (learn_line_turns, learn_header_turns, learn_inline_labels, learn_html_turns,
             learn_field_blocks, learn_html_lines, learn_role_lines)


def _opened(text: str, sniffed: str | None = None) -> LineTurns | None:
    """The first structure of :data:`_LEARNERS` that ``text`` has (or, for a learner, its
    start ``sniffed`` has, as when it was detected)."""
    for learn in _LEARNERS:
        found = learn(text) or (learn(sniffed) if sniffed is not None else None)
        if found is not None:
            return found
    return None


def looks_like_chat_export(text: str) -> bool:
    """Whether ``text`` has turn markers that take turns (or asks written as headings) and
    opens with them: what comes before the first turn is a title or a preamble, never most
    of the text (a program that quotes an export in a string is not one)."""
    turns = learn_turns(text)
    if turns is None:
        return False
    before = 0
    in_code = False
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith(_FENCES):
            in_code = not in_code
        elif not in_code and turns.at(line):
            return before <= len(text) * _MAX_PREAMBLE_SHARE
        before += len(line) + 1
    return False


@dataclass
class Turn:
    role: str
    line: int
    text: str
    note: str = ""  # the marker's own label when it is not the role (`` · kekyo``)
    lines: tuple[int, ...] = ()  # the file line of each line of ``text``


@dataclass
class ExportTurns:
    preamble: list[tuple[int, str]] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """The export's messages: the preamble, then each turn under its header (a long one
    cut into several of a few KB, each headed again)."""
    text = data.decode("utf-8-sig")  # (a byte-order mark opens no turn)
    # the markers as the whole file shows them, else as its start did when it was detected
    turns = learn_turns(text) or learn_turns(text[:SNIFF_BYTES])
    opened = None if turns is not None else _opened(text, text[:SNIFF_BYTES])
    export = (_line_export(text, tally, opened) if opened is not None
              else render_export(text, tally, options, turns))
    chunks = group_lines([t for _, t in export.preamble], [n for n, _ in export.preamble])
    for turn in export.turns:
        chunks.extend(_turn_chunks(turn))
    return chunks


def _line_export(text: str, tally: Tally, learned: LineTurns) -> ExportTurns:
    """An export whose lines open its turns, as turns of this reader."""
    read = {"header": read_header_turns, "label": read_inline_labels,
            "html": read_html_turns, "fields": read_field_blocks,
            "htmllines": read_html_lines, "rolelines": read_role_lines}.get(
        learned.kind, read_line_turns)
    preamble, turns = read(text, tally, learned)
    out = ExportTurns(preamble)
    for t in turns:
        body = list(t.body)
        while body and not body[-1][1].strip():
            body.pop()
        out.turns.append(Turn(t.role, t.line, "\n".join(x for _n, x in body), t.note,
                              tuple(n for n, _x in body)))
    return out


def _turn_chunks(turn: Turn) -> list[Chunk]:
    role = turn.role if turn.role != "system" else "harness"
    pieces = _cut(turn.text.split("\n"), turn.lines) if turn.lines else [([turn.text], ())]
    out = []
    for i, (lines, nums) in enumerate(pieces):
        head = f"### {turn.role}{turn.note}" + (" · continued" if i else "")
        first = turn.line if not i else nums[0]
        line_map = (first, *nums, nums[-1] if nums else first)
        out.append(Chunk(head + "\n" + "\n".join(lines) + "\n\n", first, line_map=line_map,
                         role=role))
    return out


def _cut(lines: list[str], nums: tuple[int, ...]) -> list[tuple[list[str], tuple[int, ...]]]:
    """A turn's lines in pieces of about ``TARGET_CHUNK`` bytes: cut after a blank line
    outside code, else after any line past ``_HARD_CUT`` (a code block cut there is closed
    at the end of its piece and opened again at the start of the next, so each piece reads
    as the markdown it is; those fence lines map to the lines beside them)."""
    pieces: list[tuple[list[str], tuple[int, ...]]] = []
    out: list[str] = []
    out_nums: list[int] = []
    size = 0
    fence = ""  # the line that opened the code block we are in
    for i, line in enumerate(lines):
        if line.strip().startswith(_FENCES):
            fence = "" if fence else line
        out.append(line)
        out_nums.append(nums[i])
        size += len(line.encode("utf-8")) + 1
        if i + 1 == len(lines) or not (
                (size >= TARGET_CHUNK and not line.strip() and not fence)
                or size >= _HARD_CUT):
            continue
        if fence:
            out.append(fence.strip()[:3])
            out_nums.append(nums[i])
        pieces.append((out, tuple(out_nums)))
        out, out_nums, size = [], [], 0
        if fence:  # the block goes on in the next piece
            out.append(fence)
            out_nums.append(nums[i + 1])
    pieces.append((out, tuple(out_nums)))
    return pieces


def _note(label: str, role: str) -> str:
    if not label or label_key(label) == role:
        return ""
    return " · " + (label if len(label) <= _NOTE_CHARS else label[:_NOTE_CHARS - 1] + "…")


def render_export(text: str, tally: Tally, options: RenderOptions,
                  turns: Turns | None = None) -> ExportTurns:
    """The export's turns (by ``turns``, else the markers learned from ``text``),
    content-block JSON decoded; every non-empty line counted."""
    learned = turns or learn_turns(text)
    out = ExportTurns()
    renderer = BlockRenderer(options=options, tally=tally)
    current: Turn | None = None
    body: list[tuple[int, str]] = []
    answering = False  # under an ask written as a heading: its answer, tool output aside
    in_code = False

    def close() -> None:
        nonlocal current
        if current is not None:
            current.text, current.lines = _render_body(body, renderer, tally, current.role)
            out.turns.append(current)  # (a marker with nothing under it too: it is a record)
        current = None
        body.clear()

    for n, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        marked = learned.at(raw) if learned is not None and not in_code else None
        if s.startswith(_FENCES):
            in_code = not in_code
        if marked is not None:
            close()
            role, is_ask = marked
            label = marker_label(s)
            tally.rendered(n, "conversation")
            if is_ask:  # the heading is the ask itself; what follows answers it
                last = out.turns[-1] if out.turns else None
                if last is not None and last.role == "user" and last.lines[-1:] == (n - 1,):
                    last.text += "\n" + label  # an ask of several lines, one heading each
                    last.lines += (n,)
                else:
                    out.turns.append(Turn("user", n, label, "", (n,)))
                answering = True
            else:
                current = Turn(role, n, "", _note(label, role))
                answering = False
            continue
        if answering and s and not in_code:
            want = "tool" if s.startswith(">") else "assistant"
            if current is None or current.role != want:
                close()
                current = Turn(want, n, "")
        if current is None:
            if s:
                out.preamble.append((n, raw))
                tally.rendered(n, "conversation")
            continue
        body.append((n, raw))
    close()
    out.turns = _handed_back(out.turns)
    return out


def _handed_back(turns: list[Turn]) -> list[Turn]:
    """The person's turns that are a tool's result handed back, as the tool's (the person's
    reply among them kept theirs: :mod:`.handed_results`)."""
    out: list[Turn] = []
    said = ""
    for t in turns:
        parts = handed_parts(t.text, said) if t.role == "user" else None
        if t.role == "assistant":
            said = t.text
        if parts is None:
            out.append(t)
            continue
        lines = t.text.split("\n")
        for role, first, end in parts:
            out.append(Turn(role, t.lines[first] if first < len(t.lines) else t.line,
                            "\n".join(lines[first:end]), t.note if first == 0 else "",
                            t.lines[first:end]))
    return out


def _render_body(body: list[tuple[int, str]], renderer: BlockRenderer, tally: Tally,
                 role: str) -> tuple[str, tuple[int, ...]]:
    """A turn's lines with embedded content-block JSON rendered as the blocks it holds, and
    the file line of each rendered line."""
    pieces: list[tuple[str, int]] = []
    i = 0
    while i < len(body):
        n, raw = body[i]
        if raw.strip() and _BLOCK_START.match(raw):
            decoded, used = _decode(body, i)
            if decoded is not None:
                blocks = decoded if isinstance(decoded, list) else [decoded]
                renderer.line = n
                got, _kinds = renderer.blocks(blocks, n, lambda _l, _r: None,
                                              user=role == "user")
                text = "\n".join(got)
                stripped, k = _LINE_NO.subn("", text)
                if k:
                    tally.part_dropped(n, "line-number prefix", k)
                for _cls, why in renderer.left_out:
                    tally.part_dropped(n, why)
                pieces.append((stripped, n))
                for m, line in body[i:i + used]:
                    if line.strip():
                        tally.rendered(m, "tool" if _is_tool(blocks) else "conversation")
                i += used
                continue
        if raw.strip():
            tally.rendered(n, "conversation")
        pieces.append((raw, n))
        i += 1
    while pieces and not pieces[0][0].strip():
        pieces.pop(0)
    while pieces and not pieces[-1][0].strip():
        pieces.pop()
    lines = tuple(n for text, n in pieces for _ in text.split("\n"))
    return "\n".join(text for text, _ in pieces), lines


def _is_tool(blocks: list[Any]) -> bool:
    return all(isinstance(b, dict) and "tool" in str(b.get("type", "")) for b in blocks)


def _decode(body: list[tuple[int, str]], i: int) -> tuple[Any, int]:
    """The JSON value starting at body line ``i`` (one line, or several up to 2,000 lines
    until it parses) and how many lines it used; (None, 0) when it does not parse."""
    acc = ""
    for k in range(i, min(len(body), i + 2000)):
        acc += ("\n" if acc else "") + body[k][1]
        s = acc.strip()
        if not s.endswith(("]", "}")):
            continue
        try:
            value = json.loads(s)
        except (ValueError, RecursionError):
            continue
        if isinstance(value, dict | list):
            return value, k - i + 1
    return None, 0
