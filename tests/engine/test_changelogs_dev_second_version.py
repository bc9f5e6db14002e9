"""A heading naming two versions ("Changes between 3.0.20 and 4.0.0-dev:") is in
development when either is a work-in-progress version, not only the one its version's
place holds: the section above the releases is counted apart, not as the newest. A
numbered development release ("4.0.0-dev3") is published like the others: a release."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _news(n: int, top: str = "4.0.0-dev") -> str:
    out = [f"Changes between 3.0.{n} and {top}:", "-" * 38, "", "Core:",
           " * Fix the parser", ""]
    for k in range(n, 0, -1):
        title = f"Changes between 3.0.{k - 1} and 3.0.{k}:"
        out += [title, "-" * len(title), "", "Codecs:", f" * Fix the decoder #{k}", ""]
    return "\n".join(out)


def test_a_dev_version_second_in_a_heading_marks_it_unreleased() -> None:
    text = _news(7)
    assert release_count(text) == (7, 1)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: Changes between 3.0.6 and 3.0.7")


def test_a_numbered_dev_version_is_a_release() -> None:
    assert release_count(_news(7, "4.0.0-dev3")) == (8, 0)
