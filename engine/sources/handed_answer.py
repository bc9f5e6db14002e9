"""A tool call that only hands the agent's words on: its result repeats its argument.

Agent frameworks end a task by calling a tool whose whole work is to pass the answer on:
the call's argument is the answer and its result is that argument handed back. Read as a
tool's result, the agent would have said nothing to the person at all; the words handed
back are the agent's answer. It is told by structure alone: a tool's result whose text —
below at most a few label lines (``Call id: …``, ``Observation:``) — is, whole and of
several words, a quoted string of the call just before it (the escapes of a written
literal undone). A command whose output merely contains its argument (``echo …``) hands
back no quoted string and stays a tool's result.
"""

from __future__ import annotations

import re

LABEL_LINES = 3  # label lines above the words handed back, at most
LABEL_CHARS = 80  # a label line's length, at most
MIN_WORDS = 3
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_UNESCAPED = {"n": "\n", "t": "\t", "r": "\r"}


def handed_words(result: str, call: str) -> str | None:
    """The words ``result`` hands back from ``call``'s quoted argument, or None."""
    if not call or not result.strip():
        return None
    plain = _ESCAPE.sub(lambda m: _UNESCAPED.get(m.group(1), m.group(1)), call)
    lines = result.strip().splitlines()
    for k in range(min(LABEL_LINES, len(lines) - 1) + 1):
        if k and len(lines[k - 1]) > LABEL_CHARS:
            return None  # no label above the words: a line of the result itself
        words = "\n".join(lines[k:]).strip()
        if len(words.split()) >= MIN_WORDS and any(
                f"{q}{words}{q}" in plain for q in ("'", '"')):
            return words
    return None
