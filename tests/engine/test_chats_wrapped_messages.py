"""Messages each wrapped one field down in a record of the tool's bookkeeping (``{"message":
{"role", "content"}, "uuid", "state", "is_user_submission", …}``) are read as the messages
they wrap: a ``tool_use`` block is a call and the ``tool_result`` block in the next user
message the tool's output, not the person's words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.engine.sources.chat_json import load_file

OUTPUT = "E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'"


def _wrap(k: int, role: str, content: Any, submitted: bool) -> dict[str, Any]:
    return {"message": {"role": role, "content": content},
            "timestamp": f"2025-03-11 09:15:{k:02d}", "state": "generated",
            "uuid": f"5b1c0e3a-0000-4000-8000-00000000000{k}", "is_user_submission": submitted,
            "visible": True, "provider": "claude"}


def test_wrapped_messages_are_read_with_their_blocks(tmp_path: Path):
    msgs = [_wrap(0, "user", "The login page returns 500 since Flask 3, why?", True),
            _wrap(1, "assistant", [{"type": "tool_use", "id": "toolu_01", "name": "bash",
                                    "input": {"command": "pytest -q"}}], False),
            _wrap(2, "user", [{"type": "tool_result", "tool_use_id": "toolu_01",
                               "content": OUTPUT, "is_error": False}], False),
            _wrap(3, "assistant", [{"type": "text", "text": "The blueprint sets the lifetime."}],
                  False),
            _wrap(4, "user", "Please apply the fix and add a test.", True)]
    f = tmp_path / "2025_03_11_09_14_52.json"
    f.write_text(json.dumps({"title": "Flask 3 login 500", "messages": msgs}), encoding="utf-8")
    part = load_file(f)
    users = [e.text for e in part.entries if e.role == "user"]
    assert len(users) == 2 and not any("AttributeError" in u for u in users)
    assert any("AttributeError" in e.text for e in part.entries if e.role == "tool")
    assert "09:15:04" in users[1].split("\n", 1)[0]  # the record's time beside its message
