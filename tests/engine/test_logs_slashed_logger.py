"""A logger named by its source's path after the level ("INFO source/source_main …",
"EROR main/main.c …", as Icecast writes its module and function) is the header's column,
as a dotted logger's is: the templates begin after it and it is counted as the component;
a slashed word that opens only some messages stays theirs."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from tests.support.helpers import clock, folds_alike

_EVENTS = [
    ("INFO", "source/source_main", "listener count on /live now {}"),
    ("INFO", "connection/_handle_source_request",
     "Source logging in at mountpoint \"/live\" from 10.0.0.{}"),
    ("WARN", "fserve/fserve_client_create",
     "req for file \"/usr/share/icecast2/web/robots.txt\" No such file or directory"),
    ("EROR", "source/get_next_buffer", "Disconnecting source due to socket timeout"),
    ("DBUG", "stats/modify_node_event", "update node listeners \"{}\""),
    ("INFO", "main/main.c", "Icecast 2.4.4 server started"),
]


def _streaming(records: int) -> tuple[str, Counter[str], Counter[str]]:
    rnd = random.Random(3)
    lines, events, components = [], Counter[str](), Counter[str]()
    for k in range(records):
        level, where, text = rnd.choices(_EVENTS, weights=[30, 14, 8, 5, 16, 1])[0]
        events[text.split(" ", 1)[0]] += 1
        components[where] += 1
        lines.append(f"[2024-03-01  {clock(k * 11)}] {level} {where} "
                     + text.format(rnd.randint(1, 250)))
    return "\n".join(lines) + "\n", events, components


def test_a_slashed_logger_after_the_level_is_a_column() -> None:
    text, events, components = _streaming(800)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    opened = Counter[str]()
    for t in stats.templates:
        opened[t.template.split(" ", 1)[0]] += t.count
    assert opened == events, opened  # (no template opens with "source/source_main")
    assert stats.fields.get("component") == dict(components), stats.fields.get("component")
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_a_slashed_word_opening_some_messages_is_theirs() -> None:
    rnd = random.Random(4)
    lines = []
    for k in range(600):
        level, _where, text = rnd.choices(_EVENTS, weights=[30, 14, 8, 5, 16, 1])[0]
        if k % 10 == 0:
            level, text = "WARN", "read/write lock held by worker {}"
        lines.append(f"[2024-03-01  {clock(k * 11)}] {level} "
                     + text.format(rnd.randint(1, 250)))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert [t for t in stats.templates if t.template.startswith("read/write lock held")]
    assert "component" not in stats.fields
