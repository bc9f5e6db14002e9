"""A cell of blanks between two bars ("|INFO    |Accounting    |   |…": a virtual server's
id left empty on the instance's records) is an empty field of its column: read as a
separator only, the record's fields shifted by one, the id column missed the share a column
needs, and its "1  |" opened the other records' messages."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import first_fields
from tests.support.helpers import folds_alike, read_alike_in_pieces

_EVENTS = [  # (level, channel, server's id, message)
    ("INFO", "VirtualServerBase", "1", "client disconnected reason 'reasonmsg=leaving'"),
    ("INFO", "VirtualServer", "1", "query client connected from {}"),
    ("INFO", "Accounting", "", "Accounting: synchronizing license with the server"),
    ("WARNING", "VirtualServer", "1", "query from {} flooding; banned for 600 seconds"),
    ("INFO", "Updater", "", "Checking for updates"),
    ("ERROR", "TSDNS", "", "TSDNS: could not bind to 0.0.0.0:41144, Address already in use"),
]


def _log(n: int = 900) -> tuple[str, Counter[str]]:
    rnd = random.Random(5)
    lines, levels = [], Counter[str]()
    for k in range(n):
        level, channel, sid, text = rnd.choices(_EVENTS, weights=[30, 10, 8, 4, 3, 2])[0]
        levels[level.lower()] += 1
        address = f"10.0.{rnd.randint(0, 255)}.{rnd.randint(1, 254)}:{rnd.randint(1024, 65535)}"
        lines.append(f"2024-03-01 {k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                     f"{rnd.randint(0, 999999):06d}|{level:<8}|{channel:<14}|{sid:<3}|"
                     + text.format(address))
    return "\n".join(lines) + "\n", levels


def test_a_blank_cell_between_two_bars_is_an_empty_field() -> None:
    fields = first_fields("2024-03-01 00:00:01.5|INFO    |Updater       |   |Checking for updates")
    assert [f for f, _, _ in fields[:5]] == ["2024-03-01", "00:00:01.5", "INFO", "Updater", ""]
    assert fields[4][1] == "p"
    assert fields[5][0] == "Checking"
    # (a bar that opens the line is no empty cell: no field before it)
    assert first_fields("| a | b |") == []


def test_an_empty_cell_column_is_read_and_the_messages_start_after_it() -> None:
    text, levels = _log()
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(",N_p")  # (the id column, empty or a number)
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.levels == dict(levels)
    mined = {t.template: t.count for t in stats.templates}
    assert "Checking for updates" in mined and "Accounting: synchronizing license with the " \
        "server" in mined
    assert not any(t.startswith(("1 ", "|", "<*> ")) for t in mined), mined
    read_alike_in_pieces(text, fmt)
    folds_alike(text, fmt, pieces=(2, 5, 9))
