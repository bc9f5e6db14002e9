"""A record's time from the time fields of its header, as a sortable stamp.

The fields come in the order the log writes them: a date (``2024-03-01``, ``01.03.2024``,
``01-Mar-2024``, a month's name with its day before or after it and a year after), a time of
day (with ``AM``/``PM``), an epoch. A year the log does not write is ``0000``. Whether a
header's field is a time at all (a stamp, an epoch; a bracket that holds a time) is told
here too.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.colon_bracket import colon_parts
from gapless.engine.extractive.logs.formats import MONTHS
from gapless.engine.extractive.logs.uptime import is_uptime

EPOCH = re.compile(r"^1\d{9}(?:\.\d+)?$")  # seconds since 1970, of 2001-2286
# a TAI64N label (daemontools, runit, s6, qmail: "@4000000065e1a3b00c1e3b34"): 2^62 plus the
# seconds since 1970 in TAI, then nanoseconds, in hexadecimal
TAI64N = re.compile(r"^@4000000[0-9a-f]{17}$")
_TAI_UNIX = 2**62 + 10  # the label of 1970's first second (TAI ran 10 s ahead of UTC then)
# an epoch in a name's parentheses, with the record's serial after a colon: the header's
# token that stamps a record of key=value pairs ("msg=audit(1709251200.272:4000):")
_HELD_EPOCH = re.compile(r"^[A-Za-z_][\w=]*\((1\d{9}(?:\.\d+)?)(?::\d+)?\):?$")
_YMD = re.compile(r"(\d{4})([-/.]?)(\d{1,2})\2(\d{1,2})")
_MD = re.compile(r"^(\d{1,2})[-/.](\d{1,2})$")
_DMY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")  # "01.03.2024": the day first, as written
_DAY_MONTH = re.compile(r"^(\d{1,2})[-/]([A-Z][a-z]{2})[-/](\d{4})$")  # "01-Mar-2024"
MERIDIEM = {"AM": 0, "PM": 12}


def month_date(field: str) -> tuple[int, int, int] | None:
    """A day, a month's name and a year ("01-Mar-2024": Tomcat's, PHP's) as (y, m, d)."""
    m = _DAY_MONTH.match(field)
    if m is None or m.group(2) not in MONTHS:
        return None
    return int(m.group(3)), MONTHS[m.group(2)], int(m.group(1))


_HMS = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
# a time of day without colons right after its date in one field ("20240301:120000.123",
# "20240301T120000")
_BASIC_CLOCK = re.compile(r"^[:T](\d{2})(\d{2})(\d{2})(?:[.,]\d+)?$")


