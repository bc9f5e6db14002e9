"""Objects written as lists of key / value pairs with dotted, indexed keys (a tracer's span
attributes) are the objects they spell: the messages flattened into them are read as a
conversation, each ask once, the answer beside the last call read too."""

from __future__ import annotations

import json
from typing import Any

from gapless.engine.sources.attribute_pairs import paired_objects
from tests.support.helpers import asks_only_from, summarized_asks

SAID = [("user", "my deploy keeps failing with a health check timeout, what should I check?"),
        ("assistant", "Your app probably listens on localhost; bind to 0.0.0.0 on port 8080."),
        ("user", "fixed. how do I run the database migrations before the new machines?"),
        ("assistant", "Add a release command to the deploy section; it runs before the rollout.")]
ASKS = [t for w, t in SAID if w == "user"]


def _pair(key: str, value: Any) -> dict[str, Any]:
    return {"key": key, "value": {"intValue" if isinstance(value, int) else "stringValue": value}}


def _lines() -> list[dict[str, Any]]:
    history: list[tuple[str, str]] = [("system", "Answer briefly.")]
    out = []
    for who, text in SAID:
        if who == "user":
            history.append((who, text))
            continue
        attrs = [_pair("gen_ai.system", "openai"), _pair("gen_ai.request.model", "m")]
        for n, (role, words) in enumerate(history):
            attrs += [_pair(f"gen_ai.prompt.{n}.role", role),
                      _pair(f"gen_ai.prompt.{n}.content", words)]
        attrs += [_pair("gen_ai.usage.prompt_tokens", 120),
                  _pair("gen_ai.completion.0.role", "assistant"),
                  _pair("gen_ai.completion.0.content", text)]
        out.append({"resourceSpans": [{"resource": {"attributes": [
            _pair("service.name", "bot"), _pair("telemetry.sdk.language", "python")]},
            "scopeSpans": [{"scope": {"name": "instrumentation"}, "spans": [
                {"traceId": "ab" * 16, "spanId": "cd" * 8, "name": "chat", "kind": 3,
                 "attributes": attrs, "status": {}}]}]}]})
        history.append((who, text))
    return out


def test_messages_flattened_into_span_attributes_are_a_conversation(tmp_path, capsys):
    f = tmp_path / "traces.json"
    f.write_text("".join(json.dumps(x) + "\n" for x in _lines()), encoding="utf-8")
    asked = summarized_asks(tmp_path, f, capsys)
    asks_only_from(asked, ASKS, ["Answer briefly"])
    assert len(asked) == len(ASKS)


def test_pairs_spell_nested_objects_and_lists():
    objs = paired_objects(_lines()[:1])
    assert objs is not None
    span = next(o for o in objs if "gen_ai" in o)
    assert span["gen_ai"]["prompt"][1] == {"role": "user", "content": SAID[0][1]}
    assert span["gen_ai"]["usage"]["prompt_tokens"] == 120
    # a key that is both a value and the parent of others stays whole
    flat = paired_objects([[{"key": "a.b", "value": {"stringValue": "x"}},
                            {"key": "a.b.c", "value": {"stringValue": "y"}},
                            {"key": "l.0.t", "value": {"stringValue": "z"}}]])
    assert flat == [{"a": {"b": "x"}, "a.b.c": "y", "l": [{"t": "z"}]}]
    # pairs that spell no list hold no records: nothing to read
    assert paired_objects([[_pair("service.name", "bot"), _pair("x.y", "z")]]) is None
