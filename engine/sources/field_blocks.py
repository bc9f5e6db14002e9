"""Threads of messages saved as text, each opened by a block of ``Field: value`` lines.

A mail thread printed or saved as text writes each message under a block of labelled lines
(``From:``, ``Sent:``, ``To:``, ``Subject:`` in whatever language), then its words. The
structure is learned, never the labels' words: blocks of two lines or more of ``Label:
value`` recur, and the first label whose value takes turns between two values that hold
most of the blocks (or among a group's voices, :mod:`.group_voices`) names the sender.
Under a message, what its sender did not write now is an aside: the earlier message quoted
line by line with ``>`` and the line that introduces the quote (it ends with a colon right
above it), a signature after the ``-- `` line, and a rule of one repeated symbol between
messages, and an attachment's line (:mod:`engine.sources.aside_lines`).
"""

from __future__ import annotations

import re

from gapless.engine.core.account import Tally
from gapless.engine.sources.aside_lines import split_asides
from gapless.engine.sources.group_voices import group_sides, is_group
from gapless.engine.sources.line_turns import (
    LineTurn,
    LineTurns,
    person_of,
    taking_turns,
)

_FIELD = re.compile(r"^(?P<label>[A-Z][\w-]{0,20}(?: [A-Za-z][\w-]{0,20})?):[ \t]+(?P<value>\S.*)$")
_RULE = re.compile(r"^\s*([-_=*~#])\1{3,}\s*$")
_SIGNATURE = "-- "
_MIN_BLOCK = 2  # labelled lines in a block, at least
_MIN_BLOCKS = 3
MAX_PREAMBLE_SHARE = 0.2


def _blocks(lines: list[str]) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """``(first line index, lines, [(label, value)])`` of each block of labelled lines."""
    out = []
    i = 0
    while i < len(lines):
        fields = []
        j = i
        while j < len(lines) and (m := _FIELD.match(lines[j])) is not None:
            fields.append((m.group("label").lower(), m.group("value").strip()))
            j += 1
        if len(fields) >= _MIN_BLOCK:
            out.append((i, j - i, fields))
            i = j
        else:
            i += 1
    return out


def _sender(blocks: list[tuple[int, int, list[tuple[str, str]]]]
            ) -> tuple[str, list[str], list[str]] | None:
    """The label naming the sender, its two values (none for a group's) and every block's
    value, or None."""
    labels = [lb for lb, _v in blocks[0][2]]
    for label in labels:
        values = [dict(f).get(label) for _i, _n, f in blocks]
        seq = [v for v in values if v is not None]
        if len(seq) < len(values):
            continue
        turns = taking_turns(seq)
        if turns is not None:
            return label, turns[0], seq
        if is_group(seq):
            return label, [], seq
    return None


def _turns(lines: list[str], blocks: list[tuple[int, int, list[tuple[str, str]]]],
           label: str) -> list[LineTurn]:
    """Each message (its sender as ``note``, role ``words``) and its asides (``system``)."""
    out: list[LineTurn] = []
    bounds = [i for i, _n, _f in blocks] + [len(lines)]
    for (i, n, fields), nxt in zip(blocks, bounds[1:], strict=True):
        sender = dict(fields).get(label, "")
        words = LineTurn("words", i + 1, [], sender)
        aside = LineTurn("system", i + n + 1, [], sender)
        body = list(range(i + n, nxt))
        signed = False
        for k, j in enumerate(body):
            line = lines[j]
            s = line.strip()
            quoted = s.startswith(">")
            intro = (s.endswith(":") and k + 1 < len(body)
                     and lines[body[k + 1]].lstrip().startswith(">"))
            signed = signed or line.rstrip("\r") == _SIGNATURE
            if signed or quoted or intro or _RULE.match(line):
                aside.body.append((j + 1, line))
            elif not aside.body or not s:
                words.body.append((j + 1, line))
            else:  # words after a quote: a reply written below it
                out += [words, aside]
                words = LineTurn("words", j + 1, [(j + 1, line)], sender)
                aside = LineTurn("system", j + 1, [], sender)
        out += [words, aside]
    return [t for t in out if any(x.strip() for _n, x in t.body) or t.role == "words"]


def learn_field_blocks(text: str) -> LineTurns | None:
    """The labelled-block structure of ``text`` (kind ``fields``), or None."""
    lines = text.split("\n")
    blocks = _blocks(lines)
    if len(blocks) < _MIN_BLOCKS:
        return None
    found = _sender(blocks)
    if found is None:
        return None
    if sum(len(x) + 1 for x in lines[:blocks[0][0]]) > len(text) * MAX_PREAMBLE_SHARE:
        return None
    label, top, seq = found
    firsts = [next((x for x in lines[i + n:] if x.strip()), "") for i, n, _f in blocks]
    if sum(1 for x in firsts if x[:1].isspace()) * 2 >= len(firsts):
        return None  # the words indented under each block: a log of records (git log)
    said: dict[str, list[str]] = {}
    for turn in _turns(lines, blocks, label):
        if turn.role == "words":
            said.setdefault(turn.note, []).append("\n".join(x for _n, x in turn.body))
    sides = group_sides(seq, said)
    if sides is not None:  # three voices or more: every voice a side (:mod:`.group_voices`)
        return LineTurns("fields", sides, (label,))
    if not top:
        return None
    first = next(dict(f)[label] for _i, _n, f in blocks if dict(f).get(label) in top)
    person = person_of(top[0], top[1], said, first)
    return LineTurns("fields", {k: "user" if k == person else "assistant" for k in top},
                     (label,))


def read_field_blocks(text: str, tally: Tally, learned: LineTurns
                      ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the messages by the learned blocks; every non-empty line counted
    once (a block's labelled lines with its message)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    blocks = _blocks(lines)
    start = blocks[0][0] if blocks else len(lines)
    preamble = [(j + 1, lines[j]) for j in range(start) if lines[j].strip()]
    for n, _x in preamble:
        tally.rendered(n, "conversation")
    heads = {i + 1: n for i, n, _f in blocks}
    out: list[LineTurn] = []
    earlier: list[str] = []
    for turn in _turns(lines, blocks, learned.shape[0]):
        while turn.body and not turn.body[-1][1].strip():
            turn.body.pop()
        while turn.body and not turn.body[0][1].strip():
            turn.body.pop(0)
        turn.note = f" · {turn.note}"
        if turn.role == "system":
            for n, x in turn.body:
                if x.strip():
                    tally.rendered(n, "harness")
            out.append(turn)
            continue
        for j in range(turn.line, turn.line + heads.get(turn.line, 0)):
            tally.rendered(j, "harness")  # the block's labelled lines
        turn.role = learned.roles.get(turn.note[3:], "system")
        out.extend(split_asides(turn, earlier, tally))
        earlier.append("\n".join(x for _n, x in turn.body))
    return preamble, out
