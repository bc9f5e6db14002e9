"""A mapping of two objects of different kinds — a team's saved state, one object per member,
one of them named for an agent — takes no turns: the voice beside the agent is found only
where each voice speaks more than once, so the conversation inside the state is read."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.chat_shape import find_conversations
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["The login page returns 500 since the upgrade, can you find out why?",
        "Please apply that fix and add a regression test for it."]
SAID = [("user", ASKS[0]), ("coder", "The view sets the session lifetime on the blueprint."),
        ("user", ASKS[1]), ("coder", "I moved the lifetime into the app factory; tests pass.")]


def _state() -> dict[str, Any]:
    thread: list[dict[str, Any]] = []
    context: list[dict[str, Any]] = []
    for who, text in SAID:
        thread.append({"source": who, "models_usage": None, "content": text,
                       "type": "TextMessage"})
        if who == "coder":
            thread.append({"source": who, "content": [{"content": "3 passed in 0.51s",
                                                        "name": "run", "call_id": "c1",
                                                        "is_error": False}],
                           "type": "ToolCallExecutionEvent"})
        context.append({"content": text, "source": who,
                        "type": "UserMessage" if who == "user" else "AssistantMessage"})
    return {"type": "TeamState", "version": "1.0.0", "agent_states": {
        "GroupChatManager_1": {"type": "RoundRobinManagerState", "version": "1.0.0",
                               "message_thread": thread, "current_turn": 0},
        "coder_1": {"type": "ChatAgentContainerState", "version": "1.0.0",
                    "agent_state": {"type": "AssistantAgentState", "version": "1.0.0",
                                    "llm_context": {"messages": context}}}}}


def test_members_states_are_no_turns_the_thread_inside_is_the_conversation(tmp_path, capsys):
    found = find_conversations(_state())
    assert found is not None
    said = [x.get("content") for conv in found.conversations for _n, x in conv]
    assert ASKS[0] in said and ASKS[1] in said
    f = tmp_path / "team_state.json"
    f.write_text(json.dumps(_state(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [t for w, t in SAID if w == "coder"] + ["3 passed"])


def test_a_voice_beside_one_named_for_the_agent_that_speaks_again_is_the_person():
    msgs = [{"from": "Lena", "text": "Which regions declined in the third quarter?"},
            {"from": "Sales Agent", "text": "North and West declined; East grew."},
            {"from": "Lena", "text": "Make a bar chart of it, sorted by the third quarter."},
            {"from": "Sales Agent", "text": "Here is the chart, East first and West last."}]
    found = find_conversations({"messages": msgs})
    assert found is not None and found.speaker.person == frozenset({"Lena"})
