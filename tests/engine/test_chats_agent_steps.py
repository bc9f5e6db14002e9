"""An agent's steps that alternate two kinds (a model's inference, a tool's execution) are no
two people taking turns when the would-be asker's steps name the agent by a role word below
them: the turns that hold them are read as the person's input and the agent's output, and
the steps' tool output is never an ask. Two voices named by no role word and with no such
object below them are still read by who asks."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.chat_shape import find_speaker
from tests.support.helpers import summarized_asks

ASKS = ["My Flask app returns 500 on the login page since the upgrade, can you find out why?",
        "Please apply that fix and add a regression test for the remember-me checkbox.",
        "Could you also write a short changelog entry for the next patch release?"]
ANSWERS = ["The view sets the session lifetime on the blueprint, which Flask 3 refuses.",
           "I moved the lifetime into the app factory and added the test; all 3 pass.",
           "Fixed a 500 error on the login page under Flask 3 (the lifetime is app config)."]
OUTPUT = "E   AttributeError: 'Blueprint' object has no attribute 'permanent_session_lifetime'"


def _step(turn: str, k: int, kind: str, **body: Any) -> dict[str, Any]:
    return {"turn_id": turn, "step_id": f"s{k:03d}", "started_at": f"2024-05-01T10:00:{k:02d}",
            "completed_at": f"2024-05-01T10:00:{k:02d}", "step_type": kind, **body}


def _turns() -> list[dict[str, Any]]:
    turns = []
    for n, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        turn, k = f"t{n}", 10 * n
        call = {"call_id": f"c{n}", "tool_name": "run_command",
                "arguments": {"command": "pytest -q tests/test_login.py"}}
        steps = [_step(turn, k, "inference", model_response={
                     "role": "assistant", "content": "I'll run the login test first.",
                     "stop_reason": "end_of_message", "tool_calls": [call]}),
                 _step(turn, k + 1, "tool_execution", tool_calls=[call], tool_responses=[
                     {"call_id": f"c{n}", "tool_name": "run_command", "content": OUTPUT}]),
                 _step(turn, k + 2, "inference", model_response={
                     "role": "assistant", "content": answer, "stop_reason": "end_of_turn",
                     "tool_calls": []}),
                 _step(turn, k + 3, "tool_execution", tool_calls=[call], tool_responses=[
                     {"call_id": f"c{n}", "tool_name": "run_command",
                      "content": "3 passed in 0.51s and nothing else to report"}])]
        turns.append({"turn_id": turn, "session_id": "s1",
                      "input_messages": [{"role": "user", "content": ask, "context": None}],
                      "steps": steps,
                      "output_message": {"role": "assistant", "content": answer,
                                         "stop_reason": "end_of_turn", "tool_calls": []},
                      "started_at": f"2024-05-01T10:0{n}:00",
                      "completed_at": f"2024-05-01T10:0{n}:30"})
    return turns


def test_the_turns_of_an_agents_steps_are_read_as_asks_and_answers(tmp_path, capsys):
    f = tmp_path / "session.json"
    doc = {"session_id": "s1", "session_name": "login", "turns": _turns(),
           "started_at": "2024-05-01T10:00:00"}
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    assert asked, asked
    assert all(any(a.rstrip(".?")[:40] in ask for ask in ASKS) for a in asked), asked
    assert asked[0].rstrip(".?")[:40] in ASKS[0], asked


def test_step_kinds_that_name_the_agent_below_are_no_speaker():
    steps = [s for t in _turns() for s in t["steps"]]
    speaker = find_speaker(steps)
    assert speaker is None or speaker.path != "step_type", speaker


def test_two_unnamed_voices_with_no_agent_below_still_take_turns():
    lines = [("Lena Hoffmann", "Is the attic room still free for tonight, and how much is it?"),
             ("Mira Stone", "It is free, three silver, and the stew comes with it tonight."),
             ("Lena Hoffmann", "Have you heard anything about the caravan near the old mill?"),
             ("Mira Stone", "Only whispers; the miller's boy saw lights in the ruins again."),
             ("Lena Hoffmann", "Where exactly are the ruins, and is the road safe at night?"),
             ("Mira Stone", "North along the river to the stone bridge, then the goat path.")]
    records = [{"from": who, "body": {"text": said, "lang": "en"}, "ts": 1714550400 + 60 * k}
               for k, (who, said) in enumerate(lines)]
    speaker = find_speaker(records)
    assert speaker is not None and speaker.path == "from", speaker
    assert speaker.person == frozenset({"Lena Hoffmann"}), speaker
