"""Changelogs of any format, on the real files of tests/data: releases counted exactly by
``gapless summarize`` however the file is split, "which release …" answered with the
release that holds the item, outline entries runs of releases. The truth of each test is
computed from the file's own lines (the line that opens each release, by a rule written
for each file here, never known to the product)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.answers import answer_label
from gapless.engine.extractive.kinds.changelog_answer import best_first, items_of
from gapless.engine.extractive.kinds.changelog_releases import (
    UNCOUNTED,
    chosen,
    heading_groups,
    headline,
    merged_groups,
    releases_line,
)
from gapless.engine.extractive.kinds.registry import summarize
from gapless.engine.run.request import RunRequest
from tests.engine.extractive.test_kinds import RELEASES, UNRELEASED
from tests.support.helpers import folded_at_random
from tests.support.paths import TEST_DATA

CHANGELOGS = TEST_DATA / "changelogs"

# the truth: the line that opens each release, by a rule written for each file (tests only)
_WORD = re.compile(r"\w+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d [\d:]{8} \d{4}")
_KEY = re.compile(r"\d+(?:\.\d+)+[\w.+~-]*|\d{4}-\d{2}-\d{2}|\w{3} \w{3} [ \d]\d [\d:]{8} \d{4}"
                  r"|\?\.\?")


def _key(heading: str) -> str:
    """What names a release in its heading: its version, or its date."""
    m = _KEY.search(heading)
    return " ".join((m.group(0) if m else heading).split())


def _next_text(lines: list[str], i: int) -> str:
    return next((ln.strip() for ln in lines[i + 1: i + 5]
                 if ln.strip() and not re.match(r"^([=\-~^*+#'\"`.:_])\1+$", ln.strip())), "")


def _entries(lines: list[str], name: str) -> list[int]:
    """The lines that open release entries, released or not."""
    return [i for i, ln in enumerate(lines) if re.match(RELEASES[name], ln)]


def _apart(lines: list[str], name: str) -> list[int]:
    """The entries not released yet."""
    rx = UNRELEASED.get(name)
    return [i for i in _entries(lines, name)
            if rx and re.search(rx, f"{lines[i].strip()} | {_next_text(lines, i)}")]


def _starts(lines: list[str], name: str) -> list[int]:
    """The lines that open releases (not those of entries not released yet)."""
    apart = set(_apart(lines, name))
    return [i for i in _entries(lines, name) if i not in apart]


def _pieces(text: str, size: int) -> list[tuple[str, int]]:
    """``text`` cut at the first line end after every ``size`` characters, with offsets
    (ASCII files: a character is a byte)."""
    out, pos = [], 0
    while pos < len(text):
        end = text.find("\n", pos + size)
        end = len(text) if end < 0 else end + 1
        out.append((text[pos:end], pos))
        pos = end
    return out


# the changelogs taken in for issue 36: their long trials run with -m slow (the quick ones
# below, and test_kinds's count, run by default), as do those over 200 KB
_TAKEN_IN = {"asciidoctor-CHANGELOG.adoc", "otel-collector-CHANGELOG.md", "yt-dlp-Changelog.md"}
_ALL = [pytest.param(n, marks=pytest.mark.slow)
        if n in _TAKEN_IN or (CHANGELOGS / n).stat().st_size > 200_000 else n
        for n in sorted(RELEASES)]


@pytest.mark.parametrize("name", sorted(RELEASES))
def test_the_headline_names_the_newest_release_and_its_date(name: str) -> None:
    """Each file here lists its newest release first: its version (or date) and the date on
    its heading or under it are in the headline; the entry not released yet is counted
    apart, by its own heading."""
    text = (CHANGELOGS / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    starts, apart = _starts(lines, name), _apart(lines, name)
    groups = heading_groups(text, 0)
    g = chosen(groups)
    assert g is not None and g.count == len(starts)
    assert (g.unreleased is not None) == bool(apart)
    if apart:
        assert g.unreleased is not None and _key(lines[apart[0]]) in lines[apart[0]]
        assert g.unreleased.at == len("\n".join(lines[: apart[0]])) + (1 if apart[0] else 0)
    head = " ".join(headline(groups).split())
    assert head.startswith("Newest release: ") and _key(lines[starts[0]]) in head, head
    date = _DATE.search(lines[starts[0]]) or _DATE.search(_next_text(lines, starts[0])[:40])
    assert date is None or date.group(0) in head, head


@pytest.mark.parametrize("name", _ALL)
def test_leaves_of_any_size_add_up_to_every_release(name: str) -> None:
    """However the file is split into leaves, their releases folded count the file's."""
    text = (CHANGELOGS / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    starts = _starts(lines, name)
    whole = chosen(heading_groups(text, 0))
    assert whole is not None and whole.count == len(starts)
    for size in (15_000, 40_000):
        parts = [summarize(piece, offset) for piece, offset in _pieces(text, size)]
        found = chosen(merged_groups(parts))
        assert found is not None and found.count == len(starts), size
        assert found.first[0].at == len("\n".join(lines[: starts[0]])) + (1 if starts[0] else 0)
        assert found.last is not None
        assert found.last.title.split()[0] in lines[starts[-1]]


def _sampled(lines: list[str], starts: list[int], n: int) -> list[tuple[str, int]]:
    """``n`` (item, release line) pairs spread over the file: in each sampled release (or
    the next one that has it), its first line of six words or more found once in the file."""
    text = "\n".join(lines)
    bounds = [*starts, len(lines)]
    out: list[tuple[str, int]] = []
    for k in range(0, len(starts), max(1, len(starts) // n)):
        for j in range(k, len(starts)):
            item = next((it for ln in lines[bounds[j] + 1: bounds[j + 1]]
                         if len(_WORD.findall(it := ln.strip().lstrip("*-+ ").strip())) >= 6
                         and text.count(it[:60]) == 1 and not it.startswith(("=", "#", "["))),
                        None)
            if item is not None:
                out.append((" ".join(item.split()[:12]), starts[j]))
                break
        if len(out) >= n:
            break
    return out


@pytest.mark.parametrize("name", _ALL)
@pytest.mark.slow
def test_which_release_is_the_release_that_holds_the_item(name: str) -> None:
    text = (CHANGELOGS / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    asked = _sampled(lines, _starts(lines, name), 3)
    assert len(asked) == 3
    for item, at in asked:
        ex = summarize_text(text, question=f"Which release {item}?")
        first = ex.answer.split("\n")[0]
        assert first.startswith("In ") and _key(lines[at]) in " ".join(first.split()[:12]), (
            item, lines[at], first)
        # its anchor is the item's own lines
        anchor = ex.answer_anchors[0]
        assert item.split()[0] in text.encode()[anchor.start:anchor.end].decode()


@pytest.mark.parametrize("name", ["changesets-cli-CHANGELOG.md", "coreutils-NEWS.txt",
                                  "make-ChangeLog.1.txt"])
async def test_summarize_names_the_releases_of_the_whole_file(name: str) -> None:
    from gapless.engine.service import summarize_path

    path = CHANGELOGS / name
    lines = path.read_text(encoding="utf-8").split("\n")
    starts = _starts(lines, name)
    result = await summarize_path(path, RunRequest(Settings()))
    summary = (result.entry or {}).get("summary", "")
    first_line = summary.split("\n\n")[0]
    apart = _apart(lines, name)
    if apart:  # an entry not released yet, counted apart and named
        head = f"{len(starts)} releases and {len(apart)} unreleased ("
        assert first_line.startswith(head) and _key(lines[apart[0]]) in first_line, first_line
        first_line = f"{len(starts)} releases: " + first_line.split("): ", 1)[1]
    assert first_line.startswith(f"{len(starts)} releases: "), first_line
    named = " ".join(first_line.split())
    assert _key(lines[starts[0]]) in named.split(", ")[0]  # the first release, then the last
    assert _key(lines[starts[-1]]) in named.rsplit(", ", 1)[-1]


@pytest.mark.parametrize("name", ["coreutils-NEWS.txt", "textual-CHANGELOG.md",
                                  "tmux-CHANGES.txt", "pip-NEWS.rst"])
async def test_every_outline_entry_is_a_run_of_releases(name: str) -> None:
    """A trailer after the last release (link references, a copyright notice, an old
    history of dated entries) stays in the last release's entry."""
    from gapless.engine.strategies.chunked.read import read_summary

    path = CHANGELOGS / name
    lines = path.read_text(encoding="utf-8").split("\n")
    starts = {i + 1 for i in _entries(lines, name)}
    r = await read_summary(path, settings=Settings())
    assert re.match(rf"{len(_starts(lines, name))} releases( and 1 unreleased \(.*\))?: ",
                    r.summary)
    for e in r.outline:
        assert e.start_line in starts or e.start_line == 1, e
        assert e.end_line + 1 in starts or e.end_line >= len(lines) - 1, e


def test_items_are_bullets_entries_and_paragraphs_under_their_release() -> None:
    lines = ["intro para", "", "1.1", "", "* first item", "  wrapped on", "- second",
             "", "a paragraph", "of two lines", "", "1.0", "=====", "### Fixed",
             "\t* file.c (fn): x"]
    items = items_of(lines, [2, 11])
    assert [(i.release, i.text) for i in items] == [
        (-1, "intro para"), (0, "* first item wrapped on"), (0, "- second"),
        (0, "a paragraph of two lines"), (1, "* file.c (fn): x")]
    assert (items[1].first, items[1].last) == (4, 5)


def test_a_quoted_phrase_beats_the_same_words_scattered() -> None:
    text = ("2.0\n\n- Fixed the cache when the disk is full.\n- Disk usage of the cache "
            "shown; full rebuild fixed.\n\n1.0\n\n- Initial release.\n")
    ex = summarize_text(text, question="Which release fixed the cache when the disk is full?")
    assert ex.kind == "changelog"
    assert ex.answer.split("\n")[0] == "In 2.0: - Fixed the cache when the disk is full."


def test_a_folded_answer_keeps_its_best_piece_first() -> None:
    anchors = [Anchor(start=0, end=1, label=answer_label(2, "a")),
               Anchor(start=5, end=6, label=answer_label(1, "b"))]
    assert best_first("a\nb", anchors) == ("b\na", [anchors[1], anchors[0]])
    # pieces without ranks (another provider's answer) are left as they are
    plain = [Anchor(start=0, end=1, label="x"), Anchor(start=5, end=6, label="y")]
    assert best_first("a\nb", plain) == ("a\nb", plain)


def test_a_leaf_with_one_release_still_counts_in_the_fold() -> None:
    one = "## 3.0.0\n\n- Dropped the old API.\n"
    two = "## 2.1.0\n\n- Added a flag.\n\n## 2.0.0\n\n- First stable.\n"
    parts = [summarize(one, 0), summarize(two, len(one))]
    assert parts[0].kind != "changelog" and parts[1].kind == "changelog"
    line = releases_line(merged_groups(parts))
    assert line == "3 releases: 3.0.0, 2.1.0, 2.0.0."
    from gapless.engine.extractive.fold import fold_extractions

    folded = fold_extractions(parts)
    assert folded.kind == "changelog" and folded.summary.startswith(line)
    assert folded.summary.count("releases:") == 1  # the leaves' own lines are not kept


def test_a_question_that_names_something_is_answered_where_it_is_named() -> None:
    text = ("## 2.0.0\n\n### Fixed\n\n- Crash on empty input. Fixes bug 40645;\n  bugfix on "
            "0.9.0.\n- Typo in help.\n\n## 1.0.0\n\n- First stable release, with the "
            "parser and the CLI.\n")
    ex = summarize_text(text, question="Which release fixed bug 40645?")
    assert ex.answer == "In 2.0.0: - Crash on empty input. Fixes bug 40645; bugfix on 0.9.0."
    anchor = ex.answer_anchors[0]
    assert text.encode()[anchor.start:anchor.end].decode().endswith("bugfix on 0.9.0.")
    # a release named by its version (and by no item): what it holds
    ex = summarize_text(text, question="What changed in 1.0.0?")
    assert ex.answer.startswith("In 1.0.0: - First stable release")


def test_a_model_cannot_make_up_releases() -> None:
    assert Extraction.model_validate({"releases": [{"shape": "#"}]}).releases == []
    assert Extraction.model_validate({"releases": "many"}).releases == []


def test_releases_shrink_step_by_step_to_fit_a_small_window() -> None:
    from gapless.engine.core.releases import LOST, leaner

    text = (CHANGELOGS / "tmux-CHANGES.txt").read_text(encoding="utf-8")[:70_000]
    groups = heading_groups(text, 0)
    steps = [groups]
    while (lean := leaner(steps[-1])) is not None:
        steps.append(lean)
    assert len(steps) <= 5
    sizes = [len(Extraction(releases=s).model_dump_json()) for s in steps]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[1]
    # the counts are never changed: every shape keeps its count until all are marked cut
    for step in steps[:-1]:
        assert [(g.shape, g.count) for g in step] == [(g.shape, g.count) for g in groups]
    assert [g.token for g in steps[-1]] == [LOST] and chosen(steps[-1]) is None


def test_a_fold_that_misses_a_part_s_count_states_none() -> None:
    """A part whose releases were cut to fit its window leaves the total unproven: the fold
    above states no count rather than a sum short of it."""
    from gapless.engine.core.releases import LOST, HeadingGroup, leaner

    one = "## 3.0.0\n\n- Dropped the old API.\n\n## 2.9.0\n\n- Faster.\n"
    two = "## 2.1.0\n\n- Added a flag.\n\n## 2.0.0\n\n- First stable.\n"
    parts = [summarize(one, 0), summarize(two, len(one))]
    assert releases_line(merged_groups(parts)).startswith("4 releases: ")
    cut = parts[0].model_copy(update={"releases": [HeadingGroup(shape="", token=LOST, count=0)]})
    from gapless.engine.extractive.fold import fold_extractions

    folded = fold_extractions([cut, parts[1]])
    assert releases_line(folded.releases) == UNCOUNTED
    assert folded.summary.startswith(UNCOUNTED) and "4 releases" not in folded.summary
    # a part cut to its counts alone, its versions gone, proves no sum either: the cut may
    # fall between two headings of one release
    counts = leaner(leaner(leaner(parts[0].releases) or []) or [])
    assert counts is not None and [(g.count, g.first, g.last) for g in counts] == [(2, [], None)]
    assert releases_line(merged_groups([parts[0].model_copy(update={"releases": counts}),
                                        parts[1]])) == UNCOUNTED


def test_a_part_whose_names_were_cut_names_no_release_of_the_next_as_the_files() -> None:
    """A part cut to its counts (no release named, a small window) is followed by parts that
    name theirs: the fold counts them all, but names neither the next part's first release
    as the file's first nor any release as the newest (it cannot know which is)."""
    from gapless.engine.core.releases import leaner

    first = "## 3.0.0\n\n- Dropped the old API.\n\n## 2.9.0\n\n- Faster.\n\n## 2.8.0\n\n- A.\n"
    second = "## 2.1.0\n\n- Added a flag.\n\n## 2.0.0\n\n- First stable.\n"
    parts = [summarize(first, 0), summarize(second, len(first))]
    lean = leaner(leaner(parts[0].releases) or [])  # the counts kept, no release named
    assert lean is not None and [g.count for g in lean] == [3]
    assert [(m.title, m.version) for m in lean[0].first] == [("", "3.0.0")]  # its version
    groups = merged_groups([parts[0].model_copy(update={"releases": lean}), parts[1]])
    g = chosen(groups)
    assert g is not None and g.count == 5
    assert [m.title for m in g.first if m.title] == []  # not "2.1.0, 2.0.0": 3.0.0, …
    assert headline(groups) == ""  # not "Newest release: 2.1.0"
    assert releases_line(groups) == "5 releases: …, 2.0.0."
    from gapless.engine.extractive.fold import fold_extractions

    folded = fold_extractions([parts[0].model_copy(update={"releases": lean}), parts[1]])
    assert folded.headline == "5 releases: …, 2.0.0."  # not the first part's own newest


def _outline(releases: int) -> str:
    """An outline NEWS whose releases each hold three sections naming their version, the
    middle release's first heading written twice (a heading written twice is two releases,
    as a leaf over the whole file counts it)."""
    out = ["GNU Foo NEWS -- history of user-visible changes.", ""]
    for k in range(releases, 0, -1):
        if k == releases // 2:
            out += [f"* Installation Changes in Foo 3.{k}", "", "** Fixed it first.", ""]
        for section in ("Installation Changes", "Startup Changes", "Lisp Changes"):
            out += [f"* {section} in Foo 3.{k}", "", "---",
                    f"** Made the {section.lower()} of 3.{k} faster.",
                    f"The {section.lower()} in Foo 3.{k} now works as documented.", ""]
    return "\n".join(out) + "\n"


def test_a_release_under_several_headings_is_counted_once_however_it_is_cut() -> None:
    """Headings in a row that name one version are one release; cut between them, with
    their names cut to fit a small window, the fold still counts it once (the versions
    and a digest of each heading's words stay), and a heading written twice still twice."""
    from gapless.engine.core.releases import leaner

    text = _outline(12)
    whole = chosen(heading_groups(text, 0))
    assert whole is not None and whole.count == 13
    lines = text.split("\n")
    for cut in range(1, len(lines)):
        head, tail = "\n".join(lines[:cut]) + "\n", "\n".join(lines[cut:])
        parts = [summarize(head, 0), summarize(tail, len(head.encode()))]
        for step in range(3):  # as written, names shortened, versions alone
            groups = merged_groups(parts)
            g = chosen(groups)
            # (names cut the same as far as they go, one version each side: one release's
            # sections or one heading written twice — no count rather than a guess)
            assert (g.count if g else None) in ((13, None) if step else (13,)), (cut, step)
            assert g is not None or releases_line(groups) == UNCOUNTED
            parts = [p.model_copy(update={"releases": leaner(p.releases) or p.releases})
                     for p in parts]


@pytest.mark.parametrize("window", [1024, 2048, 8192])
async def test_an_outline_whose_releases_hold_several_headings_counts_them_in_any_window(
        tmp_path: Path, window: int) -> None:
    await _counted_or_not(tmp_path / "NEWS", _outline(40), window, 41)


async def _counted_or_not(src: Path, text: str, window: int, releases: int) -> None:
    """``text`` summarized in a ``window`` states ``releases``, or that it counted none."""
    from gapless.engine.service import summarize_path

    src.write_text(text, encoding="utf-8")
    entry = await summarize_path(src, RunRequest(Settings(context_tokens=window)))
    summary = str((entry.entry or {})["summary"])
    stated = re.findall(r"(\d+) releases", summary)
    assert stated in ([], [str(releases)]), summary
    assert stated or summary.startswith(UNCOUNTED), summary


def test_a_fold_of_another_kind_states_no_part_s_release_count() -> None:
    """Parts of a changelog folded as documents carry their releases up, but a part's
    releases line is that part's figure: the fold above states none of them."""
    from gapless.engine.extractive.fold import fold_extractions

    one = summarize("## 3.0.0\n\n- Dropped the old API.\n\n## 2.9.0\n\n- Faster.\n", 0)
    assert one.summary.startswith("2 releases: ")
    code = summarize_text("def main() -> int:\n    total = 0\n    for n in range(10):\n"
                          "        total += n\n    return total\n\n\nclass Box:\n"
                          "    def __init__(self) -> None:\n        self.items = []\n")
    assert code.kind == "code"
    folded = fold_extractions([one.model_copy(update={"kind": "code"}), code, code])
    assert folded.kind == "code"
    assert "2 releases" not in folded.summary + folded.headline
    assert [g.count for g in folded.releases] == [2]  # carried up, for the fold above


def test_one_releases_notes_are_one_release_named_by_the_title() -> None:
    """A document that is one release's notes (its title holds a version and calls it so)
    states one release, named in the headline, in any window; a title with a version
    alone, or above repeated release headings, adds none."""
    path = CHANGELOGS / "go-go1.21-release-notes.md"
    ex = summarize_text(path.read_text(encoding="utf-8"))
    assert ex.kind == "changelog"
    assert ex.summary.startswith("1 release: Go 1.21 Release Notes.")
    assert ex.headline.startswith("Newest release: Go 1.21 Release Notes")
    import asyncio

    from gapless.engine.service import summarize_path

    for window in (2048, 8192):
        entry = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=window))))
        assert str((entry.entry or {})["summary"]).startswith("1 release: Go 1.21"), window
    assert summarize_text("# Python 3.12 Tutorial\n\nA first look at the language.\n"
                          ).kind != "changelog"
    many = ("---\ntitle: Foo 3.0 Release Notes\n---\n\n## 3.0.1\n\n- Fixed a crash.\n\n"
            "## 3.0.0\n\n- First of the line.\n")
    assert releases_line(heading_groups(many, 0)).startswith("2 releases: ")
    assert releases_line(heading_groups(
        "What's New In Example 2.4\n=========================\n\nIt is faster.\n", 0)) == (
        "1 release: What's New In Example 2.4.")


