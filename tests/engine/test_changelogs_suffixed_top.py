"""A heading on top written as the newest release's own, a word after its version
("CHANGES IN R 4.3.2 patched:" over "CHANGES IN R 4.3.2:"), is what came after that
release, not out yet: counted apart, the newest named by its own heading. Headings naming
one version in other words before it ("* Lisp Changes in Foo 2.1") stay one release."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_VERSIONS = ["4.3.2", "4.3.1", "4.3.0", "4.2.3", "4.2.2"]


def _news(top: str) -> str:
    out = ["R News", ""] + ([top, "", "  BUG FIXES:", "", "    \u2022 Fix the parser.", ""]
                           if top else [])
    for v in _VERSIONS:
        out += [f"CHANGES IN R {v}:", "", "  NEW FEATURES:", "",
                f"    \u2022 format() now works with R {v}.", ""]
    return "\n".join(out)


def test_the_newest_release_with_a_word_after_its_version_is_not_out_yet() -> None:
    text = _news("CHANGES IN R 4.3.2 patched:")
    assert release_count(text) == (len(_VERSIONS), 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: CHANGES IN R 4.3.2:")


def test_without_it_every_heading_is_a_release() -> None:
    assert release_count(_news("")) == (len(_VERSIONS), 0)


def test_another_lead_naming_the_version_is_a_section_of_its_release() -> None:
    text = "\n".join(f"* {lead}Changes in Foo {v}\n\n** Fix the parser.\n"
                     for v in ("2.1", "2.0", "1.9") for lead in ("", "Lisp "))
    assert release_count(text) == (3, 0)
