"""A log whose dates carry no year (syslog's ``Dec 31 23:59:58``) that crosses a year's end
holds Jan 01 … Dec 31: its earliest and latest dates are not its first and last record's,
and half an hour of records was printed "over 366 days". Such a span is not told; a
year-less log within the year keeps its span."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs.bursts import may_wrap, span_minutes

DATA = Path(__file__).parents[3] / "data" / "logs"


def _new_year_log() -> str:
    lines = []
    for i in range(600):  # 23:54 on Dec 31 to 00:24 on Jan 1, every three seconds
        t = 23 * 3600 + 54 * 60 + 3 * i
        mon, day = ("Dec", 31) if t < 24 * 3600 else ("Jan", 1)
        t %= 24 * 3600
        lines.append(f"{mon} {day:2d} {t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d} web01 "
                     f"sshd[{100 + i % 7}]: Accepted publickey for user{i % 5} from "
                     f"10.0.0.{i % 250}")
    return "\n".join(lines) + "\n"


def test_a_year_less_log_across_new_year_tells_no_span() -> None:
    ex = summarize_text(_new_year_log(), max_summary_chars=2000)
    opening = ex.summary.split("\n")[0] + " " + ex.summary.split("\n")[1]
    assert "may cross a year's end" in opening and "days" not in ex.summary
    assert " over " not in ex.headline
    assert ex.stats is not None
    assert may_wrap(ex.stats.first, ex.stats.last)
    assert span_minutes(ex.stats.first, ex.stats.last) is None


def test_a_year_less_log_within_the_year_keeps_its_span() -> None:
    ex = summarize_text((DATA / "Linux_2k.log").read_text(encoding="utf-8"),
                        max_summary_chars=2000)
    assert ex.stats is not None and not may_wrap(ex.stats.first, ex.stats.last)
    assert "(43 days)" in ex.summary and "over 43 days" in ex.headline
    # dated logs and times of day are not year-less dates
    assert not may_wrap("2024-01-01T00:00:00", "2024-12-31T23:59:59")
    assert not may_wrap("0000-00-00T00:00:00", "0000-00-00T23:59:59")


def test_a_template_answer_does_not_read_its_dates_as_a_range() -> None:
    ex = summarize_text(_new_year_log(), max_summary_chars=2000,
                        question="when was a public key accepted?")
    assert ex.answer.startswith("600 × `Accepted publickey")
    assert "it may cross a year's end" in ex.answer
    # a year-less log within the year still answers with its template's range
    linux = summarize_text((DATA / "Linux_2k.log").read_text(encoding="utf-8"),
                           max_summary_chars=2000, question="when did authentication fail?")
    assert " to " in linux.answer and "year's end" not in linux.answer