def _contents_notes(minors: int) -> tuple[str, int]:
    """Release notes as text whose table of contents lists every release before the
    sections themselves; a major release is named by a whole number ("A.7. Release 3"),
    dated by the note opening its body. Returns the text and its number of releases."""
    versions = [v for major in (4, 3)
                for v in [*(f"{major}.{k}" for k in range(minors, 0, -1)), str(major)]]
    out = ["Appendix A. Release Notes", "", "Table of Contents", ""]
    out += [f"A.{k}. Release {v}" for k, v in enumerate(versions, 1)]
    out.append("")
    for k, v in enumerate(versions, 1):
        out += [f"A.{k}. Release {v}", "", f"Release date: 2020-{k % 12 + 1:02d}-0{k % 9 + 1}",
                "", f"This release contains a variety of fixes from {v}.", "",
                f"A.{k}.1. Changes", "", f"  * Fixed the parser on line {k} (Ann Lee)", ""]
    return "\n".join(out) + "\n", len(versions)


def test_a_table_of_contents_is_no_release_and_a_dated_major_is_one() -> None:
    """Lines of a release heading's shape in a row, none opening a section with a body (the
    next line of substance is a release heading), are a table of contents: not counted.
    A heading whose title ends in a whole number is a release where its body opens with
    its date, in any split; headings in a row over a body (empty releases) still count."""
    from gapless.engine.extractive.kinds.changelog_headings import releases_of

    text, truth = _contents_notes(5)
    releases = releases_of(text)
    assert len(releases) == truth
    assert releases[0].title == "A.1. Release 4.5" and releases[0].date
    assert [r.version for r in releases if "." not in r.version] == ["4", "3"]
    whole = chosen(heading_groups(text, 0))
    assert whole is not None and whole.count == truth
    assert headline(heading_groups(text, 0)).startswith("Newest release: A.1. Release 4.5, ")
    lines = text.split("\n")
    toc_end = lines.index("", 4)  # (a cut inside the contents: see the report)
    for cut in range(toc_end + 1, len(lines)):
        head, tail = "\n".join(lines[:cut]) + "\n", "\n".join(lines[cut:])
        groups = merged_groups([summarize(head, 0), summarize(tail, len(head))])
        g = chosen(groups)
        assert (g.count if g else None) in (truth, None), cut
        assert g is not None or releases_line(groups) == UNCOUNTED
    for size in (300, 700, 1500):
        g = chosen(merged_groups([summarize(p, o) for p, o in _pieces(text, size)]))
        assert g is not None and g.count == truth, size
    # a whole number with no date under it is no release; empty releases in a row count
    plain = ("## 1.1.0\n\n- Faster.\n\n## 1.0.0\n\n- First.\n\n## Part 2\n\nMore words.\n")
    assert chosen(heading_groups(plain, 0)) is not None
    assert chosen(heading_groups(plain, 0)).count == 2  # type: ignore[union-attr]
    empty = ("* Changes in release 2.2 (2020-03-01)\n* Changes in release 2.1 (2020-02-01)\n"
             "\n  Fixed a crash.\n\n* Changes in release 2.0 (2020-01-01)\n\n  First.\n")
    assert len(releases_of(empty)) == 3


