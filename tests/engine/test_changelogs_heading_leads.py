"""A release heading's lead: a lone word before the version is dropped whatever its case
("version 0.1 [date]" of a history's first years and "Version 1.6.0 [date]" are one
shape), and two versions joined by a slash ("OpenSSH 9.6/9.6p1", one release's two
versions) are a heading's version, not a path."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_headings import VERSION
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count


def test_a_lone_word_before_the_version_is_one_shape_whatever_its_case() -> None:
    text = "CHANGES - changes for libpng\n\n"
    text += "version 0.1 [March 29, 1995]\n  initial work-in-progress release\n\n"
    text += "version 0.2 [April 1, 1995]\n  added reader into png.h\n\n"
    for k, day in enumerate(["June 5, 2012", "July 9, 2013", "May 2, 2014"]):
        text += f"Version 1.6.{k} [{day}]\n  Fixed the parser when the input is empty.\n" \
                "    (continued on a second line)\n\n"
    assert release_count(text) == (5, 0)
    # oldest first: the newest is the last
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: Version 1.6.2 [May 2, 2014] (of 5")


def _openssh(rels: list[tuple[str, str]]) -> str:
    out = "<h2>OpenSSH Release Notes</h2>\n<hr>\n"
    for title, day in rels:
        out += (f'<h3><a name="{title}">OpenSSH {title} ({day})</a></h3>\n<pre>\n'
                f"OpenSSH {title.split('/')[0]} was released on {day}. It is available "
                "from the\nmirrors listed at https://www.openssh.com/.\n\n"
                " * ssh(1): fix the parser.\n</pre>\n<hr>\n")
    return out


def test_two_versions_joined_by_a_slash_are_a_headings_version() -> None:
    rels = [("9.6/9.6p1", "2023-12-18"), ("9.5/9.5p1", "2023-10-04"),
            ("9.4/9.4p1", "2023-08-10"), ("9.3p2", "2023-07-19"), ("9.3/9.3p1", "2023-03-15")]
    text = _openssh(rels)
    assert release_count(text) == (5, 0)
    assert headline(heading_groups(text, 0)).startswith(
        "Newest release: OpenSSH 9.6/9.6p1 (2023-12-18) (of 5")
    # the first of two versions is a version; a path's numbered folder is none
    m = VERSION.search("## v1.0.1/v0.92.0")
    assert m is not None and m.group(0) == "v1.0.1"
    assert VERSION.search("see lib/1.2/foo for it") is None
