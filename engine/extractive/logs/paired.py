"""Records of two lines: a header line, and the line after it that carries the message.

Some loggers write each record over two lines by default: java.util.logging's
SimpleFormatter puts the time and the source on one line and ``LEVEL: message`` on the
next; .NET's console logger puts ``level: Category[event]`` on one line and the message,
indented, on the next. Neither line alone holds a record: the pair does. A log is read so
when most of its lines pair up — a line at the margin followed by an indented line or by
one that opens with a level word and a colon — and the joined pairs share a line-start
shape (:mod:`.shape`) with a time or a level. The format is that shape behind
:data:`PREFIX`; its parser reads a pair joined by :func:`joined`. A scan reads the lines two
by two (:mod:`.scan`), and a scope's last line, whose partner may open the next scope, is
kept for the fold to join, as a line cut in two is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from gapless.engine.extractive.logs.formats import Record
from gapless.engine.extractive.logs.header_alone import alone_only, header_alone
from gapless.engine.extractive.logs.stamp_alone import stamp_alone, stamp_only, stamp_shape
from gapless.engine.extractive.weights import LOG

PREFIX = "lines2:"


def is_paired(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def inner(fmt: str) -> str:
    """The shape a paired format's joined records share."""
    return fmt[len(PREFIX):]


def level_first(fmt: str) -> bool:
    """Whether a paired format's first line opens with its level (.NET's "info: …"): then a
    line opening with a level word and a colon starts a record, it does not end one."""
    first = inner(fmt).split(":", 1)[-1].split(",", 1)[0].split("_", 1)[0]
    return first in ("L", "L1", "LT", "BL")


def ends_record(fmt: str, line: str, level_word: Callable[[str], str | None]) -> bool:
    """Whether ``line`` can only be a record's second line in a log of ``fmt``: indented,
    or opening with a level word and a colon where records do not open with their level
    (a scope's first line takes such a line along, its record's end)."""
    if line[:1].isspace():
        return bool(line.strip())
    if stamp_only(inner(fmt)):  # (a record opens with its stamp alone: :mod:`.stamp_alone`)
        return bool(line.strip()) and not stamp_alone(line)
    if alone_only(inner(fmt)):  # (with its header alone: :mod:`.header_alone`)
        return bool(line.strip()) and not header_alone(line)
    return not level_first(fmt) and second_line(line, level_word)


def joined(first: str, second: str) -> str:
    """A record's two lines as the one line its shape reads."""
    return f"{first.rstrip()} {second.strip()}"


def second_line(line: str, level_word: Callable[[str], str | None]) -> bool:
    """Whether a line can carry the message of the line above: indented, or opening with a
    level word and a colon ("INFO: Server startup in 812 ms")."""
    if not line.strip():
        return False
    if line[0].isspace():
        return True
    first = line.split(None, 1)[0]
    return first.endswith(":") and level_word(first) is not None


def pairs(lines: Sequence[str], level_word: Callable[[str], str | None]) -> list[str]:
    """The joined pairs of ``lines`` (a line at the margin and a second line after it),
    taken greedily from the top."""
    return [joined(lines[i], lines[i + 1]) for i in _starts(lines, level_word)]


def _starts(lines: Sequence[str], level_word: Callable[[str], str | None]) -> list[int]:
    """Where the pairs of :func:`pairs` start: a line at the margin, and after it a second
    line (:func:`second_line`, or any line after a stamp alone: :mod:`.stamp_alone`)."""
    out: list[int] = []
    i = 0
    while i < len(lines) - 1:
        first, second = lines[i], lines[i + 1]
        if first.strip() and not first[0].isspace() and (second_line(second, level_word) or (
                second.strip() and (stamp_alone(first) or header_alone(first)))):
            out.append(i)
            i += 2
        else:
            i += 1
    return out


_CLASSES = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                         "A" * 26 + "a" * 26 + "9" * 10)
_RUNS = re.compile(r"(.)\1+")


def _make(line: str) -> str:
    """The make of a line's first word: its letters and digits as classes, runs as one
    ("Mar" and "Apr" alike, "info:" and "warn:" alike, "java.lang.Error:" apart)."""
    word = line.split(None, 1)[0] if line.strip() else ""
    return _RUNS.sub(r"\1", word.translate(_CLASSES))


def learn_paired(lines: Sequence[str], learn: Callable[[Sequence[str]], str | None],
                 parser: Callable[[str], Callable[[str], Record | None]],
                 level_word: Callable[[str], str | None],
                 has_level: Callable[[str], bool]) -> str | None:
    """The paired format of sampled lines, or None: most of them pair up, and the joined
    pairs share a shape that holds a level (a record's two lines name one event; without
    a level the first line alone is a record, whatever follows it, unless it is a stamp
    alone: :mod:`.stamp_alone`)."""
    found = pairs(lines, level_word)
    # (a trace's first line and its first frame pair up too: the pairs whose first word is
    # of the most common make are the records')
    makes = Counter(_make(p) for p in found)
    joined_pairs = [p for p in found if makes and _make(p) == makes.most_common(1)[0][0]]
    if 2 * len(joined_pairs) < LOG.min_share * len(lines) or len(
            joined_pairs) < LOG.min_records:
        return None
    shape = learn(joined_pairs)
    if shape is None or not has_level(shape):
        # (a stamp alone on the first line of each: a record's time, its message below)
        shape = stamp_shape([lines[i] for i in _starts(lines, level_word)])
        if shape is None:
            return None
    parse = parser(shape)
    hits = sum(1 for p in joined_pairs if parse(p) is not None)
    return PREFIX + shape if hits >= LOG.shape_share * len(joined_pairs) else None
