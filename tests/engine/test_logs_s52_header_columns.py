"""Header columns the earlier shapes missed, each with figures known by construction: a
column some records go without just before the level (PostgreSQL's ``%q%u@%d``: a session's
user and database, absent on a background process's lines), so the level is one field on in
the others; a number between two "-"s on the way to the level (a logger's line number) and
a context column between "-"s after it ("… - app.db - 739 - INFO - GET-42 - message"); a
level after a syslog tag on nearly every record of a log with no host ("Mar 01 00:00:00
imap(u)<7>: Info: …"), which the learned shape reads and syslog's fields do not, while a
syslog log with no such level stays syslog. The figures of the whole equal those of its
pieces cut anywhere and folded.
"""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.before_level import filled, goes_without
from gapless.engine.extractive.logs.field_classes import first_fields
from gapless.engine.extractive.logs.shape import parser_for
from tests.support.helpers import (
    clock,
    common_levels,
    cycled_log,
    levelled_scan,
    read_alike_in_pieces,
)

_POSTGRES = [("LOG", "duration: {n}.5 ms  statement: SELECT id FROM orders WHERE id = {n}"),
             ("ERROR", "duplicate key value violates unique constraint \"users_email_key\""),
             ("LOG", "checkpoint complete: wrote {n} buffers"),
             ("WARNING", "there is already a transaction in progress"),
             ("LOG", "connection authorized: user=u{n} database=shop"),
             ("FATAL", "password authentication failed for user \"u{n}\"")]


def _postgres(k: int, level: str, message: str) -> str:
    who = "" if k % 5 == 0 else f"{['app', 'etl'][k % 2]}@{['shop', 'analytics'][k % 3 % 2]} "
    return (f"2024-03-01 {clock(k * 7)}.{k % 1000:03d} UTC [{1000 + k * 37 % 9000}] {who}"
            f"{level}:  {message.format(n=k * 13 % 997)}")


def test_a_column_some_records_go_without_before_the_level_is_read_as_one() -> None:
    text, levels, _ = cycled_log(_POSTGRES, 600, 1, _postgres)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels)) and not stats.levels_inferred
    parse = parser_for(fmt)
    with_user = parse("2024-03-01 00:00:01.001 UTC [4242] app@shop ERROR:  relation missing")
    without = parse("2024-03-01 00:00:01.001 UTC [4242] LOG:  checkpoint starting: time")
    assert with_user is not None and with_user.level == "ERROR"
    assert with_user.message == "relation missing"
    assert without is not None and without.level == "LOG"
    assert without.message == "checkpoint starting: time"
    read_alike_in_pieces(text, fmt)


def test_a_column_every_record_has_is_no_optional_one() -> None:
    rows = [first_fields(_postgres(k, "LOG", "x y").replace("LOG:", "app@db LOG:", 1)
                         if k % 5 == 0 else _postgres(k, "LOG", "x y")) for k in range(100)]
    assert not goes_without(rows, 4)  # (each row has its user: the level is at one place)
    row = first_fields("2024-03-01 00:00:01.001 UTC [1] LOG:  starting")
    assert filled(row, 4)[4][0] == "" and filled(row, 4)[5][0] == "LOG:"


_SYNAPSE = [("INFO", "Processed request: {n}.1sec/0.000sec 200 \"GET /sync HTTP/1.1\""),
            ("DEBUG", "Handling presence update for @u{n}:example.org (online)"),
            ("WARNING", "Request failed: PUT /send/{n}: HttpResponseException('502')"),
            ("INFO", "TX [host-{n}.internal] Sending transaction [{n}]"),
            ("ERROR", "Failed to send request: 403: User @u{n}:example.org not in room")]


def _synapse(k: int, level: str, message: str) -> str:
    logger = ["synapse.access.http.8008", "synapse.federation.sender",
              "synapse.handlers.presence"]
    request = [f"GET-{k * 31 % 99999}", "sentinel", f"PUT-{k * 17 % 99999}",
               f"federation_transaction_transmission_loop-{k % 400}"]
    return (f"2024-03-01 {clock(k * 7)},{k % 1000:03d} - {logger[k % 3]} - {100 + k * 7 % 1200}"
            f" - {level} - {request[k % 4]} - {message.format(n=k * 13 % 997)}")


