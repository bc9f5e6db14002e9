"""Bursts: minutes with many more errors (or warnings) than the log's usual rate.

Records are counted per minute of their time; a minute is a burst when it holds at least
:data:`MIN_BURST` of them and at least :data:`FACTOR` times the log's mean per minute over
its whole span. Adjacent burst minutes make one window. Per node only the
:data:`MINUTE_CAP` busiest minutes are kept (the rest are counted, and what the kept ones
may lack is bounded, see :mod:`.bounded`): bursts are named only when those bounds prove
that no other minute could be one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from gapless.engine.extractive.logs.bounded import Counted

MINUTE_CAP = 300
MIN_BURST = 5
FACTOR = 5.0


@dataclass(frozen=True)
class Burst:
    start: str  # "YYYY-MM-DDTHH:MM"
    end: str
    count: int
    usual: float  # mean per minute over the log's span


def parse_time(value: str | None) -> dt.datetime | None:
    """A stats time (year 0000 when the log has none) as a datetime (year 2000 then)."""
    if not value:
        return None
    text = ("2000" + value[4:]) if value.startswith("0000") else value
    if text[4:10] == "-00-00":  # a time of day the log writes without a date
        text = text[:4] + "-01-01" + text[10:]
    try:
        return dt.datetime.fromisoformat(text[:19] if len(text) >= 19 else text)
    except ValueError:
        return None


def may_wrap(first: str | None, last: str | None) -> bool:
    """Whether the earliest and latest of a log's dates need not be its first and last
    record's: dates without a year more than half a year apart may be a log that crosses a
    year's end (a week of syslog from Dec 28 to Jan 3 holds Jan 01 … Dec 31)."""
    if not first or not last or not first.startswith("0000-") or first.startswith("0000-00"):
        return False
    a, b = parse_time(first), parse_time(last)
    return a is not None and b is not None and (b - a).days > 183


def span_minutes(first: str | None, last: str | None) -> float | None:
    """The minutes from the earliest time to the latest, or None when not told (see
    :func:`may_wrap`)."""
    a, b = parse_time(first), parse_time(last)
    if a is None or b is None or b < a or may_wrap(first, last):
        return None
    return (b - a).total_seconds() / 60.0


def find_bursts(minutes: Counted, first: str | None, last: str | None, limit: int = 3, *,
                past: int = 0) -> list[Burst] | None:
    """The ``limit`` largest burst windows, in time order; None when the minutes kept
    cannot prove them: a minute not kept, or one whose count may be short (``minutes``
    carries what its counts may lack, see :mod:`.bounded`), may be a burst. ``past``: the
    records in minutes past the cap, which the usual rate counts."""
    counts = minutes.counts
    total = sum(counts.values()) + past
    span = span_minutes(first, last)
    if not counts or span is None or span < 10:
        return []
    usual = total / max(1.0, span)
    floor = max(MIN_BURST, FACTOR * usual)
    if minutes.bound >= floor or any(counts[k] + s >= floor for k, s in minutes.short.items()):
        return None
    hot = sorted(k for k, v in counts.items() if v >= floor)
    windows: list[list[str]] = []
    for key in hot:
        t = parse_time(key)
        if windows:
            prev = parse_time(windows[-1][-1])
            if t is not None and prev is not None and (t - prev).total_seconds() <= 60:
                windows[-1].append(key)
                continue
        windows.append([key])
    bursts = [Burst(w[0], w[-1], sum(counts[k] for k in w), usual) for w in windows]
    bursts.sort(key=lambda b: (-b.count, b.start))
    return sorted(bursts[:limit], key=lambda b: b.start)
