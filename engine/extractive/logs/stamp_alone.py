"""A record whose first line is its stamp alone, its message on the lines after it.

Some logs write each record's time on a line of its own and the message on the next one
(Oracle's alert log: ``2024-03-01T10:00:00.123456+00:00``, then ``Thread 1 advanced to log
sequence 42``); the message line may be at the margin, holding no level. A line that is a
date and a time of day and nothing else opens such a record. The stamp must hold a date (a
month and a day): a bare clock alone on its line is a transcript's offset, no log's stamp;
and a time of day to the second at least, as a program's clock writes it: a date and an
hour and minute alone on their line head a person's notes or diary, one entry under each.
The header of such a record is the stamp's columns only (no level), so a paired format
(:mod:`.paired`) whose shape is a stamp alone is one of these.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import field_class, first_fields
from gapless.engine.extractive.logs.stamps import stamp_of
from gapless.engine.extractive.weights import LOG

SHAPE = "shape:"  # (:data:`.shape.PREFIX`, which imports this module's importer)
_STAMP_CLASSES = ("T", "N", "M", "W")  # a time, a number, a month, a weekday's name
_STAMP_WORDS = 6  # of a stamp alone ("Fri Mar 01 10:00:00 2024"), at most
_SHARE = 0.3  # of the lines, at least, in a log of such records (its messages the others)
_SECONDS = re.compile(r"\d:\d\d:\d\d")  # (a clock to the second: "10:00:00", "9:03:00")


def stamp_alone(line: str) -> bool:
    """Whether ``line`` is a dated stamp and nothing else, at the margin."""
    if not line[:1].strip() or len(line) > 48 or _SECONDS.search(line) is None:
        return False
    words = line.split()
    if len(words) > _STAMP_WORDS:
        return False
    fields = first_fields(line)
    if len(fields) != len(words) or not all(field_class(f) in _STAMP_CLASSES and (
            field_class(f) != "W" or (i == 0 and len(f) == 3 and f.isalpha()))
            for i, (f, _, _) in enumerate(fields)):
        return False  # (a word only as the weekday's name that opens "Fri Mar 01 …")
    stamp = stamp_of(words)
    return stamp is not None and stamp[5:10] != "00-00" and any(
        field_class(f) == "T" for f, _, _ in fields)


def stamp_shape(firsts: Sequence[str]) -> str | None:
    """The shape of records' first lines when nearly all are a stamp alone of one make
    (their fields' classes), else None."""
    makes = Counter(",".join(f"{field_class(f)}_s" for f, _, _ in first_fields(line))
                    for line in firsts if stamp_alone(line))
    if not makes:
        return None
    make, count = makes.most_common(1)[0]
    return SHAPE + make if count >= LOG.level_share * len(firsts) else None


def mostly_stamps(lines: Sequence[str]) -> bool:
    """Whether a stamp alone is a good share of the lines: a log of such records, whatever
    else a line of it opening with a stamp may look like."""
    return sum(1 for line in lines if stamp_alone(line)) >= _SHARE * len(lines)


def stamp_only(shape: str) -> bool:
    """Whether a shape's header is a stamp's columns only (a record of this module's)."""
    return shape.startswith(SHAPE) and all(
        c.split("_", 1)[0] in _STAMP_CLASSES for c in shape[len(SHAPE):].split(","))
