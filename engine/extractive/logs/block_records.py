"""Records that are blocks of "key=value" or "Key : value" lines, parted by blank lines.

An export of a journal or an event list writes each record as a block of lines, one field a
line ("PRIORITY=6", "LevelDisplayName : Error"), a blank line after it; a long value's
further lines indented under it. Read line by line, no line is a record and the whole is no
log. A block is one record. By the blocks' values, not the keys' names: the level is the key
present in (nearly) every block whose values are a small closed set of level words (or
syslog's severity digits), the one of most distinct values; the message the key present in
most blocks whose values hold words (not a time's: "3/1/2024 12:00:07 AM"), of most distinct
words; the time the one key whose values are times (an ISO stamp, epoch seconds or their
fractions): of two, one may be a counter since boot that reads as epoch seconds, and no time
is better than a wrong one (the values' roles: :mod:`.block_roles`; a first line that is a
header with pairs at its end: :mod:`.block_header`; blocks of a header line over free lines:
:mod:`.headed_blocks`). The keys travel as the format's name (``blocks:{…}``), so a part
of the input reads alike; a block cut by a part's edge is the piece that the fold joins with
the rest of it (see :mod:`.scan`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.block_header import header_fields
from gapless.engine.extractive.logs.block_roles import level_set, worded_variety
from gapless.engine.extractive.logs.formats import Parser, Record, _json_time, _record
from gapless.engine.extractive.logs.headed_blocks import (
    HEADED,
    TEXT,
    WORD,
    headed_fields,
    learn_headed,
)
from gapless.engine.extractive.logs.level_words import SET_SIZE
from gapless.engine.extractive.logs.stamps import stamp_of
from gapless.engine.extractive.weights import LOG

PREFIX = "blocks:"
BLANK = re.compile(r"\n[ \t\r]*\n")  # (a blank line ends a block; Windows ends lines "\r\n")
_PAIR = {"=": re.compile(r"^([A-Za-z_][A-Za-z0-9_.]*)=(.*)$"),
         ":": re.compile(r"^([A-Za-z_][\w.]*) *: ?(.*)$")}
_MIN_KEYS = 3
_SEVERITY = frozenset("01234567")  # (syslog's severity digits)


def is_blocks(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def _fields(block: str, sep: str) -> dict[str, str] | None:
    """A block's fields (a further line, indented, continues the value above), or None when
    a line at the margin is no pair."""
    pair = _PAIR[sep]
    fields: dict[str, str] = {}
    last = None
    for line in block.splitlines():
        if not line.strip():
            continue
        if line[:1].isspace() and last is not None:
            fields[last] += " " + line.strip()
            continue
        m = pair.match(line)
        if m is None and not fields and sep == ":" and (head := header_fields(line)):
            fields.update(head)  # (a header line, its stamp and fields: .block_header)
            continue
        if m is None:
            return None
        last = m.group(1)
        fields[last] = m.group(2).strip()
    return fields or None


def _blocks(text: str) -> list[str]:
    blocks = [b for b in BLANK.split(text) if b.strip()]
    return blocks[1:-1] if len(blocks) > 2 else blocks  # (the first and last may be cut)


def learn_blocks(text: str) -> str | None:
    """The format of a text of block records, or None."""
    blocks = _blocks(text)
    if len(blocks) < LOG.min_records:
        return None
    for sep in ("=", ":"):
        rows = [f for f in (_fields(b, sep) for b in blocks) if f is not None and len(
            f) >= _MIN_KEYS]
        if len(rows) >= LOG.shape_share * len(blocks):
            return _roles(rows, sep)
    return None


def learn_headed_blocks(text: str) -> str | None:
    """The format of a text of blocks of a header line and free lines under it
    (:mod:`.headed_blocks`), or None."""
    blocks = _blocks(text)
    at = learn_headed(blocks, _is_level) if len(blocks) >= LOG.min_records else None
    if at is None:
        return None
    roles = {"sep": HEADED, "at": at, "level": WORD, "message": TEXT, "time": None}
    return PREFIX + json.dumps(roles, sort_keys=True)


def _is_level(value: str) -> bool:
    return level_of(value) is not None or (len(value) == 1 and value in _SEVERITY)


def _roles(rows: Sequence[dict[str, str]], sep: str) -> str | None:
    present = Counter(k for r in rows for k in r)
    common = [k for k, n in present.items() if n >= LOG.level_share * len(rows)]
    values = {k: Counter(r[k] for r in rows if k in r) for k in present}
    levels = [k for k in common if 2 <= len(values[k]) <= min(SET_SIZE, len(rows) / 2)
              and level_set(values[k], _is_level)]
    worded = [k for k, n in present.items() if n >= LOG.min_share * len(rows) and k not in levels
              and sum(c for v, c in values[k].items() if " " in v and stamp_of(v.split()) is None
                      ) * 2 >= n]
    if not levels or not worded:
        return None
    level = max(levels, key=lambda k: (len(values[k]), k))
    message = max(worded, key=lambda k: (worded_variety(values[k]), len(values[k]), k))
    times = [k for k in common if all(_json_time(v) is not None for v in list(values[k])[:50])]
    # (two keys of times, a wall clock's and an uptime's counter that reads as one: neither)
    roles = {"sep": sep, "level": level, "message": message,
             "time": times[0] if len(times) == 1 else None}
    return PREFIX + json.dumps(roles, sort_keys=True)


@lru_cache(maxsize=16)
def block_parser(fmt: str) -> Parser:
    """The parser of a learned block format: one block's text (its lines) to its record."""
    roles = json.loads(fmt[len(PREFIX):])
    sep, at_level, at_message, at_time = roles["sep"], roles["level"], roles["message"], roles[
        "time"]

    def parse(block: str) -> Record | None:
        fields = headed_fields(block, roles["at"]) if sep == HEADED else _fields(block, sep)
        if fields is None or (at_message not in fields and at_level not in fields):
            return None
        time = _json_time(fields[at_time]) if at_time in fields else None
        message = fields.get(at_message) or "(no message)"
        return _record(time, fields.get(at_level) or None, message, {})

    return parse
