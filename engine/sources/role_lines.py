"""Chat histories in text whose turns are opened by a line that names a role and nothing else.

Some notes and prompt files open each turn with a line holding only a role word in a little
punctuation — a field line (``role::assistant``), a bracketed tag (``[user]``), the word and
a colon (``Assistant:``) — the words on the lines below, up to the next such line. The
structure is learned, never a tool's name: a line whose text, without its punctuation and a
field's name before it, is one role word (:func:`.chat_shape.role_word`) is a marker, and
two roles (the person's and another) that take turns over the markers are the sides. A
line holding only a symbol and a colon (``💬:``, ``🤖:[name]``) is a marker too: of two
such symbols that take turns, the person is the side that asks more (else whose turns are
shorter), as for any two voices no role word names. What stands before the first marker
(after a front matter between ``---`` lines) is the person's opening turn when the first
marker is the other voice's — the file was started by typing — else a preamble; what
stands above a ``---`` rule line before the first marker is always a preamble (a block of
the chat's settings), however long. A line that is nothing but an HTML element (an
``<hr>`` between turns) is markup, left out.
"""

from __future__ import annotations

import re

from gapless.engine.core.account import Tally
from gapless.engine.sources.chat_shape import role_word
from gapless.engine.sources.line_turns import LineTurn, LineTurns, person_of, taking_turns

# a role word alone: a field's name and colons before it, brackets around it, a colon after
_MARKER = re.compile(r"^[\[(<{]?[ \t]*(?:[A-Za-z_]{1,20}[ \t]*::?[ \t]*)?(?P<w>[A-Za-z]{2,20})"
                     r"[ \t]*[\])>}]?[ \t]*:?$")
# a symbol alone (an emoji, no letter), a colon after it, maybe the voice's name in brackets
# after that (``💬:``, ``🤖:[ChatGPT4o]``): a marker whose side is read from its turns
_SYMBOL_MARKER = re.compile(r"^(?P<s>[^\w\s\x00-\x7f]{1,4}):[ \t]*(?:\[[^\[\]\n]{1,40}\])?[ \t]*$")
_ELEMENT = re.compile(r"^<[A-Za-z/][^<>]*>$")  # a line that is one HTML element
_FENCE = "---"
MIN_MARKERS = 3
MAX_PREAMBLE_SHARE = 0.25  # of the text (a front matter aside) before the first marker


def _role(line: str) -> str:
    """The role a marker line names (a symbol marker's symbol), else ""."""
    m = _MARKER.match(line.strip())
    if m is None:
        sym = _SYMBOL_MARKER.match(line.strip())
        return sym.group("s") if sym is not None else ""
    return role_word(m.group("w"))


def _sides(text: str, seq: list[str], two: list[str]) -> dict[str, str] | None:
    """Each marker's role: role words name theirs; of two symbols, the person is the side
    that asks more, else whose turns are shorter (:func:`.line_turns.person_of`)."""
    if all(role_word(k) for k in two):
        return {r: r for r in two} if "user" in two else None
    if any(role_word(k) for k in two):
        return None
    said: dict[str, list[str]] = {k: [] for k in two}
    current = ""
    for line in text.split("\n"):
        key = _role(line) if line[:1].strip() else ""
        if key in said:
            current = key
            said[key].append("")
        elif current:
            said[current][-1] += line + "\n"
    person = person_of(two[0], two[1], said, seq[0])
    return {k: "user" if k == person else "assistant" for k in two}


def _front_matter(lines: list[str]) -> int:
    """The number of lines of a front matter between ``---`` lines at the top (0 if none)."""
    if not lines or lines[0].strip() != _FENCE:
        return 0
    for k in range(1, min(len(lines), 200)):
        if lines[k].strip() == _FENCE:
            return k + 1
    return 0


def learn_role_lines(text: str) -> LineTurns | None:
    """The role-line structure of ``text`` (kind ``rolelines``), or None."""
    lines = text.split("\n")
    start = _front_matter(lines)
    seq: list[str] = []
    first_at = -1
    in_code = False
    before = 0
    for n, line in enumerate(lines[start:], start):
        if line.strip().startswith(("```", "~~~")):
            in_code = not in_code
        role = "" if in_code or not line[:1].strip() else _role(line)
        if role:
            seq.append(role)
            first_at = n if first_at < 0 else first_at
        elif first_at < 0:  # (a rule line closes a block of the chat's settings above it)
            before = 0 if line.strip() == _FENCE else before + len(line) + 1
    if len(seq) < MIN_MARKERS or before > MAX_PREAMBLE_SHARE * len(text):
        return None
    turns = taking_turns(seq)
    sides = _sides(text, seq, turns[0]) if turns is not None else None
    return LineTurns("rolelines", sides) if sides is not None else None


def read_role_lines(text: str, tally: Tally, learned: LineTurns
                    ) -> tuple[list[tuple[int, str]], list[LineTurn]]:
    """The preamble and the turns; every non-empty line counted once (a marker and a lone
    element as the harness, the words as the conversation)."""
    lines = text.split("\n")
    start = _front_matter(lines)
    preamble: list[tuple[int, str]] = []
    turns: list[LineTurn] = []
    opening: list[tuple[int, str]] = []
    in_code = False
    for n, line in enumerate(lines, 1):
        if line.strip().startswith(("```", "~~~")):
            in_code = not in_code
        role = "" if in_code or n <= start or not line[:1].strip() else _role(line)
        if role and role in learned.roles:
            turns.append(LineTurn(learned.roles[role], n, []))
            tally.rendered(n, "harness")
        elif not line.strip():
            if turns:
                turns[-1].body.append((n, line))
            continue
        elif _ELEMENT.match(line.strip()) and not in_code:
            tally.dropped(n, "HTML markup", "harness")
        elif turns:
            turns[-1].body.append((n, line))
            tally.rendered(n, "conversation")
        elif n <= start:
            preamble.append((n, line))
            tally.rendered(n, "harness")
        elif line.strip() == _FENCE and not in_code:  # a rule closing the chat's settings
            preamble.extend([*opening, (n, line)])
            opening.clear()
            tally.rendered(n, "harness")
        else:
            opening.append((n, line))
            tally.rendered(n, "conversation")
    if opening and turns and turns[0].role != "user":
        turns.insert(0, LineTurn("user", opening[0][0], opening))  # typed before any marker
    else:
        preamble.extend(opening)
    return preamble, [t for t in turns if any(x.strip() for _n, x in t.body)]
