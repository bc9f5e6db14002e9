"""A log's figures are those of the whole input whatever the window: every leaf of a tree
reads its scope by the input's own format, so a leaf whose level column holds one value,
or whose first line is a piece of a line, counts the same records and levels as the rest."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.config import Settings
from gapless.engine.extractive.logs.detect import detect_format, input_format
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from tests.support.paths import TEST_DATA


def _stats(path: Path, window: int) -> dict[str, Any]:
    result = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=window))))
    stats = (result.entry or {}).get("stats")
    assert stats, f"no figures at a window of {window}"
    return dict(stats)


def _cut(tmp_path: Path, name: str, first: int, lines: int) -> Path:
    text = (TEST_DATA / "logs" / name).read_bytes()
    out = tmp_path / name
    out.write_bytes(b"".join(text.splitlines(keepends=True)[first:first + lines]))
    return out


@pytest.mark.parametrize(("name", "first"), [("Windows_2k.log", 0), ("HDFS_2k.log", 1450)])
def test_a_logs_figures_are_the_same_in_a_small_window(tmp_path: Path, name: str,
                                                        first: int) -> None:
    # a level column that holds one value in a leaf ("Info" in every line there), and a
    # record of 2.5 KB (a list of block ids) cut into leaves that hold no line start, are
    # still read as the log: the records and their levels are the same in every window
    path = _cut(tmp_path, name, first, 300)
    whole = _stats(path, 8192)
    assert whole["records"] == 300
    assert sum(whole["levels"].values()) == 300 and "none" not in whole["levels"]
    small = _stats(path, 1024)
    assert _counts(small) == _counts(whole)


def _counts(stats: dict[str, Any]) -> dict[str, Any]:
    """The figures a summary states as counts: each template's records (which record opened
    a template may differ when two templates each hold some of one event's records)."""
    return {**stats, "templates": sorted((t["template"], t["count"], t["errors"],
                                          t["warnings"]) for t in stats["templates"])}


def test_a_scope_of_a_log_is_read_by_the_inputs_format() -> None:
    text = (TEST_DATA / "logs" / "Windows_2k.log").read_text(encoding="utf-8")
    whole = detect_format(text)
    assert whole is not None
    # a piece that starts inside a line and holds one level value learns another shape
    # alone; read as a scope of the input, it is read by the input's format
    piece = text[21_000:24_000]
    with input_format(whole):
        assert detect_format(piece) == whole
    # a piece inside one long record is a part of the log too
    with input_format(whole):
        assert detect_format("blk_1 blk_2 blk_3 blk_4 blk_5 blk_6") == whole
    assert detect_format("blk_1 blk_2 blk_3 blk_4 blk_5 blk_6") is None


def test_a_fold_takes_no_time_from_a_piece_of_a_line() -> None:
    from gapless.engine.extractive.logs.merge import merge_stats, provisional
    from gapless.engine.extractive.logs.scan import scan_log

    text = (TEST_DATA / "logs" / "Windows_2k.log").read_text(encoding="utf-8")
    text = "".join(text.splitlines(keepends=True)[:40])
    fmt = detect_format(text)
    assert fmt is not None
    lines = text.splitlines(keepends=True)
    cut = len("".join(lines[:10])) + 5  # inside the 11th line's date ("2016-|09-28 …")
    scans = [scan_log(text[:cut], fmt, starts_input=True).stats,
             scan_log(text[cut:], fmt, starts_input=False).stats]
    assert all(s is not None for s in scans)
    later = provisional(scans[1])  # type: ignore[arg-type]
    assert later.own_first == lines[11][:19].replace(" ", "T")  # its first whole line's
    merged, _ = merge_stats([provisional(s) for s in scans])  # type: ignore[arg-type]
    whole = provisional(scan_log(text, fmt, starts_input=True).stats)  # type: ignore[arg-type]
    assert (merged.first, merged.last, merged.records) == (whole.first, whole.last, 40)


def test_a_child_holding_no_whole_line_lends_no_time_to_its_fold() -> None:
    from gapless.engine.extractive.logs.merge import merge_stats, provisional
    from gapless.engine.extractive.logs.scan import scan_log

    text = (TEST_DATA / "logs" / "Windows_2k.log").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)[:40]
    text = "".join(lines)
    fmt = detect_format(text)
    assert fmt is not None
    # the middle piece runs from inside the 11th line's date to inside the 12th's: it holds
    # the end of one line and the start of the next, no whole line
    cuts = [len("".join(lines[:10])) + 5, len("".join(lines[:11])) + 5]
    pieces = [text[:cuts[0]], text[cuts[0]:cuts[1]], text[cuts[1]:]]
    parts = [provisional(scan_log(p, fmt, starts_input=i == 0).stats)  # type: ignore[arg-type]
             for i, p in enumerate(pieces)]
    assert parts[1].lines == 2 and parts[1].own_first is None
    merged, _ = merge_stats(parts)
    whole = provisional(scan_log(text, fmt, starts_input=True).stats)  # type: ignore[arg-type]
    assert (merged.first, merged.last, merged.records) == (whole.first, whole.last, 40)


def test_a_recursive_run_reads_its_scopes_by_the_inputs_format(tmp_path: Path) -> None:
    # the model-planned strategy cuts where its plan says: its scopes (and the sub-trees it
    # spawns) are read by the whole input's format too, so its figures are the tree's
    path = _cut(tmp_path, "Windows_2k.log", 0, 300)
    whole = _stats(path, 8192)
    request = RunRequest(Settings(context_tokens=1024), strategy="recursive",
                         question="which errors occurred?")
    result = asyncio.run(summarize_path(path, request))
    stats = (result.entry or {}).get("stats")
    assert stats, "no figures from the recursive run"
    assert _counts(dict(stats)) == _counts(whole)


@pytest.mark.parametrize(("name", "window"), [
    ("Android_2k.log", 2048), pytest.param("Mac_2k.log", 512, marks=pytest.mark.slow)])
def test_a_logs_templates_are_those_of_the_widest_window(name: str, window: int) -> None:
    # each leaf mines the templates of its own records and drain's clusters depend on the
    # order it meets messages; the root's are mined from the whole log's distinct messages
    # (LogStats.forms) in one order that no split changes. Android and Mac once named other
    # templates at 2,048 and 512 tokens. (Mac takes 4 s.)
    path = TEST_DATA / "logs" / name
    small, whole = _stats(path, window), _stats(path, 8192)
    for stats in (small, whole):
        stats.pop("head", None)
        stats.pop("tail", None)
    assert small == whole