def stamp_of(fields: Sequence[str]) -> str | None:
    """A sortable ``YYYY-MM-DDTHH:MM:SS`` from a header's time fields (``0000`` for a year
    the log does not write), or None."""
    date: tuple[int, int, int] | None = None
    clock: tuple[int, int, int] | None = None
    month: int | None = None
    day: int | None = None
    year = 0
    lead: int | None = None  # a day written before its month's name ("01 Mar 2024")
    meridiem: int | None = None
    dated = False  # whether the field before was the month's name or its day
    for f in fields:
        f = f.strip("[],")
        was, dated = dated, False
        if clock is None and date is None and f.isdigit():
            if month is None and len(f) <= 2:
                lead = int(f)
                continue
            if was and len(f) == 4 and 1970 <= int(f) <= 2100:
                year = int(f)  # the year right after a month's name or its day
                continue
        if f.upper() in MERIDIEM:  # "01:00:00 PM"
            meridiem = MERIDIEM[f.upper()]
            continue
        dmy = _DMY.match(f)
        if dmy is not None and date is None:
            date = (int(dmy.group(3)), int(dmy.group(2)), int(dmy.group(1)))
            continue
        named = month_date(f)
        if named is not None and date is None:
            date = named
            continue
        if TAI64N.match(f):
            t = dt.datetime.fromtimestamp(int(f[1:17], 16) - _TAI_UNIX, tz=dt.UTC)
            return t.strftime("%Y-%m-%dT%H:%M:%S")
        seconds = f.rstrip(":") if EPOCH.match(f.rstrip(":")) else (
            (held := _HELD_EPOCH.match(f)) and held.group(1) if "(" in f else None)
        if seconds:
            t = dt.datetime.fromtimestamp(float(seconds), tz=dt.UTC)
            return t.strftime("%Y-%m-%dT%H:%M:%S")
        if f[:3] in MONTHS and len(f) <= 4:
            month = MONTHS[f[:3]]
            if lead is not None and day is None:
                day = lead
            dated = True
            continue
        if month is not None and day is None and f.isdigit() and len(f) <= 2:
            day = int(f)
            dated = True
            continue
        rest = f
        m = _YMD.match(f)
        if m is not None and date is None and len(m.group(0)) >= 8:
            date = (int(m.group(1)), int(m.group(3)), int(m.group(4)))
            rest = f[m.end():]
        else:
            md = _MD.match(f)
            if md is not None and date is None:
                date = (0, int(md.group(1)), int(md.group(2)))
                continue
        c = _HMS.search(rest)
        if c is not None and clock is None:
            clock = (int(c.group(1)), int(c.group(2)), int(c.group(3) or 0))
        elif clock is None and rest != f and (b := _BASIC_CLOCK.match(rest)) is not None:
            clock = (int(b.group(1)), int(b.group(2)), int(b.group(3)))  # "20240301:120000"
    if date is None and month is not None:
        date = (year, month, day or 1)
    if clock is None:
        return None
    if meridiem is not None:
        if not 1 <= clock[0] <= 12:
            return None
        clock = (clock[0] % 12 + meridiem, clock[1], clock[2])
    y, mo, d = date if date is not None else (0, 0, 0)
    if not (0 <= mo <= 12 and 0 <= d <= 31 and clock[0] < 24):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}T{clock[0]:02d}:{clock[1]:02d}:{clock[2]:02d}"


_TIME_OF_DAY = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
# a time of day in a bracket, not a piece of an address or a path ("0.0.0.0:2181", "@1:22");
# a "Z" glued to it is its zone, UTC's, not a word ("[2024-03-01 12:00:00Z INFO Runner]"); its
# milliseconds may follow a colon of their own ("[10:12:33:123]")
_BRACKET_TIME = re.compile(r"(?<![\w.:/@$])\d{1,2}:\d{2}(?::\d{2}(?::\d{3})?)?Z?(?![\w:/@$])")
_TIMEISH = re.compile(r"^[\d\-/:.,T+Z_]+$")
_DATEISH = re.compile(r"^(?:(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{4}\.\d{2}\.\d{2}|\d{1,2}[-/.]\d{1,2}"
                      r"|\d{8}|\d{1,2}\.\d{1,2}\.\d{4})[,T]?|\d{1,2}/\d{1,2}/\d{4})$")
# (a slashed date with its year last, "1/3/2024", only with no comma after it: a chat
# export's "12/5/2026, 10:03" is a message's stamp, no log column)
_STAMP = re.compile(r"\d{4}[-/]\d{1,2}[-/]\d{1,2}[T_]\d")  # a date glued to its time


def is_time(field: str) -> bool:
    """Whether a field is a stamp: a time of day or a date, or an epoch."""
    return bool(EPOCH.match(field.rstrip(":")) or TAI64N.match(field)) or month_date(
        field) is not None or (
        any(c.isdigit() for c in field) and bool(
        _TIMEISH.match(field)) and bool(_TIME_OF_DAY.search(field) or _DATEISH.match(field))
    ) or ("(" in field and _HELD_EPOCH.match(field) is not None)


def bracket_time(field: str) -> bool:
    """Whether a bracket holds a time of day ("[12:00:01 …]") or a stamp of its own
    ("[2024-03-01T12:00:01Z …]")."""
    if is_uptime(field) or colon_parts(field) is not None:
        return True  # ("[   12.345678]": the seconds since boot, :mod:`.uptime`; a compact
        # stamp among colon-parted fields, :mod:`.colon_bracket`)
    return bool(_BRACKET_TIME.search(field) or EPOCH.match(field.rstrip(":").strip("[]"))) or any(
        _STAMP.match(w) and is_time(w) for w in field.rstrip(":").strip("[]").split())
