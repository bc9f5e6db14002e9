"""Lines of ``key=value`` pairs (logfmt: Go's slog and logrus text output, Heroku's router):
read as flat records, whose level, message and time keys :mod:`.json_fields` learns from
their values as it learns a JSON line's.

A line is such a record when, after a prefix of its own (a stamp, a program's name), it is
wholly pairs (a bare value, or a double-quoted one with backslash escapes), at least three
of them; a value of digits is a number, as JSON's would be. No key is known by its name.
"""

from __future__ import annotations

import re

_PAIR = re.compile(r'([A-Za-z_@][\w.@/-]{0,63})=("(?:[^"\\\n]|\\.){0,4000}"|[^\s"]*)(?:\s+|$)')
_INTEGER = re.compile(r"-?\d{1,19}")
_DECIMAL = re.compile(r"-?\d{1,12}\.\d{1,9}")
MIN_PAIRS = 3
_PREFIX_CHARS = 80  # of a line before its first pair (a stamp, a program's name)


def split_pairs(line: str) -> tuple[str, dict[str, object]] | None:
    """A line's prefix (a stamp, a name: no ``=`` in it) and its pairs as an object, or
    None when the rest of the line is not wholly pairs."""
    text = line.rstrip()
    first = text.find("=")
    if first < 0:
        return None
    start = text.rfind(" ", 0, first) + 1  # the first pair's key starts after a blank
    if start > _PREFIX_CHARS or '"' in text[:start]:
        return None
    out: dict[str, object] = {}
    pos = start
    while pos < len(text):
        m = _PAIR.match(text, pos)
        if m is None:
            return None
        key, raw = m.group(1), m.group(2)
        out[key] = _value(raw)
        pos = m.end()
    return (text[:start], out) if len(out) >= MIN_PAIRS else None


def _value(raw: str) -> object:
    if raw[:1] == '"':
        return re.sub(r"\\(.)", r"\1", raw[1:-1])
    if _INTEGER.fullmatch(raw):
        return int(raw)
    if _DECIMAL.fullmatch(raw):
        return float(raw)
    return raw
