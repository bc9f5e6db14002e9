"""Tests for engine.sources against the real transcripts in tests/data.

The loaders' promise: every message lands in one byte range that ``locate`` maps back to
its file, session and time; tool output is never cut; bad lines are counted, not fatal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.core.transcript import Transcript
from gapless.engine.sources import SourceError, detect_format, load_transcript
from gapless.engine.sources.common import norm_ts
from gapless.engine.sources.plaintext import MAX_CHUNK
from tests.support.paths import TEST_DATA

AVD_SESSION = "-home-cwtrocks-android-avd/3e89eb15-32e7-43f8-8734-8d47310263ea"


@pytest.fixture(scope="module")
def data() -> Path:
    root = TEST_DATA
    if not root.is_dir():
        pytest.fail(f"test data missing from {root}")
    return root


@pytest.fixture(scope="module")
def avd(data: Path) -> tuple[Path, Transcript]:
    path = data / "claude-projects" / f"{AVD_SESSION}.jsonl"
    return path, load_transcript(path)


def _lines(path: Path) -> list[dict[str, Any]]:
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.strip():
            obj = json.loads(raw)
            if isinstance(obj, dict):
                out.append(obj)
    return out


def _write_jsonl(path: Path, records: list[Any], tail: str = "") -> Path:
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)
    path.write_text(text + tail, encoding="utf-8")
    return path


def _user(uuid: str, text: Any, ts: str, session: str = "s1", **extra: Any) -> dict[str, Any]:
    return {
        "type": "user",
        "uuid": uuid,
        "sessionId": session,
        "timestamp": ts,
        "message": {"role": "user", "content": text},
        **extra,
    }


def _assistant(uuid: str, blocks: list[Any], ts: str, session: str = "s1") -> dict[str, Any]:
    return {
        "type": "assistant",
        "uuid": uuid,
        "sessionId": session,
        "timestamp": ts,
        "message": {"role": "assistant", "content": blocks},
    }


# --- Claude Code: real sessions ------------------------------------------------------------


def test_detects_every_real_format(data: Path) -> None:
    assert detect_format(data / "codex" / "engineering-notebook_test-codex-session-1.jsonl") == (
        "codex"
    )
    for f in (data / "claude-code").glob("*.jsonl"):
        assert detect_format(f) == "claude-code", f
    for f in (data / "claude-projects").glob("*/*.jsonl"):
        assert detect_format(f) == "claude-code", f
    assert detect_format(data / "README.md") == "text"


def test_multiline_tool_results_appear_in_full(avd: tuple[Path, Transcript]) -> None:
    path, t = avd
    results = [
        b["content"]
        for d in _lines(path)
        if d.get("type") == "user" and isinstance(d["message"].get("content"), list)
        for b in d["message"]["content"]
        if b.get("type") == "tool_result" and isinstance(b.get("content"), str)
    ]
    multiline = [r for r in results if r.count("\n") >= 5]
    assert multiline, "the real session has multi-line tool results"
    longest = max(multiline, key=len)
    assert len(longest) > 2000
    for r in multiline:
        assert r.encode("utf-8") in t.data
    # and the result sits in a "tool" message
    ref = t.locate(t.data.index(longest.encode("utf-8")))
    assert ref is not None and ref.role == "tool"


def test_offsets_locate_back_to_session_and_timestamp(data: Path) -> None:
    path = (
        data
        / "claude-projects"
        / "-home-cwtrocks-android-avd/c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl"
    )
    t = load_transcript(path)
    assert t.account is not None
    harness = {n for reason in ("meta message", "slash command", "command output")
               for n in t.account.lines_for(str(path), reason)}
    checked = 0
    for n, d in enumerate(_lines(path), 1):
        content = d.get("message", {}).get("content") if d.get("type") == "user" else None
        if not isinstance(content, str) or len(content.strip()) < 6:
            continue
        if n in harness:  # harness boilerplate: counted as left out, not rendered
            continue
        pos = t.data.find(content.encode("utf-8"))
        assert pos >= 0
        for off in (pos, pos + len(content.encode("utf-8")) - 1):
            ref = t.locate(off)
            assert ref is not None
            assert ref.source == str(path)
            assert ref.session == d["sessionId"]
            assert ref.timestamp == norm_ts(d["timestamp"])
            assert ref.role == "user"
            assert t.data[ref.start : ref.end].startswith(b"### user")
        checked += 1
    assert checked >= 3
    assert t.malformed == ()
    # messages are contiguous, ordered, and separated by exactly one blank line
    for a, b in zip(t.messages, t.messages[1:], strict=False):
        assert b.start == a.end + 1 and t.data[a.end : b.start] == b"\n"


def test_subagents_attached_after_parent(avd: tuple[Path, Transcript]) -> None:
    path, t = avd
    folder = path.with_suffix("") / "subagents"
    agents = [f for f in folder.rglob("agent-*.jsonl") if f.stat().st_size > 0]
    assert len(agents) > 10
    for f in agents:
        first_user = next(d for d in _lines(f) if d.get("type") == "user")
        content = first_user["message"]["content"]
        prompt = content if isinstance(content, str) else content[0].get("text", "")
        mine = b"".join(t.data[m.start : m.end] for m in t.messages if m.source == str(f))
        assert prompt.encode("utf-8") in mine, f
        assert f"agent {f.stem.removeprefix('agent-')}".encode() in mine
    last_parent = max(m.index for m in t.messages if m.source == str(path))
    first_agent = min(m.index for m in t.messages if m.source != str(path))
    assert last_parent < first_agent
    assert t.malformed == ()  # empty agent files, meta.json and journal.jsonl are fine


def test_bookkeeping_lines_are_skipped_not_malformed(data: Path) -> None:
    t = load_transcript(data / "claude-projects")
    assert t.malformed == ()
    assert b'"type":"progress"' not in t.data
    assert b"file-history-snapshot" not in t.data
    # messages from all three sessions, sessions ordered by their first timestamp
    order = list(dict.fromkeys(m.session for m in t.messages))
    assert order[:3] == [
        "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c",
        "3e89eb15-32e7-43f8-8734-8d47310263ea",
        "668424c4-e93f-4c2a-9597-e05159a98bde",
    ]


def test_thinking_only_with_flag(data: Path) -> None:
    path = data / "claude-code" / "engineering-notebook_test-session-1.jsonl"
    assert b"Let me look at the login code" not in load_transcript(path).data
    with_thinking = load_transcript(path, include_thinking=True)
    assert b"[thinking]\nLet me look at the login code..." in with_thinking.data
    real = data / "claude-projects" / "-home-cwtrocks-OpenCoreAnalysisKit"
    thoughts = [
        b.get("thinking", "")
        for f in real.glob("*.jsonl")
        for d in _lines(f)
        if d.get("type") == "assistant"
        for b in d["message"]["content"]
        if isinstance(b, dict) and b.get("type") == "thinking"
    ]
    non_empty = [x for x in thoughts if x.strip()]
    assert len(non_empty) > 5
    t = load_transcript(real, include_thinking=True)
    assert t.data.count(b"[thinking]\n") == len(non_empty)
    for x in non_empty:
        assert x.strip().encode("utf-8") in t.data
    assert b"[thinking]" not in load_transcript(real).data


def test_real_edge_cases_are_counted(data: Path) -> None:
    t = load_transcript(data / "claude-code" / "claude-code-log_edge_cases.jsonl")
    lines = sorted(m.line for m in t.malformed)
    assert lines == [10, 11, 13, 14, 15, 16, 18]
    assert "中文" in t.data.decode() and b"wow error" in t.data


# --- Claude Code: synthetic edge cases -----------------------------------------------------


def test_malformed_lines_counted_never_fatal(tmp_path: Path) -> None:
    path = _write_jsonl(
        tmp_path / "s1.jsonl",
        [
            _user("u1", "hello there", "2026-01-01T00:00:00Z"),
            "{not json",
            _user("u2", 42, "2026-01-01T00:00:01Z"),  # content of the wrong type
            {"type": "assistant", "message": "oops", "timestamp": "2026-01-01T00:00:02Z"},
            [1, 2],
            {"no_type": True},
            _assistant("a1", ["bare string block", 7], "2026-01-01T00:00:03Z"),
            _user("u3", "still here", "2026-01-01T00:00:04Z"),
        ],
        tail='{"type": "user", "message": {"content": "cut of',
    )
    t = load_transcript(path)
    reasons = {m.line: m.reason for m in t.malformed}
    assert sorted(m.line for m in t.malformed) == [2, 3, 4, 5, 6, 7, 7, 9]  # 7: two bad blocks
    assert "invalid JSON" in reasons[2]
    assert "truncated last line" in reasons[9]
    assert all(m.source == str(path) for m in t.malformed)
    for text in (b"hello there", b"still here", b"bare string block"):
        assert text in t.data


def test_compaction_boundary_sidechain_and_tools(tmp_path: Path) -> None:
    long_output = "\n".join(f"line {i} of output" for i in range(200))
    records = [
        _user("u1", "please list files", "2026-01-01T00:00:00Z"),
        _assistant(
            "a1",
            [
                {"type": "thinking", "thinking": ""},
                {"type": "text", "text": "Listing."},
                {
                    "type": "tool_use",
                    "id": "t1",
                    "name": "Bash",
                    "input": {"command": "ls -la", "description": "List files"},
                },
                {
                    "type": "tool_use",
                    "id": "t2",
                    "name": "Edit",
                    "input": {"file_path": "/x.py", "old_string": "a = 1", "new_string": "a = 2"},
                },
                {"type": "tool_use", "id": "t3", "name": "Grep", "input": {"pattern": "TODO"}},
            ],
            "2026-01-01T00:00:01Z",
        ),
        _user(
            "u2",
            [
                {"type": "tool_result", "tool_use_id": "t1", "content": long_output},
                {
                    "type": "tool_result",
                    "tool_use_id": "t3",
                    "is_error": True,
                    "content": [
                        {"type": "text", "text": "grep failed\nsecond line"},
                        {"type": "image", "source": {"media_type": "image/png", "data": "AAA"}},
                    ],
                },
            ],
            "2026-01-01T00:00:02Z",
        ),
        {"type": "progress", "data": {}, "timestamp": "2026-01-01T00:00:02Z"},
        {"type": "queue-operation", "operation": "enqueue"},
        {"type": "file-history-snapshot", "snapshot": {}},
        {
            "type": "system",
            "subtype": "compact_boundary",
            "timestamp": "2026-01-01T00:00:03Z",
            "compactMetadata": {"trigger": "auto", "preTokens": 150000},
        },
        _user("u3", "Summary of the story so far.", "2026-01-01T00:00:04Z", isCompactSummary=True),
        _user("u4", "side question", "2026-01-01T00:00:05Z", isSidechain=True),
        {
            "type": "attachment",
            "timestamp": "2026-01-01T00:00:06Z",
            "attachment": {"type": "hook_success", "hookName": "Stop", "content": "hook said hi"},
        },
    ]
    path = _write_jsonl(tmp_path / "s1.jsonl", records)
    t = load_transcript(path)
    assert b"[thinking]" not in load_transcript(path, include_thinking=True).data  # empty one
    text = t.data.decode()
    assert t.malformed == ()
    assert "→ Bash (List files): ls -la" in text
    assert "→ Edit: /x.py" in text and "a = 1" in text and "a = 2" in text
    assert '→ Grep: "TODO"' in text
    assert f"← Bash result\n{long_output}\n" in text
    assert "← Grep error\ngrep failed\nsecond line\n[image image/png]" in text
    assert "=== conversation compacted here (trigger auto, 150000 tokens before) ===" in text
    assert "### compaction summary · 2026-01-01T00:00:04Z\nSummary of the story so far." in text
    assert "### user · sidechain · 2026-01-01T00:00:05Z\nside question" in text
    assert "hook said hi" not in text  # hook output is harness: left out, and counted
    assert t.account is not None and t.account.records.dropped["hook output"] == 1
    assert "[hook_success: Stop] hook said hi" in load_transcript(
        path, include=["harness"]).data.decode()
    assert "[thinking]" not in text
    roles = [m.role for m in t.messages]
    assert roles == ["meta", "user", "assistant", "tool", "system", "summary", "user"]


def test_directory_orders_continuations_after_parent(tmp_path: Path) -> None:
    _write_jsonl(tmp_path / "a.jsonl", [_user("a1", "first session", "2026-01-01T10:00:00Z", "a")])
    _write_jsonl(tmp_path / "c.jsonl", [_user("c1", "unrelated", "2026-01-01T11:00:00Z", "c")])
    _write_jsonl(
        tmp_path / "b.jsonl",
        [
            {"type": "summary", "summary": "Earlier work", "leafUuid": "a1"},
            _user("b1", "continuing", "2026-01-01T12:00:00Z", "b"),
        ],
    )
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\x00\x00")
    t = load_transcript(tmp_path)
    order = list(dict.fromkeys(m.session for m in t.messages))
    assert order == ["a", "b", "c"]
    assert t.kind == "claude-code"
    assert detect_format(tmp_path) == "claude-code"


# --- other formats -------------------------------------------------------------------------


def test_codex_real_session(data: Path) -> None:
    path = data / "codex" / "engineering-notebook_test-codex-session-1.jsonl"
    t = load_transcript(path)
    assert t.kind == "codex"
    for text, role in (
        (b"Please add Codex support.", "user"),
        (b"I'll add Codex support.", "assistant"),
    ):
        ref = t.locate(t.data.index(text))
        assert ref is not None
        assert ref.role == role
        assert ref.session == "019bf429-646d-70c2-a8b8-a0d69db3f01d"
    assert t.malformed == ()


def test_codex_calls_outputs_and_reasoning(tmp_path: Path) -> None:
    output = "a.txt\nb.txt\nc.txt\n" * 50
    rows = [
        {"timestamp": "2026-02-01T00:00:00Z", "type": "session_meta", "payload": {"id": "cx1"}},
        {
            "timestamp": "2026-02-01T00:00:01Z",
            "type": "response_item",
            "payload": {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "**Planning** the listing"}],
            },
        },
        {
            "timestamp": "2026-02-01T00:00:02Z",
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "shell",
                "call_id": "c1",
                "arguments": json.dumps({"command": ["bash", "-lc", "ls"], "workdir": "/w"}),
            },
        },
        {
            "timestamp": "2026-02-01T00:00:03Z",
            "type": "response_item",
            "payload": {
                "type": "function_call_output",
                "call_id": "c1",
                "output": json.dumps({"output": output, "metadata": {"exit_code": 0}}),
            },
        },
        {"timestamp": "2026-02-01T00:00:04Z", "type": "event_msg", "payload": {"type": "x"}},
        {"timestamp": "2026-02-01T00:00:05Z", "type": "response_item", "payload": "bad"},
    ]
    path = _write_jsonl(tmp_path / "rollout.jsonl", rows)
    t = load_transcript(path)
    text = t.data.decode()
    assert "→ shell: ls  [in /w]" in text
    assert f"← shell result\n[exit code 0]\n{output}" in text
    assert "Planning" not in text
    assert "Planning" in load_transcript(path, include_thinking=True).data.decode()
    assert sorted(m.line for m in t.malformed) == [5, 6]  # 5: an unknown event type, reported
    assert t.account is not None and t.account.records.dropped["unknown type 'event_msg/x'"] == 1


def test_chat_json_forms(tmp_path: Path) -> None:
    msgs = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}]},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "k1", "function": {"name": "calc", "arguments": '{"expr": "2+2"}'}}
            ],
        },
        {"role": "tool", "tool_call_id": "k1", "content": "4\n(exact)"},
        {"role": "assistant", "content": "It is 4."},
        "not a message",
    ]
    a = tmp_path / "chat.json"
    a.write_text(json.dumps(msgs))
    b = tmp_path / "wrapped.json"
    b.write_text(json.dumps({"id": "conv-7", "messages": msgs[:5]}))
    assert detect_format(a) == detect_format(b) == "chat-json"
    ta, tb = load_transcript(a), load_transcript(b)
    for t in (ta, tb):
        text = t.data.decode()
        assert "### user\nWhat is 2+2?" in text
        assert '→ calc: {"expr": "2+2"}' in text
        assert "← calc result\n4\n(exact)" in text
        assert "It is 4." in text
    assert [m.line for m in ta.malformed] == [6]
    assert tb.malformed == () and {m.session for m in tb.messages} == {"conv-7"}
    broken = tmp_path / "broken.json"
    broken.write_text('[{"role": "user", "content": "kept anyway"')
    tc = load_transcript(broken, fmt="chat-json")
    assert b"kept anyway" in tc.data and len(tc.malformed) == 1


def test_plaintext_offsets_are_file_offsets(tmp_path: Path) -> None:
    paras = [f"Paragraph {i}: " + "word " * (i % 40 + 5) for i in range(400)]
    raw = ("\n\n".join(paras) + "\n" + "x" * 20000 + "\nünïcödé tail\n").encode("utf-8")
    path = tmp_path / "notes.md"
    path.write_bytes(raw)
    t = load_transcript(path)
    assert t.kind == "text" and t.data == raw and t.malformed == ()
    assert t.messages[0].start == 0 and t.messages[-1].end == len(raw)
    for a, b in zip(t.messages, t.messages[1:], strict=False):
        assert a.end == b.start
    assert all(m.end - m.start <= MAX_CHUNK for m in t.messages)
    blank_cuts = sum(raw[m.end - 2 : m.end] == b"\n\n" for m in t.messages[:-1])
    assert blank_cuts >= len(t.messages) // 2
    off = raw.index(b"Paragraph 200:")
    ref = t.locate(off)
    assert ref is not None and ref.source == str(path) and ref.start <= off < ref.end


def test_plaintext_real_file_and_bad_utf8(data: Path, tmp_path: Path) -> None:
    readme = data / "README.md"
    assert load_transcript(readme).data == readme.read_bytes()
    path = tmp_path / "log.txt"
    path.write_bytes(b"ok line\nbad \xff\xfe byte\nok again\n")
    t = load_transcript(path)
    assert [m.line for m in t.malformed] == [2]
    assert "\ufffd" in t.data.decode() and b"ok again" in t.data


# --- bad paths -----------------------------------------------------------------------------


def test_source_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SourceError, match="No such file"):
        load_transcript(tmp_path / "missing.jsonl")
    empty = tmp_path / "empty_dir"
    empty.mkdir()
    (empty / "image.png").write_bytes(b"\x89PNG")
    with pytest.raises(SourceError, match="directory with no transcripts"):
        load_transcript(empty)
    binary = tmp_path / "blob.log"
    binary.write_bytes(b"ELF\x00\x01\x02" * 100)
    with pytest.raises(SourceError, match="binary"):
        load_transcript(binary)
    with pytest.raises(SourceError, match="Unknown format"):
        load_transcript(binary, fmt="yaml")
    locked = tmp_path / "locked.jsonl"
    locked.write_text("{}\n")
    real_open = os.open  # the readers open without blocking, through os.open

    def deny(path: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(SourceError, match="not readable"):
        load_transcript(locked)


def test_empty_file_is_an_empty_transcript(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text("")
    t = load_transcript(path)
    assert t.data == b"" and t.messages == () and t.malformed == ()
    if os.name == "posix":
        with pytest.raises(SourceError, match="not a regular file"):
            load_transcript("/dev/null")