def _changes_xml(n: int) -> str:
    """A changes file as XML: a release element per release (version, date, description
    attributes) holding action elements; the next release on top, its date to come; a
    release commented out; one release tag written over two lines."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<document xmlns="urn:example:changes">',
           "  <properties><title>Widget Release Notes</title></properties>", "  <body>",
           f'    <release version="1.{n}.0" date="YYYY-MM-DD" description="Next.">',
           '      <action type="update" dev="ann">Bump parent from 64 to 66.</action>',
           "    </release>",
           '    <!-- <release version="0.9.9" date="2011-01-01" description="Withdrawn."> -->']
    for k in range(n - 1, -1, -1):
        tag = (f'    <release version="1.{k}.0" date="2020-{k % 12 + 1:02d}-01" '
               f'description="Fixes &amp; features, {k}.">')
        if k == n // 2:
            tag = tag.replace(' date=', '\n             date=')
        out += [tag, f'      <action type="fix" dev="ann" issue="W-{k}">Fix the parser '
                f"under load ({k}), as 1.{k}.1 did not.</action>", "    </release>"]
    return "\n".join([*out, "  </body>", "</document>"]) + "\n"


def test_release_elements_of_an_xml_changes_file_are_its_releases() -> None:
    """An element repeated with a version and a date among its attributes is a release
    (its date to come: not released yet, counted apart); the parser (well-formed XML) and
    the scan (a part of one) read the same elements; the count holds however the file is
    cut, or the fold states none."""
    from gapless.engine.extractive.kinds.changelog_elements import _parsed, _scanned

    n = 12
    text = _changes_xml(n)
    assert _parsed(text) == _scanned(text) and _parsed(text)
    ex = summarize_text(text)
    assert ex.kind == "changelog"
    assert ex.summary.startswith(f"{n} releases and 1 unreleased (1.{n}.0): 1.{n - 1}.0, ")
    assert ex.headline == f"Newest release: 1.{n - 1}.0, 2020-{(n - 1) % 12 + 1:02d}-01 (of {n} releases)."
    whole = chosen(heading_groups(text, 0))
    assert whole is not None and whole.count == n
    assert whole.first[0].at == text.index(f'<release version="1.{n - 1}.0"')
    lines = text.split("\n")
    for cut in range(1, len(lines)):
        head, tail = "\n".join(lines[:cut]) + "\n", "\n".join(lines[cut:])
        groups = merged_groups([summarize(head, 0), summarize(tail, len(head))])
        g = chosen(groups)
        assert (g.count if g else None) in (n, None), cut
        assert g is not None or releases_line(groups) == UNCOUNTED
    for at in range(0, len(text), 37):  # cut anywhere: in a tag, a value, a comment
        groups = merged_groups([summarize(text[:at], 0), summarize(text[at:], at)])
        g = chosen(groups)
        assert (g.count if g else None) in (n, None), at
    for size in (200, 500, 1200):
        g = chosen(merged_groups([summarize(p, o) for p, o in _pieces(text, size)]))
        assert (g.count if g else None) in (n, None), size
    # elements with a version and no date (a build's dependencies) are no releases
    pom = ("<project>\n" + "".join(f'  <dependency name="lib{k}" version="1.{k}.0"/>\n'
                                   for k in range(8)) + "</project>\n")
    assert summarize_text(pom).kind != "changelog" and not heading_groups(pom, 0)


@pytest.mark.parametrize("window", [1024, 2048, 8192])
async def test_an_xml_changes_file_counts_its_releases_in_any_window(
        tmp_path: Path, window: int) -> None:
    await _counted_or_not(tmp_path / "changes.xml", _changes_xml(60), window, 60)


def _news(releases: int) -> str:
    """A NEWS whose top release's date is still to fill, noted under its heading."""
    out = []
    for k in range(releases, 0, -1):
        date = "XXXX-XX-XX" if k == releases else f"2020-01-{k:02d}"
        title = f"What's New in Foo 5.0.{k} final?"
        out += [title, "=" * len(title), "", f"*Release date: {date}*", "", "Library",
                "-------", "", f"- gh-{k}: Fixed the loader.", ""]
    return "\n".join(out) + "\n"


