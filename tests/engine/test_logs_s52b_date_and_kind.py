"""Line-start shapes read as logs by the recurrence of their header, each with figures known
by construction: a day and a month before the year, parted from the time of day by a dash
("01.03.2024 -- 00:00:01 - <Info> - …"), with a level in angle brackets among a closed set of
capitalised words (an unpadded "1/3/2024" is no date column: a chat export's "12/5/2026,
10:03:00 AM" stamps made one would read it as a log); records of key=value pairs whose header is the record's kind as a
pair and a name holding the epoch and a serial in parentheses ("type=PATH
msg=audit(1709251200.123:42): item=0 …"), whose kind opens the event's text. The figures of
the whole equal those of its pieces cut anywhere and folded.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.paired import inner, is_paired, joined
from gapless.engine.extractive.logs.shape import has_level, is_shape, parser_for
from gapless.engine.extractive.logs.stamps import is_time, stamp_of
from tests.support.helpers import (
    clock,
    common_levels,
    cycled_log,
    levelled_scan,
    read_alike_in_pieces,
)

_DAY_FIRST = [("Info", "All capture threads are running."),
              ("Notice", "Rule reload complete"),
              ("Error", "error parsing rule {n} from file /etc/rules/local.rules"),
              ("Config", "Threshold config parsed: {n} rule(s) found"),
              ("Perf", "stats: packets dropped {n}, kernel drops 0"),
              ("Warning", "rule {n}: no direction specified")]


def _day_first(k: int, level: str, message: str) -> str:
    return (f"{1 + k // 300:02d}.03.2024 -- {clock(k * 7)} - <{level}> - "
            f"{message.format(n=k % 97)}")


def test_a_day_first_date_dashed_from_its_time_is_a_time_column() -> None:
    assert is_time("01.03.2024") and not is_time("1/3/24x")
    assert not is_time("12/5/2026,")  # (a chat's stamps stay words of its messages)
    text, levels, _ = cycled_log(_DAY_FIRST, 600, 1, _day_first)
    fmt, stats = levelled_scan(text, 600)
    # (the set's own words, "Config" and "Perf", count as the levels they are)
    assert stats.levels == common_levels(dict(levels)) and not stats.levels_inferred
    record = parser_for(fmt)(_day_first(2, "Error", "error parsing rule 7"))
    assert record is not None and record.level == "Error"
    assert record.message == "error parsing rule 7"
    read_alike_in_pieces(text, fmt)


_KINDS = [("SYSCALL", "arch=c000003e syscall={n} success=yes exit=0 comm=\"sudo\" key=\"exec\""),
          ("PATH", "item=0 name=\"/usr/bin/sudo\" inode={n} nametype=NORMAL"),
          ("CWD", "cwd=\"/home/deploy\""),
          ("USER_AUTH", "pid={n} uid=0 msg='op=PAM:authentication acct=\"deploy\" res=success'"),
          ("BPF", "prog-id={n} op=LOAD")]


def _kind_pairs(k: int, kind: str, pairs: str) -> str:
    return f"type={kind} msg=audit({1709251200 + k}.{k % 1000:03d}:{4000 + k}): " \
        f"{pairs.format(n=k * 13 % 997)}"


def test_records_of_pairs_stamped_by_an_epoch_in_parentheses_are_a_log() -> None:
    assert stamp_of(["type=CWD", "msg=audit(1709251200.123:42):"]) == "2024-03-01T00:00:00"
    text, kinds, _ = cycled_log(_KINDS, 600, 1, _kind_pairs)
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and not has_level(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 600 and stats.other_lines == 0
    record = parser_for(fmt)(_kind_pairs(0, "CWD", "cwd=\"/root\""))
    assert record is not None and record.time == "2024-03-01T00:00:00"
    assert record.message == "CWD cwd=\"/root\""  # (the record's kind opens its event)
    mined = Counter({t.template.split()[0]: t.count for t in stats.templates})
    assert mined == kinds  # (one template a kind, each kind's records all counted)
    read_alike_in_pieces(text, fmt)


def _bracket_stamped(k: int, source: str, message: str) -> str:
    return (f"[2024/03/01 {clock(k * 7)}.{k * 37 % 1000000:06d},  {k % 4}] {source}\n"
            f"  {message.format(n=k % 97)}")


_SOURCES = [("../source3/smbd/server.c:1734(main)", "smbd version 4.15.13 started."),
            ("../source3/smbd/service.c:1166(make_connection_snum)",
             "10.0.0.{n} connect to service share initially as user u{n}"),
            ("../source3/auth/auth.c:229(auth_check_ntlm_password)",
             "check_ntlm_password: Authentication for user [u{n}] FAILED")]


def test_a_bracket_of_a_date_and_a_time_alone_is_a_header() -> None:
    text, _, _ = cycled_log(_SOURCES, 400, 1, _bracket_stamped)
    fmt = detect_format(text)
    assert fmt is not None and is_paired(fmt) and not has_level(inner(fmt)), fmt
    assert inner(fmt).startswith("shape:BT_s,")  # (the bracket alone opens the header)
    stats = scan_log(text, fmt).stats
    # (each record's indented line is its message, the header alone above it: one record
    # the pair, :mod:`.message_below`)
    assert stats is not None and stats.records == 400 and stats.other_lines == 0
    record = parser_for(fmt)(joined(*_bracket_stamped(3, "../x.c:1(main)", "y").split("\n")))
    assert record is not None and record.time == "2024-03-01T00:00:21"
    assert record.message == "y"
    # (a bracket of a time of day alone, no date, is no header alone)
    assert detect_format("".join(f"[{clock(k)}] word {k}\n" for k in range(50))) != fmt
