"""A release's notes written as a letter: the heading at the margin names a bare whole
number ("CHANGES WITH 255:"), the body is indented, and a signature closes it ("— Place,
date"). The signature dates the release, so the whole number is its version; a section of
that build closed unsigned is the release in development."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import chosen, heading_groups, headline
from tests.support.changelogs import release_count


def _news(top: str, signed: bool = True) -> str:
    out = f"Widget System Manager\n\n{top}\n\n        * Add a new option.\n\n"
    for k, day in enumerate(["2023-12-06", "2023-07-28", "2023-02-21", "2022-10-31"]):
        out += (f"CHANGES WITH {255 - k}:\n\n        New Features:\n\n"
                f"        * The option added in version {255 - k} replaces an older one.\n\n"
                "        Contributions from: Ada Lovelace, Alan Turing\n\n")
        if signed:
            out += f"        \u2014 Edinburgh, {day}\n"
        out += "\n"
    return out


def test_a_closing_signature_dates_a_whole_number_version() -> None:
    text = _news("CHANGES WITH 256 in spe:")
    assert release_count(text) == (4, 1)
    assert headline(heading_groups(text, 0)) == (
        "Newest release: CHANGES WITH 255:, 2023-12-06 (of 4 releases).")


def test_unsigned_sections_name_no_release() -> None:
    # no signature, no date anywhere: a whole number is no version, nothing is counted
    assert chosen(heading_groups(_news("CHANGES WITH 256 in spe:", signed=False), 0)) is None
