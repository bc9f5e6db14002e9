"""A part whose type names a tool's result (``tool_result``) holds the tool's output, even
when its words sit in nested ``text`` parts like the person's: never an ask."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file

ASK = "The login page returns 500 since Flask 3, can you find out why?"
OUTPUT = "E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'"
FOLLOW = "Please apply the fix and add a regression test for it."


def _request(messages: list[dict[str, object]], n: int) -> dict[str, object]:
    return {"type": "request", "id": f"req_{n:04d}", "body": {
        "model": "m-1", "stream": True, "messages": messages}}


def _events(text: str) -> list[dict[str, object]]:
    return [{"type": "message_start", "message": {"role": "assistant", "content": []}},
            *({"type": "content_block_delta", "index": 0,
               "delta": {"type": "text_delta", "text": w}} for w in text.split(" ")),
            {"type": "message_stop"}]


def test_typed_result_part_is_no_ask(tmp_path: Path):
    ask = {"role": "user", "content": [{"type": "text", "text": ASK}]}
    call = {"role": "assistant", "content": [
        {"type": "text", "text": "I will run the login test first."},
        {"type": "tool_use", "id": "toolu_01", "name": "run", "input": {"cmd": "pytest -x"}}]}
    result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01",
                                           "content": [{"type": "text", "text": OUTPUT}]}]}
    answer = {"role": "assistant", "content": [
        {"type": "text", "text": "The blueprint sets the session lifetime, Flask 3 refuses."}]}
    follow = {"role": "user", "content": [{"type": "text", "text": FOLLOW}]}
    rows = [_request([ask], 1), *_events("I will run the login test first."),
            _request([ask, call, result], 2), *_events("The blueprint sets the lifetime."),
            _request([ask, call, result, answer, follow], 3), *_events("Done, a test added.")]
    f = tmp_path / "proxy.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    entries = load_file(f).entries
    said = [e.text for e in entries if e.role == "user"]
    assert any(ASK in t for t in said) and any(FOLLOW in t for t in said)
    assert not any(OUTPUT in t for t in said)
    assert any(OUTPUT in e.text for e in entries if e.role == "tool")
