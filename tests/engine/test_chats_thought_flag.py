"""A part flagged as a thought by a true boolean named for one (``{"text": …, "thought":
true}``) beside plain ``text`` parts holds the model's thinking: never its words."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file

THOUGHT = "I should read the login view first and then run its test to see the traceback."


def test_flagged_thought_part_is_thinking(tmp_path: Path):
    contents = [
        {"parts": [{"text": "The login page returns 500 since Flask 3, why?"}], "role": "user"},
        {"parts": [{"text": f"**Inspecting the view**\n\n{THOUGHT}", "thought": True},
                   {"function_call": {"args": {"path": "app/views.py"}, "name": "read_file"}}],
         "role": "model"},
        {"parts": [{"function_response": {"name": "read_file", "response": {
            "output": "bp.permanent_session_lifetime = timedelta(days=30)"}}}], "role": "user"},
        {"parts": [{"text": "The blueprint sets the session lifetime, which Flask 3 refuses."}],
         "role": "model"},
        {"parts": [{"text": "Please apply the fix and add a regression test."}], "role": "user"},
        {"parts": [{"text": "Done: the lifetime is set on the app and a test checks it."}],
         "role": "model"}]
    f = tmp_path / "history.json"
    f.write_text(json.dumps(contents, indent=2), encoding="utf-8")
    text = "\n".join(e.text for e in load_file(f).entries)
    assert "Flask 3 refuses" in text
    assert THOUGHT[:40] not in text
