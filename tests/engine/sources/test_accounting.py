"""What the model is shown, and the account of what it is not.

Every record of every input is counted exactly once (rendered + dropped + malformed =
total), on the real files of tests/data; a marker written into every kind of field
each reader knows, and into every kind of file a folder may hold, is either in the
rendering or counted as left out; harness is left out by kind of record, never by a
person's words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.core.account import SourceAccount
from gapless.engine.core.transcript import Transcript
from gapless.engine.sources import load_transcript
from tests.support.paths import TEST_DATA


@pytest.fixture(scope="module")
def data() -> Path:
    if not TEST_DATA.is_dir():
        pytest.fail(f"test data missing from {TEST_DATA}")
    return TEST_DATA


def non_empty_lines(path: Path) -> int:
    return sum(1 for raw in path.read_bytes().split(b"\n") if raw.strip())


def assert_adds_up(t: Transcript, files: list[Path]) -> SourceAccount:
    """Each file's records are its non-empty lines, each counted once."""
    a = t.account
    assert a is not None
    by_path = {f.path: f for f in a.files}
    for f in files:
        acc = by_path[str(f)]
        r = acc.records
        assert r.total == non_empty_lines(f), f
        assert r.rendered + sum(r.dropped.values()) + r.malformed == r.total, f
        assert sum(r.classes.values()) == r.total, f
        assert acc.bytes == f.stat().st_size
    total = a.records
    assert total.balanced
    assert total.total == sum(x.records.total for x in a.files)
    return a


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.glob(pattern) if p.is_file() and p.stat().st_size)


# --- the accounting adds up on every real file, per source --------------------------------


def test_claude_code_fixtures_add_up(data: Path) -> None:
    for f in _files(data, "claude-code/**/*.jsonl"):
        assert_adds_up(load_transcript(f), [f])


def test_claude_projects_sessions_with_subagents_add_up(data: Path) -> None:
    for f in _files(data, "claude-projects/*/*.jsonl"):
        t = load_transcript(f)
        agents = _files(f.with_suffix(""), "subagents/**/agent-*.jsonl")
        a = assert_adds_up(t, [f, *agents])
        assert a.bytes >= f.stat().st_size
        # the workflow journals beside the agents are listed, not silently skipped
        journals = _files(f.with_suffix(""), "subagents/**/journal.jsonl")
        assert {str(j) for j in journals} <= {s.path for s in a.skipped}
    avd = data / "claude-projects/-home-cwtrocks-android-avd/3e89eb15-32e7-43f8-8734-8d47310263ea.jsonl"
    a = load_transcript(avd).account
    assert a is not None
    dropped = a.records.dropped
    assert dropped["hook output"] > 10 and dropped["skill listing"] > 5
    assert dropped["queue operation"] > 0 and dropped["mode"] > 0
    assert a.human().startswith("rendered ") and "hook output" in a.human()


def test_codex_rollouts_add_up(data: Path) -> None:
    for f in _files(data, "codex/*.jsonl"):
        a = assert_adds_up(load_transcript(f), [f])
        assert a.records.malformed == 0
        assert "unknown" not in a.records.classes, a.records.dropped


def test_chat_export_adds_up_and_reads_as_a_conversation(data: Path) -> None:
    f = data / "chat-exports" / "trade-arena_sanitized-export.jsonl"
    t = load_transcript(f)
    assert t.kind == "chat-json"
    a = assert_adds_up(t, [f])
    assert a.records.dropped == {"title": 34, "export notice": 1}
    text = t.data.decode()
    assert "### user" in text and "### assistant" in text
    assert "→ Bash (Explore project root structure):" in text  # [tool_use:Bash {...}]
    assert "[tool_use:" not in text
    assert a.records.classes["tool"] == 68


def test_meetings_add_up_and_lose_their_markup(data: Path) -> None:
    for f in _files(data, "meetings/*.txt"):
        t = load_transcript(f)
        assert t.kind == "meeting", f
        a = assert_adds_up(t, [f])
        text = t.data.decode()
        for mark in ("{disfmarker}", "{vocalsound}", "{gap}", "{pause}", "{comment}"):
            assert mark not in text, (f, mark)
        raw = f.read_text(encoding="utf-8")
        if "{" in raw:
            assert a.records.parts_dropped.get("transcription markup", 0) > 0
        # speakers stay attached: every rendered line opens with its speaker
        first = raw.splitlines()[0].split(":", 1)[0]
        assert text.startswith(first + ":")
        # every rendered line maps back to the file line it came from
        lines = raw.splitlines()
        for m in t.messages[:3]:
            point = t.where(m.start)
            assert point is not None and lines[point.line - 1].startswith(
                t.data[m.start:m.end].decode().split(":", 1)[0])


