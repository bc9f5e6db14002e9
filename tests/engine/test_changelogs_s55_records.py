"""Releases found by structure in the ninth strangers' pass: a placeholder in the version's
place of the releases' lead is the release not out yet ("version <next>:"); a list item that
holds nothing but a version and a date is a release (Sphinx ``releases``' one bullet list);
an XML element whose short title attribute names one version beside a date attribute is a
release ("Tomcat 10.1.17 (schultz)"); and the object a JSON text is (a channel's "latest"
fields) is no record of the list it holds."""

from __future__ import annotations

import json
import re

from gapless.engine.core.releases import PENDING
from gapless.engine.extractive.kinds.changelog_elements import element_groups
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION
from gapless.engine.extractive.kinds.changelog_json import json_groups
from gapless.engine.extractive.kinds.changelog_list_release import item_release
from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
    headline,
)
from tests.support.changelogs import release_count


def test_a_placeholder_in_the_version_place_is_the_release_not_out_yet() -> None:
    text = "Entries are sorted chronologically.\n\nversion <next>:\n- A new decoder\n\n\n"
    for v in ("6.1", "6.0", "5.1", "5.0"):
        text += f"version {v}:\n- Fix the parser\n- Add a filter\n\n\n"
    assert release_count(text) == (4, 1)
    assert headline(heading_groups(text, 0)).startswith("Newest release: version 6.1:")


def test_a_list_item_of_a_version_and_a_date_alone_is_a_release() -> None:
    assert item_release("- :release:`3.4.0 <2023-12-18>`", VERSION, DATE) == "3.4.0"
    assert item_release("+ 1.2.3 - March 5, 2022", VERSION, DATE) == "1.2.3"
    # an item with words besides is a change; a "* " line is an outline's heading
    assert item_release("- Bump zlib from 1.2.11 to 1.2.13 (2022-10-12)", VERSION,
                        DATE) is None
    assert item_release("- :bug:`2013` Fix 1.2.3 on 2023-01-05", VERSION, DATE) is None
    assert item_release("* 3.4.0 (2023-12-18)", VERSION, DATE) is None
    text = "=========\nChangelog\n=========\n\n"
    for k, v in enumerate(("3.4.0", "3.3.1", "3.3.0", "3.2.0")):
        text += (f"- :release:`{v} <2023-0{9 - k}-18>`\n- :bug:`{100 + k}` Fix the parser "
                 f"when the input is empty.\n- :feature:`-` Add a flag.\n")
    assert release_count(text) == (4, 0)
    assert headline(heading_groups(text, 0)) == \
        "Newest release: 3.4.0, 2023-09-18 (of 4 releases)."


def test_a_short_title_attribute_names_an_elements_release() -> None:
    def section(name: str, when: str) -> str:
        return (f'<section name="{name}" rtext="{when}">\n  <subsection name="Catalina">\n'
                "    <changelog><fix>Fix 1.2.3's parser. (markt)</fix></changelog>\n"
                "  </subsection>\n</section>\n")
    text = ("<document><body>\n" + section("General, Project and Other", "")
            + section("Tomcat 10.1.18 (schultz)", "in development")
            + "".join(section(f"Tomcat 10.1.{n} (markt)", f"2023-1{n - 14}-05")
                      for n in (17, 16, 15)) + "</body></document>\n")
    g = chosen(element_groups(text, 0))
    assert g is not None and g.count == 3 and g.unreleased is not None
    assert g.first[0].version == "10.1.17" and g.last is not None
    assert g.last.version == "10.1.15"
    # a description naming a version is no release's title
    prose = '<item text="Upgrade the bundled zlib to 1.3.1 and more" date="2024-01-05"/>'
    assert not element_groups(f"<a>{prose}{prose}</a>", 0)


def test_the_object_a_json_text_is_holds_no_release_of_its_list() -> None:
    releases = [{"release-date": f"2024-0{9 - k}-01", "release-version": f"8.0.{5 - k}",
                 "runtime": {"version": f"8.0.{5 - k}"}} for k in range(5)]
    doc = {"channel-version": "8.0", "latest-release": "8.0.5",
           "latest-release-date": "2024-09-01", "releases": releases}
    text = json.dumps(doc, indent=2)
    g = chosen(json_groups(text, 0))
    assert g is not None and g.count == 5
    # the file's first part, the object still open at its end: no record pending
    first = text[: text.index('"release-date": "2024-06-01"')]
    first = first[: first.rindex("\n") + 1]
    groups = json_groups(first, 0)
    assert [g.count for g in groups if g.token == "V"] == [3]
    assert not [g for g in groups if g.token == PENDING and g.last is not None
                and g.last.version == "8.0"]
    # a list of records keeps each, the file's list its value
    assert re.search(r"8\.0\.5", headline(json_groups(json.dumps(releases), 0)) or "")
