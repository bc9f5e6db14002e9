"""JSON records that carry a level field are a log's, never a conversation's: two services
alternating in a field beside a message are no two voices."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources import load_transcript
from gapless.engine.sources.log_records import severity_field

LEVELS = ["info", "http", "debug", "info", "warn", "error", "info", "http", "silly"]
SAYS = ["GET /users/{n}?page=2 200 - 7.3 ms", "Cache hit for key session:{n}",
        "User {n} signed in from 2001:db8::{n}", "Retrying webhook in {n}s (attempt 2/5)"]


def _log(records: int) -> list[dict[str, str]]:
    return [{"level": LEVELS[k % len(LEVELS)], "message": SAYS[k % len(SAYS)].format(n=k),
             "service": ["user-service", "billing-api"][k * 7 % 3 % 2],
             "timestamp": f"2024-03-01T00:{k // 60 % 60:02d}:{k % 60:02d}.123Z"}
            for k in range(records)]


def test_a_json_log_of_two_services_is_read_as_a_log(tmp_path: Path) -> None:
    f = tmp_path / "app.log"
    f.write_text("".join(json.dumps(r) + "\n" for r in _log(300)), encoding="utf-8")
    assert severity_field(_log(300)) == "level"
    t = load_transcript(f)
    assert t.kind != "chat-json"
    assert "### user" not in t.text(0, len(t)) and "### assistant" not in t.text(0, len(t))


def test_a_nested_level_field_counts_and_a_chat_has_none() -> None:
    nested = [{"log": {"level": r["level"]}, "msg": r["message"]} for r in _log(50)]
    assert severity_field(nested) == "log.level"
    chat = [{"from": ["Ana", "Bot"][k % 2], "text": f"message number {k} of the chat",
             "status": "sent"} for k in range(50)]
    assert severity_field(chat) is None
    one_level = [{"level": "info", "message": f"started worker {k}"} for k in range(50)]
    assert severity_field(one_level) is None  # (one severity: no closed set of levels)
