"""A level written as a digit inside a structured token: "%LINK-3-UPDOWN: …".

Some loggers name each event with a token of words joined by "-" that closes the header
with a colon, one part of which is the record's severity as a digit of syslog's scale
(0 emergency … 7 debug); the event's own name may be a number ("%ASA-6-302013:"). Such a
token is a level field when, on (nearly) every record, it has the same number of parts with
its one digit at the same position, and that digit takes more than one value (a constant
digit is a name's, not a level). The token stays the
message's first word: it names the event.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_SEP = "-"


def _parts(field: str) -> list[str] | None:
    """The parts of a "name:" token of words joined by "-" with one digit 0-7 among them
    ("%LINK-3-UPDOWN:"), else None."""
    if len(field) < 6 or field[-1] != ":" or _SEP not in field:
        return None
    parts = field[:-1].lstrip("%#@*").split(_SEP)
    if len(parts) < 3:
        return None
    digits = 0
    for p in parts:
        if len(p) == 1 and "0" <= p <= "7":
            digits += 1
        elif not ((p[:1].isalpha() and p.replace("_", "").isalnum()) or _event_number(p)):
            return None
    return parts if digits == 1 else None


def _event_number(part: str) -> bool:
    """A part that numbers the event ("302013" of "%ASA-6-302013:"): a firewall's messages
    are named by number where a router's are named by a word."""
    return len(part) >= 2 and part.isdigit()


def severity_digit(field: str) -> str | None:
    """The severity digit of a structured "name:" token ("3" of "%LINK-3-UPDOWN:"), else
    None."""
    parts = _parts(field)
    return None if parts is None else next(p for p in parts if len(p) == 1 and p.isdigit())


def severity_share(values: Iterable[str]) -> int:
    """How many of a column's ``values`` hold their severity digit at the position most of
    them do (in as many parts), when that digit takes two values or more; else 0."""
    at: Counter[tuple[int, int]] = Counter()
    digits: dict[tuple[int, int], set[str]] = {}
    for v in values:
        parts = _parts(v)
        if parts is None:
            continue
        i = next(k for k, p in enumerate(parts) if len(p) == 1 and p.isdigit())
        key = (len(parts), i)
        at[key] += 1
        digits.setdefault(key, set()).add(parts[i])
    if not at:
        return 0
    key, count = at.most_common(1)[0]
    return count if len(digits[key]) >= 2 else 0


# a masked event's name: "%ASA-<*>-302013:", "%LINK-<*>-UPDOWN:" (its severity a value)
_MASKED_NAME = re.compile(r"[%#@*]?[A-Za-z][\w]*(?:-[A-Za-z]\w*)*-<\*>-\w+(?:-\w+)*:")


def other_event(a: str, b: str) -> bool:
    """Whether two masked tokens each name an event by its severity-numbered name and the
    names differ: another event, however many words the messages share (``%ASA-<*>-302013:
    Built outbound TCP connection`` and ``%ASA-<*>-302015: Built inbound UDP connection``)."""
    return a != b and _MASKED_NAME.fullmatch(a) is not None and \
        _MASKED_NAME.fullmatch(b) is not None
