"""A map of id to message whose keys are the only ids, each message naming its parent's
key, is read along the branch to the leaf its holder names: an ask edited away and a reply
regenerated away stay on side branches and are never said; a map whose holder names no
leaf is read as it is."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.keyed_tree import shown_branch
from tests.support.helpers import summarized_asks

ASKS = ["my deploy keeps failing with a health check timeout, what should I check?",
        "fixed. how do I run the database migrations before the new machines start?",
        "last thing: can I keep one machine always running for the first request?"]
ANSWERS = ["Your app probably listens on localhost; bind to 0.0.0.0 on port 8080.",
           "Add a release command to the deploy section; it runs before the rollout.",
           "Yes: set the minimum of running machines to one and keep auto stop on."]
OLD_ASK = "how do I run migrations on the server by hand over a console session"
OLD_TAKE = "Maybe use a bigger machine for the whole app instead of that."


def _doc() -> dict[str, Any]:
    by_key: dict[str, dict[str, Any]] = {}
    parent: str | None = None

    def put(sender: str, body: str, under: str | None) -> str:
        key = f"{len(by_key) * 7919 % 65536:04x}-{len(by_key):02d}"
        by_key[key] = {"parent": under, "children": [], "sender": sender, "body": body}
        if under is not None:
            by_key[under]["children"].append(key)
        return key

    for k, (ask, answer) in enumerate(zip(ASKS, ANSWERS, strict=True)):
        if k == 1:  # the ask first written and answered, then edited into a new branch
            old = put("user", OLD_ASK, parent)
            put("bot", "Open a console on the server and run your migrate command.", old)
        parent = put("user", ask, parent)
        if k == 2:  # the answer regenerated: the first take stays as a sibling
            put("bot", OLD_TAKE, parent)
        parent = put("bot", answer, parent)
    return {"version": 3, "title": "deploy", "cursor": parent, "messages": by_key}


def test_the_branch_to_the_named_leaf_is_read(tmp_path, capsys):
    f = tmp_path / "conversation.json"
    f.write_text(json.dumps(_doc(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    assert [a.rstrip(".") for a in asked] == [a.rstrip(".") for a in ASKS], asked


def test_the_branch_holds_only_the_shown_takes():
    doc = _doc()
    records = list(doc["messages"].values())
    branch = shown_branch(doc, records)
    assert branch is not None
    assert [x["body"] for x in branch] == [w for pair in zip(ASKS, ANSWERS, strict=True)
                                           for w in pair]


def test_a_holder_that_names_no_leaf_keeps_the_map_as_it_is():
    doc = _doc()
    records = list(doc["messages"].values())
    assert shown_branch({**doc, "cursor": None}, records) is None
    first = next(iter(doc["messages"]))  # the root: a key, but no leaf
    assert shown_branch({**doc, "cursor": first}, records) is None
