"""A conversation memory that keeps each exchange as an ask object and an answer object,
each with an id of its own and no time anywhere, is a conversation: the asks are the
person's turns. Untimed rows of a question and a reference answer as plain fields (one id
for the row at most) stay a data set."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.chat_json import load_file

TURNS = [("Here is my electricity bill. Why did the total jump so much in March?",
          "March shows 612 kWh against 380 in February, and the unit rate rose too."),
         ("What would I save in a year if I moved the laundry to the night tariff?",
          "At about 45 kWh a month and a rate 11 cents lower, roughly 59 euros a year."),
         ("Write me a polite email asking the supplier to check the March reading.",
          "Dear customer service, I would like to ask you to check my March reading.")]


def _artifact(k: int, text: str) -> dict[str, Any]:
    return {"type": "TextArtifact", "id": f"{k:032x}", "reference": None, "meta": {},
            "name": f"{k:032x}", "value": text}


def test_turns_kept_as_objects_with_ids_are_read(tmp_path):
    runs = [{"type": "Run", "id": f"{900 + n:032x}", "meta": None,
             "input": _artifact(2 * n + 1, ask), "output": _artifact(2 * n + 2, answer)}
            for n, (ask, answer) in enumerate(TURNS)]
    f = tmp_path / "memory.json"
    f.write_text(json.dumps({"type": "ConversationMemory", "runs": runs, "meta": {},
                             "max_runs": None}, indent=2), encoding="utf-8")
    entries = load_file(f).entries
    users = [e.text for e in entries if e.role == "user"]
    answers = [e.text for e in entries if e.role == "assistant"]
    assert [sum(ask in u for u in users) for ask, _a in TURNS] == [1, 1, 1], users
    assert all(any(a in x for x in answers) for _q, a in TURNS)
    assert not any(a in u for u in users for _q, a in TURNS)


def test_untimed_rows_of_plain_fields_stay_a_data_set(tmp_path):
    rows = [{"id": n, "input": {"text": ask, "lang": "en"}, "output": {"text": answer}}
            for n, (ask, answer) in enumerate(TURNS)]
    f = tmp_path / "eval.json"
    f.write_text(json.dumps({"rows": rows}, indent=2), encoding="utf-8")
    assert not any(e.role == "user" for e in load_file(f).entries)
