"""Chat histories of tools of a fifth stranger pass (``bench/heldout_chats.py``), each small
and written as that tool writes it: the person's asks listed, in order, and never a tool's
result, a thought, a hidden instruction or a note among them. One test per structural rule
the pass added to the readers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.support.helpers import asked_items, asks_only_from, summarized

THINK = "Let me think about what the user really needs here before I answer with numbers."
TRIP = ["Plan a three day trip to Lisbon for two people in early May, we like food and walking.",
        "Which neighbourhood should we book a hotel in if we arrive late at night?",
        "Can you give me a rough budget per day without flights?"]
TRIP_ANSWERS = ["Day 1: Alfama and the castle. Day 2: Belém and the pastéis. Day 3: Sintra.",
                "Baixa or Chiado: central, flat from the metro and lively but safe at night.",
                "About 180 to 230 euros a day for two, without the flights."]
DEPLOY = ["hey, my deploy keeps failing with 'health check on port 8080 timed out', any idea?",
          "it was listening on localhost, fixed. how do I run the migrations on release?",
          "perfect, last thing: can I keep one machine always running so the first request "
          "isn't slow?"]
DEPLOY_ANSWERS = ["Bind to 0.0.0.0:8080; the health checks come from outside the machine.",
                  "Add release_command = 'python manage.py migrate' under [deploy].",
                  "Yes: set min_machines_running = 1 under [http_service]."]


def _read(tmp_path: Path, name: str, doc: Any, capsys: Any, *, lines: bool = False
          ) -> tuple[list[str], str]:
    """The asks listed and the whole summary of ``doc`` written as ``name``."""
    f = tmp_path / name
    if lines:
        f.write_text("".join(json.dumps(x) + "\n" for x in doc), encoding="utf-8")
    else:
        f.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    summary = summarized(tmp_path, f, capsys)
    assert summary.startswith(("Asked:", "Done:")), summary[:200]
    return [a.rstrip(".") for a in asked_items(summary)], summary


def test_a_message_wrapped_in_a_response_object_is_words_not_a_result(tmp_path, capsys):
    """Grok's export: each message wrapped in ``response`` (sender human / ASSISTANT), a
    ``thinking_trace`` beside the model's message — the wrapper's name is not the kind of
    its fields, and the thinking is never shown."""
    responses = []
    parent = None
    for k, (ask, answer) in enumerate(zip(TRIP, TRIP_ANSWERS, strict=True)):
        for sender, text in (("human", ask), ("ASSISTANT", answer)):
            rid = f"{k}{sender[0]}-5076c959-c21d-4bc7-bafc-2b8f6f5bd120"
            r: dict[str, Any] = {"_id": rid, "conversation_id": "cd2dc94c-4d3f-422d",
                                 "message": text, "sender": sender,
                                 "create_time": {"$date": {"$numberLong": str(1741600000000
                                                                              + k * 9000)}},
                                 "parent_response_id": parent, "partial": False,
                                 "web_search_results": [], "file_attachments": [],
                                 "model": "grok-3"}
            if sender == "ASSISTANT":
                r["thinking_trace"] = THINK
            responses.append({"response": r, "share_link": None})
            parent = rid
    doc = {"conversations": [{"conversation": {"id": "cd2dc94c-4d3f-422d", "title": "Lisbon"},
                              "responses": responses}], "projects": [], "tasks": []}
    asked, summary = _read(tmp_path, "prod-grok-backend.json", doc, capsys)
    asks_only_from(asked, TRIP, [THINK])
    assert len(asked) == 3
    assert THINK[:30] not in summary


def test_a_tree_whose_root_is_an_object_of_its_own_starts_at_the_root(tmp_path, capsys):
    """An OpenAssistant tree: the first ask is the ``prompt`` object, the replies nested in
    its ``replies`` (a second, lower-ranked answer beside the first)."""

    def node(role: str, text: str, n: int) -> dict[str, Any]:
        return {"message_id": f"m{n}", "parent_id": f"m{n - 1}" if n else None, "text": text,
                "role": role, "lang": "en", "review_count": 3, "rank": None,
                "emojis": {"+1": 2}, "replies": []}

    turns = [x for pair in zip(TRIP, TRIP_ANSWERS, strict=True) for x in pair]
    root = node("prompter", turns[0], 0)
    cur = root
    for n, text in enumerate(turns[1:], 1):
        child = node("assistant" if n % 2 else "prompter", text, n)
        cur["replies"].append(child)
        if n == 1:
            cur["replies"].append(node("assistant", "A second answer ranked lower by "
                                       "the reviewers, kept in the tree.", 99))
        cur = child
    tree = {"message_tree_id": "m0", "tree_state": "ready_for_export", "prompt": root}
    asked, _ = _read(tmp_path, "oasst.trees.jsonl", [tree], capsys, lines=True)
    asks_only_from(asked, TRIP, [])
    assert len(asked) == 3


def test_the_opening_message_kept_apart_from_the_replies_is_the_first_ask(tmp_path, capsys):
    """An Intercom conversation: the opening in ``source``, the replies (a bot's, a
    teammate's, an internal note) in ``conversation_parts`` with an ``author`` object."""
    user = {"type": "user", "id": "65f0c1", "name": "Sam Ortiz"}
    fin = {"type": "bot", "id": "6511", "name": "Fin"}
    note = "Customer is on the legacy platform, check with infra before promising anything."

    def part(body: str, author: dict[str, Any], n: int, kind: str = "comment") -> dict[str, Any]:
        return {"type": "conversation_part", "id": str(900 + n), "part_type": kind,
                "body": f"<p>{body}</p>", "created_at": 1717430000 + 60 * n, "author": author,
                "attachments": [], "redacted": False}

    parts = [part(DEPLOY_ANSWERS[0], fin, 1), part(DEPLOY[1], user, 2),
             part(DEPLOY_ANSWERS[1], fin, 3), part(DEPLOY[2], user, 4),
             part(note, {"type": "admin", "id": "7021", "name": "Priya"}, 5, "note"),
             part(DEPLOY_ANSWERS[2], fin, 6)]
    doc = {"type": "conversation", "id": "1911", "created_at": 1717430000, "state": "closed",
           "source": {"type": "conversation", "id": "2201", "delivered_as": "customer_initiated",
                      "body": f"<p>{DEPLOY[0]}</p>", "author": user, "attachments": [],
                      "redacted": False},
           "conversation_parts": {"type": "conversation_part.list",
                                  "conversation_parts": parts, "total_count": len(parts)}}
    asked, _ = _read(tmp_path, "intercom_conversation.json", doc, capsys)
    asks_only_from(asked, DEPLOY, [note])
    assert len(asked) == 3


def test_person_answer_pairs_are_read_by_position(tmp_path, capsys):
    """text-generation-webui's log: ``internal`` [person, character] pairs (the greeting's
    opened by a special token), ``visible`` the same pairs escaped as HTML."""
    greeting = "Welcome, traveler. You look like the storm chased you all the way here."
    said = ["Is there a room free for the night, and what does it cost?",
            "Have you heard anything about the caravan that went missing near the mill?",
            "Tell me where the ruins are and I'll leave at first light."]
    answers = ["One left, under the eaves. Three silver, stew included.",
               "Only whispers. The miller's boy saw lights in the ruins.",
               "Follow the river north to the stone bridge, then the goat path east."]
    internal = [["<|BEGIN-VISIBLE-CHAT|>", greeting], *map(list, zip(said, answers, strict=True))]
    visible = [["", greeting], *[[u.replace("'", "&#x27;"), a.replace("'", "&#x27;")]
                                 for u, a in zip(said, answers, strict=True)]]
    doc = {"internal": internal, "visible": visible,
           "metadata": {"assistant_0": {"timestamp": "Apr 20, 2024 10:00"}}}
    asked, summary = _read(tmp_path, "20240420-10-00-00.json", doc, capsys)
    asks_only_from(asked, said, [greeting, *answers])
    assert len(asked) == 3
    assert "BEGIN-VISIBLE" not in summary


def test_words_written_byte_by_byte_are_decoded_and_newest_first_reversed(tmp_path, capsys):
    """Facebook Messenger's export: newest first, ``sender_name``, every UTF-8 byte of
    ``content`` written as its own code point."""

    def fb(text: str) -> str:
        return text.encode("utf-8").decode("latin-1")

    msgs = []
    for k, (ask, answer) in enumerate(zip(TRIP, TRIP_ANSWERS, strict=True)):
        msgs.append({"sender_name": "Lena Hoffmann", "timestamp_ms": 1713600014000 + k * 9000,
                     "content": fb(ask), "is_geoblocked_for_viewer": False})
        msgs.append({"sender_name": "Lisboa Walks", "timestamp_ms": 1713600019000 + k * 9000,
                     "content": fb(answer), "is_geoblocked_for_viewer": False})
    doc = {"participants": [{"name": "Lisboa Walks"}, {"name": "Lena Hoffmann"}],
           "messages": msgs[::-1], "title": "Lisboa Walks", "is_still_participant": True,
           "thread_path": "inbox/lisboawalks_1021"}
    asked, summary = _read(tmp_path, "message_1.json", doc, capsys)
    asks_only_from(asked, TRIP, TRIP_ANSWERS)
    assert len(asked) == 3
    assert "Belém" in summary and "BelÃ©m" not in summary


def test_a_message_flagged_hidden_is_never_an_ask(tmp_path, capsys):
    """A ChatGPT export of a reasoning model: the custom instructions as a ``user``
    message flagged hidden from the conversation, the model's ``thoughts`` before each
    answer."""
    custom = ("The user provided the following information about themselves: I live in "
              "Porto and pay my own bills. Keep answers short and give numbers.")
    mapping: dict[str, Any] = {"root": {"id": "root", "message": None, "parent": None,
                                        "children": []}}
    last = "root"

    def add(role: str, content: dict[str, Any], **meta: Any) -> None:
        nonlocal last
        nid = f"n{len(mapping)}"
        mapping[nid] = {"id": nid, "message": {
            "id": nid, "author": {"role": role, "name": None, "metadata": {}},
            "create_time": 1741600000.0 + len(mapping), "content": content,
            "status": "finished_successfully", "weight": 1.0, "metadata": meta,
            "recipient": "all"}, "parent": last, "children": []}
        mapping[last]["children"].append(nid)
        last = nid

    add("user", {"content_type": "user_editable_context", "user_profile": custom,
                 "user_instructions": ""}, is_visually_hidden_from_conversation=True)
    for ask, answer in zip(DEPLOY, DEPLOY_ANSWERS, strict=True):
        add("user", {"content_type": "text", "parts": [ask]})
        add("assistant", {"content_type": "thoughts", "thoughts": [
            {"summary": "Checking", "content": THINK}]}, model_slug="o3")
        add("assistant", {"content_type": "text", "parts": [answer]}, model_slug="o3")
    doc = [{"title": "Deploy", "create_time": 1741600000.0, "mapping": mapping,
            "current_node": last, "id": "c1"}]
    asked, summary = _read(tmp_path, "conversations.json", doc, capsys)
    asks_only_from(asked, DEPLOY, [custom, THINK])
    assert len(asked) == 3
    assert "Porto" not in summary and THINK[:30] not in summary
