"""A heading written as the releases are but for its lead ("*** Changes since GDB 14" over
"*** Changes in GDB 14", every release headed "*** Changes in GDB …"), used once, above
the newest release and naming its version, is the section after that release: counted
apart, not as a second release, where a history headed by several leads per release
(each a section of one release) is left alone."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_VERSIONS = ["14", "13", "12", "11", "10", "9", "8.3", "8.2", "8.1", "7.12"]


def _news(top: str) -> str:
    out = ["\t\tWhat has changed in Foo?", "\t     (Organized release by release)", ""]
    for head in ([top] if top else []) + [f"Changes in Foo {v}" for v in _VERSIONS]:
        out += [f"*** {head}", "", "* Fix the parser.", "", "* New commands", "",
                "info frames", "  Show the frames.", ""]
    return "\n".join(out)


def test_a_lead_used_once_above_the_newest_release_is_not_released_yet() -> None:
    text = _news("Changes since Foo 14")
    assert release_count(text) == (len(_VERSIONS), 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: Changes in Foo 14 ")


def test_without_it_every_heading_is_a_release() -> None:
    assert release_count(_news("")) == (len(_VERSIONS), 0)


def test_a_lead_naming_another_version_is_left_alone() -> None:
    assert release_count(_news("Changes since Foo 12")) == (len(_VERSIONS), 0)
