"""Release headings written in QuickBook, the markup of Boost's documentation: ``[heading
Asio 1.28.2 / Boost 1.83]`` over "* text" items, inside ``[section:history Revision
History]`` … ``[endsect]``. Each heading block is a release; before, a line opening with a
bracket was never a heading and no count was stated."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_quickbook import quickbook_atx
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, headline
from tests.support.changelogs import release_count

_RELEASES = [("1.28.2", "1.83"), ("1.28.1", "1.83"), ("1.28.0", "1.82"), ("1.26.0", "1.81"),
             ("1.24.0", "1.80"), ("1.22.2", "1.79"), ("1.22.1", "1.78")]


def _history() -> str:
    out = ["[/", " / Copyright (c) 2003-2023 Someone", " /]", "",
           "[section:history Revision History]", ""]
    for lib, boost in _RELEASES:
        out += [f"[heading Foo {lib} / Boost {boost}]", "",
                "* Fixed the handling of [^file_base::sync_all_on_write] on Windows.",
                "* Added [link foo.reference.co_spawn [^co_spawn]] overloads.", ""]
    return "\n".join([*out, "[endsect]"])


def test_each_heading_block_is_a_release() -> None:
    text = _history()
    assert release_count(text) == (len(_RELEASES), 0)
    assert headline(heading_groups(text, 0)).startswith("Newest release: Foo 1.28.2 ")


def test_only_heading_keywords_make_a_heading() -> None:
    assert quickbook_atx("[heading Foo 1.2.3]") == "### Foo 1.2.3"
    assert quickbook_atx("[h2 1.2.3]") == "## 1.2.3"
    assert quickbook_atx("[section:history Revision History]") == "## Revision History"
    assert quickbook_atx("[endsect]") is None
    assert quickbook_atx("[/ a comment 1.2.3 ]") is None
    assert quickbook_atx("[link foo.bar 1.2.3]") is None
