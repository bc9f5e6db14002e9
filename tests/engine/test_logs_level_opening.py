"""A log whose records open with their level word (Logrus's text "ERRO[0002] …", Android's
brief logcat "E/ActivityManager(  512): …", a server's "ERROR:    …"), with a stack trace
after some error records: a trace's lines that open at the margin (a Java exception and
its "Caused by:", a Python traceback's opening and its last line, a Go goroutine's heading)
open no record, whatever word opens them; a level word of the log's own set ("FAILURE")
still opens one (Logrus writes its six levels and no other). Records and levels are the log's own, in every piece alike."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import read_alike_in_pieces

_TRACES = [
    ["java.lang.IllegalStateException: pool exhausted",
     "\tat com.example.db.Pool.take(Pool.java:141)",
     "\tat com.example.api.OrderService.place(OrderService.java:88)",
     "Caused by: java.net.SocketTimeoutException: Read timed out",
     "\t... 12 more"],
    ["Traceback (most recent call last):",
     '  File "/app/worker.py", line 42, in handle',
     "    result = process(job)",
     "KeyError: 'user_id'"],
    ["goroutine 17 [running]:",
     "\t/app/server.go:88 +0x1d"],
]
_RECORDS = [("INFO", "info", "Starting controller manager"),
            ("DEBU", "debug", "Reconciling deployment {k}"),
            ("WARN", "warning", "Watch channel closed, restarting"),
            ("INFO", "info", "Cache synced for {k}"),
            ("ERRO", "error", "Failed to pull image {k}: rpc error"),
            ("INFO", "info", "Lease renewed for node {k}"),
            ("FAILURE", "FAILURE", "Health probe {k} did not answer")]


def _log(records: int, line: str, table: list[tuple[str, str, str]] = _RECORDS
         ) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        word, level, message = table[k * 5 % len(table)]
        levels[level] += 1
        lines.append(line.format(word=word, letter=word[0], k=k, message=message.format(k=k)))
        if level == "error" and k // 7 % 2 == 0:  # (a trace below one error in two)
            lines += _TRACES[k // 14 % len(_TRACES)]
    return "\n".join(lines) + "\n", levels


def _reads_right(text: str, levels: Counter[str], records: int) -> None:
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("shape:L_"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    want = {level.lower(): n for level, n in levels.items()}  # (an own word as written)
    assert stats.records == records and stats.levels == want, stats.levels
    read_alike_in_pieces(text, fmt)


def test_a_trace_below_a_level_first_record_opens_no_record() -> None:
    text, levels = _log(700, "{word}[{k:04d}] {message}", _RECORDS[:-1])
    _reads_right(text, levels, 700)


def test_a_trace_below_a_level_word_and_colon_opens_no_record() -> None:
    text, levels = _log(700, "{word}:    {message}")
    _reads_right(text, levels, 700)


def test_a_trace_below_a_tagged_letter_record_opens_no_record() -> None:
    text, levels = _log(700, "{letter}/OrderService( {k:4d}): {message}", _RECORDS[:-1])
    _reads_right(text, levels, 700)
