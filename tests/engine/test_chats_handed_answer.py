"""An agent whose answers reach the person only through a call that hands them on (the
call's quoted argument, handed back whole as its result) said those answers: they are the
agent's words, not a tool's result; a command whose output merely contains its argument
stays a tool's result."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.handed_answer import handed_words
from gapless.tui.cli.main import main
from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("user", "The login page returns 500 since the upgrade, can you find out why?"),
        ("assistant", "The view sets the session lifetime on the blueprint, which is no "
                      "longer allowed; it belongs in the app's config."),
        ("user", "Please apply that fix and add a regression test for it."),
        ("assistant", "I moved the lifetime into the app factory and added "
                      "test_login_remember_me; all 3 tests pass.")]
ASKS = [t for w, t in SAID if w == "user"]


def _memory() -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": [
        {"type": "text", "text": "You solve tasks with tool calls."}]}]
    for k, (who, text) in enumerate(SAID):
        if who == "user":
            msgs.append({"role": "user", "content": [{"type": "text", "text": f"New task:\n{text}"}]})
            continue
        calls = [{"id": f"call_{k}a", "type": "function", "function": {
            "name": "run", "arguments": {"command": "pytest -q"}}}]
        msgs += [{"role": "assistant", "content": [{"type": "text", "text": "Thought: run it."}]},
                 {"role": "tool-call", "content": [{"type": "text", "text":
                                                    f"Calling tools:\n{calls}"}]},
                 {"role": "tool-response", "content": [{"type": "text", "text":
                                                        f"Call id: call_{k}a\nObservation:\n"
                                                        "...\n3 passed in 0.51s"}]}]
        calls = [{"id": f"call_{k}b", "type": "function", "function": {
            "name": "hand_over", "arguments": {"answer": text}}}]
        msgs += [{"role": "assistant", "content": [{"type": "text", "text": "Thought: done."}]},
                 {"role": "tool-call", "content": [{"type": "text", "text":
                                                    f"Calling tools:\n{calls}"}]},
                 {"role": "tool-response", "content": [{"type": "text", "text":
                                                        f"Call id: call_{k}b\nObservation:\n{text}"}]}]
    return msgs


def test_answers_handed_on_through_a_call_are_the_agents_words(tmp_path, capsys):
    f = tmp_path / "agent_memory.json"
    f.write_text(json.dumps(_memory(), indent=2), encoding="utf-8")
    assert main(["summarize", str(f), "--json", "--db", str(tmp_path / "s.db")]) == 0
    entry = json.loads(capsys.readouterr()[0])["entry"]
    assert "test_login_remember_me" in entry["summary"]  # the last answer, said as done
    assert "3 passed" not in entry["summary"].split("Done:")[-1].split("\n")[1]
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, ["Call id", "Observation"])


def test_only_a_quoted_argument_handed_back_whole_is_handed_on():
    call = "Calling tools:\n[{'function': {'name': 'x', 'arguments': {'answer': \"It's done now.\"}}}]"
    assert handed_words("Call id: c1\nObservation:\nIt's done now.", call) == "It's done now."
    # escapes of the written literal undone: a two-line answer
    call = "[{'arguments': {'answer': 'Line one of it.\\nLine two of it.'}}]"
    assert handed_words("Observation:\nLine one of it.\nLine two of it.", call) is not None
    # an output that contains the command's words is no quoted argument
    assert handed_words("hello big world", "{'command': 'echo hello big world'}") is None
    # a result that is not the argument
    assert handed_words("Observation:\n3 passed in 0.51s", call) is None
