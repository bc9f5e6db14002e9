"""A level glued to the stamp and to what follows by "::" on both sides, as a download
server's Python logging writes it ("%(asctime)s::%(levelname)s::[%(module)s:%(lineno)d] "):
the level is the record's, the "[module:line]" bracket is no part of the message, and the
events are named without either."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, read_alike_in_pieces

_EVENTS = [("INFO", "downloader:779", "Thread {k}@news.example.com: forcing disconnect"),
           ("INFO", "downloader:751", "Connecting {k}@news.example.com finished"),
           ("DEBUG", "assembler:102", "Decoding part of /downloads/incomplete/job{k}.rar"),
           ("WARNING", "downloader:512", "Server news.example.com will be ignored for {k} minutes"),
           ("ERROR", "nzbstuff:1620", "Error importing job{k}.part{k}.rar, bytes={k}")]


def _log(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        level, where, message = _EVENTS[k * 3 % len(_EVENTS)]
        levels[level.lower()] += 1
        lines.append(f"2024-03-01 {clock(k * 7)},{k % 1000:03d}::{level}::[{where}] "
                     f"{message.format(k=k)}")
    return "\n".join(lines) + "\n", levels


def test_a_level_between_double_colons_is_the_level_and_the_bracket_no_message() -> None:
    text, levels = _log(600)
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    got = Counter({k: v for k, v in stats.levels.items()})
    assert stats.records == 600 and got == Counter({"info": 240, "debug": 120, "warning": 120,
                                                   "error": 120}) == levels
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Connecting <*>@news.example.com finished"] == 120, counts
    assert counts["Thread <*>@news.example.com: forcing disconnect"] == 120, counts
    assert not [t for t in counts if "::" in t or "[downloader" in t], counts
    read_alike_in_pieces(text, fmt)
