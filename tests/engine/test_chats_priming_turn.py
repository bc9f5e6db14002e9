"""The harness's instructions sent as the person's opening turn (a document of headed
sections) and acknowledged by the agent in one short sentence are the harness priming the
model: no ask, no answer. An opening that is a real question, or a document the agent
answers at length, stays the person's ask."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.priming_turn import priming
from tests.support.helpers import asks_only_from, summarized_asks

PROMPT = ("# Identity\nYou are Quill, an assistant built into an editor.\n\n# Rules\n- Keep "
          "answers short.\n- Recommend edits to local files when asked.\n\n# Capabilities\n"
          "- Reading the workspace's files")
ASKS = ["The login page returns 500 since the upgrade, can you find out why?",
        "Please apply that fix and add a regression test for it."]


def _chat(opening: str, ack: str) -> list[dict[str, Any]]:
    return [{"role": "human", "content": opening}, {"role": "bot", "content": ack},
            {"role": "human", "content": ASKS[0]},
            {"role": "bot", "content": "The view sets the session lifetime on the blueprint."},
            {"role": "tool", "content": "E   AttributeError: no attribute 'lifetime'"},
            {"role": "human", "content": ASKS[1]},
            {"role": "bot", "content": "I moved the lifetime into the app factory."}]


def _voice(x: Any) -> str | None:
    return x.get("role")


def test_instructions_acknowledged_in_one_sentence_are_no_ask(tmp_path, capsys):
    f = tmp_path / "session.chat"
    f.write_text(json.dumps({"actionId": "act", "chat": _chat(
        PROMPT, "I will follow these instructions."), "metadata": {"modelId": "m"}},
        indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [PROMPT, "You are Quill", "Keep answers short"])


def test_an_opening_that_is_asked_or_answered_at_length_stays_the_persons():
    person = frozenset({"human"})
    assert priming(_chat(PROMPT, "I will follow these instructions."), _voice, person)
    # a question back, two sentences, or a long answer: a reply, not an acknowledgement
    for ack in ("Understood. What should I do first?", "Got it. I will keep answers short.",
                "Here is a review of your document: " + "the rules are clear and " * 5):
        assert not priming(_chat(PROMPT, ack), _voice, person)
    # a plain question opening the chat, however short its answer
    assert not priming(_chat(ASKS[0], "Yes."), _voice, person)
    # the agent speaking first
    assert not priming(_chat(PROMPT, "Noted.")[1:], _voice, person)
