"""The lines of a text that lie inside fenced code blocks, which hold no heading.

CommonMark's grammar: a fence is a run of three or more backticks or tildes, indented by
at most three spaces; the block it opens ends at the next fence of the same character, at
least as long, with nothing after it, or (a block inside a list item, its fence indented)
at a line of substance indented less than its fence, which ends the item. Inside, every
line is literal: a YAML example's "# Prettier 3.1.0" comment is code, not a release's
heading. A part of a split text may open inside a block: a fence with an info string
("```yaml") only ever opens one, so the bare fences before the first such one tell, by
their parity, whether the part opened inside code; when no fence tells, no line is taken
for code (what the part opened in is not known).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def fenced_lines(lines: Sequence[str]) -> frozenset[int]:
    """The indexes of ``lines`` inside fenced code blocks (the fences themselves too)."""
    marks: list[int] = []
    info: list[bool] = []  # whether each fence has an info string (then it opens a block)
    for i, line in enumerate(lines):
        if line[:1] not in ("`", "~", " "):
            continue
        m = _FENCE.match(line)
        if m is None or (m.group(2)[0] == "`" and "`" in m.group(3)):
            continue
        marks.append(i)
        info.append(bool(m.group(3).strip()))
    if not marks:
        return frozenset()
    first_info = next((k for k, has in enumerate(info) if has), None)
    if first_info is None:
        return frozenset()  # only bare fences: whether the text opened in a block, none tells
    fences = set(marks)
    inside: set[int] = set()
    opened: int | None = None  # the line of the open block's fence
    skip: set[int] = set()
    if first_info % 2 == 1:
        inside.update(range(0, marks[0] + 1))  # the text opened in code
        skip.add(marks[0])
    for i, line in enumerate(lines):
        if i in skip:
            continue
        m = _FENCE.match(line) if line[:1] in ("`", "~", " ") else None
        if opened is None:
            if m is not None and i in fences:
                opened = i
                inside.add(i)
            continue
        fence = _FENCE.match(lines[opened])
        assert fence is not None
        if (line.strip() and _indent(line) < len(fence.group(1))):
            opened = None  # the list item, and its block, ended
            if m is not None and i in fences:
                opened = i
                inside.add(i)
            continue
        inside.add(i)
        if (m is not None and i in fences and m.group(2)[0] == fence.group(2)[0]
                and len(m.group(2)) >= len(fence.group(2)) and not m.group(3).strip()):
            opened = None
    return frozenset(inside)
