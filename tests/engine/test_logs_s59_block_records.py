"""Records written as blocks of "KEY=value" lines, a blank line after each (a journal's
export): each block is one record, its level the key of a small closed set of level words
or syslog's severity digits, its message the key of words of most distinct values, its time
the key of epoch microseconds; the same however the export is cut; blocks of pairs holding
no level are no log.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.block_records import is_blocks
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import read_alike_in_pieces

_ENTRIES = [("6", "Started Session {k} of User root."),
            ("6", "Accepted publickey for ann from 10.0.{n}.7 port {k} ssh2"),
            ("3", "upstream timed out (110: Connection timed out) while reading upstream"),
            ("5", "Invalid user bob{n} from 10.1.{n}.9 port {k}"),
            ("4", "error: kex_exchange_identification: Connection closed by remote host")]
_SEVERITY = {"6": "info", "5": "info", "4": "warning", "3": "error"}


def _export(records: int, priority: bool = True) -> tuple[str, Counter[str]]:
    blocks = []
    levels: Counter[str] = Counter()
    for k in range(records):
        level, message = _ENTRIES[k * 3 % len(_ENTRIES)]
        unit = ["sshd", "nginx", "cron"][k % 3]
        lines = [f"__CURSOR=s=739ad4;i={0x4ece7 + k:x};x={k * 7919:016x}",
                 f"__REALTIME_TIMESTAMP={1709251200000000 + k * 1370000 + k % 999}",
                 "_BOOT_ID=6c7c6013a8674d4c8e0ed1ca7c4bb2d8"]
        if priority:
            lines.append(f"PRIORITY={level}")
        lines += [f"SYSLOG_IDENTIFIER={unit}", f"_PID={100 + k * 37 % 9000}",
                  f"_SYSTEMD_UNIT={unit}.service", f"MESSAGE={message.format(k=k, n=k % 97)}"]
        blocks.append("\n".join(lines) + "\n")
        levels[_SEVERITY[level] if priority else "none"] += 1
    return "\n".join(blocks), levels


def test_a_block_of_pairs_is_one_record_with_its_level_message_and_time() -> None:
    text, levels = _export(400)
    fmt = detect_format(text)
    assert fmt is not None and is_blocks(fmt), fmt
    body = scan_log(text, fmt).stats
    assert body is not None
    stats = provisional(body)  # (the last block, which a next part could continue, counted)
    assert stats.records == 400 and stats.other_lines == 0
    assert stats.levels == dict(levels)
    assert stats.first == "2024-03-01T00:00:00"
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Started Session <*> of User root."] == 80
    read_alike_in_pieces(text, fmt)


def test_two_keys_of_times_give_no_time() -> None:
    # an uptime's counter in microseconds, ten digits or more, reads as epoch seconds too:
    # of two such keys neither is the time (none printed rather than a wrong one)
    text, _ = _export(400)
    text = text.replace("_BOOT_ID=", "__MONOTONIC_TIMESTAMP=1759799822\n_BOOT_ID=")
    fmt = detect_format(text)
    assert fmt is not None and is_blocks(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.first is None and stats.records == 399


def test_blocks_of_pairs_without_a_level_key_are_no_log() -> None:
    text, _ = _export(400, priority=False)
    fmt = detect_format(text)
    assert fmt is None or not is_blocks(fmt)
