"""Records of one line each, their fields written as an element's ``key="value"`` attributes.

Some tools write a record as markup: the message in a marked section, its fields after it
as the attributes of an element ('<![LOG[Policy download failed]LOG]!><time="10:12:33.123"
date="03-01-2024" component="PolicyAgent" type="3" thread="4242">'). Cut at blanks, no
column is shared at the line's start and the whole is no log. A line is a record when it
holds an element of three attributes or more; its message is the text outside that element
(the inside of a marked section "<![name[ … ]name]>" when it is one). By the values, not the
keys' names: the level is the attribute present on (nearly) every record whose values are a
small closed set of level words (a number of a tool's own scale is none: the log then has
no level field, said so); the time is read from the attributes whose values are a date and
a clock, when they read as a valid one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.block_roles import level_set
from gapless.engine.extractive.logs.formats import Parser, Record, _record
from gapless.engine.extractive.logs.level_words import SET_SIZE
from gapless.engine.extractive.logs.stamps import stamp_of
from gapless.engine.extractive.weights import LOG

PREFIX = "attributes:"
_ATTR = re.compile(r'([A-Za-z_][\w.-]*)="([^"]*)"')
_ELEMENT = re.compile(r'<[\w.-]*\s*(?:[A-Za-z_][\w.-]*="[^"]*"\s*){3,}/?>')
_SECTION = re.compile(r"^<!\[(\w*)\[(.*)\]\1?\]!?>$", re.S)
_MIN_ATTRIBUTES = 3
_CLOCK = re.compile(r"^\d{1,2}:\d{2}:\d{2}")
_DATE = re.compile(r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})$")
_SANE = re.compile(r"^\d{4}-\d\d-\d\dT(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d")


def is_attributes(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def _split(line: str) -> tuple[dict[str, str], str] | None:
    """A line's attributes and its message (the text outside the element), or None."""
    m = _ELEMENT.search(line)
    if m is None:
        return None
    outside = (line[:m.start()] + line[m.end():]).strip()
    section = _SECTION.match(outside)
    message = section.group(2).strip() if section else outside
    return dict(_ATTR.findall(m.group(0))), message


def learn_attributes(lines: Sequence[str], need: float) -> str | None:
    """The format of lines of attribute records, or None (fewer than ``need`` are, or their
    messages hold no words)."""
    rows = [r for r in map(_split, lines) if r is not None and any(c.isalpha() for c in r[1])]
    if len(rows) < need:
        return None
    present = Counter(k for attrs, _ in rows for k in attrs)
    common = [k for k, n in present.items() if n >= LOG.level_share * len(rows)]
    values = {k: Counter(attrs[k] for attrs, _ in rows if k in attrs) for k in common}
    levels = [k for k in common if 2 <= len(values[k]) <= SET_SIZE
              and level_set(values[k], lambda v: level_of(v) is not None)]
    clocks = [k for k in common if all(_CLOCK.match(v) for v in values[k])]
    dates = [k for k in common if all(_DATE.match(v) for v in values[k])]
    roles = {"level": max(levels, key=lambda k: (len(values[k]), k)) if levels else None,
             "clock": clocks[0] if len(clocks) == 1 else None,
             "date": dates[0] if len(dates) == 1 else None}
    return PREFIX + json.dumps(roles, sort_keys=True)


@lru_cache(maxsize=4)
def attributes_parser(fmt: str) -> Parser:
    """The parser of a learned attribute-record format."""
    roles = json.loads(fmt[len(PREFIX):])
    at_level, at_clock, at_date = roles["level"], roles["clock"], roles["date"]

    def parse(line: str) -> Record | None:
        split = _split(line)
        if split is None:
            return None
        attrs, message = split
        time = None
        if at_clock in attrs:
            parts = [attrs[at_date]] if at_date in attrs else []
            stamp = stamp_of([*parts, attrs[at_clock][:8]])
            time = stamp if stamp is not None and _SANE.match(stamp) else None
        level = attrs.get(at_level) or None if at_level else None
        return _record(time, level, message or line, {})

    return parse
