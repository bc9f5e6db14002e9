"""A heading over releases is a group (a series, not a release) only when its section opens
with a deeper heading that extends its version; a release whose section opens with its own
sections and later holds a deeper heading of a patch ("## Mypy 1.12" … "#### Mypy 1.12.1")
is a release, and so is the patch."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _minor(v: str, patch: str = "") -> str:
    text = (f"## Mypy {v}\n\nWe’ve just uploaded mypy {v} to the Python Package Index.\n\n"
            "    python3 -m pip install -U mypy\n\n#### Type-checking Improvements\n\n"
            " * Fix a crash (Shantanu, PR [1](https://x/1))\n\n")
    if patch:
        text += f"#### Mypy {patch}\n\n * Fix a regression in {v} (PR [2](https://x/2))\n\n"
    return text + "#### Acknowledgements\n\n- Shantanu\n\n"


def test_a_patch_heading_inside_its_minors_own_sections_is_a_release_too() -> None:
    text = ("# Mypy Release Notes\n\n## Next release\n\nStubgen keeps `__all__`.\n\n"
            + _minor("1.15") + _minor("1.14", "1.14.1") + _minor("1.13")
            + _minor("1.12", "1.12.1") + _minor("1.11"))
    assert release_count(text) == (7, 1)
    assert headline(heading_groups(text, 0)) == "Newest release: Mypy 1.15 (of 7 releases)."


def test_a_series_heading_whose_section_opens_with_its_releases_is_still_a_group() -> None:
    text = "".join(f"## Widget {s}\n\nThe {s} series.\n\n"
                   + "".join(f"### Widget {s}.{p}\n\n#### Fixes\n\n- Fix.\n\n"
                             for p in (2, 1, 0))
                   for s in ("2.1", "2.0"))
    assert release_count(text)[0] == 6
