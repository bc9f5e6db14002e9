"""An extraction dumps the first contract's keys always and each later field only when it
holds something, in Python and in JSON alike."""

from __future__ import annotations

import json

from gapless.engine.core.extraction import Anchor, Extraction
from gapless.engine.core.logstats import LogStats

FIRST = ["skipped", "skip_reason", "headline", "summary", "topics", "open_questions",
         "anchors"]
LATER = {"stats": LogStats(format="generic", lines=1), "answer": "yes",
         "answer_anchors": [Anchor(start=0, end=1)], "decisions": ["d"], "actions": ["a"],
         "files": ["f.py"], "commands": ["ls"], "errors": ["boom"]}


def test_empty_later_fields_are_left_out() -> None:
    ex = Extraction(headline="h")
    assert list(ex.model_dump()) == FIRST
    assert list(json.loads(ex.model_dump_json())) == FIRST
    # given but empty: still left out
    ex = Extraction(headline="h", answer="", decisions=[], stats=None)
    assert list(ex.model_dump()) == FIRST


def test_each_later_field_is_dumped_once_it_holds_something() -> None:
    for name, value in LATER.items():
        ex = Extraction.model_validate({"headline": "h", name: value})
        dumped = ex.model_dump()
        assert list(dumped) == [*FIRST, name], name
        assert json.loads(ex.model_dump_json()) == json.loads(json.dumps(dumped)), name
        assert Extraction.model_validate(dumped) == ex, name
    full = Extraction.model_validate({"headline": "h", **LATER})
    assert list(full.model_dump()) == [*FIRST, *LATER]
