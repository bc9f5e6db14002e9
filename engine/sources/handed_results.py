"""A tool's result that a harness hands back as text in the person's turn.

Coding agents that call tools through their own markup send each result back as the next
*user* message, opened by a line naming the call (``[read_file for 'app/x.py'] Result:``)
or by a program's exit status (``exit code: 0``, ``<returncode>0</returncode>``). Such a
turn is the tool's, not the person's: only a reply of theirs that the harness wrapped in
it, for a call addressed to them (:mod:`.result_reply`), is their words. A chat export in
text keeps the same turns under its own markers (``**User:**``), so its turns are told
the same way.
"""

from __future__ import annotations

import re

from gapless.engine.sources.result_reply import reply_in

# ``[name for 'arg'] Result:`` opening a piece of the user's turn: a tool's result
RESULT_TEXT = re.compile(r"^\s*\[([\w.:-]+)(?: for [^\]\n]{0,300})?\] Result:[ \t]*")
# A program's run handed back in a user's turn: its exit status opens the text, written
# ``exit code: 0`` or as a markup element ``<returncode>0</returncode>``.
_STATUS = r"(?:exit|return)[ _-]?(?:code|status)"
EXIT_TEXT = re.compile(rf"^\s*(?:{_STATUS}\s*[:=]\s*-?\d+\b|<(?P<tag>{_STATUS})>\s*-?\d+\s*"
                       r"</(?P=tag)>)", re.IGNORECASE)


def handed_parts(text: str, said: str) -> list[tuple[str, int, int]] | None:
    """A person's turn ``text`` cut into ``(role, first line, end line)`` parts when it is a
    tool's result handed back (the tool's lines, and the person's reply among them when the
    call was addressed to them in ``said``, the assistant's turn before); None when the turn
    opens with no result."""
    head = RESULT_TEXT.match(text)
    if head is None:
        return [("tool", 0, text.count("\n") + 1)] if EXIT_TEXT.match(text) else None
    lines = text.split("\n")
    body = text[head.end():]
    reply = reply_in(head.group(1), body.lstrip("\n"), said)
    # (the reply's line, blanks an editor left after it aside)
    found = re.compile(rf"\n{re.escape(reply)}[ \t]*\n").search(text, head.end()) \
        if reply else None
    at = found.start() if found is not None else -1
    if reply is None or at < 0:
        return [("tool", 0, len(lines))]
    first = text.count("\n", 0, at) + 1
    end = first + reply.count("\n") + 1
    parts = [("tool", 0, first), ("user", first, end)]
    return [*parts, ("tool", end, len(lines))] if end < len(lines) else parts
