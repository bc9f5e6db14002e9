"""An empty list after a label's colon ("ReferenceTransformer: "aws_instance.web"
references: []") is the label's value, the message's own: it was cut as a record's empty
context (Monolog's "msg {…} []"), so the template lost its last word. An empty list or
object after the message's text stays a context, cut."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.event_text import without_context
from tests.support.helpers import folds_alike

_EVENTS = [
    ("DEBUG", 'ReferenceTransformer: "aws_instance.{}" references: []'),
    ("DEBUG", "provider: plugin process exited: pid={}"),
    ("TRACE", "statemgr.Filesystem: reading latest snapshot from terraform.tfstate"),
    ("WARN", 'Provider produced an invalid plan for aws_instance.{}, but we are tolerating it'),
    ("INFO", "backend/local: apply calling Apply"),
]


def test_an_empty_list_after_a_labels_colon_is_its_value() -> None:
    assert without_context('"aws_instance.web" references: []') == \
        '"aws_instance.web" references: []'
    assert without_context("keys: {}") == "keys: {}"
    assert without_context('Matched route "home" {"route":"home"} []') == 'Matched route "home"'
    assert without_context("User logged in []") == "User logged in"  # (a context, cut)
    assert without_context("User logged in [] []") == "User logged in"


def test_a_template_keeps_its_labels_empty_value() -> None:
    rnd = random.Random(4)
    lines, events = [], Counter[str]()
    for k in range(600):
        level, text = rnd.choices(_EVENTS, weights=[20, 10, 8, 4, 2])[0]
        events[text.replace("{}", "<*>")] += 1
        lines.append(f"2024-03-01T{k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                     f"{rnd.randint(0, 999):03d}Z [{level + ']':<6} "
                     + text.format(f"{rnd.choice(['web', 'db', 'cache'])}_{rnd.randint(1, 99)}"))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 600
    kept = sum(t.count for t in stats.templates if t.template.endswith("references: []"))
    assert kept == events['ReferenceTransformer: "aws_instance.<*>" references: []']
    assert not any(t.template.endswith("references:") for t in stats.templates)
    folds_alike(text, fmt, pieces=(2, 5, 9))
