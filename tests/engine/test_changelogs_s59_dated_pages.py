"""Sections headed by a date alone: a diary's pages (a day to a week apart) count no
release in any part, so no figure is stated; a history released by date (weeks apart, the
steps varying) still counts each release, and a date with words beside it is no page."""

from __future__ import annotations

import datetime as dt

from gapless.engine.extractive.kinds.base import View
from gapless.engine.extractive.kinds.changelog import ChangelogKind
from gapless.engine.extractive.kinds.changelog_calendar import calendar_pages
from gapless.engine.extractive.kinds.changelog_headings import Release, day_of, pages
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
    merged_groups,
    releases_line,
)
from gapless.engine.extractive.kinds.registry import summarize
from tests.support.changelogs import release_count


def _standup(days: list[dt.date]) -> str:
    """A team's stand-up notes, one section per working day, newest first."""
    return "# Stand-up\n\n" + "".join(
        f"## {d}\n\n**Alice**\n- Yesterday: fix the parser\n- Today: review #12\n"
        f"- Blockers: none\n\n**Chen**\n- Yesterday: CI\n- Today: docs\n- Blockers: none\n\n"
        for d in days)


def _working_days(last: dt.date, n: int) -> list[dt.date]:
    out: list[dt.date] = []
    day = last
    while len(out) < n:
        if day.weekday() < 5:
            out.append(day)
        day -= dt.timedelta(days=1)
    return out


def _dated(titles: list[str]) -> list[Release]:
    return [Release(line=k, title=t, version=t, date=t) for k, t in enumerate(titles)]


def _pages(found: list[Release]) -> bool:
    return calendar_pages(pages(found))


def test_calendar_pages_are_dates_alone_a_day_to_a_week_apart() -> None:
    days = _working_days(dt.date(2024, 2, 16), 8)  # (over two week ends)
    assert _pages(_dated([f"{d}" for d in days]))
    weekly = [dt.date(2023, 9, 4) + dt.timedelta(days=7 * k) for k in range(6)]
    assert _pages(_dated([f"{d:%B} {d.day}, {d.year}" for d in weekly]))
    # a history released when ready: weeks apart, the steps varying
    assert not _pages(_dated(["2024-03-12", "2024-02-03", "2023-12-29", "2023-12-01",
                                      "2023-10-20"]))
    # a date with words beside it is a dated entry, not a page ("2024-02-16  Name <mail>")
    assert not _pages([Release(line=k, title=f"{d}  Jane Doe <j@x.org>",
                                       version=f"{d}", date=f"{d}")
                               for k, d in enumerate(days)])
    # two dates a day apart: a quick fix after a release, maybe; nothing tells
    assert not _pages(_dated(["2024-02-16", "2024-02-15"]))
    assert day_of("February 30, 2024") is None and day_of("2024-02-29") == dt.date(2024, 2, 29)


def test_a_diary_states_no_release_whole_or_split() -> None:
    text = _standup(_working_days(dt.date(2024, 2, 16), 12))
    assert ChangelogKind().detect(View(text)) == 0.0
    groups = heading_groups(text, 0)
    assert chosen(groups) is None and releases_line(groups) == "" and headline(groups) == ""
    # split so that one part holds two pages only (a count of its own): the whole states none
    cut = text.index("## 2024-02-14")
    head, tail = text[:cut], text[cut:]
    assert chosen(heading_groups(head, 0)) is not None  # (the two pages alone: counted)
    merged = merged_groups([summarize(head, 0), summarize(tail, len(head))])
    assert chosen(merged) is None and releases_line(merged) == ""


def test_a_history_released_by_date_still_counts() -> None:
    days = ["March 12, 2024", "February 20, 2024", "January 9, 2024", "December 1, 2023",
            "November 2, 2023", "September 28, 2023"]
    text = "# Release notes\n\n" + "".join(
        f"## {d}\n\n### New features\n\n- Export to CSV.\n\n### Bug fixes\n\n- Fix login.\n\n"
        for d in days)
    assert ChangelogKind().detect(View(text)) == 1.0
    assert release_count(text) == (6, 0)
    assert headline(heading_groups(text, 0)) == "Newest release: March 12, 2024 (of 6 releases)."


def test_versions_over_an_old_day_by_day_log_still_count_whole_or_split() -> None:
    # a history of versions whose oldest part is a log of days ("21 May 2009" alone)
    text = "".join(f"CHANGES FROM 1.{k - 1} TO 1.{k}\n\n* Faster redraw.\n* Fix a crash.\n\n"
                   for k in range(6, 0, -1))
    text += "".join(f"{d} May 2009\n\n* Add a key binding.\n\n" for d in (21, 20, 19, 18, 15))
    assert release_count(text) == (6, 0)
    cut = text.index("21 May 2009")
    merged = merged_groups([summarize(text[:cut], 0), summarize(text[cut:], cut)])
    g = chosen(merged)
    assert g is not None and g.count == 6 and g.token == "V"
    assert chosen(heading_groups(text[cut:], 0)) is None  # (the log alone: no release)


def test_a_history_released_by_date_split_where_one_part_holds_a_burst_still_counts() -> None:
    # a release, then two quick fixes two days apart, then releases weeks apart: the part
    # holding the burst alone reads as pages, the whole (its steps added up) does not
    days = ["2024-03-14", "2024-03-12", "2024-03-10", "2024-02-01", "2023-12-20",
            "2023-11-02", "2023-09-28", "2023-08-15"]
    text = "# Release notes\n\n" + "".join(
        f"## {d}\n\n### Bug fixes\n\n- Fix login.\n\n" for d in days)
    assert release_count(text) == (8, 0)
    cut = text.index("## 2024-02-01")
    head, tail = text[:cut], text[cut:]
    assert chosen(heading_groups(head, 0)) is None  # (the burst alone: a diary's steps)
    merged = merged_groups([summarize(head, 0), summarize(tail, len(head))])
    g = chosen(merged)
    assert g is not None and g.count == 8 and g.token == "D"
    assert releases_line(merged).startswith("8 releases: 2024-03-14, ")
