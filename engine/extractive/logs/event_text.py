"""A record's event text: its message without what a logger sets around it.

Some loggers write a record's context beside its message, in a column of its own (zap's
console lines: the message, a tab, a JSON object) or after it (Monolog: the message, then
its context and extra as JSON), or quote the message in a bracket with the record's fields
in brackets after it (TiDB's unified log). Templates are mined on the event, so the same
event with other context is one template.
"""

from __future__ import annotations

import json
import re

_BRACKET_PAIRS = re.compile(r'(?:\s*\[[\w.-]{1,60}=(?:"(?:[^"\\]|\\.)*"|[^\]"]*)\])*\s*$')
_DECODER = json.JSONDecoder()
# a closing bracket of "key: value" pairs, parted by commas ("[request-id: 5F2A, user: 7]")
_METADATA = re.compile(r" \[[A-Za-z][\w.-]{0,40}: [^\[\],]{1,200}"
                       r"(?:, [A-Za-z][\w.-]{0,40}: [^\[\],]{1,200}){0,12}\]$")


def quoted_text(message: str) -> str:
    """A message quoted in its bracket ('["server is running"] [port=4000]': TiDB's
    unified log) as its text, without the bracketed pairs of the record's fields after it;
    any other message as it is."""
    try:
        text, end = _DECODER.raw_decode(message, 1)
    except ValueError:
        return message
    if not isinstance(text, str) or message[end:end + 1] != "]" or not _BRACKET_PAIRS.match(
            message, end + 1):
        return message
    return text or message


def without_context(message: str) -> str:
    """A message without the JSON object a tab sets after it (zap's console lines: "msg\t
    {"port": 8080}"), or the one or two JSON objects or empty lists a blank sets after it
    (Monolog's "msg {"user": 5} []"), or a bracket of "key: value" pairs after it (a
    logger's metadata: "GET /orders [request-id: 5F2A, user: 7]"), or a Ruby hash of
    ":key=>value" pairs ("Starting pipeline {:id=>"main"}"): the record's context, no part
    of its event. An empty list after a label's colon is the label's value ("x references:
    []"), kept."""
    cut = message.rfind("\t{")
    if cut > 0 and message[:cut].strip():
        return message[:cut].rstrip()
    pairs = _METADATA.search(message)
    if pairs is not None and pairs.start() > 0:
        return message[:pairs.start()]
    hashed = message.find(" {:")  # (a Ruby hash of the context: "msg {:port=>9600}")
    if hashed > 0 and message.endswith("}") and "=>" in message[hashed:]:
        return message[:hashed]
    for _ in range(2):
        if message.endswith((" []", " {}")):
            if message[:-3].endswith(":"):
                break  # (after a label's colon: the label's empty value, "references: []")
            message = message[:-3]
        elif message.endswith("}") and (cut := _object_start(message)) > 0:
            message = message[:cut]
        else:
            break
    return message.rstrip() or message


def _object_start(message: str) -> int:
    """Where the JSON object that ends ``message`` starts, after a blank (-1: none)."""
    at = len(message)
    for _ in range(4):  # (an object may hold " {" of its own)
        at = message.rfind(" {", 0, at)
        if at < 0:
            return -1
        try:
            found = json.loads(message[at + 1:])
        except ValueError:
            continue
        return at if isinstance(found, dict) else -1
    return -1