def test_logs_texts_and_csv_add_up_and_stay_the_file(data: Path) -> None:
    files = [*_files(data, "logs/*"), *_files(data, "changelogs/*"), data / "README.md"]
    for f in files:
        t = load_transcript(f)
        assert t.data == f.read_bytes(), f
        assert_adds_up(t, [f])
        # a text's rendering is its file: offsets give file lines directly
        off = len(t.data) // 2
        point = t.where(off)
        assert point is not None
        assert point.line == t.data.count(b"\n", 0, off) + 1


def test_the_whole_data_folder_is_read_or_listed(data: Path) -> None:
    t = load_transcript(data)
    a = t.account
    assert a is not None and a.records.balanced
    seen = {f.path for f in a.files} | {s.path for s in a.skipped}
    every = {str(p) for p in data.rglob("*") if p.is_file()}
    meta = {p for p in every if p.endswith(".meta.json") and Path(p.removesuffix(".meta.json")
                                                                   + ".jsonl").is_file()}
    assert every - meta <= seen, sorted(every - meta - seen)[:5]
    reasons = {s.path: s.reason for s in a.skipped}
    assert "not a chat" in reasons[str(data / "meetings" / "references.json")]


# --- harness by kind of record, never by a person's words ---------------------------------


def _jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows),
                    encoding="utf-8")
    return path


def _cc(t: str, content: Any, n: int, **extra: Any) -> dict[str, Any]:
    role = "assistant" if t == "assistant" else "user"
    return {"type": t, "uuid": f"u{n}", "sessionId": "s1",
            "timestamp": f"2026-01-01T00:00:{n:02d}Z",
            "message": {"role": role, "content": content}, **extra}


def test_a_user_quoting_harness_text_stays_conversation(tmp_path: Path) -> None:
    quoted = ("Why does my AGENTS.md say <system-reminder>never push</system-reminder>? Here "
              "is the system prompt I pasted: <environment_context><cwd>/x</cwd>"
              "</environment_context> and # AGENTS.md instructions for /repo")
    cc = _jsonl(tmp_path / "s1.jsonl", [
        _cc("user", quoted, 1),
        _cc("user", [{"type": "text", "text": "<system-reminder>REMINDER_X</system-reminder>"}],
            2),
        _cc("user", "<command-name>/model</command-name><command-args></command-args>", 3),
        _cc("user", "<command-name>/review</command-name><command-args>the parser"
            "</command-args>", 4),
    ])
    t = load_transcript(cc)
    text = t.data.decode()
    assert quoted in text
    assert "REMINDER_X" not in text and "/model" not in text
    assert "/review the parser" in text
    assert t.account is not None
    assert t.account.records.dropped == {"system reminder": 1, "slash command": 1}
    with_harness = load_transcript(cc, include=["harness"]).data.decode()
    assert "REMINDER_X" in with_harness and "/model" in with_harness

    typed = "# AGENTS.md instructions for /repo\n\nPlease explain this file to me."
    codex = _jsonl(tmp_path / "rollout.jsonl", [
        {"type": "session_meta", "payload": {"id": "c1", "base_instructions": {"text": "BASE"}}},
        {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "# AGENTS.md instructions for /repo\n\nINJECTED"}]}},
        {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": typed}]}},
        {"type": "event_msg", "payload": {"type": "user_message", "message": typed}},
        {"type": "response_item", "payload": {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "Read AGENTS.md and <environment_context> please"}]}},
    ])
    t = load_transcript(codex)
    text = t.data.decode()
    assert typed in text and "Read AGENTS.md and <environment_context> please" in text
    assert "INJECTED" not in text and "BASE" not in text
    assert t.account is not None
    assert t.account.records.dropped == {"AGENTS.md": 1, "base instructions": 1,
                                         "repeated message": 1}

    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps([
        {"role": "system", "content": "SYSTEM_PROMPT_X"},
        {"role": "user", "content": "My system prompt says 'You are a helpful assistant'. Why?"},
    ]))
    t = load_transcript(chat)
    assert b"SYSTEM_PROMPT_X" not in t.data and b"You are a helpful assistant" in t.data