def test_a_level_after_a_numbered_column_and_a_context_column_after_it() -> None:
    text, levels, _ = cycled_log(_SYNAPSE, 600, 1, _synapse)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels)) and not stats.levels_inferred
    record = parser_for(fmt)(_synapse(3, "INFO", "Sending transaction [5]"))
    assert record is not None and record.level == "INFO"
    assert record.message == "Sending transaction [5]"  # (the request's name is the header's)
    assert record.fields.get("component") == "synapse.access.http.8008"
    read_alike_in_pieces(text, fmt)


_DOVECOT = [("Info", "Disconnected: Logged out in={n} out={n}"),
            ("Warning", "Time moved backwards by {n} seconds"),
            ("Info", "Login: user=<u{n}@example.org>, method=PLAIN, TLS"),
            ("Error", "Mailbox INBOX: UID={n} lost"),
            ("Info", "sieve: msgid=<{n}@example.org>: stored mail into mailbox 'INBOX'")]


def _dovecot(k: int, level: str, message: str) -> str:
    tag = ["auth", f"lmtp({1000 + k})", f"imap(u{k % 50}@example.org)<{k * 7}><s{k}>"][k % 3]
    return f"Mar 01 {clock(k * 7)} {tag}: {level}: {message.format(n=k * 13 % 997)}"


def test_a_level_after_the_tag_of_a_syslog_line_without_a_host() -> None:
    text, levels, _ = cycled_log(_DOVECOT, 600, 1, _dovecot)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels)) and not stats.levels_inferred
    record = parser_for(fmt)(_dovecot(1, "Error", "Mailbox INBOX: UID=1 lost"))
    assert record is not None and record.level == "Error"
    assert record.message == "Mailbox INBOX: UID=1 lost"
    read_alike_in_pieces(text, fmt)


def test_a_syslog_log_whose_tags_hold_no_level_stays_syslog() -> None:
    words = ["Accepted publickey for u{n}", "session opened for user root",
             "Warning: no route to host 10.0.0.{n}", "Connection closed by 10.0.0.{n}"]
    text = "".join(f"Mar 01 {clock(k * 7)} web-1 sshd[{100 + k}]: "
                   f"{words[k % 4].format(n=k % 250)}\n" for k in range(400))
    assert detect_format(text) == "syslog"
    stats = scan_log(text, "syslog").stats
    assert stats is not None and not [k for k, v in stats.levels.items() if k != "none" and v]


_WILDFLY = [("INFO", "WFLYUT0021: Registered web context: '/shop' for server 'default-server'"),
            ("WARN", "SQL Error: 0, SQLState: 08006"),
            ("ERROR", "UT005023: Exception handling request to /api/orders/{n}"),
            ("INFO", "Order {n} placed for {n} EUR"),
            ("DEBUG", "Loaded {n} products in {n}ms")]


def _wildfly(k: int, level: str, message: str) -> str:
    thread = ["default task-12", "ServerService Thread Pool -- 78", "main",
              "MSC service thread 1-4", "EJB default - 3"][k % 5 * 3 % 5]
    return (f"{clock(k * 7)},{k % 1000:03d} {level:<5} [org.example.Shop{k % 3}] ({thread}) "
            f"{message.format(n=k * 13 % 997)}")


def test_a_thread_of_several_words_in_parentheses_is_one_header_column() -> None:
    text, levels, _ = cycled_log(_WILDFLY, 600, 1, _wildfly)
    fmt, stats = levelled_scan(text, 600)
    assert stats.levels == common_levels(dict(levels))
    parse = parser_for(fmt)
    for thread in ("ServerService Thread Pool -- 78", "main", "EJB default - 3"):
        record = parse(f"00:00:01,001 WARN  [org.x.Y] ({thread}) SQL Error: 0, SQLState: 1")
        assert record is not None and record.level == "WARN"
        assert record.message == "SQL Error: 0, SQLState: 1"
    read_alike_in_pieces(text, fmt)


_BITCOIN = ["UpdateTip: new best={n} height={n}", "Saw new header hash={n} height={n}",
            "New outbound peer connected: version: 70016, peer={n}", "Socket closed for peer={n}",
            "Error: Disk space is low for /data/{n}", "Leaving InitialBlockDownload",
            "Warning: unknown new rules activated", "Flushed fee estimates to fee_estimates.dat."]


def test_capitalised_first_words_that_foretell_the_next_are_no_level_column() -> None:
    text = "".join(f"2024-03-01T{clock(k * 7)}Z {_BITCOIN[k * 5 % 8].format(n=k * 13 % 997)}\n"
                   for k in range(600))
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 600
    assert not [k for k, v in stats.levels.items() if k != "none" and v], stats.levels
