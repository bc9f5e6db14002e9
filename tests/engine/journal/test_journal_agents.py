"""The journal reads every subagent layout: ``<session>/subagents/`` folders with their
session, old-style ``agent-*.jsonl`` files beside it, and agent folders whose session file is
gone; each agent's work lands in its parent's (day, project) group, right after the parent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.engine.config import Settings
from gapless.engine.journal.groups import group_sessions
from gapless.engine.journal.ingest import group_transcript, read_sessions


def _line(kind: str, text: str, n: int, session: str, **extra: Any) -> str:
    return json.dumps({"type": kind, "uuid": f"{session}-{n}", "sessionId": session,
                       "cwd": "/home/dev/app", "timestamp": f"2026-03-02T10:00:{n:02d}Z",
                       "message": {"role": kind, "content": text}, **extra})


def test_old_style_and_folder_agents_join_their_parent(tmp_path: Path) -> None:
    project = tmp_path / "projects" / "-home-dev-app"
    project.mkdir(parents=True)
    (project / "s1.jsonl").write_text(_line("user", "PARENT_TASK fix the parser", 1, "s1")
                                      + "\n")
    (project / "agent-old1.jsonl").write_text(
        _line("user", "OLD_STYLE_AGENT look at the tokens", 5, "s1", isSidechain=True,
              agentId="old1") + "\n")
    (project / "s1" / "subagents").mkdir(parents=True)
    (project / "s1" / "subagents" / "agent-new1.jsonl").write_text(
        _line("user", "FOLDER_AGENT run the tests", 7, "s1", isSidechain=True,
              agentId="new1") + "\n")
    orphan = project / "gone" / "subagents"
    orphan.mkdir(parents=True)
    (orphan / "agent-orphan.jsonl").write_text(
        _line("user", "ORPHAN_AGENT check the docs", 9, "s1", isSidechain=True,
              agentId="orphan") + "\n")
    settings = Settings(sources=[str(tmp_path / "projects")])
    sessions, unreadable = read_sessions(settings, "UTC")
    assert unreadable == 0
    groups = group_sessions(sessions)
    assert len(groups) == 1  # every agent file joined its parent's group
    text = group_transcript(groups[0]).data.decode()
    order = [text.index(m) for m in ("PARENT_TASK", "FOLDER_AGENT", "OLD_STYLE_AGENT",
                                     "ORPHAN_AGENT")]
    assert order[0] == min(order)  # the parent first, its agents after it
    assert text.count("FOLDER_AGENT") == 1  # read once, with its session