# --- no marker vanishes --------------------------------------------------------------------


def _long(marker: str, where: str) -> str:
    filler = "\n".join(f"line {i} of a long body" for i in range(2000))
    if where == "head":
        return marker + "\n" + filler
    if where == "tail":
        return filler + "\n" + marker
    half = len(filler) // 2
    return filler[:half] + "\n" + marker + "\n" + filler[half:]


def _claude_rows() -> list[Any]:
    tools = [
        ("Bash", {"command": "echo MK_BASH_CMD", "description": "MK_BASH_DESC",
                  "justification": "MK_BASH_EXTRA"}),
        ("Read", {"file_path": "/MK_READ_PATH", "offset": 5}),
        ("Write", {"file_path": "/w.md", "content": "MK_WRITE_CONTENT " + "x" * 3000}),
        ("Edit", {"file_path": "/e.py", "old_string": "MK_EDIT_OLD " + "o" * 1500,
                  "new_string": "n" * 1500 + " MK_EDIT_NEW"}),
        ("MultiEdit", {"file_path": "/m.py", "edits": [{"old_string": "a",
                                                        "new_string": "MK_MULTI_NEW"}]}),
        ("NotebookEdit", {"notebook_path": "/n.ipynb", "new_source": "MK_NOTEBOOK"}),
        ("Grep", {"pattern": "MK_GREP", "path": "/src", "glob": "*.py"}),
        ("Glob", {"pattern": "MK_GLOB/**"}),
        ("WebFetch", {"url": "https://x/MK_URL", "prompt": "MK_FETCH_PROMPT"}),
        ("WebSearch", {"query": "MK_SEARCH"}),
        ("Task", {"subagent_type": "MK_AGENT_TYPE", "prompt": "MK_TASK_PROMPT"}),
        ("TodoWrite", {"todos": [{"content": "MK_TODO", "status": "pending"}]}),
        ("Skill", {"skill": "MK_SKILL", "args": "MK_SKILL_ARGS"}),
        ("Workflow", {"script": "MK_WORKFLOW " + "w" * 5000}),
        ("ExitPlanMode", {"plan": "MK_PLAN"}),
        ("mcp__x__tool", {"anything": "MK_MCP_ARG"}),
    ]
    uses = [{"type": "tool_use", "id": f"t{i}", "name": n, "input": a}
            for i, (n, a) in enumerate(tools)]
    rows: list[Any] = [
        _cc("user", "MK_USER_STRING", 1),
        _cc("user", [{"type": "text", "text": "MK_USER_BLOCK"}, "MK_STRING_BLOCK",
                     ["MK_LIST_BLOCK"], {"type": "text", "text": {"v": "MK_NONSTRING_TEXT"}}], 2),
        _cc("assistant", [{"type": "thinking", "thinking": "MK_THINKING"},
                          {"type": "text", "text": "MK_ASSISTANT"}], 3),
        _cc("assistant", uses, 4),
        _cc("user", [
            {"type": "tool_result", "tool_use_id": "t0", "content": "MK_RESULT_STRING"},
            {"type": "tool_result", "tool_use_id": "t1", "is_error": True,
             "content": [{"type": "text", "text": "MK_RESULT_BLOCK"},
                         {"type": "weird", "v": "MK_RESULT_PART"}]},
            {"type": "tool_result", "tool_use_id": "t2", "content": _long("MK_LONG_HEAD", "head")},
            {"type": "tool_result", "tool_use_id": "t3", "content": _long("MK_LONG_TAIL", "tail")},
            {"type": "tool_result", "tool_use_id": "t4", "content": _long("MK_LONG_MID", "mid")},
        ], 5),
        _cc("user", [{"type": "document", "title": "MK_DOC_TITLE",
                      "source": {"type": "text", "data": "MK_DOC_DATA"}},
                     {"type": "mystery", "payload": "MK_UNKNOWN_BLOCK"}], 6),
        {"type": "system", "subtype": "compact_boundary", "timestamp": "2026-01-01T00:00:07Z",
         "compactMetadata": {"trigger": "MK_COMPACT"}},
        {"type": "system", "subtype": "api_error", "error": {"message": "MK_API_ERROR"}},
        {"type": "system", "subtype": "informational", "content": "MK_SYSTEM_INFO"},
        {"type": "system", "subtype": "turn_duration", "durationMs": 1, "note": "MK_DURATION"},
        {"type": "system", "subtype": "never_seen", "content": "MK_SYSTEM_UNKNOWN"},
        {"type": "system", "subtype": "stop_hook_summary", "hookInfos": [{"c": "MK_STOP_HOOK"}]},
        {"type": "attachment", "attachment": {"type": "hook_success", "content": "MK_HOOK"}},
        {"type": "attachment", "attachment": {"type": "skill_listing", "content": "MK_SKILLS"}},
        {"type": "attachment", "attachment": {"type": "queued_command", "prompt": "MK_QUEUED"}},
        {"type": "attachment", "attachment": {"type": "nested_memory", "content": "MK_CLAUDE_MD"}},
        {"type": "attachment", "attachment": {"type": "file", "filename": "f.txt",
                                              "content": "MK_FILE_ATTACHMENT"}},
        {"type": "attachment", "attachment": {"type": "new_kind", "blob": "MK_ATTACH_UNKNOWN"}},
        {"type": "summary", "summary": "MK_SUMMARY"},
        {"type": "progress", "data": {"type": "bash_progress", "out": "MK_PROGRESS"}},
        {"type": "queue-operation", "content": "MK_QUEUE"},
        {"type": "file-history-snapshot", "snapshot": {"f": "MK_SNAPSHOT"}},
        {"type": "ai-title", "aiTitle": "MK_TITLE"},
        {"type": "brand-new-type", "x": "MK_UNKNOWN_TYPE"},
        _cc("user", "MK_META", 9, isMeta=True),
        '{"type": "user", "message": "MK_BROKEN_JSON',
    ]
    return rows


