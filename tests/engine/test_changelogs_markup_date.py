"""A release's date written as a line of markup alone under its heading (a template
call's argument, ``<b><?php release_date('21-Dec-2023'); ?></b>``), in a day-month-year
form joined by hyphens: the page shows it as the line's text, the release's date."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import DATE
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _page(date_line: str) -> str:
    out = "<?php\ninclude_once 'changelogs.inc';\n?>\n\n"
    for version, day in [("8.3.1", "21-Dec-2023"), ("8.2.14", "21-Dec-2023"),
                         ("8.3.0", "23-Nov-2023"), ("8.2.13", "23-Nov-2023")]:
        out += (f'<section class="version" id="{version}">\n<h3>Version {version}</h3>\n'
                + date_line.format(day=day) + "\n<ul><li>Core:\n<ul>\n"
                "  <li>Fixed the parser when the input is empty.</li>\n</ul></li>\n</ul>\n"
                "</section>\n\n")
    return out


def test_a_hyphenated_day_month_year_is_a_date() -> None:
    m = DATE.search("released 21-Dec-2023 at noon")
    assert m is not None and m.group(0) == "21-Dec-2023"


def test_a_line_of_markup_alone_dates_its_release() -> None:
    text = _page("<b><?php release_date('{day}'); ?></b>")
    assert release_count(text) == (4, 0)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: Version 8.3.1, 21-Dec-2023 (of 4 releases).")


def test_a_long_line_of_words_under_the_heading_dates_nothing() -> None:
    text = _page("<p>Fixed a crash seen first on {day} when parsing dates.</p>")
    assert headline(heading_groups(text, 0)) == (
        "Newest release: Version 8.3.1 (of 4 releases).")
