"""A release heading over a compare link whose range ends at the branch's tip
("[1a2b3c4d...HEAD](…)"): what it names is not tagged yet, the release in development,
though a planned date stands on its heading."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _changelog(top_end: str) -> str:
    out = "# Changelog\n\n"
    for k, (minor, day) in enumerate([(77, "2024-03-21"), (76, "2024-02-08"),
                                      (75, "2023-12-28"), (74, "2023-11-16")]):
        end = top_end if k == 0 else f"rust-1.{minor}.0"
        out += (f"## Widget 1.{minor} ({day})\n"
                f"[0a1b2c3d...{end}](https://example.org/widget/compare/0a1b2c3d...{end})\n\n"
                "### Fixed\n\n- Fix the cache under heavy load\n\n")
    return out


def test_a_range_to_the_tip_is_not_released() -> None:
    text = _changelog("HEAD")
    assert release_count(text) == (3, 1)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: Widget 1.76 (2024-02-08) (of 3 releases).")


def test_a_range_to_a_tag_is_released() -> None:
    assert release_count(_changelog("rust-1.77.0")) == (4, 0)
