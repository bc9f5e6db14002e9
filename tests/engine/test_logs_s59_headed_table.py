"""A table of events under a line of capitalised column names, each value starting where its
name does (as a command that lists events prints it): a log, its records the lines under
the names, the level the column of a small closed set that holds a level word, written as
the table writes it, the message its last column; a table with no such column is no log.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.headed_table import is_table

_EVENTS = [("Normal", "Scheduled", "Successfully assigned shop/api-{k:x} to node-{n}"),
           ("Normal", "Pulling", 'Pulling image "registry.example.com/api:1.{n}.0"'),
           ("Warning", "BackOff", "Back-off restarting failed container app in pod api-{k:x}"),
           ("Normal", "Created", "Created container api"),
           ("Warning", "Unhealthy", 'Readiness probe failed: Get "http://10.0.0.{n}:8080/"')]
_HEADER = f"{'NAMESPACE':<14}{'LAST SEEN':<12}{'TYPE':<10}{'REASON':<12}{'OBJECT':<22}MESSAGE"


def _events(records: int) -> tuple[str, Counter[str]]:
    lines = [_HEADER]
    levels: Counter[str] = Counter()
    for k in range(records):
        kind, reason, message = _EVENTS[k * 3 % len(_EVENTS)]
        age = ["12s", "4m", "2h", "3m10s", "<unknown>"][k % 5]
        ns = ["default", "kube-system", "shop"][k % 3]
        obj = f"pod/api-{k * 7919 % 65536:04x}"
        lines.append(f"{ns:<14}{age:<12}{kind:<10}{reason:<12}{obj:<22}"
                     f"{message.format(k=k * 31, n=k % 97)}")
        levels[kind.lower()] += 1
    return "\n".join(lines) + "\n", levels


def test_a_table_under_its_column_names_is_read_with_its_level_column() -> None:
    text, levels = _events(600)
    fmt = detect_format(text)
    assert fmt is not None and is_table(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 600 and stats.other_lines == 1
    assert stats.levels == dict(levels)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Created container api"] == 120
    # a part of the table past its naming line is read by the same columns
    part = scan_log(text[len(text) // 2:], fmt, starts_input=False).stats
    assert part is not None and part.records > 250 and part.other_lines == 0


def test_a_table_without_a_column_of_levels_is_no_log() -> None:
    text, _ = _events(600)
    lines = text.splitlines()
    no_level = [ln[:26] + ln[36:] for ln in lines]  # (the TYPE column cut out)
    assert detect_format("\n".join(no_level) + "\n") is None
