"""`gapless read` states the releases the changelog kind states for the whole file (issue 36):
the kind's counting folded chunk by chunk, never a second copy of its rules, in any window
and with a model that says nothing of releases; where read has not seen the whole file, it
states no count and says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.extractive.kinds.changelog_releases import heading_groups, releases_line
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.strategies.chunked.options import ReadOptions
from gapless.engine.strategies.chunked.read import read_summary
from gapless.engine.strategies.chunked.release_figures import PART_READ

WINDOWS = [Settings(), Settings(context_tokens=1024)]  # one chunk; many chunks


def _news() -> str:
    """A NEWS whose top section names only the version the first release ships."""
    out = ["-----------------------------", "SHELL NEWS FILE", "-----------------------------",
           "", "Note also the list of incompatibilities in the README file.", ""]
    title = "Changes since 5.9"
    out += [title, "-" * len(title), "", "The ERR_EXIT option was refined to be more",
            "self-consistent with the POSIX specification.", ""]
    versions = ["5.9", "5.8.1", "5.8", "5.7.1", "5.7", "5.6.2", "5.6.1", "5.6", "5.5.1",
                "5.5", "5.4.2", "5.4.1"]
    for new, old in zip(versions, versions[1:], strict=False):
        title = f"Changes from {old} to {new}"
        out += [title, "-" * len(title), ""]
        for k in range(6):
            out += [f"The option WARN_NESTED_VAR now also applies to case {k} of {new}",
                    "when the input is empty or the server closes early.", ""]
    return "\n".join(out)


def _monorepo() -> str:
    """A monorepo's changelog: dated batches, each over its packages' version sections."""
    out = ["# Change Log", "", "All notable changes to this project will be documented here.",
           ""]
    for n in range(12):
        date = f"2023-{12 - n:02d}-{10 + n:02d}"
        out += [f"## {date}", "", "### Changes", "", "---", "",
                "Packages with other changes:", ""]
        pkgs = [("alpha_core", f"v1.{30 - n}.0"), ("beta_auth", f"v3.{20 - n}.2"),
                ("gamma_store", f"v0.{25 - n}.1")]
        out += [f" - [`{p}` - `{v}`](#{p}---{v.replace('.', '')})" for p, v in pkgs] + [""]
        for p, v in pkgs:
            out += [f"#### `{p}` - `{v}`", "",
                    f" - **FIX**({p}): Improve the migration runner for batch {n}.",
                    f" - **FEAT**({p}): Support the template engine on 32-bit platforms {n}.",
                    ""]
    return "\n".join(out)


def _plain() -> str:
    """A plain Keep a Changelog file, whose read count stays what it always was."""
    out = ["# Changelog", "", "## [Unreleased]", "", "### Added", "", "- A pending feature.", ""]
    for n in range(14):
        out += [f"## [2.{13 - n}.0] - 2024-{12 - n % 12:02d}-01", "", "### Fixed", ""]
        out += [f"- Fix the parser's edge case number {k} of release {n}." for k in range(8)]
        out += [""]
    return "\n".join(out)


def _diary() -> str:
    """Stand-up notes: headings of a date alone, a weekday apart, no version anywhere."""
    out = ["# Platform team — daily stand-up", ""]
    for n in range(20):
        out += [f"## 2024-02-{n + 1:02d}", "", f"- Yesterday: speed up the scheduler, item {n}.",
                f"- Today: review the retry policy, item {n}.", "- Blockers: none.", ""]
    return "\n".join(out)


def _figure(summary: str) -> str:
    """The read's releases line, its "(line N)" marks out: what the kind's line states."""
    first = summary.split("\n\n", 1)[0]
    return re.sub(r" \(line \d+\)", "", first)


def _stated(text: str) -> str:
    """What ``gapless summarize`` states of the whole text (the kind over one leaf)."""
    return releases_line(heading_groups(text, 0))


@pytest.mark.parametrize("settings", WINDOWS)
async def test_a_section_naming_the_coming_version_is_unreleased(tmp_path: Path,
                                                                 settings: Settings) -> None:
    path = tmp_path / "NEWS"
    path.write_text(_news(), encoding="utf-8")
    r = await read_summary(path, settings=settings)
    assert r.summary.startswith("11 releases and 1 unreleased (Changes since 5.9 (line 7)): "
                                "Changes from 5.8.1 to 5.9 (line 13), "), r.summary[:200]
    assert _figure(r.summary) == _stated(_news())


@pytest.mark.parametrize("settings", WINDOWS)
async def test_a_monorepos_dated_batches_are_its_releases(tmp_path: Path,
                                                          settings: Settings) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(_monorepo(), encoding="utf-8")
    r = await read_summary(path, settings=settings)
    assert r.summary.startswith("12 releases: 2023-12-10 (line 5), "), r.summary[:200]
    assert _figure(r.summary) == _stated(_monorepo())
    assert "alpha_core" not in r.summary.split("\n\n", 1)[0]  # (a package's section, none)


async def test_a_model_that_names_no_release_still_gets_the_kinds_count(tmp_path: Path
                                                                        ) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(_monorepo(), encoding="utf-8")
    model = ScriptedProvider(['{"headline": "A part", "summary": "Notes of a part."}'] * 200)
    r = await read_summary(path, settings=Settings(context_tokens=1024), provider=model)
    assert _figure(r.summary) == _stated(_monorepo())


@pytest.mark.parametrize("settings", WINDOWS)
async def test_a_plain_changelogs_count_is_unchanged(tmp_path: Path, settings: Settings
                                                     ) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(_plain(), encoding="utf-8")
    r = await read_summary(path, settings=settings)
    # (the line the read stated before it took the kind's figures, to the letter)
    assert r.summary.split("\n\n", 1)[0] == (
        "14 releases and 1 unreleased ([Unreleased] (line 3)): [2.13.0] - 2024-12-01 (line 9), "
        "[2.12.0] - 2024-11-01 (line 22), [2.11.0] - 2024-10-01 (line 35), …, "
        "[2.0.0] - 2024-11-01 (line 178).")
    assert _figure(r.summary) == _stated(_plain())


@pytest.mark.parametrize("settings", WINDOWS)
async def test_a_diarys_dated_pages_are_no_releases(tmp_path: Path, settings: Settings
                                                    ) -> None:
    path = tmp_path / "standup.md"
    path.write_text(_diary(), encoding="utf-8")
    r = await read_summary(path, settings=settings)
    assert _stated(_diary()) == ""
    assert "release" not in r.summary.split("\n\n", 1)[0], r.summary[:200]


async def test_a_read_of_part_of_the_file_counts_no_releases(tmp_path: Path) -> None:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(_plain(), encoding="utf-8")
    first = await read_summary(path, ReadOptions(max_chunks=1),
                               settings=Settings(context_tokens=1024))
    assert first.truncated and first.summary.startswith(PART_READ), first.summary[:200]
    rest = await read_summary(path, ReadOptions(cursor=first.cursor),
                              settings=Settings(context_tokens=1024))
    assert rest.summary.startswith(PART_READ), rest.summary[:200]
