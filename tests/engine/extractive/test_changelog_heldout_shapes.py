"""Changelog shapes found by bench/heldout_changelogs.py's third pass, each with a small
sample written as its tool writes it: the count stated is exact, the newest release named,
and a file cut anywhere states the whole's count or none."""

from __future__ import annotations

import pytest

from gapless.engine.extractive.kinds.changelog_releases import (
    chosen,
    heading_groups,
)
from tests.support.helpers import counted_and_named, cut_at_random

# a Keep a Changelog file as MkDocs renders it: each heading an element on its line
MKDOCS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Changelog - Widget</title></head>
<body>
<article class="md-content__inner md-typeset">
<h1 id="changelog">Changelog<a class="headerlink" href="#changelog" title="Permanent link">&para;</a></h1>
<h2 id="unreleased">Unreleased<a class="headerlink" href="#unreleased" title="Permanent link">&para;</a></h2>
<ul>
<li>Nothing yet.</li>
</ul>
<h2 id="210-2022-02-08">2.1.0 - 2022-02-08<a class="headerlink" href="#210-2022-02-08" title="Permanent link">&para;</a></h2>
<h3 id="added">Added<a class="headerlink" href="#added" title="Permanent link">&para;</a></h3>
<ul>
<li>Support for Python 3.10 (<a href="https://github.com/acme/widget/pull/412">#412</a>)</li>
</ul>
<h2 id="202-2021-12-09">2.0.2 - 2021-12-09<a class="headerlink" href="#202-2021-12-09" title="Permanent link">&para;</a></h2>
<h3 id="fixed">Fixed<a class="headerlink" href="#fixed" title="Permanent link">&para;</a></h3>
<ul>
<li>Timestamps before 2001-01-01 no longer crash the parser</li>
</ul>
<h2 id="201-2021-10-01">2.0.1 - 2021-10-01<a class="headerlink" href="#201-2021-10-01" title="Permanent link">&para;</a></h2>
<ul>
<li>Bump lodash from 4.17.20 to 4.17.21</li>
</ul>
<h2 id="200-2021-08-30">2.0.0 - 2021-08-30<a class="headerlink" href="#200-2021-08-30" title="Permanent link">&para;</a></h2>
<ul>
<li>Drop support for Python 3.6</li>
</ul>
</article>
</body>
</html>
"""

# a README's release history kept as a markdown table
TABLE = """# widget-js

A tiny widget library.

## Install

```sh
npm install widget-js@^2.0.0
```

## Release history

| Version | Date | Changes |
| ------- | ---------- | ------- |
| 0.12.2 | 2021-04-24 | Fix the parser when the input is empty |
| 0.12.1 | 2021-03-02 | Bump lodash from 4.17.20 to 4.17.21<br>Document the CLI |
| 0.12.0 | 2021-01-15 | Add support for nested arrays |
| 0.11.3 | 2020-11-30 | Speed up the cache under heavy load |

## Supported versions

| Version | Supported |
| ------- | --------- |
| 0.12.x  | yes       |
| 0.11.x  | no        |

## License

MIT
"""

# a macOS app's Sparkle appcast: an RSS channel of items
APPCAST = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">
  <channel>
    <title>Widget Changelog</title>
    <link>https://widget.example.com/appcast.xml</link>
    <language>en</language>
""" + "".join(f"""    <item>
      <title>Version {v}</title>
      <sparkle:version>{b}</sparkle:version>
      <sparkle:shortVersionString>{v}</sparkle:shortVersionString>
      <sparkle:minimumSystemVersion>10.13</sparkle:minimumSystemVersion>
      <description><![CDATA[<h2>Changes</h2><ul><li>Fixed a crash in 2.0.0.</li></ul>]]></description>
      <pubDate>{d} +0000</pubDate>
      <enclosure url="https://widget.example.com/Widget-{v}.zip" length="1623481" type="application/octet-stream"/>
    </item>
""" for v, b, d in [("2.1.3", 2103, "Sat, 26 Jul 2014 15:20:11"),
                    ("2.1.2", 2102, "Tue, 01 Jul 2014 09:00:00"),
                    ("2.1.1", 2101, "Mon, 02 Jun 2014 10:10:10"),
                    ("2.1.0", 2100, "Thu, 01 May 2014 12:00:00"),
                    ("2.0.0", 2000, "Wed, 02 Apr 2014 08:30:00")]) + """  </channel>
</rss>
"""

# GitHub's releases.atom feed
ATOM = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en-US">
  <id>tag:github.com,2008:https://github.com/acme/tool/releases</id>
  <link type="text/html" rel="alternate" href="https://github.com/acme/tool/releases"/>
  <title>Release notes from tool</title>
  <updated>2024-01-05T10:11:12Z</updated>
""" + "".join(f"""  <entry>
    <id>tag:github.com,2008:Repository/48512345/v{v}</id>
    <updated>{d}T10:11:12Z</updated>
    <link rel="alternate" type="text/html" href="https://github.com/acme/tool/releases/tag/v{v}"/>
    <title>v{v}</title>
    <content type="html">&lt;h2&gt;What's Changed&lt;/h2&gt;&lt;ul&gt;&lt;li&gt;Bump zlib to 1.3.1&lt;/li&gt;&lt;/ul&gt;</content>
    <author>
      <name>mona</name>
    </author>
  </entry>
""" for v, d in [("5.0.6", "2024-01-05"), ("5.0.5", "2023-12-01"), ("5.0.4", "2023-11-02"),
                 ("5.0.3", "2023-10-03"), ("5.0.2", "2023-09-04")]) + "</feed>\n"


@pytest.mark.parametrize(("text", "count", "unreleased", "newest"), [
    (MKDOCS, 4, True, "2.1.0 - 2022-02-08"),
    (TABLE, 4, False, "0.12.2, 2021-04-24"),
    (APPCAST, 5, False, "2.1.3, 26 Jul 2014"),
    (ATOM, 5, False, "v5.0.6, 2024-01-05"),
], ids=["mkdocs-html", "readme-table", "sparkle-appcast", "github-atom"])
def test_the_count_is_exact_and_the_newest_named(text: str, count: int, unreleased: bool,
                                                  newest: str) -> None:
    counted_and_named(text, count, unreleased, newest)


@pytest.mark.parametrize(("text", "within_lines"), [
    (MKDOCS, False), (TABLE, False), (APPCAST, False), (ATOM, False),
    (APPCAST, True), (ATOM, True),
], ids=["mkdocs-html", "readme-table", "sparkle-appcast", "github-atom",
        "sparkle-appcast-mid-line", "github-atom-mid-line"])
def test_cut_anywhere_states_the_whole_count_or_none(text: str, within_lines: bool) -> None:
    """Cut at random lines (XML records: at random characters too, inside a tag or a CDATA
    section) into 2-6 parts, folded in random trees: the count is the whole's, or none."""
    whole = chosen(heading_groups(text, 0))
    assert whole is not None
    stated = [(cuts, g) for cuts, g in cut_at_random(text, 200, anywhere=within_lines)
              if g is not None]
    assert stated  # some cuts still state it
    for cuts, g in stated:
        assert g.count == whole.count, cuts


def test_an_undated_table_of_versions_is_no_release() -> None:
    text = "| Version | Supported |\n| --- | --- |\n" + "".join(
        f"| 1.{k}.0 | yes |\n" for k in range(6))
    assert chosen(heading_groups(text, 0)) is None


def test_a_list_of_undated_versions_in_xml_is_no_release() -> None:
    text = "<project>\n" + "".join(
        f"  <dependency><groupId>org.x</groupId><artifactId>a{k}</artifactId>"
        f"<version>1.{k}.0</version></dependency>\n" for k in range(6)) + "</project>\n"
    assert chosen(heading_groups(text, 0)) is None
