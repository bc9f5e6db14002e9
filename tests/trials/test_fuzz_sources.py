"""Fuzzing the transcript readers: whatever the bytes, a load either returns a transcript
(bad records counted as malformed) or raises SourceError — nothing else escapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gapless.engine.sources import SourceError, load_transcript

json_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=30))
json_value = st.recursive(json_scalar, lambda c: st.one_of(
    st.lists(c, max_size=4), st.dictionaries(st.text(max_size=10), c, max_size=4)), max_leaves=12)

claude_line = st.fixed_dictionaries({
    "type": st.sampled_from(["user", "assistant", "system", "summary", "progress", "attachment",
                             "weird", 7]),
    "sessionId": st.one_of(st.text(max_size=8), st.integers()),
    "timestamp": st.one_of(st.just("2026-01-01T10:00:00Z"), st.text(max_size=12), st.none()),
    "message": st.one_of(json_value, st.fixed_dictionaries({
        "role": st.sampled_from(["user", "assistant", 3]),
        "content": st.one_of(st.text(max_size=40), st.lists(st.fixed_dictionaries({
            "type": st.sampled_from(["text", "tool_use", "tool_result", "thinking", "image", 1]),
            "text": json_value, "input": json_value, "content": json_value,
            "name": json_value}), max_size=3), json_value),
    })),
    "isSidechain": json_value, "isCompactSummary": json_value,
})
codex_line = st.fixed_dictionaries({
    "timestamp": st.one_of(st.just("2026-02-24T09:00:00Z"), json_value),
    "type": st.sampled_from(["session_meta", "response_item", "event_msg", "turn_context", 0]),
    "payload": st.one_of(json_value, st.fixed_dictionaries({
        "type": st.sampled_from(["message", "function_call", "function_call_output",
                                 "reasoning", None]),
        "role": json_value, "content": json_value, "arguments": json_value, "output": json_value,
        "id": json_value, "cwd": json_value})),
})


def write_lines(path: Path, lines: list[str], tail: bytes) -> None:
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass") + tail)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(claude_line, codex_line, json_value), max_size=8),
       tail=st.sampled_from([b"", b"\n", b'\n{"type": "user", "mess', b"\n\xff\xfe\x00garbage"]),
       ext=st.sampled_from([".jsonl", ".json", ".md", ".log"]))
@pytest.mark.slow
def test_readers_never_raise_anything_but_source_error(tmp_path: Path, lines: list[object],
                                                       tail: bytes, ext: str) -> None:
    path = tmp_path / f"f{ext}"
    write_lines(path, [json.dumps(x) for x in lines], tail)
    try:
        t = load_transcript(path)
    except SourceError:
        return
    assert isinstance(t.data, bytes)
    for m in t.messages:
        assert 0 <= m.start < m.end <= len(t.data)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=3000))
def test_arbitrary_bytes_load_or_fail_cleanly(tmp_path: Path, raw: bytes) -> None:
    for name in ("x.jsonl", "x.json", "x.txt"):
        path = tmp_path / name
        path.write_bytes(raw)
        try:
            t = load_transcript(path)
        except SourceError as exc:
            assert str(exc)
            continue
        assert t.text(0, len(t)) is not None
