"""Two numbers joined by "#" after the level, a process's and its thread's ids written with
no colon after them ("2024/03/01 00:00:01 [info] 37#41 router started"), are a column of
the header, as a number is: every template began with "<*>#<*>" (a value the header holds),
so none named its event; the templates are the messages after it now, counted exactly,
whatever the pieces."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import field_class
from tests.support.helpers import clock, folds_alike

_EVENTS = [
    ("info", '"{}" application started'),
    ("notice", "process {} exited with code 0"),
    ("alert", "process {} exited on signal 9"),
    ("warn", "[unit] sendmsg({}, 16) failed: Broken pipe (32)"),
    ("info", "*{} shutdown(12, 2) failed (107: Transport endpoint is not connected)"),
]


def _server_log(records: int) -> tuple[str, Counter[str], Counter[str]]:
    rnd = random.Random(5)
    lines, levels, events = [], Counter[str](), Counter[str]()
    for k in range(records):
        level, text = rnd.choices(_EVENTS, weights=[30, 20, 4, 8, 10])[0]
        pid = rnd.choice([1, 37, 2046])
        tid = pid if rnd.random() < 0.7 else pid + rnd.randint(1, 8)
        levels[level] += 1
        events[text] += 1
        lines.append(f"2024/03/01 {clock(k * 3)} [{level}] {pid}#{tid} "
                     + text.format(rnd.choice(["shop", "api", "42", "8812"])))
    return "\n".join(lines) + "\n", levels, events


def test_an_id_pair_after_the_level_is_the_headers() -> None:
    text, levels, events = _server_log(800)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 800
    assert stats.fields.get("level") == dict(levels)
    templates = {t.template: t.count for t in stats.templates}
    assert not any(t.startswith("<*>#") for t in templates), templates
    assert templates.get("process <*> exited with code 0", templates.get(
        "process <*> exited with code <*>")) == events["process {} exited with code 0"]
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_only_two_numbers_joined_by_a_hash_are_a_number() -> None:
    assert field_class("37#41") == "N"
    assert field_class("1#1") == "N"
    assert field_class("#41") != "N"  # (a channel, an issue's number)
    assert field_class("37#") != "N"
    assert field_class("a1#2") != "N"
    assert field_class("37#41:") == "C"  # (nginx's "pid#tid:" closes the header)
