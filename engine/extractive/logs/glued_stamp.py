"""Records that open with a bracketed time glued to what follows, closed by a colon.

Some tools write no blank after the bracket of the time: "[00:00:07]i: …" (a build server's
level letter, a blank instead on a plain line: "[00:00:14] : …"), "[2024.03.01-10.12.33:123]
[  0]LogTemp: …" (a frame counter's bracket, then a category). Cut at blanks, such a line's
first field runs into its next one and no column is read: the whole is no log. Here a line
is a record when it opens with a bracket holding a clock's time, then any brackets glued to
it, then a token (or none) closed by a colon. The token is the level when its values are a
small closed set of level words (a level letter in either case: "i", "W", "E"; a line
without one has no level); else it is a name, the record's component, and the log has no
level column. The message is what follows the colon.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from gapless.engine.extractive.logs.formats import LETTER_LEVELS, Parser, Record, _record
from gapless.engine.extractive.logs.level_words import SET_SIZE, level_word
from gapless.engine.extractive.logs.stamps import stamp_of

PREFIX = "glued:"
_LINE = re.compile(r"^\[(?P<time>[^\[\]\n]{0,40}\d[:.]\d\d[^\[\]\n]{0,40})\]"
                   r"(?P<more>(?:\[[^\[\]\n]{0,40}\])*)(?P<token>[^\s:\[\]]{0,40}) ?:"
                   r"(?:[ \t]+|$)")


def is_glued(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def _level(token: str) -> bool:
    return level_word(token) is not None or (len(token) == 1 and token.upper() in LETTER_LEVELS)


def learn_glued(lines: Sequence[str], need: float) -> str | None:
    """The format of lines that open with a glued bracketed time, or None (fewer than
    ``need`` of ``lines`` do, or none glues it to what follows)."""
    matches = []
    glued = False
    for line in lines:
        m = _LINE.match(line)
        if m is not None:
            matches.append(m)
            glued = glued or (bool(m.group("token")) and m.start("token") == m.end("more"))
    if len(matches) < need or not glued:
        return None
    tokens = Counter(m.group("token") for m in matches if m.group("token"))
    leveled = bool(tokens) and len(tokens) <= SET_SIZE and all(map(_level, tokens))
    return PREFIX + json.dumps({"level": leveled})


# a date and a clock of dots after a dash ("2024.03.01-10.12.33:123"): the clock's parts
_DOTTED = re.compile(r"(\d{4}[./-]\d\d[./-]\d\d)[-_](\d\d)\.(\d\d)\.(\d\d)")
_SANE = re.compile(r"^\d{4}-\d\d-\d\dT(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d")


def _time(written: str) -> str | None:
    """The stamp of the bracket's time (its clock's parts parted by dots or colons), or None
    when it reads as no valid time of day (no time is better than a wrong one)."""
    written = _DOTTED.sub(lambda m: f"{m[1].replace('.', '-')} {m[2]}:{m[3]}:{m[4]}", written)
    stamp = stamp_of(written.split())
    return stamp if stamp is not None and _SANE.match(stamp) else None


@lru_cache(maxsize=4)
def glued_parser(fmt: str) -> Parser:
    """The parser of a learned glued-stamp format."""
    leveled = bool(json.loads(fmt[len(PREFIX):])["level"])

    def parse(line: str) -> Record | None:
        m = _LINE.match(line)
        if m is None:
            return None
        token = m.group("token")
        time = _time(m.group("time"))
        message = line[m.end():].strip() or line
        if leveled:
            return _record(time, token or None, message, {})
        return _record(time, None, message, {"component": token[:80]} if token else {})

    return parse
