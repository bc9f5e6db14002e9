"""A header column some records go without, before the level (a request's id on a
request's records only), is told by the records' shares: lines written flush under a record
(a query's text, a crash report) are no records, and a few records without the column in a
sampled piece are enough when nearly every record holds the level at one of the two places.
Each piece of such a log reads alike and its levels are exact."""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from tests.support.helpers import APP_RECORDS, clock


def _log(records: int) -> tuple[str, collections.Counter[str]]:
    lines: list[str] = []
    levels: collections.Counter[str] = collections.Counter()
    for k in range(records):
        level, message = APP_RECORDS[k % len(APP_RECORDS)]
        levels[level.lower()] += 1
        meta = "" if k % 25 == 3 else f"request_id=F{(k * 7919) % 16**12:012x} "
        lines.append(f"{clock(k * 7)}.{k * 37 % 1000:03d} {meta}[{level.lower()}] {message}")
        if k % 6 == 0:  # (the query a record ran, flush under it)
            lines.append(f'SELECT o0."id", o0."total" FROM "orders" AS o0 WHERE (o0."id" = $1) [{k}]')
    return "\n".join(lines) + "\n", levels


def test_a_column_few_records_go_without_beside_lines_flush_under_records() -> None:
    # (one record in 25 without the request's id: a piece of 8,000 characters holds two or
    # three of them among some seventy records and a dozen lines of queries)
    text, levels = _log(1200)
    fmt = detect_format(text)
    assert fmt is not None and ",Q_s," in fmt, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 1200
    assert stats.levels == dict(levels)
    pieces = {detect_format(text[i:i + 8000]) for i in range(0, len(text) - 4000, 8000)}
    assert pieces == {fmt}