def _codex_rows() -> list[Any]:
    def item(p: dict[str, Any]) -> dict[str, Any]:
        return {"type": "response_item", "timestamp": "2026-02-01T00:00:00Z", "payload": p}

    def ev(p: dict[str, Any]) -> dict[str, Any]:
        return {"type": "event_msg", "timestamp": "2026-02-01T00:00:00Z", "payload": p}

    return [
        {"type": "session_meta", "payload": {"id": "cx", "base_instructions": "MK_CX_BASE"}},
        {"type": "turn_context", "payload": {"cwd": "MK_CX_TURN"}},
        item({"type": "message", "role": "developer",
              "content": [{"type": "input_text", "text": "MK_CX_DEVELOPER"}]}),
        item({"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "<environment_context>MK_CX_ENV</environment_context>"},
            {"type": "input_text", "text": "MK_CX_USER"},
            {"type": "input_file", "filename": "MK_CX_FILE.pdf"},
            {"type": "input_image", "image_url": "data:..."}]}),
        item({"type": "message", "role": "assistant",
              "content": [{"type": "output_text", "text": "MK_CX_ASSISTANT"}]}),
        item({"type": "function_call", "name": "shell", "call_id": "c1",
              "arguments": json.dumps({"command": ["bash", "-lc", "echo MK_CX_CMD"],
                                       "justification": "MK_CX_JUSTIFY"})}),
        item({"type": "function_call_output", "call_id": "c1", "output": "MK_CX_OUTPUT"}),
        item({"type": "custom_tool_call", "name": "apply_patch", "call_id": "c2",
              "input": "*** Begin Patch\nMK_CX_PATCH\n*** End Patch"}),
        item({"type": "custom_tool_call_output", "call_id": "c2", "output": "MK_CX_PATCHED"}),
        item({"type": "local_shell_call", "call_id": "c3",
              "action": {"command": ["ls", "MK_CX_LOCAL"]}}),
        item({"type": "reasoning", "summary": [{"type": "summary_text", "text": "MK_CX_REASON"}]}),
        item({"type": "web_search_call", "action": {"query": "MK_CX_SEARCH"}}),
        item({"type": "ghost_snapshot", "commit": "MK_CX_GHOST"}),
        item({"type": "never_seen_item", "v": "MK_CX_ITEM_UNKNOWN"}),
        ev({"type": "user_message", "message": "MK_CX_USER"}),  # repeats the item above
        ev({"type": "user_message", "message": "MK_CX_EVENT_ONLY_USER"}),
        ev({"type": "agent_message", "message": "MK_CX_EVENT_ONLY_AGENT"}),
        ev({"type": "agent_reasoning", "text": "MK_CX_EVENT_REASON"}),
        ev({"type": "error", "message": "MK_CX_ERROR"}),
        ev({"type": "token_count", "info": {"n": "MK_CX_TOKENS"}}),
        ev({"type": "exec_command_end", "stdout": "MK_CX_EXEC_END"}),
        ev({"type": "brand_new_event", "v": "MK_CX_EVENT_UNKNOWN"}),
        {"type": "compacted", "payload": {"message": "MK_CX_COMPACTED"}},
        {"type": "mystery_wrapper", "payload": {"v": "MK_CX_TYPE_UNKNOWN"}},
    ]


