"""The registry of kinds: detection by structure, the kind carried by every extraction, folds
that dispatch on it; learned log shapes, learned release headings and learned chat turns
checked on every file of tests/data (each a format no rule was written for)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.kinds.changelog import learn, releases_of
from gapless.engine.extractive.kinds.registry import REGISTRY, detect, fold_kind
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.shape import is_shape
from gapless.engine.extractive.turns import learn_turns
from tests.engine.extractive.logs.truth import ALL_SAMPLES, sample, true_levels
from tests.support.paths import TEST_DATA

SHARED = TEST_DATA
CHANGELOGS = SHARED / "changelogs"
CHATS = SHARED / "chat-exports"

# the truth: each changelog's entry headings, by a rule written for that file (tests only)
RELEASES = {
    "apt-debian-changelog.txt": r"^apt \(",
    "asciidoctor-CHANGELOG.adoc": r"^== (\d|Unreleased$)",
    "otel-collector-CHANGELOG.md": r"^## v?\d+\.\d+",
    "yt-dlp-Changelog.md": r"^### \d{4}\.\d{2}\.\d{2}",
    "changesets-cli-CHANGELOG.md": r"^## \d",
    "click-CHANGES.md": r"^## Version ",
    "coreutils-NEWS.txt": r"^\* [A-Z]\w+ changes in release ",
    "gawk-ChangeLog.txt": r"^\d{4}-\d{2}-\d{2} ",
    "glib-NEWS.txt": r"^Overview of changes in GLib",
    "make-ChangeLog.1.txt": r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d ",
    "mojo-Changes.txt": r"^\d+\.\d+ ",
    "pip-NEWS.rst": r"^\d+(\.\d+)+\S*( \(.*\))?$",
    "standard-version-CHANGELOG.md": r"^#{1,3} \[?\d+\.\d+\.\d+",
    "subnetcalc-debian-changelog.txt": r"^subnetcalc \(",
    "textual-CHANGELOG.md": r"^## \[",
    "tmux-CHANGES.txt": r"^CHANGE[SD] FROM ",
}
# the release entries above them not released yet, matched against "heading | next line of
# text" (tests only; a file not named here has none)
UNRELEASED = {
    "asciidoctor-CHANGELOG.adoc": r"^== Unreleased \|",
    "click-CHANGES.md": r"\| Unreleased$",
    "coreutils-NEWS.txt": r"release \?\.\? ",
    "mojo-Changes.txt": r"^\S+ +UNRELEASED \|",
}


def test_the_registry_is_ordered_and_ends_with_a_document() -> None:
    names = [k.name for k in REGISTRY]
    assert names == ["log", "code", "meeting", "conversation", "changelog", "document"]
    assert detect("just a sentence of prose.").name == "document"


@pytest.mark.parametrize(("text", "kind"), [
    ("### user · 2026-01-01T10:00:00Z\nFix the parser please.\n\n### assistant · 2026-01-01T"
     "10:00:05Z\nFixed the parser; tests pass.\n", "conversation"),
    ("Alice: we should ship on Monday.\nBob: agreed, Monday it is.\nAlice: I will write the "
     "notes.\nBob: thanks.\n", "meeting"),
    ("Some prose about a plan. It has two sentences.\n", "document"),
])
def test_every_leaf_carries_its_kind(text: str, kind: str) -> None:
    assert summarize_text(text).kind == kind


def test_the_kind_field_is_backward_compatible() -> None:
    old = {"headline": "h", "summary": "s", "topics": []}
    assert Extraction.model_validate(old).kind == ""
    assert "kind" not in Extraction.model_validate(old).model_dump()
    assert Extraction(kind="log").model_dump()["kind"] == "log"


def test_a_fold_dispatches_on_the_field_not_on_the_prose() -> None:
    # a summary that reads like code's is not code unless its kind says so
    prose = Extraction(headline="h", summary="Defines (2 functions): a(), b().", kind="document")
    assert fold_kind([prose, prose], None).name == "document"
    code = prose.model_copy(update={"kind": "code"})
    assert fold_kind([code, code], None).name == "code"
    folded = fold_extractions([code, code])
    assert folded.kind == "code" and "4 functions" in folded.summary


# ------------------------------------------------------------------------------ logs


@pytest.mark.parametrize("name", ALL_SAMPLES)
def test_every_loghub_system_is_a_log_with_its_level_column(name: str) -> None:
    text = sample(name).read_text(encoding="utf-8", errors="replace").rstrip("\n") + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records >= 0.95 * stats.lines
    column = true_levels(name)
    if column is not None:  # the level column's counts, exactly (never keywords)
        letters = {"I": "info", "D": "debug", "V": "debug", "W": "warning", "E": "error"}
        want: dict[str, int] = {}
        for value, n in column.items():
            key = letters.get(value) or {"notice": "info", "warn": "warning"}.get(
                value.lower(), value.lower())
            want[key] = want.get(key, 0) + n
        assert stats.levels == want and not stats.levels_inferred


@pytest.mark.parametrize("name", ["Android", "HealthApp", "HPC", "OpenStack", "Proxifier",
                                  "Windows"])
def test_a_log_of_no_known_format_is_read_by_its_learned_shape(name: str) -> None:
    text = sample(name).read_text(encoding="utf-8", errors="replace")
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt)
    # every chunk of it learns the same shape, so a fold's records are cut alike
    pieces = {detect_format(text[i:i + 16_000]) for i in range(0, len(text), 16_000)}
    assert len(pieces - {None}) <= 2


def test_no_other_file_of_the_test_data_is_taken_for_a_log() -> None:
    files = [*CHANGELOGS.iterdir(), *CHATS.iterdir(), *(SHARED / "meetings").glob("*.txt")]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for i in range(0, min(len(text), 400_000), 20_000):
            assert detect_format(text[i:i + 20_000]) is None, path.name


# ------------------------------------------------------------------------------ changelogs


@pytest.mark.parametrize("name", sorted(RELEASES))
def test_every_release_of_a_changelog_is_counted(name: str) -> None:
    text = (CHANGELOGS / name).read_text(encoding="utf-8")
    lines = text.split("\n")
    truth = [i for i, ln in enumerate(lines) if re.match(RELEASES[name], ln)]
    assert [r.line for r in releases_of(text)] == truth
    assert detect(text[:60_000]).name == "changelog"


def test_a_release_heading_shape_is_learned_not_known() -> None:
    text = "".join(
        f"Changes in version 0.4.7.{n} - 2023-01-{n:02d}\n  Tor 0.4.7.{n} fixes bugs.\n\n"
        f"  o Minor bugfixes:\n    - Fix a crash in the relay code. Fixes bug {40640 + n}.\n\n"
        for n in range(13, 3, -1))
    found = releases_of(text)
    assert [r.version for r in found] == [f"0.4.7.{n}" for n in range(13, 3, -1)]
    pattern = learn(text.split("\n"))
    assert pattern is not None and pattern.token == "V"
    ex = summarize_text(text, question="Which release fixed bug 40645?")
    assert ex.kind == "changelog"
    assert ex.answer.split("\n")[0].startswith("In Changes in version 0.4.7.5 - 2023-01-05:")


def test_dated_lines_inside_prose_are_no_releases() -> None:
    text = ("# aider chat started at 2025-10-20 21:49:17\n\n#### fix it\n\n"
            "# aider chat started at 2025-10-21 10:00:00\n\n#### and this\n")
    assert learn(text.split("\n")) is None


# ------------------------------------------------------------------------------ chat exports


@pytest.mark.parametrize("path", sorted(CHATS.glob("*.md")) if CHATS.is_dir() else [],
                         ids=lambda p: p.name)
def test_a_markdown_chat_export_is_read_as_a_conversation(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert learn_turns(text) is not None
    ex = summarize_text(text[:200_000])
    assert ex.kind == "conversation"
    assert ex.summary.startswith("Asked:")
    first_ask = ex.summary.split("\n")[1].removeprefix("- ").rstrip(".…")[:30]
    assert first_ask and first_ask in text


def test_two_labels_that_take_turns_are_the_two_sides() -> None:
    # (neither label is a role word: the side whose turns are shorter asks, the other
    # answers, whoever speaks first in a leaf)
    text = ("## helper\n\nThe build needs a C compiler and make; configure first, then build "
            "the library and the tool with one command.\n\n"
            "## ada\n\nHow do I build this from source?\n\n## helper\n\nRun ./configure, "
            "then make; the binaries land in build/ and make install copies them.\n\n"
            "## ada\n\nAnd the tests?\n\n## helper\n\nRun make check: it builds the test "
            "runner and runs every suite, printing a summary at the end.\n")
    turns = learn_turns(text)
    assert turns is not None and turns.role("## ada") == ("user", False)
    assert turns.role("## helper") == ("assistant", False)
    ex = summarize_text(text)
    assert ex.kind == "conversation" and "How do I build this from source?" in ex.summary


def test_a_slash_command_with_arguments_is_asked() -> None:
    text = ("### user · 2026-01-01T10:00:00Z\n/apply-grant nsf-2026 --budget\n\n"
            "### assistant · 2026-01-01T10:00:05Z\nFilled in the budget justification and "
            "updated the biosketch with the new publications list.\n")
    assert "/apply-grant nsf-2026 --budget" in summarize_text(text).summary.split("Done:")[0]


@pytest.mark.parametrize("name", ["subnetcalc-debian-changelog.txt", "gawk-ChangeLog.txt"])
async def test_a_read_counts_the_releases_and_outlines_runs_of_them(name: str) -> None:
    from gapless.engine.config import Settings
    from gapless.engine.strategies.chunked.read import read_summary

    path = CHANGELOGS / name
    lines = path.read_text(encoding="utf-8").split("\n")
    starts = {i + 1 for i, ln in enumerate(lines) if re.match(RELEASES[name], ln)}
    r = await read_summary(path, settings=Settings())
    assert r.summary.startswith(f"{len(starts)} releases: ")
    # every entry opens at a release and ends where the next one starts (or at the end)
    for e in r.outline:
        assert e.start_line in starts or e.start_line == 1
        assert e.end_line + 1 in starts or e.end_line >= len(lines) - 1
