"""A program's name and its process id after the stamp, with no host between them
("Mar  1 00:00:07 dnsmasq[812]: …", as a program writes its own log file in syslog's
form), close the header: the messages are mined without it and the program is the
record's component."""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import first_fields
from gapless.engine.extractive.logs.header_end import tagged_everywhere
from tests.support.helpers import APP_RECORDS, clock, cycled_log

_PROGRAMS = ["dnsmasq[812]", "dnsmasq-dhcp[812]", "dnsmasq[812]", "dnsmasq[812]"]


def _line(k: int, level: str, message: str) -> str:
    return f"Mar {1 + k // 400:>2} {clock(k * 7)} {_PROGRAMS[k * 3 // 7 % 4]}: {message}"


def test_a_program_and_its_pid_after_the_stamp_closes_the_header() -> None:
    text, _, counts = cycled_log(APP_RECORDS, 480, 1, _line)
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(",C_s"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 480
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named
    assert not any("dnsmasq" in t for t in named)
    assert set(stats.fields["component"]) == {"dnsmasq", "dnsmasq-dhcp"}


def test_a_first_word_with_a_colon_is_no_program_tag() -> None:
    # (a message's own "Error:" or "sshd:" is no name glued to a bracketed process id)
    rows = [first_fields(f"Mar  1 {clock(k)} {w} went away", 6)
            for k, w in enumerate(["Error:", "sshd:", "Note:", "cron[x]:"] * 10)]
    assert not tagged_everywhere(rows, 3)
    rows = [first_fields(f"Mar  1 {clock(k)} {w} went away", 6)
            for k, w in enumerate(["sshd[24]:", "cron[1022]:"] * 20)]
    assert tagged_everywhere(rows, 3)
