"""A version written in the letters that stand for its numbers ("x.y.z", "X.Y.Z") on top
of a history is the next release's place: its number is not chosen yet, so it is counted
apart as not released, whether or not a word says so."""

from __future__ import annotations

import pytest

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _changelog(top: str) -> str:
    out = f"# Changelog\n\n{top}\n\n- Fix the parser when the input is empty (#1201)\n\n"
    for k, day in enumerate(["2024-03-29", "2024-02-29", "2024-01-15", "2023-12-02"]):
        out += f"## 2.10.{4 - k} ({day})\n\n- Bump lodash from 4.17.20 to 4.17.21 (#{900 + k})\n\n"
    return out


@pytest.mark.parametrize("top", ["## X.Y.Z (unreleased)", "## x.y.z", "## vX.Y.Z", "## x.x.x"])
def test_a_version_of_placeholder_letters_is_not_released(top: str) -> None:
    text = _changelog(top)
    assert release_count(text) == (4, 1)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: 2.10.4 (2024-03-29) (of 4 releases).")


def test_letters_beside_a_number_are_no_version_hole() -> None:
    # "x.1" is no placeholder: a heading naming no version and no word of its own stays
    # out of the count, and nothing is told unreleased
    assert release_count(_changelog("## Notes on x.1 builds")) == (4, 0)
