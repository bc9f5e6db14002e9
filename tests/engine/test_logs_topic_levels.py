"""A level among each record's topics ("firewall,info", "system,error,critical": a router
tags every record with the topics it belongs to, its severity one of them) is the record's
level field: counted exactly, kept out of the event's template, whatever the pieces, and
whatever opens the line (a syslog header, a bare time, a date before it)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.level_words import topics_level
from tests.support.helpers import clock, folds_alike

# (topics, message with {} for values)
_EVENTS = [
    ("firewall,info", "input: in:ether1 out:(unknown 0), src-mac {}, proto TCP (SYN), "
                      "{}:{}->192.168.88.1:22, len {}"),
    ("dhcp,info", "dhcp1 assigned 192.168.88.{} to {}"),
    ("system,info,account", "user admin logged in from {} via winbox"),
    ("system,error,critical", "login failure for user root from {} via ssh"),
    ("wireless,info", "{}@wlan1: connected, signal strength -{}"),
    ("interface,warning", "ether5 link down"),
]


def _router(records: int, head: str) -> tuple[str, Counter[str], Counter[str]]:
    """A router's log, each line ``head`` (its time, maybe a host) and its topics before the
    message; the records of each level and of each message, counted as written."""
    rnd = random.Random(3)
    lines, levels, events = [], Counter[str](), Counter[str]()
    for k in range(records):
        topics, text = rnd.choices(_EVENTS, weights=[30, 15, 6, 8, 10, 2])[0]
        values = [":".join(f"{rnd.getrandbits(8):02x}" for _ in range(6)) if i % 2 == 0 else
                  str(rnd.randint(2, 250)) for i in range(text.count("{}"))]
        levels[next(t for t in topics.split(",") if t in ("info", "warning", "error"))] += 1
        events[text.split("{}")[0].split(":")[0][:14]] += 1
        lines.append(head.format(clock(25200 + k * 3)) + f"{topics} " + text.format(*values))
    return "\n".join(lines) + "\n", levels, events


@pytest.mark.parametrize("head", ["May 14 {} 192.168.88.1 ", "{} ", "may/14 {} ",
                                  "2024-05-14 {} "])
def test_a_level_among_each_records_topics_is_its_level(head: str) -> None:
    text, levels, _events = _router(900, head)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.fields.get("level") == dict(levels), stats.fields.get("level")
    # the topics are the header's: no template holds them
    assert not any("," in t.template.split(" ", 1)[0] and "info" in t.template.split(" ", 1)[0]
                   for t in stats.templates), [t.template for t in stats.templates]
    assert sum(t.count for t in stats.templates) == 900
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_topics_are_lower_case_words_with_a_level_among_them() -> None:
    assert topics_level("firewall,info") == "info"
    assert topics_level("system,error,critical") == "error"  # (the first level among them)
    assert topics_level("system,info,account") == "info"
    assert topics_level("apples,oranges") is None  # no level among the words
    assert topics_level("Firewall,Info") is None  # (a router writes its topics in lower case)
    assert topics_level("info") is None  # one word is no topics
    assert topics_level("a,b,c,d,e,f,info") is None  # (more than a record is tagged with)
    assert topics_level("x=1,info") is None


def test_a_column_of_word_lists_without_levels_is_no_level_field() -> None:
    rnd = random.Random(8)
    tags = ["red,green", "blue,green", "red,blue", "green,red,blue"]
    lines = [f"2024-05-14 {clock(k * 5)} {rnd.choice(tags)} item {k} moved to shelf {k % 7}"
             for k in range(400)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    stats = scan_log(text, fmt).stats if fmt is not None else None
    assert stats is None or "level" not in stats.fields
