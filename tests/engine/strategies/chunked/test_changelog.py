"""A changelog read chunk by chunk: its releases are the outline, spread over the whole file."""

from __future__ import annotations

import re
from pathlib import Path

from gapless.engine import Settings
from gapless.engine.strategies.chunked.headings import split_by_headings
from gapless.engine.strategies.chunked.planner import plan_bytes
from gapless.engine.strategies.chunked.read import read_summary
from tests.support.paths import TEST_DATA

TMUX = TEST_DATA / "changelogs" / "tmux-CHANGES.txt"


async def test_tmux_changes_outline_follows_its_releases(tmp_path: Path) -> None:
    total = TMUX.read_text().count("\n")
    lines = TMUX.read_text().splitlines()
    starts = [i + 1 for i, ln in enumerate(lines) if re.match(r"CHANGE[SD] FROM", ln)]
    releases = [lines[i - 1] for i in starts]
    r = await read_summary(TMUX, settings=Settings())
    assert r.status == "complete"
    entries = r.outline
    assert 20 <= len(entries) <= 32
    assert entries[0].start_line == 1 and entries[-1].end_line >= total
    assert all(a.end_line + 1 >= b.start_line for a, b in zip(entries, entries[1:], strict=False))
    # Every entry is a run of whole releases: the old history of dated entries under the
    # last release stays in it; an entry wider than a tenth of the file is one release.
    for e in entries:
        assert e.start_line in starts or e.start_line == 1
        assert e.end_line + 1 in starts or e.end_line >= total
        inside = [s for s in starts if e.start_line < s <= e.end_line]
        assert e.end_line - e.start_line + 1 <= total // 10 or not inside, e
    # Titles are the release headers (merged neighbours read "first – last").
    assert entries[0].title == "CHANGES FROM 3.7c TO 3.8"
    assert sum(e.title.startswith("CHANGES FROM") for e in entries) >= 15
    assert entries[0].digest.startswith("Many improvements to floating panes")
    # The summary names the releases and how many there are.
    assert r.summary.startswith(f"{len(releases)} releases: CHANGES FROM 3.7c TO 3.8 (line 1)")
    assert "CHANGES FROM 0.8 TO 0.9" in r.summary


def test_headings_of_markdown_rst_and_dated_entries() -> None:
    text = (b"intro line\n\n# Title\n\n- first item\n- second item\n\nSection\n=======\n\n"
            b"body text\n\n21 May 2009\n\n* dated change\n")
    split = split_by_headings(text, plan_bytes(text, 10_000).chunks[0])
    assert split is not None
    assert split.lead == (1, 2)
    assert [(e.title, e.start_line) for e in split.entries] == [
        ("Title", 3), ("Section", 8), ("21 May 2009", 13)]
    assert split.entries[0].digest == "first item; second item"
    assert split.entries[1].digest == "body text"
    # Inside a document with releases, markup headings are parts of a release.
    notes = b"v1.2.0\n\nIncompatible Changes\n====\n\n* dropped X\n\nv1.1.0\n\n* added Y\n"
    split = split_by_headings(notes, plan_bytes(notes, 10_000).chunks[0])
    assert split is not None and split.has_release
    assert [e.title for e in split.entries] == ["v1.2.0", "v1.1.0"]
    assert split.entries[0].digest.startswith("Incompatible Changes")


def test_prose_with_versions_is_not_a_heading() -> None:
    text = b"We moved to Python 3.11 last week.\n\nThe 2.0 release fixed it, see below:\n\nok\n"
    assert split_by_headings(text, plan_bytes(text, 10_000).chunks[0]) is None


async def test_a_source_file_has_no_releases(tmp_path: Path) -> None:
    """A constant in code ("SNAP_TOLERANCE = 0.12" set off by blank lines) is not a release
    header: reading a Python module named it "1 release" before."""
    code = (b'"""A module."""\n\nimport math\n\nSNAP_TOLERANCE = 0.12\n\n'
            b"VERSION: str = '2.1'\n\nversion 2.1\n\n"
            b"def f(x):\n    return math.sqrt(x)\n")
    assert [e.title for e in split_by_headings(code, plan_bytes(code, 10_000).chunks[0])
            .entries] == ["version 2.1"]
    path = tmp_path / "tree.py"
    path.write_bytes(code.replace(b"version 2.1\n\n", b""))
    r = await read_summary(path, settings=Settings())
    assert "release" not in r.summary, r.summary


def test_a_run_of_long_release_headings_still_names_its_last() -> None:
    from gapless.engine.core.events import OutlineEntry
    from gapless.engine.strategies.chunked.outline import MAX_ENTRIES, TITLE_CHARS, Outline

    heads = [f"Tue Oct {29 - n} 20:57:36 1991  Roland McGrath  (roland@churchy.gnu.ai.mit.edu)"
             for n in range(MAX_ENTRIES + 1)]
    outline = Outline(OutlineEntry(title=h, start_line=n * 10 + 1, end_line=n * 10 + 10,
                                   kind="section") for n, h in enumerate(heads))
    merged = next(e for e in outline.entries if " – " in e.title)
    assert len(merged.title) <= TITLE_CHARS
    first, last = merged.title.split(" – ")
    assert first.startswith("Tue Oct 29 20:57:36 1991") and last.startswith("28 20:57:36 1991")


async def test_one_releases_notes_read_chunk_by_chunk_state_one_release() -> None:
    # no heading repeats in Go 1.21's notes: the release is the document's title
    path = TEST_DATA / "changelogs" / "go-go1.21-release-notes.md"
    r = await read_summary(path, settings=Settings())
    assert r.status == "complete" and len(r.outline) > 1
    assert r.summary.startswith("1 release: Go 1.21 Release Notes (line 3).")
