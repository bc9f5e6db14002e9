"""Two events that differ in a labelled value's label ("cid:<*>" a client's, "rid:<*>" a
route's, as a message broker writes its connections) and in a word or two are two
templates: drain joins them once most of their words agree, and a label, unlike a value,
names what the record is about, so a place of a few labels is cut by them whatever their
shares."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.dominant import split
from tests.support.helpers import clock, folds_alike

_EVENTS = [
    ("DBG", "{ip}:{port} - cid:{n} - Client connection created"),
    ("DBG", "{ip}:{port} - cid:{n} - Client connection closed: Client Closed"),
    ("INF", "{ip}:6222 - rid:{n} - Route connection created"),
    ("WRN", "{ip}:{port} - cid:{n} - Readloop processing time: {n}ms"),
    ("ERR", "Error trying to connect to route (attempt {n}): dial tcp {ip}:6222: connect: "
            "connection refused"),
    ("INF", "JetStream cluster new consumer leader for '$G > ORDERS > worker-{n}'"),
]


def _broker(records: int) -> tuple[str, Counter[str]]:
    rnd = random.Random(8)
    lines, events = [], Counter[str]()
    for k in range(records):
        level, text = rnd.choices(_EVENTS, weights=[30, 26, 8, 8, 10, 18])[0]
        events[text.split(" - ")[-1].split(":")[0]] += 1
        message = text.format(ip=f"10.0.{rnd.randint(0, 9)}.{rnd.randint(1, 250)}",
                              port=rnd.randint(30000, 65000), n=rnd.randint(1, 999))
        lines.append(f"[1] 2024/03/01 {clock(k * 7)}.{rnd.randint(0, 999999):06d} [{level}] "
                     f"{message}")
    return "\n".join(lines) + "\n", events


def test_labels_at_one_place_cut_a_template() -> None:
    members = [("<*>", "-", "cid:<*>", "-", "Client", "connection", "created"),
               ("<*>", "-", "rid:<*>", "-", "Route", "connection", "created")]
    assert split(members, [80, 20]) == [[0], [1]]
    # (values alone, or words of no label, at a place are drain's: one template)
    plain = [("took", "<*>", "ms"), ("took", "<*>", "ms")]
    assert split(plain, [80, 20]) == [[0, 1]]


def test_a_brokers_client_and_route_connections_are_two_events() -> None:
    text, events = _broker(1500)
    fmt = detect_format(text)
    assert fmt is not None and "P_s" not in fmt, fmt  # (the client's address: the message's)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    created = {t.template: t.count for t in stats.templates if t.template.endswith("created")}
    assert created == {
        "<*> - cid:<*> - Client connection created": events["Client connection created"],
        "<*> - rid:<*> - Route connection created": events["Route connection created"]}, created
    folds_alike(text, fmt, pieces=(2, 5, 9))
