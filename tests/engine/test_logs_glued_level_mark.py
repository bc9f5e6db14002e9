"""A level padded to its width before a lone mark (``INFO  : …``, ``ERROR : …``) is written
glued to the mark when the level fills the width (``NOTICE: …``): those records are records,
their level counted and their message read after the mark, not lines of the record above."""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from tests.support.helpers import common_levels

_EVENTS = [("INFO", "{p}/report.pdf: Copied (new)"), ("DEBUG", "{p}/notes.txt: Unchanged skipping"),
           ("INFO", "{p}/scan.png: Deleted"), ("DEBUG", "{p}/a.db: Sizes differ (src {n} vs dst 7)"),
           ("NOTICE", "{p}/b.bin: Received error: connection reset - low level retry 1/10"),
           ("ERROR", "{p}/c.bin: Failed to copy: quota exceeded"), ("INFO", "{p}/d.txt: Copied (new)")]


def _log(records: int) -> tuple[str, collections.Counter[str]]:
    """Go's "yyyy/mm/dd hh:mm:ss " stamp, then the level padded to six and " : "."""
    lines, levels = [], collections.Counter[str]()
    for k in range(records):
        level, message = _EVENTS[(k * 3) % len(_EVENTS)]
        levels[level] += 1
        stamp = f"2024/03/01 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}"
        lines.append(f"{stamp} {level:<6}: " + message.format(p=f"dir{k % 9}", n=k * 37 % 997))
    return "\n".join(lines) + "\n", levels


def test_the_widest_level_glued_to_the_mark_is_a_record_of_its_level() -> None:
    text, levels = _log(350)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 350 and stats.other_lines == 0
    assert stats.levels == common_levels(levels)
    mined = {t.template: t.count for t in stats.templates}
    notice = [c for t, c in mined.items() if "Received error: connection reset" in t]
    assert notice == [levels["NOTICE"]]
