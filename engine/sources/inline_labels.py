"""Markdown chat exports whose turns open with the speaker in bold on the line of its words.

Some exporters write a turn as ``**You:** the words…`` (or ``**You**: …``, ``__You:__ …``):
the label is markup on the turn's first line, not a line of its own, so the turn markers of
:mod:`engine.sources.turns` do not see it. Two such labels (a name of a few words) that
both recur, take turns and open the conversation (a title and a date may come first) are
the two sides (a group's voices each a side, :mod:`.group_voices`); the lines up to the
next label continue the turn (a fenced block is never searched for labels); a link alone in
a turn is an attachment's (:mod:`engine.sources.aside_lines`). A label that is a document's
lead-in (``**Note:** …``) does not alternate with another over the text, so a document
stays one.
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

_LABEL = re.compile(r"^(?P<m>\*\*|__)(?P<name>[^*_:\n]{1,40}?)(?::(?P=m)|(?P=m):)"
                    r"[ \t]+(?P<said>\S.*)$")
_NAME = re.compile(r"^\w[\w .'-]*$")
_NAME_WORDS = 3
_FENCES = ("```", "~~~")
MAX_PREAMBLE_SHARE = 0.2


def _labelled(line: str) -> tuple[str, str] | None:
    """``(label, words)`` of a line opened by a bold label and a colon, else None."""
    m = _LABEL.match(line)
    if m is None:
        return None
    name = m.group("name").strip()
    if not _NAME.match(name) or len(name.split()) > _NAME_WORDS:
        return None
    return name, m.group("said")


def _lines(text: str) -> list[tuple[int, str, tuple[str, str] | None]]:
    """Each line with its number and its label (None inside fenced code or unlabelled)."""
    out: list[tuple[int, str, tuple[str, str] | None]] = []
    in_code = False
    for n, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith(_FENCES):
            in_code = not in_code
            out.append((n, line, None))
            continue
        out.append((n, line, None if in_code else _labelled(line)))
    return out


def learn_inline_labels(text: str) -> LineTurns | None:
    """The bold-label turn structure of ``text`` (kind ``label``), or None."""
    lines = _lines(text)
    seq = [got[0] for _n, _l, got in lines if got is not None]
    turns = taking_turns(seq)
    if turns is None and not is_group(seq):
        return None
    first = next(n for n, _l, got in lines if got is not None)
    if sum(len(x) + 1 for _n, x, _g in lines[:first - 1]) > len(text) * MAX_PREAMBLE_SHARE:
        return None
    said: dict[str, list[str]] = {}
    for turn in _turns(lines):
        said.setdefault(turn.note, []).append("\n".join(t for _n, t in turn.body))
    sides = group_sides(seq, said)
    if sides is not None:  # three voices or more: every voice a side (:mod:`.group_voices`)
        return LineTurns("label", sides)
    if turns is None:
        return None
    top, two = turns
    person = person_of(top[0], top[1], said, two[0])
    return LineTurns("label", {k: "user" if k == person else "assistant" for k in top})


def _turns(lines: list[tuple[int, str, tuple[str, str] | None]]) -> list[LineTurn]:
    """The turns with their label as ``note`` (roles not known yet)."""
    out: list[LineTurn] = []
    for n, line, got in lines:
        if got is not None:
            out.append(LineTurn("", n, [(n, got[1])], got[0]))
        elif out:
            out[-1].body.append((n, line))
    for turn in out:
        while turn.body and not turn.body[-1][1].strip():
            turn.body.pop()
    return out


def read_inline_labels(text: str, tally: Tally, learned: LineTurns
                       ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the turns of ``text`` by the learned labels; every non-empty line
    counted once (a third label's turn as a notice)."""
    lines = _lines(text)
    if lines and not lines[-1][1]:
        lines.pop()
    first = next((n for n, _l, got in lines if got is not None), len(lines) + 1)
    preamble = [(n, x) for n, x, _g in lines[:first - 1] if x.strip()]
    for n, _x in preamble:
        tally.rendered(n, "conversation")
    out: list[LineTurn] = []
    earlier: list[str] = []
    for turn in _turns(lines[first - 1:]):
        role = learned.roles.get(turn.note, "system")
        out.extend(split_asides(LineTurn(role, turn.line, turn.body, f" · {turn.note}"),
                                earlier, tally))
        earlier.append("\n".join(w for _n, w in turn.body))
    return preamble, out
