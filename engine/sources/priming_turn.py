"""The harness's instructions sent as the person's opening turn and acknowledged.

Some agents open a session by sending their own instructions as the person's first
message — a document of sections under Markdown headings — which the model answers with
one short sentence that asks nothing (it agrees to follow them) before the person's real
first turn. That exchange is the harness priming the model: the opening turn is no ask and
the acknowledgement no answer. It is told by structure only: the conversation's first
record is the person's and its words are a document of two headed sections or more, the
next record is another voice's single short sentence with no question, and the person
speaks again right after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gapless.engine.sources.chat_shape import leaves

SECTIONS = 2  # heading lines of the opening document, at least
SHORT = 80  # characters of the acknowledgement, at most
_HEADING = re.compile(r"^#{1,6} \S", re.MULTILINE)
_SENTENCES = re.compile(r"[.!?](?:\s|$)")


def priming(records: list[Any], voice: Callable[[Any], str | None],
            person: frozenset[str]) -> list[Any]:
    """The opening records that are the harness's priming exchange (the instructions and
    their acknowledgement), or [] when the conversation opens otherwise."""
    if len(records) < 3 or not all(isinstance(r, dict) for r in records[:3]):
        return []
    opening, reply, after = records[:3]
    if voice(opening) not in person or voice(after) not in person:
        return []
    if voice(reply) is None or voice(reply) in person:
        return []
    document, ack = _words(opening), _words(reply)
    if len(_HEADING.findall(document)) < SECTIONS or not ack or len(ack) > SHORT:
        return []
    if "?" in ack or len(_SENTENCES.findall(ack)) > 1 or "\n" in ack:
        return []
    return [opening, reply]


def _words(record: dict[str, Any]) -> str:
    """A record's words: its longest string of several words."""
    said = [v.strip() for _p, v in leaves(record) if isinstance(v, str) and " " in v.strip()]
    return max(said, key=len, default="")
