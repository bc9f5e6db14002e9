"""A build log by series: each minor series a heading ("47.2" underlined with "="), each
build a bullet led by its version in code marks (" - `47.2.9` [1.20.1] text (#9003)"),
continuation lines indented under the text. The bullets are the releases and the series'
headings groups over them; before, the headings were counted (4 of 30)."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_SERIES = {"47.2": 9, "47.1": 12, "47.0": 9}


def _changelog(mark: str = "`") -> str:
    out = ["1.20.1 Changelog"]
    for series, n in _SERIES.items():
        out += [series, "=" * len(series)]
        for k in range(n - 1, -1, -1):
            lead = f" - {mark}{series}.{k}{mark} "
            out += [f"{lead}[1.20.1] Fix the config loader when the input is empty and",
                    f"{' ' * len(lead)}the server closes early (#{9000 + k})"]
        out.append("")
    return "\n".join(out)


def test_each_bullet_led_by_a_build_of_its_series_is_a_release() -> None:
    text = _changelog()
    assert release_count(text) == (sum(_SERIES.values()), 0)
    assert headline(heading_groups(text, 0)).startswith("Newest release: 47.2.8 ")


def test_versions_not_in_code_marks_leave_the_series_headings_as_before() -> None:
    assert release_count(_changelog(mark="")) != (sum(_SERIES.values()), 0)


def test_a_bullet_of_another_series_makes_the_heading_no_group() -> None:
    text = _changelog().replace("`47.1.3`", "`46.9.3`")
    assert release_count(text) != (sum(_SERIES.values()), 0)
