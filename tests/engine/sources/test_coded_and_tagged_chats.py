"""Chat histories in JSON whose speakers are found by structure where no field names them:
speakers written as integer codes, and messages among records of several kinds (accounts,
channels, posts) tagged by a type whose words a session reader also uses."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.chat_shape import find_speaker
from gapless.engine.sources.claude_code import classify
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["My deploy keeps failing with a health check timeout, any idea what to check?",
        "How do I make the release command run the migrations before the rollout?",
        "Can I keep one machine always running so the first request isn't slow?"]
ANSWERS = ["Your app probably listens on 127.0.0.1; bind to 0.0.0.0 on the internal port.",
           "Add a deploy section with the release command; it runs before the rollout.",
           "Yes: set the minimum of running machines to 1 and keep auto stop for the rest."]
OUTPUT = "E   AttributeError: 'Blueprint' object has no attribute 'lifetime'\n1 failed"


def test_speakers_as_integer_codes(tmp_path, capsys):
    """Bubbles whose ``type`` is 1 or 2, each code's bubbles of their own shape; the code
    that asks is the person, a tool call's result is never an ask."""
    bubbles: list[dict[str, Any]] = []
    for k in range(3):
        bubbles.append({"type": 1, "bubbleId": f"b{k}a", "text": ASKS[k],
                        "richText": json.dumps({"root": {"text": ASKS[k]}}),
                        "context": {"fileSelections": []}})
        bubbles.append({"type": 2, "bubbleId": f"b{k}b", "text": "", "codeBlocks": [],
                        "toolFormerData": {"name": "run_command", "rawArgs": "pytest -q",
                                           "result": json.dumps({"contents": OUTPUT})}})
        bubbles.append({"type": 2, "bubbleId": f"b{k}c", "text": ANSWERS[k], "codeBlocks": []})
    doc = {"composerId": "c1", "conversation": bubbles, "status": "completed"}
    speaker = find_speaker(bubbles)
    assert speaker is not None and speaker.coded
    assert speaker.roles == {"1": "user", "2": "assistant"}
    f = tmp_path / "composer.json"
    f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    assert detect_format(f) == "chat-json"
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, [OUTPUT, "pytest -q"])


def test_integer_levels_of_one_shape_are_no_speakers():
    """A log's level codes that change between records of one shape: no conversation."""
    r = random.Random(7)
    records = [{"level": r.choice([30, 40]), "time": 1700000000 + k, "pid": 4121,
                "msg": f"processed batch {k} of invoices, did it finish in time?"}
               for k in range(40)]
    assert find_speaker(records) is None


def _tagged(tmp_path: Path) -> Path:
    lines: list[dict[str, Any]] = [
        {"type": "version", "version": 1},
        {"type": "team", "team": {"name": "ops", "display_name": "Ops"}},
        {"type": "user", "user": {"username": "sam.ortiz", "email": "sam@example.com"}},
        {"type": "user", "user": {"username": "helper", "email": "helper@localhost"}},
        {"type": "channel", "channel": {"members": ["sam.ortiz", "helper"], "header": ""}}]
    for k in range(6):
        post = {"user": "sam.ortiz" if k % 2 == 0 else "helper",
                "message": (ASKS if k % 2 == 0 else ANSWERS)[k // 2],
                "create_at": 1717430000000 + k * 53000, "replies": None}
        lines.append({"type": "post", "post": post})
    f = tmp_path / "export.jsonl"
    f.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return f


def test_posts_among_records_of_several_kinds(tmp_path, capsys):
    """Records tagged by a ``type`` whose value names the object holding them: a ``user``
    record is an account, not a session's message; among the posts, the sender field that
    alternates is the speaker and the asker the person."""
    f = _tagged(tmp_path)
    assert detect_format(f) == "chat-json"
    text = load_transcript(f).data.decode()
    assert "sam@example.com" not in text
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ["sam@example.com", "helper@localhost"])


def test_a_session_s_own_lines_are_still_claimed():
    """The session reader keeps its lines: a message line holds a ``message`` object, an
    attachment line its ``attachment``; only a type's word with another format's payload
    under it is left to the others."""
    assert classify({"type": "user", "message": {"role": "user", "content": "hi"}})
    assert classify({"type": "attachment", "attachment": {"type": "hook_success"}})
    assert classify({"type": "summary", "summary": "Fixed the login", "leafUuid": "u1"})
    assert not classify({"type": "user", "user": {"username": "sam", "email": "s@x.org"}})
    assert not classify({"type": "system", "system": {"name": "ops"}})
