"""A log's time range is a fact or it is not said: a 12-hour clock read with its AM/PM, a
day-first dotted date read as written, and times of day without a date never made into a
duration (the earliest and latest of them need not be the first and last record's)."""

from __future__ import annotations

from collections.abc import Callable

from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.render import duration

_SAID = ("cache miss for key {}", "user {} signed in", "job {} finished")


def _log(stamp: Callable[[int], str], n: int = 240) -> str:
    return "".join(f"{stamp(i)} {('INFO', 'WARN')[i % 5 == 0]} {_SAID[i % 3].format(i)}\n"
                   for i in range(n))


def _stats(text: str) -> LogStats:
    """The stats of a text read as the log it is detected to be."""
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    return stats


def test_a_twelve_hour_clock_is_read_with_its_meridiem() -> None:
    def stamp(i: int) -> str:
        hour = 9 + i // 40  # 9 AM to 2 PM
        return f"{hour % 12 or 12:02d}:{i % 40:02d}:00 {'AM' if hour < 12 else 'PM'}"

    text = _log(stamp)
    stats = _stats(text)
    assert (stats.first, stats.last) == ("0000-00-00T09:00:00", "0000-00-00T14:39:00")
    assert "component" not in stats.fields  # ("AM" and "PM" are the time's, not names)


def test_a_day_first_dotted_date_is_read_as_written() -> None:
    def stamp(i: int) -> str:
        return f"{1 + i // 120:02d}.03.2024 {i % 120 // 6:02d}:{i % 6 * 10:02d}:00"

    text = _log(stamp)
    stats = _stats(text)
    assert (stats.first, stats.last) == ("2024-03-01T00:00:00", "2024-03-02T19:50:00")
    assert "2024-03-01 00:00:00 to 2024-03-02 19:50:00 (43 h 50 min)" in summarize_text(
        text).summary


def test_times_of_day_without_a_date_state_no_duration() -> None:
    """Two days of a log that writes the time of day only: 23:00 to 01:00 the next day
    read as 00:00 to 23:59 made a duration of almost a day, which is not one."""
    def stamp(i: int) -> str:
        minute = (23 * 60 + i) % (24 * 60)
        return f"[{minute // 60:02d}:{minute % 60:02d}:00 INF]"

    text = "".join(f"{stamp(i)} {_SAID[i % 3].format(i)}\n" for i in range(120))
    read = summarize_text(text)
    assert "times of day 00:00:00 to 23:59:00 (no dates read)" in read.summary
    assert read.headline.startswith("Log, 120 lines:") and " over " not in read.headline


def test_a_duration_rounds_to_whole_minutes_before_hours() -> None:
    assert duration("2024-03-01T00:00:00", "2024-03-01T11:59:56") == "12 h"
    assert duration("2024-03-01T00:00:00", "2024-03-01T06:39:33") == "6 h 40 min"