MARKDOWN_EXPORT = """# Exported conversation

## User

Please look at the parser MK_MD_USER

## Assistant

I'll read it.

[{"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/p.py"}}]

## User

[{"type": "tool_result", "tool_use_id": "t1", "content": "     1\\u2192import os\\n   334\\u2192MK_MD_TOOL_RESULT = 1\\n"}]

## Assistant

The parser is fine MK_MD_ASSISTANT
"""


def _folder(root: Path) -> Path:
    """A folder with every kind of file a folder run may meet."""
    root.mkdir()
    _jsonl(root / "s1.jsonl", _claude_rows())
    (root / "s1" / "subagents").mkdir(parents=True)
    _jsonl(root / "s1" / "subagents" / "agent-a1.jsonl",
           [_cc("user", "MK_SUBAGENT", 1, isSidechain=True, agentId="a1")])
    (root / "s1" / "subagents" / "agent-a1.meta.json").write_text('{"agentType": "x"}')
    _jsonl(root / "s1" / "subagents" / "journal.jsonl", [{"type": "started", "k": "MK_WF_JOURNAL"}])
    (root / "s1" / "notes.md").write_text("MK_BESIDE_SESSION notes\n")
    _jsonl(root / "agent-old1.jsonl",
           [_cc("user", "MK_OLD_AGENT", 30, isSidechain=True, agentId="old1")])
    _jsonl(root / "rollout.jsonl", _codex_rows())
    _jsonl(root / "export.jsonl", [
        {"type": "title", "title": "MK_EXPORT_TITLE"},
        {"type": "message", "role": "user", "timestamp": "2026-03-01T00:00:00Z",
         "text": "MK_EXPORT_USER"},
        {"type": "message", "role": "assistant", "text": '[tool_use:Bash {"command": "MK_EXPORT_TOOL"}]'},
    ])
    (root / "chat.json").write_text(json.dumps({"messages": [
        {"role": "system", "content": "MK_CHAT_SYSTEM"},
        {"role": "user", "content": "MK_CHAT_USER"},
        {"role": "assistant", "content": None, "reasoning_content": "MK_CHAT_REASONING",
         "tool_calls": [{"id": "k", "function": {"name": "calc",
                                                 "arguments": '{"e": "MK_CHAT_ARGS"}'}}]},
        {"role": "tool", "tool_call_id": "k", "content": "MK_CHAT_TOOL"}]}))
    (root / "meeting.txt").write_text(
        "Alice: Hello MK_MEET_ALICE {vocalsound} there .\nBob: {disfmarker}\n"
        "Bob: Yes MK_MEET_BOB [laughter] indeed .\nAlice: Fine .\n")
    (root / "export.md").write_text(MARKDOWN_EXPORT)
    (root / "server.log.1").write_text("2026-01-01 INFO MK_ROTATED_LOG\n")
    (root / "NOTES").write_text("MK_NO_EXTENSION\n")
    (root / "table.csv").write_text("a,b\nMK_CSV,2\n")
    (root / "config.json").write_text('{"setting": "MK_CONFIG_JSON"}')
    (root / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00MK_BINARY")
    (root / ".hidden").write_text("MK_HIDDEN\n")
    return root


def _markers_in(path: Path) -> dict[str, list[int]]:
    """marker -> the file lines it appears on (1-based)."""
    found: dict[str, list[int]] = {}
    for n, raw in enumerate(path.read_bytes().split(b"\n"), 1):
        for word in raw.decode("utf-8", errors="replace").replace('"', " ").split():
            for piece in word.replace("\\n", " ").replace("/", " ").split():
                token = piece.strip(".,:;()[]{}'=*\\")
                if token.startswith("MK_"):
                    found.setdefault(token, []).append(n)
    return found


def _message_numbers(path: Path) -> dict[str, list[int]]:
    """marker -> 1-based message numbers, for a chat JSON document."""
    doc = json.loads(path.read_text())
    out: dict[str, list[int]] = {}
    for n, m in enumerate(doc["messages"], 1):
        for token in json.dumps(m).replace('"', " ").split():
            token = token.strip(".,:;()[]{}'=*\\")
            if token.startswith("MK_"):
                out.setdefault(token, []).append(n)
    return out


def _vanished(t: Transcript, root: Path) -> list[str]:
    a = t.account
    assert a is not None
    left_out = {f.path: {n for lines in f.lines.values() for n in lines} for f in a.files}
    skipped = {s.path for s in a.skipped}
    missing = []
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        where = _message_numbers(f) if f.name == "chat.json" else _markers_in(f)
        for marker, lines in where.items():
            if marker.encode() in t.data or str(f) in skipped:
                continue
            if not set(lines) & left_out.get(str(f), set()):
                missing.append(f"{f.name}:{lines} {marker}")
    return missing


def test_no_marker_vanishes_from_any_field_or_file(tmp_path: Path) -> None:
    root = _folder(tmp_path / "inbox")
    t = load_transcript(root)
    assert _vanished(t, root) == []
    a = t.account
    assert a is not None and a.records.balanced
    text = t.data.decode()
    # kept by default: conversation and tools, every argument, event-only messages, errors,
    # input_file parts, old-style agent files, the files of every kind that read as text
    for kept in ("MK_BASH_EXTRA", "MK_WRITE_CONTENT", "MK_EDIT_NEW", "MK_WORKFLOW",
                 "MK_LONG_HEAD", "MK_LONG_TAIL", "MK_NONSTRING_TEXT", "MK_UNKNOWN_BLOCK",
                 "MK_API_ERROR", "MK_FILE_ATTACHMENT", "MK_ATTACH_UNKNOWN", "MK_CX_FILE",
                 "MK_CX_EVENT_ONLY_USER", "MK_CX_EVENT_ONLY_AGENT", "MK_CX_ERROR",
                 "MK_CX_JUSTIFY", "MK_OLD_AGENT", "MK_SUBAGENT", "MK_BESIDE_SESSION",
                 "MK_ROTATED_LOG", "MK_NO_EXTENSION", "MK_CSV", "MK_EXPORT_TOOL",
                 "MK_MD_TOOL_RESULT", "MK_MEET_BOB"):
        assert kept in text, kept
    # left out by default, and counted
    for out in ("MK_THINKING", "MK_HOOK", "MK_SKILLS", "MK_CLAUDE_MD", "MK_PROGRESS",
                "MK_CX_BASE", "MK_CX_DEVELOPER", "MK_CX_ENV", "MK_CX_TOKENS", "MK_META",
                "MK_LONG_MID", "MK_SYSTEM_INFO", "MK_SYSTEM_UNKNOWN", "MK_UNKNOWN_TYPE"):
        assert out not in text, out
    assert a.records.elided_bytes > 0
    assert "{vocalsound}" not in text and "[laughter]" not in text and "334→" not in text
    skipped = {Path(s.path).name: s.reason for s in a.skipped}
    assert set(skipped) >= {"config.json", "picture.png", ".hidden", "journal.jsonl"}
    # everything comes back when asked for (the elided middle only without the limit)
    full = load_transcript(root, include=["harness", "thinking", "telemetry"],
                           tool_output_limit=0)
    assert _vanished(full, root) == []
    for out in ("MK_THINKING", "MK_HOOK", "MK_CX_BASE", "MK_PROGRESS", "MK_LONG_MID",
                "MK_CX_REASON", "MK_CHAT_REASONING", "MK_CHAT_SYSTEM"):
        assert out.encode() in full.data, out


def test_the_line_names_a_voice_left_out_once() -> None:
    from gapless.engine.core.account import RecordCounts, SourceAccount

    counts = RecordCounts(total=10, rendered=6, dropped={"guest record": 3,
                                                         "record without a speaker": 1})
    line = SourceAccount(path="x.json", records=counts).human()
    assert "(3 guest, 1 record without a speaker records left out)" in line
