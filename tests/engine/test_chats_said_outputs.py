"""A framework that logs every message as a step writes the person's words and the
assistant's in the same result-named field (``output``): those are what each voice said,
so the person's asks are listed; a tool's result that only the person's records carry (a
function's response sent in the person's turn) stays a tool's result."""

from __future__ import annotations

import json
from typing import Any

from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("user", "Why did my electricity bill jump so much in March?"),
        ("assistant", "Your March usage was 612 kWh against 380 kWh in February and the "
                      "unit rate rose from 24.1 to 27.9 cents."),
        ("user", "What would I save a year by running the dishwasher at night?"),
        ("assistant", "About 59 euros a year at a night rate 11 cents lower."),
        ("user", "Write a short email asking the supplier to check the meter reading."),
        ("assistant", "Dear customer service, please double-check my March meter reading.")]
ASKS = [t for w, t in SAID if w == "user"]


def _thread() -> dict[str, Any]:
    steps: list[dict[str, Any]] = []
    for k, (who, text) in enumerate(SAID):
        when = f"2024-06-03T14:{10 + k:02d}:00.000Z"
        sid = f"step-{k}"
        if who == "user":
            steps.append({"id": sid, "name": "ana", "type": "user_message", "parentId": None,
                          "input": "", "output": text, "createdAt": when})
            continue
        run = f"run-{k}"
        steps.append({"id": run, "name": "on_message", "type": "run", "parentId": f"step-{k-1}",
                      "input": "", "output": "", "createdAt": when})
        steps.append({"id": sid, "name": "Assistant", "type": "assistant_message",
                      "parentId": run, "input": "", "output": text, "createdAt": when})
    return {"id": "thread-1", "name": "Bill", "steps": steps, "elements": []}


def test_words_logged_as_each_steps_output_are_said(tmp_path, capsys):
    f = tmp_path / "thread.json"
    f.write_text(json.dumps(_thread(), indent=2), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [t for w, t in SAID if w == "assistant"])
    assert len(asked) >= 2


RESULT = "unit_rate_feb=24.1 unit_rate_mar=27.9 currency=ct/kWh"


def test_a_result_only_the_persons_records_carry_stays_a_tools(tmp_path, capsys):
    contents: list[dict[str, Any]] = []
    for k, (who, text) in enumerate(SAID):
        if who == "user":
            contents.append({"role": "user", "parts": [{"text": text}]})
            continue
        if k == 1:
            contents.append({"role": "model", "parts": [{"functionCall": {
                "name": "tariff", "args": {"month": "2024-03"}}}]})
            contents.append({"role": "user", "parts": [{"functionResponse": {
                "name": "tariff", "response": {"output": RESULT}}}]})
        contents.append({"role": "model", "parts": [{"text": text}]})
    f = tmp_path / "request.json"
    f.write_text(json.dumps({"contents": contents}, indent=2), encoding="utf-8")
    asks_only_from(summarized_asks(tmp_path, f, capsys), ASKS, [RESULT])