def test_a_cut_under_a_heading_leaves_its_note_to_the_next_part() -> None:
    """A part that ends under a heading, before the line noting it is not out yet, counts
    it as released; the next part's opening note settles it: the fold states the count and
    the unreleased section a leaf over the whole file states, wherever the cut falls."""
    text = _news(8)
    whole = heading_groups(text, 0)
    want = releases_line(whole)
    assert want.startswith("7 releases and 1 unreleased (What's New in Foo 5.0.8 final?)")
    lines = text.split("\n")
    for cut in range(1, len(lines) - 1):
        head = "\n".join(lines[:cut]) + "\n"
        tail = "\n".join(lines[cut:])
        parts = [summarize(head, 0), summarize(tail, len(head.encode()))]
        stated = releases_line(merged_groups(parts))
        assert stated in (want, UNCOUNTED, ""), (cut, stated)
    # the cut right under the top heading and its underline: settled, not guessed
    head = "\n".join(lines[:3]) + "\n"
    parts = [summarize(head, 0), summarize("\n".join(lines[3:]), len(head.encode()))]
    assert releases_line(merged_groups(parts)).startswith("7 releases and 1 unreleased")


@pytest.mark.parametrize("name", sorted(p.name for p in CHANGELOGS.iterdir()))
def test_any_cutting_and_leaning_states_the_whole_count_or_none(name: str) -> None:
    """The file cut at random lines into 2-9 parts, each part's releases leaned by 0-3 of
    the steps a small window takes, folded in random trees: the count stated is the one a
    leaf over the whole file states, or none ("Releases not counted")."""
    import random

    from gapless.engine.core.releases import leaner

    text = (CHANGELOGS / name).read_text(encoding="utf-8", errors="replace")
    whole = chosen(heading_groups(text, 0))
    lines = text.split("\n")
    rnd = random.Random(name)
    for _ in range(6):
        cuts = sorted(rnd.sample(range(1, len(lines)), min(rnd.randint(1, 8), len(lines) - 1)))
        parts, offset = [], 0
        for a, b in zip([0, *cuts], [*cuts, len(lines)], strict=True):
            piece = "\n".join(lines[a:b]) + ("\n" if b < len(lines) else "")
            groups = heading_groups(piece, offset)
            for _step in range(rnd.choice([0, 0, 1, 2, 3])):
                groups = leaner(groups) or groups
            parts.append(Extraction(releases=groups))
            offset += len(piece.encode("utf-8"))
        root = folded_at_random(parts, rnd)
        g = chosen(root.releases)
        if releases_line(root.releases) == UNCOUNTED or g is None:
            continue  # no count stated
        assert whole is not None and g.count == whole.count, cuts
