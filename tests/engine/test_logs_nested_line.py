"""JSON records whose application record sits one object down (a collector's envelope:
"log": {"severity": …, "event": …}), beside records of a program that wrote plain text, whose
"log" is then the line itself and carries no level."""

from __future__ import annotations

import json

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.sources.log_records import severity_field

_EVENTS = [("info", "Order {k} placed by ann{j}"), ("debug", "Cache miss for key cart:{k}"),
           ("warning", "Retrying request to /pay/{k} (attempt {j})"),
           ("error", "Failed to place order {k}"), ("info", "User bob{j} logged out"),
           ("info", "Order {k} placed by ann{j}"), ("debug", "Cache miss for key cart:{k}"),
           ("info", "Order {k} placed by ann{j}"), ("debug", "Cache miss for key cart:{k}"),
           ("", "GET /orders/{k} 200 {j}ms")]


def _records(n: int) -> list[dict[str, object]]:
    out = []
    for k in range(n):
        level, text = _EVENTS[k * 3 % len(_EVENTS)]
        message = text.format(k=k, j=k % 9)
        log: object = {"event": message, "severity": level, "logger": "orders.service",
                       "timestamp": f"2024-03-01T00:{k // 60 % 60:02d}:{k % 60:02d}Z"} if level \
            else message
        out.append({"date": 1709251200 + k * 0.7, "stream": "stdout", "_p": "F", "log": log,
                    "kubernetes": {"pod_name": f"orders-{k % 3}", "container_name":
                                   "orders" if level else "proxy"}})
    return out


def test_a_plain_line_where_the_record_object_would_be_is_its_message() -> None:
    records = _records(300)
    text = "\n".join(json.dumps(r) for r in records) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith('json:["log.severity", "log.event"'), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    plain = sum(1 for r in records if isinstance(r["log"], str))
    assert stats.levels["none"] == plain == 30
    counts = {t.template: t.count for t in stats.templates}
    assert "(no message)" not in counts
    assert counts["GET /orders/<*> <*> <*>"] == plain, counts


def test_a_nested_level_is_held_by_the_records_whose_parent_is_an_object() -> None:
    # (one record in seven a plain line: the level field is on 86 % of the records, every
    # record whose "log" is an object; a log's, not a conversation's)
    records = _records(400)
    for r in records[1::25]:
        r["log"] = "upstream connect error or disconnect/reset before headers"
    assert sum(isinstance(r["log"], str) for r in records) == 56
    assert severity_field(records) == "log.severity"
    # a level on fewer than nine in ten of the objects that could hold it is none
    for r in records[::5]:
        if isinstance(r["log"], dict):
            r["log"].pop("severity")
    assert severity_field(records) is None
