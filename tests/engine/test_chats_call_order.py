"""Whether an agent's message ends in a call does not hang on the order of its object's
keys: an answer whose words sit in a field of their own beside its calls (a retrieval's
``actions``) said those words to the person, whichever key comes first — so the person's
follow-ups after it stay asks, never read as the results of those calls."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["My deploy keeps failing with a health check timeout on port 8080, what should I check?",
        "It was listening on localhost, fixed. How do I run the migrations before a release?",
        "Last thing: can I keep one machine always running so the first request is fast?"]
ANSWERS = ["Bind to 0.0.0.0 on the internal port from the config; the checks reach it there.",
           "Add a release command that runs the migrations; it runs before the rollout.",
           "Yes: keep one machine running in the service section and let the rest stop."]
FOUND = ["internal_port is the port your app listens on inside the machine.",
         "Release commands run in a temporary machine before a deploy rolls out.",
         "min_machines_running keeps that many machines running in the primary region."]


def _conversation(words_first: bool) -> dict[str, Any]:
    content: list[list[dict[str, Any]]] = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        content.append([{"type": "user_message", "sId": f"u{k}aa11bb22", "version": 0,
                         "created": 1717412400000 + 60000 * k, "content": ask,
                         "user": {"username": "ana", "fullName": "Ana Silva"}}])
        actions = [{"type": "retrieval_action", "functionCallName": "search_data_sources",
                    "params": {"query": f"deploy question {k}", "topK": 16},
                    "documents": [{"documentId": f"docs-{k}", "chunks": [{"text": FOUND[k]}]}]}]
        said = {"content": answer, "rawContents": [{"step": 0, "content": answer}]}
        agent = {"type": "agent_message", "sId": f"a{k}cc33dd44", "version": 0,
                 "created": 1717412430000 + 60000 * k, "status": "succeeded",
                 "parentMessageId": f"u{k}aa11bb22"}
        agent.update({**said, "actions": actions} if words_first else
                     {"actions": actions, **said})
        content.append([agent])
    return {"conversation": {"title": "Deploy failing", "content": content}}


def test_follow_ups_stay_asks_whatever_the_key_order(tmp_path: Path, capsys: Any):
    for words_first in (False, True):
        f = tmp_path / f"conversation_{words_first}.json"
        f.write_text(json.dumps(_conversation(words_first), indent=2), encoding="utf-8")
        asked = summarized_asks(tmp_path, f, capsys)
        asks_only_from(asked, ASKS, FOUND)
        assert len(asked) == len(ASKS), (words_first, asked)
