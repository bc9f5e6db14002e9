"""A bracket after the stamp that holds the writer and its level on most records
("[namespace#info]", "[main/WARN]") and a context of no level on the others ("[-]",
"[HTTPChannel,3,10.0.0.1]") is the log's level column: each record's level is counted, and
the records whose bracket holds none are counted as of no level, the same however the log is
cut; a bracket that holds a level on a few records only stays no level column.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.shape import has_level
from tests.support.helpers import clock, read_alike_in_pieces

_NAMESPACES = ["twisted.web.server.Site", "buildbot.process.builder", "twisted.internet.defer"]
_TABLE = [("info", "build {k} on builder linux finished with result SUCCESS"),
          ("", "Starting factory <twisted.web.server.Site object at 0x7f{k:x}>"),
          ("critical", "Unhandled error in Deferred:"),
          ("info", "worker 'w-{k}' attaching from IPv4Address(type='TCP', port={k})"),
          ("warn", "Timing out client: IPv4Address(type='TCP', port={k})"),
          ("", "Stopping factory <twisted.web.server.Site object at 0x7f{k:x}>"),
          ("debug", "looking for builders for build request {k}")]


def _twistd(records: int, table: list[tuple[str, str]]) -> tuple[str, Counter[str]]:
    lines = []
    levels: Counter[str] = Counter()
    for k in range(records):
        level, message = table[k % len(table)]
        stamp = f"2024-03-01T{clock(k * 7)}+0000"
        if level:
            bracket = f"[{_NAMESPACES[k % 3]}#{level}]"
        else:
            bracket = "[-]" if k % 2 else f"[HTTPChannel,{k % 50},10.0.{k % 9}.{k % 200}]"
        levels[{"critical": "error", "warn": "warning"}.get(level, level or "none")] += 1
        lines.append(f"{stamp} {bracket} {message.format(k=k)}")
    return "\n".join(lines) + "\n", levels


def test_a_bracket_that_holds_the_level_on_most_records_is_the_level_column() -> None:
    text, levels = _twistd(900, _TABLE)
    fmt = detect_format(text)
    assert fmt is not None and has_level(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.levels == dict(levels)
    read_alike_in_pieces(text, fmt)


def test_a_bracket_that_holds_a_level_on_few_records_is_no_level_column() -> None:
    few = [(level if k == 0 else "", message) for k, (level, message) in enumerate(_TABLE)]
    text, _ = _twistd(900, few)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and set(stats.levels) == {"none"}
