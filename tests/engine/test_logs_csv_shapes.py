"""Logs written as comma-separated records with quoted fields and no ``#`` line naming
their columns (a database's CSV log, an event viewer's export, with a first row of column
names), each with figures known by construction: the rows are read as CSV columns, the
level column is the one of a small closed set of level words, the message the column of
the most words, so levels are exact and templates are mined on the message alone; a quoted
field holding commas, doubled quotes or a newline is one field; the figures of the whole
equal those of its pieces cut anywhere and folded.
"""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.csv_records import is_csv
from tests.support.helpers import common_levels, folds_alike, read_alike_in_pieces

_PG = [("LOG", "checkpoint starting: time"),
       ("LOG", "connection received: host={ip} port={n}"),
       ("ERROR", 'duplicate key value violates unique constraint ""orders_pkey""'),
       ("LOG", "connection authorized: user=app database=shop"),
       ("FATAL", 'password authentication failed for user ""app""'),
       ("WARNING", "there is no transaction in progress"),
       ("LOG", "automatic vacuum of table ""shop.public.orders"": index scans: {n}")]

_WINDOWS = [("Information", "An account failed to log on. Logon Type: 3. Source Network "
             "Address: {ip}"),
            ("Warning", "The time provider NtpClient was unable to reach {ip}, retrying in {n} "
             "minutes."),
            ("Error", "The Print Spooler service terminated unexpectedly. It has done this {n} "
             "time(s)."),
            ("Information", "The system uptime is {n} seconds.")]


def _stamp(k: int) -> str:
    return f"2024-03-01 {k // 3600 % 24:02d}:{k // 60 % 60:02d}:{k % 60:02d}"


def _postgres(records: int, newline_every: int = 0) -> tuple[str, collections.Counter[str],
                                                             collections.Counter[str]]:
    """PostgreSQL's csvlog rows (26 columns, the severity the 12th, the message the 14th);
    every ``newline_every``-th a statement whose quoted text runs over two lines."""
    lines, levels, counts = [], collections.Counter[str](), collections.Counter[str]()
    for k in range(records):
        level, message = _PG[(k * 5) % len(_PG)]
        text = message.format(ip=f"10.0.{k % 256}.{k % 200 + 1}", n=k * 131 % 9973)
        if newline_every and k % newline_every == 0:
            level, message, text = "LOG", "statement:", f"statement: SELECT {k}\n  FROM orders"
        levels[level] += 1
        counts[message] += 1
        who = (f'"app","shop",{1000 + k},"10.1.{k % 9}.{k % 7 + 1}:{40000 + k}"' if k % 2
               else f",,{812 + k % 3},")
        lines.append(f"{_stamp(k * 7)}.{k * 37 % 1000:03d} UTC,{who},65e1c2f1.{k:x},{k % 99},"
                     f'{"" if k % 2 == 0 else chr(34) + "SELECT" + chr(34)},'
                     f"2024-03-01 00:00:00 UTC,3/{k % 999},0,{level},00000,\"{text}\","
                     f',,,,,,,,,"psql","client backend",,0')
    return "\n".join(lines) + "\n", levels, counts


def _windows(records: int) -> tuple[str, collections.Counter[str]]:
    """The event viewer's export: a row of names, then level, date and time, source, id,
    category, the description quoted."""
    lines = ["Level,Date and Time,Source,Event ID,Task Category"]
    levels = collections.Counter[str]()
    for k in range(records):
        level, message = _WINDOWS[(k * 3) % len(_WINDOWS)]
        levels[level] += 1
        h = k // 60 % 24
        lines.append(f"{level},3/1/2024 {h % 12 or 12}:{k % 60:02d}:{k * 7 % 60:02d} "
                     f"{'AM' if h < 12 else 'PM'},Service Control Manager,7036,None,"
                     f'"{message.format(ip=f"10.0.{k % 256}.1", n=k * 17 % 991)}"')
    return "\n".join(lines) + "\n", levels


def test_a_database_csv_log_reads_its_severity_column_and_quoted_message() -> None:
    text, levels, counts = _postgres(420)
    fmt = detect_format(text)
    assert fmt is not None and is_csv(fmt)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 420 and stats.other_lines == 0
    assert stats.levels == common_levels(levels) and not stats.levels_inferred
    mined = {t.template: t.count for t in stats.templates}
    assert mined["checkpoint starting: time"] == counts["checkpoint starting: time"]
    assert mined['duplicate key value violates unique constraint "orders_pkey"'] == 60
    assert mined["connection received: host=<*> port=<*>"] == 60
    assert len(mined) == len(_PG)
    # every piece of it learns the same format
    read_alike_in_pieces(text, fmt)


def test_a_quoted_field_running_over_lines_is_one_record() -> None:
    text, levels, counts = _postgres(420, newline_every=10)
    fmt = detect_format(text)
    assert fmt is not None and is_csv(fmt)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 420 and stats.other_lines == 42  # (each second line)
    assert stats.levels == common_levels(levels)
    mined = {t.template: t.count for t in stats.templates}
    assert mined["statement: SELECT <*>"] == counts["statement:"] == 42
    folds_alike(text, fmt)


def test_an_event_export_with_a_row_of_names_reads_its_level_column() -> None:
    text, levels = _windows(360)
    fmt = detect_format(text)
    assert fmt is not None and is_csv(fmt)
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 360 and stats.other_lines == 1  # (the row of names)
    assert stats.levels == common_levels(levels) and not stats.levels_inferred
    mined = {t.template: t.count for t in stats.templates}
    assert mined["The system uptime is <*> seconds."] == 90
    assert mined["The time provider NtpClient was unable to reach <*>, retrying in <*> "
                 "minutes."] == 90
    folds_alike(text, fmt)


def test_a_quoted_request_line_is_no_header_columns() -> None:
    """An access log's quoted request line after its bracketed stamp is one field of the
    message: its words are no header columns, so requests of other kinds are other
    templates."""
    kinds = ['"GET /healthz HTTP/1.1" 200 - via_upstream - "-" 0 2 {n} {n} "-" "kube-probe/1.29"',
             '"POST /api/v1/payments HTTP/1.1" 504 UT - - "-" {n} 24 15000 - "{n}" "okhttp/4.12.0"',
             '"GET /admin HTTP/1.1" 403 - rbac_access_denied - "-" 0 19 0 - "{n}" "curl/8.4.0"']
    lines = [f"[{_stamp(k * 7).replace(' ', 'T')}.{k % 1000:03d}Z] "
             + kinds[k % 3].format(n=k * 131 % 9973 + 1) for k in range(300)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and "W_s,W_s,W_s" not in fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300
    assert not [k for k, v in stats.levels.items() if k != "none" and v]
    heads = collections.Counter(t.template.split('"')[1].split(" ")[0:2][1]
                                for t in stats.templates for _ in range(t.count))
    assert heads == {"/healthz": 100, "/api/v1/payments": 100, "/admin": 100}
    folds_alike(text, fmt)
