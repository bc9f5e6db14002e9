"""The recorded cases: fixed command lines on the real test data (see ``harness``).

Each case is a list of ``gapless`` command lines run in order against one fresh database
(``{db}``) and home; ``{data}`` is the shared test data folder, ``{tmp}`` the case's
temporary directory, and ``Ref(step, path)`` a value from an earlier step's JSON (a run
id, a cursor). Every case must stay fast (a few seconds) and deterministic.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from tests.regression.harness import DATA, Case, Ref

# A fixed mtime (2026-02-24T12:00:00Z) for copied sources: the journal falls back to the
# file's mtime for a session without timestamps.
FIXED_MTIME = 1_771_934_400

CLAUDE = "{data}/claude-code"
SESSION = "{data}/claude-code/claude-code-log_representative_messages.jsonl"
SMALL_SESSION = "{data}/claude-code/engineering-notebook_test-session-1.jsonl"
BIG_SESSION = ("{data}/claude-projects/-home-cwtrocks-android-avd/"
               "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl")
CODEX = "{data}/codex/scout_codex-session.jsonl"
MEETING = "{data}/meetings/ES2002a.txt"
MEETING_2 = "{data}/meetings/IS1000a.txt"
MEETING_3 = "{data}/meetings/TS3003a.txt"
CHAT = "{data}/chat-exports/trade-arena_sanitized-export.jsonl"
CHANGELOG = "{data}/changelogs/tmux-CHANGES.txt"
DB = ("--db", "{db}")


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    os.utime(dst, (FIXED_MTIME, FIXED_MTIME))


def journal_home(tmp: Path) -> dict[str, str]:
    """A tiny ~/.claude/projects and ~/.codex/sessions; the Codex rollout is excluded."""
    projects = tmp / "home" / ".claude" / "projects" / "-home-dev-notebook"
    for src in sorted((DATA / "claude-code").rglob("*.jsonl")):
        copy(src, projects / src.relative_to(DATA / "claude-code"))
    copy(DATA / "codex" / "engineering-notebook_test-codex-session-1.jsonl",
         tmp / "home" / ".codex" / "sessions" / "2026" / "02" / "24"
         / "rollout-2026-02-24T09-00-00-019bf429.jsonl")
    return {"GAPLESS_EXCLUDE": "rollout-*"}


def extraction(i: int, subject: str) -> str:
    return json.dumps({"headline": f"scripted headline {i}",
                       "summary": f"Scripted summary {i} of {subject}.",
                       "topics": [subject, "scripted", f"topic-{i}"],
                       "open_questions": [f"scripted question {i}?"] if i % 3 == 0 else []})


def script_ok(tmp: Path) -> dict[str, str]:
    """Canned answers, all valid extractions."""
    (tmp / "answers.json").write_text(json.dumps([extraction(i, "the session")
                                                  for i in range(20)]), encoding="utf-8")
    return {}


def script_with_failures(tmp: Path) -> dict[str, str]:
    """Canned answers where two calls get something that is not JSON."""
    answers = [extraction(i, "the meeting") for i in range(40)]
    answers[2] = "not json"
    answers[3] = "still not json"
    (tmp / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    return {}


def summarize(name: str, path: str, *flags: str, why: bool = True, doc: str = "") -> Case:
    steps: tuple[tuple[str | Ref, ...], ...] = (("summarize", path, "--json", *flags, *DB),)
    if why:
        steps += (("why", Ref(0, ("run_id",)), "--json", *DB),)
    return Case(name, steps, doc=doc)


CASES: tuple[Case, ...] = (
    summarize("summarize_auto_claude_code", SESSION, "--strategy", "auto", why=False,
              doc="auto on a small Claude Code session (fits one call)"),
    summarize("summarize_auto_claude_code_split", SESSION, "--strategy", "auto",
              "--context-tokens", "2000",
              doc="auto on a Claude Code session with a context small enough to split"),
    summarize("summarize_tree_codex", CODEX, "--strategy", "tree", "--context-tokens", "3000",
              doc="tree on a Codex rollout"),
    summarize("summarize_recursive_meeting", MEETING, "--strategy", "recursive",
              "--context-tokens", "2000", doc="recursive on a meeting transcript"),
    summarize("summarize_question_meeting", MEETING_2, "--question",
              "What did they decide about the remote control?", "--context-tokens", "3000",
              why=False, doc="auto with a question (routed to recursive)"),
    summarize("summarize_chunked_log", "{data}/logs/OpenSSH_2k.log", "--strategy", "chunked",
              "--context-tokens", "4000", doc="chunked on an OpenSSH log"),
    summarize("summarize_auto_log", "{data}/logs/Linux_2k.log", "--context-tokens", "3000",
              why=False, doc="auto on a syslog too big for one call"),
    summarize("summarize_folder", CLAUDE, "--context-tokens", "3000", why=False,
              doc="a folder of Claude Code sessions (with a subagent file)"),
    summarize("summarize_chat_export", CHAT, "--context-tokens", "4000", "--thinking",
              why=False, doc="a sanitized chat export"),
    Case("summarize_scripted_oneshot", (
        ("summarize", SMALL_SESSION, "--json", "--provider", "scripted", "--script",
         "{tmp}/answers.json", *DB),
        ("why", Ref(0, ("run_id",)), "--json", *DB),
    ), setup=script_ok, doc="the scripted provider answering one call"),
    Case("scripted_tree_failure_then_rerun", (
        ("summarize", MEETING_3, "--json", "--strategy", "tree", "--context-tokens", "2000",
         "--provider", "scripted", "--script", "{tmp}/answers.json", "--concurrency", "1",
         "--retries", "0", *DB),
        ("why", Ref(0, ("run_id",)), "--json", *DB),
        ("rerun", Ref(0, ("run_id",)), "--json", *DB),
        ("runs", "--json", *DB),
    ), setup=script_with_failures,
        doc="a scripted tree run with unparseable answers (incomplete, exit 1), re-run "
            "with the extractive provider"),
    Case("read_changelog", (
        ("read", CHANGELOG, "--json", *DB),
    ), doc="read the tmux changelog to the end"),
    Case("read_log_question_deep", (
        ("read", "{data}/logs/Apache_2k.log", "--json", "--question",
         "Which errors occur and how often?", "--detail", "deep", *DB),
    ), doc="read a log with a question, deep detail"),
    Case("read_log_parallel", (
        ("read", "{data}/logs/HDFS_2k.log", "--json", "--parallel", "--detail", "standard",
         *DB),
    ), doc="read a log with --parallel"),
    Case("read_log_cursor_resume", (
        ("read", "{data}/logs/HDFS_2k.log", "--json", "--max-chunks", "3", *DB),
        ("read", "{data}/logs/HDFS_2k.log", "--json", "--cursor", Ref(0, ("cursor",)),
         "--max-chunks", "8", *DB),
        ("read", "{data}/logs/HDFS_2k.log", "--json", "--cursor", Ref(1, ("cursor",)), *DB),
        ("read", "{data}/logs/HDFS_2k.log", "--max-chunks", "2", *DB),
    ), doc="a read stopped by --max-chunks, resumed twice from its cursors; then the human "
           "output with its resume hint"),
    Case("compact_claude_session", (
        ("compact", BIG_SESSION, "--json", "--budget", "20000", *DB),
        ("runs", "--json", *DB),
    ), doc="compact a real Claude Code session to a 20k budget"),
    Case("compact_under_trigger", (
        ("compact", SESSION, "--json", *DB),
    ), doc="a session under the trigger: nothing to do"),
    Case("journal", (
        ("summarize", "--json", "--context-tokens", "4000", *DB),
        ("skipped", "--json", *DB),
        ("runs", "--json", *DB),
        ("why", Ref(0, ("groups", 0, "run_id")), "--json", *DB),
        ("why", "--date", "2026-02-02", "--project", "myapp", "--json", *DB),
        ("rollup", "--week", "2026-02-24", "--all", "--json", *DB),
        ("summarize", "--json", "--context-tokens", "4000", *DB),
    ), setup=journal_home,
        doc="the journal over a tiny sources folder (one group excluded): its entries, "
            "skips, runs, why by id and by (date, project), a weekly rollup, and a second "
            "pass with nothing to do"),
    Case("errors", (
        ("summarize", "{tmp}/no-such-file.txt", "--json", *DB),
        ("why", "nope-no-such-run", "--json", *DB),
        ("read", CHANGELOG, "--json", "--cursor", "not-a-cursor", *DB),
    ), doc="one-sentence errors and their exit codes"),
)

BY_NAME = {c.name: c for c in CASES}
assert len(BY_NAME) == len(CASES), "case names must be unique"
