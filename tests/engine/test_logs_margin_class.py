"""A stamped log ("2024-03-01 00:00:07,633 INFO: …") with a Python traceback below some of
its error records: the traceback's source lines, indented by four blanks, may end where the
records' date ends ("    return int(value)", "    result = process(job)"). Those are no
padded values of a right-aligned first column (:mod:`.margin`): words, not dates. The log
is read from the margin, its levels exact, in every piece alike."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.margin import MARK
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, folds_alike

_SOURCE = ["    return int(value)", "    result = process(job)", "    sock.connect(address)"]
# (Patroni's HA loop: one line a turn, most of them "no action. I am …")
_RECORDS = [("INFO", "info", "no action. I am (pg-node1), the leader with the lock"),
            ("INFO", "info", "no action. I am (pg-node1), a secondary, and following a leader"),
            ("INFO", "info", "Lock owner: pg-node2; I am pg-node1"),
            ("WARNING", "warning", "Retry got exception: Connection refused"),
            ("ERROR", "error", "failed to update leader lock")]


def _log(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        # (an error in forty-five records: few lines of a traceback among the records')
        at = 4 if k % 45 == 7 else 3 if k % 10 == 3 else 2 if k % 10 == 5 else k % 2
        word, level, message = _RECORDS[at]
        levels[level] += 1
        lines.append(f"2024-03-01 {clock(k * 7)},{k % 1000:03d} {word}: {message}")
        if level == "error":
            lines += ["Traceback (most recent call last):",
                      '  File "/app/worker.py", line 12, in handle', _SOURCE[k // 45 % 2],
                      "ConnectionRefusedError: [Errno 111] Connection refused"]
    return "\n".join(lines) + "\n", levels


def test_a_traceback_source_line_is_no_padded_first_field() -> None:
    text, levels = _log(900)
    fmt = detect_format(text)
    assert fmt is not None and MARK not in fmt, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 900 and stats.levels == dict(levels), stats.levels
    folds_alike(text, fmt)
