"""A lone word in parentheses that closes a message is the event's phase: InfluxDB's "TSM
compaction (start)" and "TSM compaction (end)", two tokens of three alike, were mined as one
"TSM compaction <*>", whose count is neither's. Two closing parenthesised words that differ
make two events; a value there (masked) or a closing word of no parentheses is as before."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.closing_mark import other_phase
from tests.support.helpers import folds_alike

_EVENTS = [
    ("info", "TSM compaction (start)", "op_event=start tsm1_level={}"),
    ("info", "TSM compaction (end)", "op_event=end op_elapsed={}ms"),
    ("info", "Cache snapshot (start)", "op_event=start"),
    ("info", "Cache snapshot (end)", "op_event=end op_elapsed={}ms"),
    ("debug", "Request", "method=POST path=/api/v2/write status_code=204 took={}ms"),
    ("error", "Write failed", "shard={}"),
]


def test_two_closing_words_in_parentheses_are_two_phases() -> None:
    assert other_phase(["TSM", "compaction", "(start)"], ["TSM", "compaction", "(end)"])
    assert not other_phase(["TSM", "compaction", "(start)"], ["TSM", "compaction", "(start)"])
    assert not other_phase(["took", "(<*>)"], ["took", "(start)"])  # (a value's place)
    assert not other_phase(["Connection", "accepted"], ["Connection", "ended"])


def test_a_logfmt_log_mines_each_phase_apart_with_its_count() -> None:
    rnd = random.Random(3)
    lines, events = [], Counter[str]()
    for k in range(800):
        level, msg, pairs = rnd.choices(_EVENTS, weights=[12, 12, 8, 8, 30, 3])[0]
        events[msg] += 1
        quoted = f'"{msg}"' if " " in msg else msg
        lines.append(f"ts=2024-03-01T{k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                     f"{rnd.randint(0, 999999):06d}Z lvl={level} msg={quoted} log_id=0mXh3Z2G000 "
                     + pairs.format(rnd.randint(1, 900)))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 800
    mined = {t.template: t.count for t in stats.templates}
    for msg in ("TSM compaction (start)", "TSM compaction (end)", "Cache snapshot (start)",
                "Cache snapshot (end)"):
        assert mined.get(msg) == events[msg], (msg, mined)
    folds_alike(text, fmt, pieces=(2, 5, 9))
