"""A log whose records open with their level word and hold no time: a line at the margin
that continues no record (a build tool's progress line) is a record of its own that writes
no level, so the level counts add up to the records counted; an indented line stays the
record's, a stamped log's unstamped line stays a line of the record above it, and a log
that writes no such line reads as before.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.formats import GENERIC_PLAIN
from gapless.engine.extractive.logs.level_first import LEVEL_FIRST
from tests.support.helpers import clock, read_alike_in_pieces

_TARGETS = ["billing:media", "users:payments", "cart:ledger", "reports:gamma", "orders:api"]


def _console(records: int) -> tuple[str, Counter[str], int]:
    """A build tool's console: levelled records, progress lines with no level, and under
    each "up-to-date:" record its outputs, indented (lines of that record)."""
    lines: list[str] = []
    levels: Counter[str] = Counter()
    indented = 0
    for k in range(records):
        target = _TARGETS[k % len(_TARGETS)]
        pick = k % 7
        if pick == 0:
            lines.append(f"[{k * 13:,} / {k * 29 + 500:,}] Compiling src/{target.split(':')[0]}"
                         f"/main.cc; {k % 90}s linux-sandbox ... (8 actions, 7 running)")
            levels["none"] += 1
        elif pick in (1, 3):
            lines.append(f"INFO: Analyzed target //src/{target} ({k % 300} packages loaded, "
                         f"{k % 900} targets configured).")
            levels["info"] += 1
        elif pick == 2:
            lines.append(f"WARNING: /home/ci/ws/src/{target.split(':')[0]}/BUILD:{k % 80}:"
                         f"{k % 9}: target '//src/{target}' is deprecated")
            levels["warning"] += 1
        elif pick == 4:
            lines.append(f"Target //src/{target} up-to-date:")
            lines.append(f"  bazel-bin/src/{target.split(':')[0]}/{target.split(':')[1]}")
            levels["none"] += 1
            indented += 1
        elif pick == 5:
            lines.append(f"ERROR: /home/ci/ws/src/{target.split(':')[0]}/BUILD:{k % 80}:"
                         f"{k % 9}: Compiling src/main.cc failed: (Exit 1): gcc failed")
            levels["error"] += 1
        else:
            lines.append(f"INFO: Elapsed time: {k % 60}.{k % 10}s, Critical Path: {k % 30}s")
            levels["info"] += 1
    return "\n".join(lines) + "\n", levels, indented


def test_a_line_at_the_margin_of_a_level_first_log_is_a_record_with_no_level() -> None:
    text, levels, indented = _console(700)
    fmt = detect_format(text)
    assert fmt == LEVEL_FIRST
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 700 and stats.other_lines == indented
    assert stats.levels == dict(levels)
    assert sum(stats.levels.values()) == stats.records
    read_alike_in_pieces(text, fmt)


def test_a_stamped_logs_unstamped_line_stays_a_line_of_the_record_above() -> None:
    lines = []
    for k in range(300):
        lines.append(f"2024-03-01 {clock(k)} {'INFO' if k % 3 else 'ERROR'} request {k} done")
        if k % 5 == 0:
            lines.append(f"payload was {k} bytes")  # (a message's second line, not indented)
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt != LEVEL_FIRST
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300 and stats.other_lines == 60


def test_a_level_first_log_with_no_other_line_reads_as_before() -> None:
    lines = [f"{'INFO' if k % 4 else 'WARNING'}:app.api:Processed batch {k} of 40"
             for k in range(300)]
    lines[10:10] = ["Traceback (most recent call last):", '  File "app.py", line 3, in <module>',
                    "ValueError: bad batch"]
    text = "\n".join(lines) + "\n"
    assert detect_format(text) == GENERIC_PLAIN
    stats = scan_log(text, GENERIC_PLAIN).stats
    assert stats is not None and stats.records == 300 and stats.other_lines == 3
