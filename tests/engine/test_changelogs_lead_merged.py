"""The section after the newest release, headed as the releases are but for its lead and
right above that release ("Since version 4.97" over "Exim version 4.97", both underlined,
undated), is not released yet: the two name one version, as two sections of one release
do, but its lead is used once and the releases share another."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_VERSIONS = ["4.97", "4.96.2", "4.96.1", "4.96", "4.95", "4.94.2", "4.94"]


def _changelog(top: str, lead: str = "Foo version") -> str:
    out = ["This document describes *changes* to previous versions, that might",
           "affect Foo's operation, with an unchanged configuration file.", "", ""]
    for title in ([top] if top else []) + [f"{lead} {v}" for v in _VERSIONS]:
        out += [title, "-" * len(title), "",
                "JH/01 Bug 3028: Fix the parser when the input is empty.", "",
                "PP/01 Speed up the cache under heavy load.", "", ""]
    return "\n".join(out)


def test_a_lead_used_once_right_above_the_newest_release_is_not_released_yet() -> None:
    text = _changelog("Since version 4.97")
    assert release_count(text) == (len(_VERSIONS), 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: Foo version 4.97 ")


def test_without_it_every_heading_is_a_release() -> None:
    assert release_count(_changelog("")) == (len(_VERSIONS), 0)


def test_a_dated_top_is_left_alone() -> None:
    assert release_count(_changelog("Since version 4.97 (2023-11-04)")) == (len(_VERSIONS), 0)
