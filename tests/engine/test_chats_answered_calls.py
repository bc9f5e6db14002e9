"""A harness that sends each call's output back as the person's message: after the task,
every message in the person's role answers a call the agent ended its turn with, so those
messages are the tool's, not asks; a person who speaks after words said to them (even in a
message that also made calls) keeps their asks."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.answered_calls import call_answers
from tests.support.helpers import asks_only_from, summarized_asks

TASK = "The login page returns 500 since the Flask 3 upgrade. Can you find out why?"
OUTPUTS = ["E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'"
           "\nFAILED tests/test_login.py::test_login_ok - AttributeError\n1 failed in 0.42s",
           "def login():\n    bp.permanent_session_lifetime = timedelta(days=30)\n"
           "    session.permanent = True",
           "...\n3 passed in 0.51s"]
ACTIONS = ["pytest tests/test_login.py -x -q", "open app/views.py", "pytest -q"]


def _history() -> dict[str, Any]:
    hist: list[dict[str, Any]] = [
        {"role": "system", "content": "You are an autonomous programmer in a shell.",
         "agent": "primary", "message_type": "system_prompt"},
        {"role": "user", "content": f"<issue>\n{TASK}\n</issue>", "agent": "primary",
         "message_type": "observation"}]
    for action, output in zip(ACTIONS, OUTPUTS, strict=True):
        thought = f"Next I will run {action} to see what happens."
        hist.append({"role": "assistant", "content": f"{thought}\n\n```\n{action}\n```",
                     "thought": thought, "action": action, "agent": "primary",
                     "message_type": "action"})
        hist.append({"role": "user", "content": f"{output}\n(Current directory: /shop)",
                     "agent": "primary", "message_type": "observation"})
    return {"environment": "swe_main", "history": hist, "info": {"exit_status": "submitted"}}


def test_outputs_sent_in_the_persons_role_are_no_asks(tmp_path, capsys):
    f = tmp_path / "run.traj"
    f.write_text(json.dumps(_history(), indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), [TASK], OUTPUTS)


def _role(r: dict[str, Any]) -> str:
    return str(r["role"])


def _ends_in_call(r: dict[str, Any]) -> bool:
    return bool(r.get("call")) and not r.get("after")


def test_only_a_role_that_answers_calls_alone_is_the_tools():
    task, call, out = {"role": "user"}, {"role": "assistant", "call": "ls"}, {"role": "user"}
    out2 = {"role": "user"}
    records = [task, call, out, dict(call), out2]
    assert call_answers(records, _role, _ends_in_call) == [out, out2]
    # the agent said words after its call before the person spoke: a person's ask
    said = {"role": "assistant", "call": "ls", "after": "All tests pass now."}
    assert call_answers([task, call, out, said, out2], _role, _ends_in_call) == []
    # one message after the task is too few to tell a harness by
    assert call_answers([task, call, out], _role, _ends_in_call) == []
