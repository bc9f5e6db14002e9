"""Records whose errors carry a stack of frames written at the margin ("path/file.rb:12:in
`method'"), a header that names its program after the level's dash ("LEVEL -- name: "),
and a stack whose indented frames end where every header's first field does."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.margin import aligned
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.raised_line import continuations
from tests.support.helpers import read_alike_in_pieces

_MESSAGES = [("INFO", "Order {k} placed by ann{j}"), ("DEBUG", "Cache miss for key cart:{k}"),
             ("WARN", "Retrying request to /pay/{k} (attempt {j})"),
             ("ERROR", "Failed to place order {k} (ActiveRecord::RecordNotFound)"),
             ("INFO", "User bob{j} logged out")]


def _logger(records: int, progname: str) -> tuple[str, Counter[str], int]:
    """A Logger's records ("L, [stamp #pid] LEVEL -- progname: message"), a backtrace of
    frames at the margin under each error (their depth varies)."""
    lines, levels, errors = [], Counter[str](), 0
    for k in range(records):
        level, message = _MESSAGES[k * 7 % len(_MESSAGES)]
        levels[level.lower().replace("warn", "warning")] += 1
        lines.append(f"{level[0]}, [2024-03-01T00:{k // 60 % 60:02d}:{k % 60:02d}.{k * 37 % 999999:06d}"
                     f" #{4711 + k % 2}] {level:>5} -- {progname}: {message.format(k=k, j=k % 9)}")
        if level == "ERROR":
            errors += 1
            lines.append(f"/app/app/models/order.rb:{10 + k % 70}:in `find_by_number!'")
            lines += [f"/app/app/services/place_order.rb:{k % 90}:in `block in call'"] * (1 + k % 3)
            lines.append("/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/"
                         "transactions.rb:209:in `transaction'")
    return "\n".join(lines) + "\n", levels, errors


def test_frames_at_the_margin_continue_the_record_above() -> None:
    text, levels, errors = _logger(400, "orders")
    going_on = continuations(text.splitlines())
    assert sum(going_on) == len(text.splitlines()) - 400
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 400 and stats.levels == {
        "info": levels["info"], "debug": levels["debug"], "warning": levels["warning"],
        "error": levels["error"]}, stats.levels
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Failed to place order <*> (ActiveRecord::RecordNotFound)"] == errors
    read_alike_in_pieces(text, fmt)


def test_a_name_after_the_levels_dash_is_the_headers_last_column() -> None:
    text, _, _ = _logger(400, "orders")
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(",P_s,C_s"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert dict(stats.fields["component"]) == {"orders": 400}
    assert not [t for t in stats.templates if t.template.startswith("orders:")]
    # an empty name (" -- : ") is none: the header ends at the dash, as it did
    empty, _, _ = _logger(400, "")
    assert detect_format(empty) == fmt[:-len(",C_s")]


def _nest(records: int) -> tuple[str, Counter[str]]:
    """A console logger's "[App] pid  - M/D/YYYY, h:mm:ss AM     LEVEL [Context] message",
    a stack whose frames are indented four blanks under each error."""
    lines, levels = [], Counter[str]()
    words = {"INFO": "LOG", "DEBUG": "DEBUG", "WARN": "WARN", "ERROR": "ERROR"}
    for k in range(records):
        level, message = _MESSAGES[k * 7 % len(_MESSAGES)]
        levels[level] += 1
        h = k // 60 % 24
        lines.append(f"[Nest] {28 + k % 2}  - 3/1/2024, {(h % 12) or 12}:{k % 60:02d}:00 "
                     f"{'AM' if h < 12 else 'PM'} {words[level]:>7} [OrdersService] "
                     f"{message.format(k=k, j=k % 9)}")
        if level == "ERROR":
            lines += ["Error: connect ECONNREFUSED 10.0.3.7:5432",
                      "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)"]
    return "\n".join(lines) + "\n", levels


def test_a_stamp_after_the_dash_keeps_the_dash_inside_the_header() -> None:
    text, levels = _nest(300)
    # ("    at" ends where "[Nest]" does: one word repeated is no right-aligned column)
    assert not aligned(text.splitlines())
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 300
    assert stats.levels == {"info": levels["INFO"], "debug": levels["DEBUG"],
                            "warning": levels["WARN"], "error": levels["ERROR"]}, stats.levels
    read_alike_in_pieces(text, fmt)


def test_a_right_aligned_column_of_values_is_still_one() -> None:
    lines = [f"{k * 37 % 99999:>6}:20240301:{k % 60:06d}.{k % 999:03d} sending heartbeat {k}"
             for k in range(200)]
    assert aligned(lines)
