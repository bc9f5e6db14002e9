"""A record's header alone on its line (Samba's "[stamp,  level] file.c:line(function)"), its
message on the indented line below: the pair is one record, its message the second line, so
templates are the messages' and not the source's places; a log whose records carry their
messages and indent only a trace under some is not read so."""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.paired import is_paired
from tests.support.helpers import clock, read_alike_in_pieces

_PLACES = ["../../source3/smbd/server.c:1734(main)",
           "../../source3/smbd/service.c:1166(make_connection_snum)",
           "../../source3/auth/auth.c:334(auth_check_ntlm_password)"]
_MESSAGES = ["smbd version 4.15.13 started.", "closed connection to service share",
             "host{k} (ipv4:10.0.0.{n}:{k}) connect to service share initially as user u{n}",
             "waiting for connections"]


def _samba(records: int) -> str:
    lines = []
    for k in range(records):
        lines.append(f"[2024/03/01 {clock(k * 7)}.{k * 7919 % 10**6:06d},  {k % 3}] "
                     f"{_PLACES[k * 5 % 3]}")
        lines.append("  " + _MESSAGES[k % 4].format(k=k, n=k % 200))
    return "\n".join(lines) + "\n"


def test_the_indented_line_below_a_header_alone_is_its_message() -> None:
    text = _samba(400)
    fmt = detect_format(text)
    assert fmt is not None and is_paired(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 400 and stats.other_lines == 0
    assert not [k for k, v in stats.levels.items() if k != "none" and v], stats.levels
    counts = {t.template: t.count for t in stats.templates}
    assert counts["closed connection to service share"] == 100
    assert counts["waiting for connections"] == 100
    read_alike_in_pieces(text, fmt)


def test_records_with_their_messages_and_a_trace_under_some_are_not_pairs() -> None:
    lines = []
    for k in range(200):
        lines.append(f"2024-03-01 {clock(k * 7)} ERROR [main] Request {k} failed")
        lines.append("    at com.example.Handler.handle(Handler.java:42)")
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is not None and not is_paired(fmt), fmt
