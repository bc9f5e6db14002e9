"""A coding agent that talks to the person through a call (a question, a report in prose)
gets the person's reply back as that call's result, wrapped in one element: the reply is the
person's turn; the result of a call of paths (a file's text, an error) stays the tool's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gapless.engine.sources.chat_json import load_file
from gapless.engine.sources.result_reply import reply_in

REPLY = "Please apply that fix and add a regression test for the checkbox."


def _text(role: str, *texts: str) -> dict[str, Any]:
    return {"role": role, "content": [{"type": "text", "text": t} for t in texts]}


def test_the_reply_to_a_call_addressed_to_the_person_is_their_turn(tmp_path: Path):
    msgs = [_text("user", "<task>\nThe login page returns 500, can you find out why?\n</task>"),
            _text("assistant", "<read_file>\n<path>app/views.py</path>\n</read_file>"),
            _text("user", "[read_file for 'app/views.py'] Result:",
                  "<error>\nError reading file: no such file app/views.py\n</error>"),
            _text("assistant", "<ask_followup_question>\n<question>The view sets the lifetime "
                  "on the blueprint. Should I apply the fix?</question>\n"
                  "</ask_followup_question>"),
            _text("user", "[ask_followup_question for 'Should I apply the fix?'] Result:",
                  f"<answer>\n{REPLY}\n</answer>")]
    f = tmp_path / "history.json"
    f.write_text(json.dumps(msgs), encoding="utf-8")
    part = load_file(f)
    users = [e.text for e in part.entries if e.role == "user"]
    assert len(users) == 2 and users[1].endswith(REPLY)
    tools = [e.text for e in part.entries if e.role == "tool"]
    assert any("Error reading file" in t for t in tools)  # a call of a path: the tool's
    assert not any("Error reading file" in u for u in users)


def test_only_one_element_of_prose_after_a_prose_call_is_a_reply():
    said = "<attempt_completion>\n<result>\nAll three tests pass now.\n</result>\n</attempt_completion>"
    assert reply_in("attempt_completion", f"<feedback>\n{REPLY}\n</feedback>", said) == REPLY
    # a file's text or an environment's sections: headings, bare tokens, nested markup
    assert reply_in("attempt_completion", "<env>\n# Open Tabs\napp/views.py\n</env>", said) is None
    # the call named no prose (a path): its result is the tool's whatever it says
    path_call = "<read_file>\n<path>README.md</path>\n</read_file>"
    assert reply_in("read_file", f"<content>\n{REPLY}\n</content>", path_call) is None
