"""Records whose keys are dotted paths (a data frame's columns, a tracer's attributes) are
the nested objects they spell: a speaker found in a key such as ``message.role`` is read,
so the messages flattened into them are a conversation, each ask listed once and no
document a retrieval found among the asks."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.dotted_keys import unflattened
from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("user", "Plan a three day trip to Lisbon for two people, we like food and walking."),
        ("assistant", "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra by train."),
        ("user", "Which neighbourhood should we book a hotel in if we arrive late at night?"),
        ("assistant", "Baixa or Chiado: central, flat from the metro and safe at night.")]
ASKS = [t for w, t in SAID if w == "user"]
DOC = "Baixa-Chiado metro station serves the blue and green lines until one at night."


def _spans() -> list[dict[str, Any]]:
    history = [{"message.role": "system", "message.content": "Plan city breaks briefly."}]
    rows: list[dict[str, Any]] = []
    for k, (who, text) in enumerate(SAID):
        if who == "user":
            history.append({"message.role": who, "message.content": text})
            continue
        ask = history[-1]["message.content"]
        base = {"start_time": f"2024-05-02T14:0{k}:10+00:00", "status_code": "OK",
                "context.span_id": f"{k:016x}", "context.trace_id": f"{k:032x}"}
        rows.append({**base, "name": "llm", "span_kind": "LLM",
                     "attributes.llm.input_messages": [dict(m) for m in history],
                     "attributes.llm.output_messages": [
                         {"message.role": "assistant", "message.content": text}],
                     "attributes.llm.model_name": "small-model"})
        rows.append({**base, "name": "retriever", "span_kind": "RETRIEVER",
                     "attributes.input.value": ask,
                     "attributes.retrieval.documents": [{"document.content": DOC}]})
        history.append({"message.role": who, "message.content": text})
    return rows


def test_messages_with_dotted_keys_are_a_conversation(tmp_path, capsys):
    f = tmp_path / "spans.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in _spans()), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, [DOC])
    assert len(asked) == len(ASKS)


def test_keys_sharing_a_dotted_head_are_nested_again():
    row = {"context.span_id": "a", "context.trace_id": "b", "model": "v1.2",
           "attributes.m": [{"message.role": "user", "message.content": "hi"}]}
    # every key under one head (``message.``): the object that head names
    assert unflattened([row]) == [{"context": {"span_id": "a", "trace_id": "b"},
                                   "model": "v1.2",
                                   "attributes": {"m": [{"role": "user", "content": "hi"}]}}]
    # a single dotted key (a version, a file name) flattens nothing
    assert unflattened({"model": "v1.2", "file.py": {"a.b": 1}}) is None
