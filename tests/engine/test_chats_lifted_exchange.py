"""A log whose records each hold what was sent and what came back as two objects (the ask
one level down in the one, the answer in the other) is a conversation: the asks are the
person's turns, the answers the assistant's, in the records' order; without a time on the
records it stays a data set of questions with reference answers."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources.chat_json import load_file
from gapless.engine.sources.lifted_exchange import lifted

TURNS = [("How do I reset the password of a shared mailbox?",
          "Open the admin centre, pick the mailbox and choose Reset password."),
         ("Can I do that for forty mailboxes at once from a script?",
          "Yes: loop over a CSV of their addresses and call Set-Mailbox for each."),
         ("Will the people using them be signed out right away?",
          "Their sessions end within an hour, when the tokens are refreshed.")]


def _logs(timed: bool) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for k, (ask, answer) in enumerate(TURNS):
        rec: dict[str, object] = {
            "log_id": f"3f1c2a90-0000-4000-8000-00000000000{k}",
            "request": {"input": {"message_type": "text", "text": ask}},
            "response": {"output": {"generic": [{"response_type": "text", "text": answer}],
                                    "intents": [{"intent": "mailbox", "confidence": 0.9}]}},
            "session_id": "a1b2c3d4-0000-4000-8000-000000000000"}
        if timed:
            rec["request_timestamp"] = f"2024-05-02T09:1{k}:03.000Z"
        out.append(rec)
    return out


def test_exchange_one_object_down_is_read(tmp_path: Path):
    f = tmp_path / "logs.json"
    f.write_text(json.dumps({"logs": _logs(True), "pagination": {}}, indent=2),
                 encoding="utf-8")
    entries = load_file(f).entries
    users = [e.text for e in entries if e.role == "user"]
    answers = [e.text for e in entries if e.role == "assistant"]
    assert [sum(ask in u for u in users) for ask, _a in TURNS] == [1, 1, 1]
    assert all(any(a in x for x in answers) for _q, a in TURNS)
    assert not any(a in u for u in users for _q, a in TURNS)


def test_untimed_pairs_stay_a_data_set(tmp_path: Path):
    f = tmp_path / "logs.json"
    f.write_text(json.dumps({"logs": _logs(False)}, indent=2), encoding="utf-8")
    assert not any(e.role == "user" for e in load_file(f).entries)


def test_names_two_objects_share_are_not_lifted():
    rec = {"a": {"text": "x y z", "input": "q r s"}, "b": {"text": "u v w"}, "id": "1"}
    assert lifted([rec]) == [{"id": "1", "input": "q r s"}]
    assert lifted([{"a": {"text": "x y z"}, "id": "1"}]) == []
