"""Three line structures a learned shape reads: header fields glued by colons, a first
field right-aligned (or every line indented alike) behind blanks, and a severity digit
inside the "name:" token that opens the message. Each is told by structure, on lines
written here."""

from __future__ import annotations

import random

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.margin import MARK, aligned
from gapless.engine.extractive.logs.severity import severity_digit, severity_share
from gapless.engine.extractive.logs.shape import PREFIX, has_level, is_shape
from gapless.engine.extractive.logs.stamps import stamp_of
from tests.support.helpers import clock, folds_alike

_EVENTS = ["Started GET /orders/{n}", "Completed request in {n} ms",
           "Cache miss for key user:{n}", "Slow query took {n} ms on table orders"]


# --- fields glued by colons -----------------------------------------------------------------

def _glued(n: int = 300) -> tuple[str, dict[str, int]]:
    r = random.Random(3)
    levels = {"INFO": 0, "DEBUG": 0, "WARNING": 0, "ERROR": 0}
    lines = []
    for k in range(n):
        level = r.choice(list(levels))
        levels[level] += 1
        name = r.choice(["app.main", "app.db.pool", "web.client"])
        msg = r.choice(_EVENTS).format(n=r.randint(1, 9999))
        lines.append(f"2024-03-01 {clock(k * 7)},{r.randint(0, 999):03d}:{level}:{name}:{msg}")
    return "\n".join(lines) + "\n", levels


def test_header_fields_glued_by_colons_are_read_as_columns() -> None:
    text, levels = _glued()
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and has_level(fmt) and "_k" in fmt, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300 and stats.other_lines == 0
    assert stats.levels == {"info": levels["INFO"], "debug": levels["DEBUG"],
                            "warning": levels["WARNING"], "error": levels["ERROR"]}
    assert stats.first == "2024-03-01T00:00:00"
    assert set(stats.fields["component"]) == {"app.main", "app.db.pool", "web.client"}
    # the message is the part after the glued header: a colon inside it parts nothing
    assert any(t.template == "Cache miss for key user:<*>" for t in stats.templates)
    folds_alike(text, fmt)


def test_a_time_glued_to_digits_is_no_glue() -> None:
    """Only a time of day glued to a word opens glued fields: "12:00:00:5 …" is no header
    of glued fields, and a blank-parted log reads as it did."""
    text = "".join(f"2024-03-01 {clock(k)} INFO app: step {k}:{k % 7} done\n"
                   for k in range(40))
    fmt = detect_format(text)
    assert fmt is not None and "_k" not in fmt


# --- blanks before the first field ------------------------------------------------------------

def _right_aligned(n: int = 300) -> str:
    r = random.Random(5)
    lines = []
    for k in range(n):
        pid = r.choice([7, 812, 23011, 104422])
        stamp = clock(k * 7).replace(":", "")
        msg = r.choice(_EVENTS).format(n=r.randint(1, 9999))
        lines.append(f"{pid:>6}:20240301:{stamp}.{r.randint(0, 999):03d} {msg}")
    return "\n".join(lines) + "\n"


def test_a_right_aligned_first_field_opens_records_not_continuations() -> None:
    text = _right_aligned()
    assert aligned(text.splitlines())
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith(PREFIX + MARK), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300 and stats.other_lines == 0
    assert stats.first == "2024-03-01T00:00:00"  # (the compact date and time)
    assert not [k for k in stats.levels if k != "none"]  # (no level column)
    assert sum(t.count for t in stats.templates if t.template.startswith("Started GET")) == \
        text.count("Started GET")
    folds_alike(text, fmt)


def test_lines_indented_alike_are_records() -> None:
    text = "".join(f"  24/03/01 {clock(k)} {['INFO', 'WARN'][k % 3 == 0]} Executor: step {k}\n"
                   for k in range(60))
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith(PREFIX + MARK), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 60
    assert stats.levels == {"info": 40, "warning": 20}


def test_indented_continuation_lines_stay_continuations() -> None:
    """A stack trace's frames open with blanks at their own column: no alignment."""
    lines = []
    for k in range(30):
        lines.append(f"2024-03-01 {clock(k)} ERROR [main] request {k} failed")
        lines += ["    at app.Handler.run(Handler.java:42)", "    at app.Main.main(Main.java:7)"]
    assert not aligned(lines)
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and MARK not in fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 30 and stats.other_lines == 60


def test_a_compact_date_and_time_is_a_stamp() -> None:
    assert stamp_of(["20240301:120559.123"]) == "2024-03-01T12:05:59"
    assert stamp_of(["20240301T120559"]) == "2024-03-01T12:05:59"


# --- a severity digit inside the message's first token ----------------------------------------

_TOKENS = [("%LINK-3-UPDOWN:", "Interface Gi0/{n}, changed state to down"),
           ("%LINEPROTO-5-UPDOWN:", "Line protocol on Interface Gi0/{n}, changed state to up"),
           ("%SYS-5-CONFIG_I:", "Configured from console by admin ({n})"),
           ("%CDP-4-DUPLEX_MISMATCH:", "duplex mismatch discovered on Gi0/{n}")]


def _severities(tokens: list[tuple[str, str]], n: int = 300) -> tuple[str, dict[str, int]]:
    r = random.Random(11)
    want: dict[str, int] = {}
    lines = []
    for k in range(n):
        token, msg = r.choice(tokens)
        level = {"3": "error", "4": "warning", "5": "info"}[token.split("-")[1]]
        want[level] = want.get(level, 0) + 1
        lines.append(f"*Mar  1 {clock(k * 7)}.{r.randint(0, 999):03d}: {token} "
                     f"{msg.format(n=r.randint(1, 48))}")
    return "\n".join(lines) + "\n", want


def test_a_severity_digit_inside_the_first_token_is_the_level() -> None:
    text, want = _severities(_TOKENS)
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith("LS_s"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300 and stats.levels == want
    assert set(stats.fields["level"]) == {"3", "4", "5"}  # (as the log writes it)
    # the token names the event: it stays the message's first word
    assert all(t.template.startswith("%") for t in stats.templates)
    assert stats.first == "0000-03-01T00:00:00"  # ("*Mar": a month behind a flag)
    folds_alike(text, fmt)


def test_a_constant_digit_in_a_token_is_no_level() -> None:
    """One digit on every record names, it does not grade: no level column."""
    text, _ = _severities([t for t in _TOKENS if "-5-" in t[0]])
    fmt = detect_format(text)
    assert fmt is not None and "LS" not in fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and not [k for k in stats.levels if k != "none"]


def test_severity_tokens() -> None:
    assert severity_digit("%LINK-3-UPDOWN:") == "3"
    assert severity_digit("%LINK-3-UPDOWN") is None  # (a "name:" token only)
    assert severity_digit("pool-1-thread-2:") is None  # (two digits: no one severity)
    assert severity_digit("2024-03-01:") is None
    assert severity_digit("%LINK-9-UPDOWN:") is None  # (syslog's scale is 0-7)
    assert severity_share(["%A-3-X:", "%B-5-Y:", "%C-5-Z:", "other:"]) == 3
    assert severity_share(["%A-5-X:", "%B-5-Y:"]) == 0
