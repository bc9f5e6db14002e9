"""The journal on the command line as a new user types it (issue 14, "the first hour"):
filters that say what they accept, the `gapless journal` listing, and a folder of unrelated
documents that is not silently merged into one summary."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.paths import REPO_ROOT, TEST_DATA

Gapless = Callable[..., subprocess.CompletedProcess[str]]
KNOWN = "OpenCoreAnalysisKit, android-avd, engineering-notebook, myapp, tmp"
OCAK = TEST_DATA / "claude-projects" / "-home-cwtrocks-OpenCoreAnalysisKit"


def _runner(tmp: Path, **extra: str) -> Gapless:
    env = {**os.environ, "HOME": str(tmp), "GAPLESS_DB": str(tmp / "cli.db"), "TZ": "UTC",
           "GAPLESS_CONFIG": str(tmp / "config.toml"), "PYTHONPATH": str(REPO_ROOT), **extra}

    def gapless(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "gapless.tui.cli", *args], capture_output=True,
                              text=True, env=env, check=False, cwd=tmp)

    return gapless


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Gapless:
    """A fake home with the sample sessions, summarized once: three entries and three skips
    (a high minimum size skips the small groups), one entry then made stale."""
    home = tmp_path_factory.mktemp("home")
    projects = home / ".claude" / "projects"
    shutil.copytree(TEST_DATA / "claude-projects", projects)
    shutil.copytree(TEST_DATA / "claude-code", projects / "-home-dev-notebook")
    codex = home / ".codex" / "sessions" / "2026" / "02" / "24"
    codex.mkdir(parents=True)
    shutil.copy(TEST_DATA / "codex" / "engineering-notebook_test-codex-session-1.jsonl",
                codex / "rollout-2026-02-24T09-00-00-019bf429.jsonl")
    gapless = _runner(home, GAPLESS_MIN_BYTES="30000")
    made = gapless("summarize", "--json", "--context-tokens", "4000")
    assert made.returncode == 0, made.stderr
    statuses = sorted(g["status"] for g in json.loads(made.stdout)["groups"])
    assert statuses == ["entry"] * 3 + ["skip"] * 3
    # A changed session marks its entry stale at the next ingest; only another group is redone.
    session = next((projects / OCAK.name).glob("*.jsonl"))
    os.utime(session, (session.stat().st_atime, session.stat().st_mtime + 100))
    again = gapless("summarize", "--json", "--date", "2026-06-05", "--project", "android-avd")
    assert [g["status"] for g in json.loads(again.stdout)["groups"]] == ["current"]
    return gapless


# --- filters -----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("summarize", "--date", "05/04/2026"),
    ("skipped", "--since", "yesterday"),
    ("why", "--date", "05/04/2026", "--project", "myapp"),
    ("rollup", "--week", "2026-13-01"),
    ("journal", "--date", "20260224"),
    ("journal", "--week", "last week"),
])
def test_a_malformed_date_is_an_error_not_an_empty_result(journal: Gapless,
                                                         args: tuple[str, ...]) -> None:
    out = journal(*args)
    assert out.returncode == 2, out.stdout
    assert "is not a date like 2026-11-23 (YYYY-MM-DD)" in out.stderr
    assert args[-2] in out.stderr or args[1] in out.stderr  # the flag is named
    assert "no sessions found" not in out.stderr + out.stdout and "Traceback" not in out.stderr


@pytest.mark.parametrize(("args", "guess"), [
    (("summarize", "--project", "myap"), "myapp"),
    (("skipped", "--project", "notebook"), "engineering-notebook"),
    (("why", "--date", "2026-02-24", "--project", "Notebook"), "engineering-notebook"),
    (("rollup", "--project", "ANDROID-ADV"), "android-avd"),
    (("journal", "--project", "opencoreanalysis"), "OpenCoreAnalysisKit"),
])
def test_an_unknown_project_lists_the_known_ones_with_a_guess(
        journal: Gapless, args: tuple[str, ...], guess: str) -> None:
    out = journal(*args)
    assert out.returncode == 2, out.stdout
    line = out.stderr.strip()
    assert line.count("\n") == 0, line
    assert line == (f"gapless: unknown project {args[-1]!r} (did you mean `{guess}`?); "
                    f"known projects: {KNOWN}")


def test_an_unknown_project_with_nothing_close_gets_no_guess(journal: Gapless) -> None:
    out = journal("skipped", "--project", "fundwise")
    assert out.returncode == 2 and "did you mean" not in out.stderr
    assert f"unknown project 'fundwise'; known projects: {KNOWN}" in out.stderr


@pytest.mark.slow
def test_a_project_matches_without_regard_to_case(journal: Gapless) -> None:
    skipped = json.loads(journal("skipped", "--project", "MYAPP", "--json").stdout)["skipped"]
    assert [(s["project"], s["reason"]) for s in skipped] == [("myapp", "below_min_size")]
    roll = json.loads(journal("rollup", "--week", "2026-06-05", "--project", "Android-AVD",
                              "--json").stdout)["rollups"]
    assert [r["project"] for r in roll] == ["android-avd"] and len(roll[0]["days"]) == 2
    why = journal("why", "--date", "2026-06-05", "--project", "ANDROID-avd", "--json")
    assert why.returncode == 0 and json.loads(why.stdout)["status"] == "complete"
    done = journal("summarize", "--json", "--date", "2026-06-06", "--project", "android-AVD")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["groups"] == [
        {"date": "2026-06-06", "project": "android-avd", "status": "current", "reason": "",
         "detail": "", "run_id": None}]


# --- gapless journal ---------------------------------------------------------------------

def test_journal_lists_entries_by_week_then_day_with_skips_apart(journal: Gapless) -> None:
    out = journal("journal")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    weeks = [ln for ln in lines if ln.startswith("week of ")]
    assert [w.split(" · ")[0] for w in weeks] == [
        "week of 2026-07-13", "week of 2026-06-01", "week of 2026-02-23", "week of 2026-02-02",
        "week of 2025-06-09"]
    assert weeks[1] == "week of 2026-06-01 · 2 entries" and weeks[0].endswith("· 1 entry")
    assert weeks[2] == "week of 2026-02-23 · 0 entries, 1 skipped"
    june = lines[lines.index(weeks[1]):lines.index(weeks[2])]
    assert [ln for ln in june if ln.startswith("  2026")] == ["  2026-06-06", "  2026-06-05"]
    assert all(ln.startswith("    android-avd: ") for ln in june if ln.startswith("    "))
    feb = lines[lines.index(weeks[2]):lines.index(weeks[3])]
    assert "  skipped" in feb
    # (the Codex session's AGENTS.md and environment context are harness, not rendered)
    assert ("    2026-02-24 engineering-notebook: below_min_size — 261 bytes, minimum 30000"
            in feb)
    stale = [ln for ln in lines if "(stale" in ln]
    assert len(stale) == 1 and stale[0].startswith("    OpenCoreAnalysisKit: ")


@pytest.mark.slow
def test_journal_json_and_filters(journal: Gapless) -> None:
    every = json.loads(journal("journal", "--json").stdout)
    assert set(every) == {"entries", "skips"}
    assert len(every["entries"]) == 3 and len(every["skips"]) == 3
    first = every["entries"][0]
    assert {"date", "project", "headline", "summary", "topics", "open_questions", "stale",
            "run_id"} <= set(first)
    assert [e["stale"] for e in every["entries"]] == [True, False, False]
    assert {"date", "project", "reason", "explanation", "detail", "run_id"} <= set(
        every["skips"][0])

    week = json.loads(journal("journal", "--week", "2026-06-03", "--json").stdout)
    assert [e["date"] for e in week["entries"]] == ["2026-06-06", "2026-06-05"]
    assert week["skips"] == []
    day = json.loads(journal("journal", "--date", "2026-02-24", "--json").stdout)
    assert day["entries"] == [] and [s["project"] for s in day["skips"]] == [
        "engineering-notebook"]
    mine = json.loads(journal("journal", "--project", "ANDROID-AVD", "--json").stdout)
    assert {e["project"] for e in mine["entries"]} == {"android-avd"} and not mine["skips"]
    one = json.loads(journal("journal", "--limit", "1", "--json").stdout)
    assert len(one["entries"]) == 1 and len(one["skips"]) == 1
    assert one["entries"][0]["date"] == "2026-07-19"


def test_journal_says_so_when_nothing_matches(journal: Gapless) -> None:
    out = journal("journal", "--date", "2020-01-01")
    assert out.returncode == 0
    assert out.stdout == "no journal entries or skipped groups for 2020-01-01\n"
    both = journal("journal", "--week", "2026-06-03", "--date", "2026-06-03")
    assert both.returncode == 2 and "give --week or --date, not both" in both.stderr


def test_journal_of_an_empty_store(tmp_path: Path) -> None:
    gapless = _runner(tmp_path)
    out = gapless("journal")
    assert out.returncode == 0 and out.stdout == "no journal entries or skipped groups\n"
    nope = gapless("journal", "--project", "myapp")
    assert nope.returncode == 2 and "the journal has no projects yet" in nope.stderr


# --- a folder of unrelated documents -----------------------------------------------------

@pytest.mark.slow
def test_a_folder_of_unrelated_documents_is_summarized_with_a_warning(tmp_path: Path) -> None:
    folder = tmp_path / "meetings"
    folder.mkdir()
    for f in sorted((TEST_DATA / "meetings").glob("*.txt"))[:4]:
        shutil.copy(f, folder / f.name)
    gapless = _runner(tmp_path)
    out = gapless("summarize", str(folder), "--json", "--context-tokens", "4000")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)  # still one JSON object: the contract holds
    assert result["status"] == "complete" and result["coverage"] == 1.0
    assert out.stderr.strip() == (
        "gapless: warning: this folder holds 4 unrelated documents; they were summarized "
        "together — summarize each file for one summary per file")
    human = gapless("summarize", str(folder), "--context-tokens", "4000")
    assert "4 unrelated documents" in human.stderr and "complete" in human.stdout


@pytest.mark.slow
def test_a_folder_of_sessions_or_one_document_gets_no_warning(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    for name in ("claude-code-log_session_b.jsonl", "claude-code-log_edge_cases.jsonl"):
        shutil.copy(TEST_DATA / "claude-code" / name, sessions / name)
    gapless = _runner(tmp_path)
    out = gapless("summarize", str(sessions), "--json", "--context-tokens", "4000")
    assert out.returncode == 0 and "warning" not in out.stderr, out.stderr
    single = tmp_path / "one"
    single.mkdir()
    shutil.copy(TEST_DATA / "meetings" / "Bed004.txt", single / "Bed004.txt")
    lone = gapless("summarize", str(single), "--json", "--context-tokens", "4000")
    assert lone.returncode == 0 and "warning" not in lone.stderr, lone.stderr
    meeting = gapless("summarize", str(TEST_DATA / "meetings" / "Bed004.txt"), "--json",
                      "--context-tokens", "4000")
    assert meeting.returncode == 0 and "warning" not in meeting.stderr
