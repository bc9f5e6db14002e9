"""A heading's attribute block (``{#sec-release-23.11-highlights}``) is markup, never the
heading's words: a subsection whose identifier repeats its release's version is no
release; and a date whose day is left as question marks ("2024.05/??") is a date left to
fill in, its release not out yet."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_heading_attrs import attributes_out
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def _release(version: str, name: str, date: str) -> str:
    tag = f"sec-release-{version}"
    return (f"# Release {version} (“{name}”, {date}) {{#{tag}}}\n\n"
            f"Support is planned until the end of June.\n\n"
            f"## Highlights {{#{tag}-highlights}}\n\n- PostgreSQL now defaults to 15.\n\n"
            f"## New Services {{#{tag}-new-services}}\n\n- A new service.\n\n"
            f"## Other Notable Changes {{#{tag}-notable-changes}}\n\n- Fix the parser.\n\n")


def test_an_attribute_block_is_no_part_of_a_heading() -> None:
    rels = [("23.11", "Tapir", "2023.11/29"), ("23.05", "Stoat", "2023.05/31"),
            ("22.11", "Raccoon", "2022.11/30"), ("22.05", "Quokka", "2022.05/30")]
    text = "".join(_release(*r) for r in rels)
    assert release_count(text) == (4, 0)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: Release 23.11 (“Tapir”, 2023.11/29) (of 4")
    # the one in development, its day left as question marks, is counted apart
    assert release_count(_release("24.05", "Uakari", "2024.05/??") + text) == (4, 1)
    assert release_count(_release("24.05", "Uakari", "2024.05/12") + text) == (5, 0)


def test_attributes_out_keeps_a_heading_of_braces_alone_and_other_braces() -> None:
    assert attributes_out("## Highlights {#sec-1.2-hl .unnumbered}") == "## Highlights"
    assert attributes_out("## {#only-an-id}") == "## {#only-an-id}"
    assert attributes_out("## Use {x} in templates") == "## Use {x} in templates"
