"""Real chat histories in JSON of three schemas no reader names (issue 36): a ChatGPT data
export (a tree of nodes per conversation), a Gemini CLI session and a Copilot CLI event log.
Each is read as a conversation: its user asks are found (checked against the asks read here
with each file's own schema), and no tool result, thought or blob is among them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.sources import detect_format, load_transcript
from tests.support.helpers import summarized
from tests.support.paths import TEST_DATA

CHATS = TEST_DATA / "chat-exports"


def _chatgpt(doc: Any) -> list[str]:
    asks = []
    for conv in doc:
        for node in conv["mapping"].values():
            msg = node.get("message") or {}
            if (msg.get("author") or {}).get("role") == "user":
                asks.append(" ".join(msg["content"]["parts"]))
    return asks


def _gemini(doc: Any) -> list[str]:
    return [" ".join(p["text"] for p in m["content"]) for m in doc["messages"]
            if m["type"] == "user"]


def _copilot(lines: list[Any]) -> list[str]:
    return [d["data"]["content"] for d in lines
            if d["type"] == "user.message" and d["data"]["content"]]


TRUTH = {"librechat_chatgpt-conversations-export.json": _chatgpt,
         "vibecodingtracker_gemini-cli-session.json": _gemini,
         "vibecodingtracker_copilot-cli-events.jsonl": _copilot}


def _true_asks(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    doc = ([json.loads(x) for x in text.splitlines() if x.strip()] if path.suffix == ".jsonl"
           else json.loads(text))
    return [" ".join(a.split()) for a in TRUTH[path.name](doc)]


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_a_json_chat_history_reads_as_a_conversation(name: str, tmp_path, capsys) -> None:
    path = CHATS / name
    truth = _true_asks(path)
    assert detect_format(path) == "chat-json"
    t = load_transcript(path)
    assert t.account is not None and t.account.records.balanced
    rendered = t.data.decode()
    users = [m for m in t.messages if m.role == "user"]
    assert len(users) == len(truth)  # every ask, and nothing else, in the user's voice
    assert " ".join(rendered[users[0].start:users[0].end].split()[4:])[:40] in truth[0]
    summary = summarized(tmp_path, path, capsys)
    assert summary.startswith("Asked:")
    asked = re.findall(r"^- (.*)$", summary.split("\nDone:")[0], re.M)
    said = " ".join(truth)
    assert asked and " ".join(asked[0].split())[:30].rstrip("…") in truth[0]
    assert all(" ".join(a.split())[:30].rstrip("…。.") in said for a in asked)
    assert not re.search(r"Result:|[A-Za-z0-9+/]{80}", "\n".join(asked))
