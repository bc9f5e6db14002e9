"""A conversation kept as a list of each message's versions (a retried answer beside the
one that failed) is read by each message's newest version: every ask listed once, the
failed version and the documents a retrieval found never among them."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.message_versions import latest_versions
from tests.support.helpers import asks_only_from, summarized_asks

ASKS = ["my deploy keeps failing with a health check timeout, what should I check?",
        "fixed. how do I run the database migrations before the new machines start?",
        "last thing: can I keep one machine always running so the first request is fast?"]
ANSWERS = ["Your app probably listens on localhost; bind to 0.0.0.0 on port 8080.",
           "Add a release command to the deploy section; it runs before the rollout.",
           "Yes: set min_machines_running to 1 and keep autostop on for the rest."]
FOUND = "Release commands run in a temporary machine before a deploy rolls out fully."


def _conversation() -> dict[str, Any]:
    content: list[list[dict[str, Any]]] = []
    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        sid = f"u{k}x7Qm2pLr"
        content.append([{"type": "user_message", "sId": sid, "version": 0, "content": ask,
                         "created": 1717412400000 + 60000 * k}])
        good = {"type": "agent_message", "sId": f"a{k}Zk81vQe", "parentMessageId": sid,
                "created": 1717412430000 + 60000 * k, "status": "succeeded",
                "actions": [{"type": "retrieval", "documents": [{"chunks": [{"text": FOUND}]}]}],
                "content": answer}
        versions = [{**good, "version": 0, "status": "failed", "content": None,
                     "actions": [], "error": {"message": "rate limited by the model"}}] \
            if k == 1 else []
        content.append([*versions, {**good, "version": len(versions)}])
    return {"conversation": {"sId": "c0nv3r5at10n", "title": "Deploy", "content": content}}


def test_each_message_read_by_its_newest_version(tmp_path, capsys):
    f = tmp_path / "conversation.json"
    f.write_text(json.dumps(_conversation(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [FOUND, *ANSWERS])
    assert len(asked) == len(ASKS)


def test_versions_lists_told_from_a_batch_of_conversations():
    one, two = {"role": "user"}, {"role": "assistant"}
    assert latest_versions([[one], [one, two], [two]]) == [one, two, two]
    # a batch: lists of several messages each
    assert latest_versions([[one, two, one], [one, two]]) is None
    # not every item a list of objects
    assert latest_versions([[one], one]) is None
    assert latest_versions([[one]]) is None
