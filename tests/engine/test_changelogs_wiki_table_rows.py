"""A MediaWiki table's rows as releases: "| {{Version |o |1.2.3}} || 2014-05-06 ||
notes", cells apart by two bars, a cell that is a template's call valued by its one
argument that is a version; a row with no date, or a call with two versions, is none."""

from __future__ import annotations

from gapless.engine.extractive.kinds.changelog_releases import chosen, heading_groups, headline


def _page(rows: list[str]) -> str:
    out = ["'''Widget''' is a free widget toolkit.", "", "== Version history ==", "",
           '{| class="wikitable sortable"', "|-", "! Version !! Release date !! Notes"]
    for row in rows:
        out += ["|-", row]
    return "\n".join([*out, "|}", "{{Version |l |show=011100}}", "", "== References ==",
                      "{{Reflist}}", ""])


_ROWS = ["| {{Version |o |0.9.0}} || 2014-05-06 || Fix the parser",
         "| {{Version |o |0.9.1}} || 2014-07-14 || Speed up the cache",
         "| {{Version |co |0.10.0}} || 2014-07-24 || Add the plugin API",
         "| {{Version |c |1.0.0}} || 2015-01-02 || Harden the TLS handshake"]


def test_wiki_table_rows_are_releases_oldest_first() -> None:
    groups = heading_groups(_page(_ROWS), 0)
    g = chosen(groups)
    assert g is not None and (g.count, g.unreleased) == (4, None)
    assert headline(groups) == "Newest release: 1.0.0, 2015-01-02 (of 4 releases)."


def test_rows_with_no_date_are_no_releases() -> None:
    rows = [f"| {{{{Version |o |{v}}}}} || supported || {n}"
            for v, n in [("0.9.0", "LTS"), ("1.0.0", "current"), ("1.1.0", "next")]]
    assert chosen(heading_groups(_page(rows), 0)) is None


def test_a_call_of_two_versions_names_none() -> None:
    rows = [row.replace("}}", " |2.0.0}}") for row in _ROWS]
    assert chosen(heading_groups(_page(rows), 0)) is None
