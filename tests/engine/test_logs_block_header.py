"""Block records whose first line is a header, not a pair (Db2's db2diag.log: the stamp, the
record's id, then "LEVEL: Error" after a wide blank): the header's pairs are fields of the
block, the level set may hold a rarer member that is no common level word ("Event"), and
the message is the key of the most distinct words, not a field of a fixed structure whose
counter varies on every record ("FUNCTION: …, probe:17216")."""

from __future__ import annotations

import json
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.block_records import is_blocks
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import read_alike_in_pieces

_RECORDS = [("Warning", "ADM7507W  Database quiesce request has completed successfully."),
            ("Info", "Completed archive for log file S0000{k}.LOG to TSM chain 1."),
            ("Error", 'ZRC=0x8012006D=-2146303891=SQLP_LTIMEOUT "Lock Timeout" DIA8505C A lock '
                      "timeout has occurred."),
            ("Info", "ADM1845I  Idle agent activity has been detected."),
            ("Warning", 'ADM6073W  The table space "TS{k}" (ID "{k}") is in state "0x0020".'),
            ("Severe", 'ADM14001C  An unexpected and critical error has occurred: "Panic".'),
            ("Info", "Started archive for log file S0000{k}.LOG."),
            ("Event", "ADM7513W  Database manager has started.")]
_SCALE = {"Warning": "warning", "Info": "info", "Error": "error", "Severe": "error",
          "Event": "event"}


def _db2diag(records: int) -> tuple[str, Counter[str], Counter[str]]:
    blocks, levels, messages = [], Counter[str](), Counter[str]()
    for k in range(records):
        level, message = _RECORDS[(k * 5 + k // 8) % len(_RECORDS)]
        text = message.format(k=k % 97)
        levels[_SCALE[level]] += 1
        messages[text] += 1
        head = f"2024-03-01-{k // 3600 % 24:02d}.{k // 60 % 60:02d}.{k % 60:02d}.{k * 7919 % 10**6:06d}" \
               f"+000 I{1000 + k * 977}E{300 + k % 600}"
        blocks.append("\n".join([
            f"{head:<51} LEVEL: {level}",
            f"PID     : {4242 + k % 3:<22} TID : {139000000000000 + k * 7:<15} PROC : db2sysc 0",
            "INSTANCE: db2inst1               NODE : 000             DB   : SAMPLE",
            f"APPHDL  : 0-{k % 999:<20} APPID: *LOCAL.db2inst1.{10**11 + k * 31}",
            f"EDUID   : {k % 50:<22} EDUNAME: db2agent (SAMPLE) 0",
            f"FUNCTION: DB2 UDB, {['base sys utilities', 'relation data serv'][k % 2]}, "
            f"{['sqlpgArchiveLogFile', 'sqlrr_dispatch_xa_request'][k % 3 % 2]}, "
            f"probe:{k * 113 % 20000}",
            f"MESSAGE : {text}"]))
    return "\n\n".join(blocks) + "\n\n", levels, messages


def test_a_header_line_opens_each_block_and_its_level_pair_is_read() -> None:
    text, levels, messages = _db2diag(400)
    fmt = detect_format(text)
    assert fmt is not None and is_blocks(fmt), fmt
    roles = json.loads(fmt[len("blocks:"):])
    assert roles["level"] == "LEVEL" and roles["message"] == "MESSAGE"
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 400 and stats.levels == dict(levels)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["ADM7507W Database quiesce request has completed successfully."] == messages[
        "ADM7507W  Database quiesce request has completed successfully."]
    read_alike_in_pieces(text, fmt)


def test_a_set_of_mostly_other_words_is_no_level_set() -> None:
    # a key whose values are mostly no level words ("Event", "Audit") is no level key
    text, _, _ = _db2diag(400)
    text = text.replace("LEVEL: Info", "LEVEL: Audit").replace("LEVEL: Warning", "LEVEL: Event")
    fmt = detect_format(text)
    assert fmt is None or not is_blocks(fmt), fmt
