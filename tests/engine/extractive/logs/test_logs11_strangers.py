"""Formats of an eleventh strangers' pass, each read by a rule of its structure: a record's
data written flush under it (Scrapy's item dict) does not hide the level column of the lines
that open with the time; a first column of eight hex digits is a time only when its values
are times of plausible years that run forward (OpenLDAP's), never a git log's hashes; a
record written as a bracketed list parted by "|" ("[#|…|#]", GlassFish's) opens with a mark
of its own and its closing mark is no word of the message; a bracket of a time and a level
alone on its line opens a record whose message is below (logcat's long format); a " - "
before a bracketed "name:" and a level is inside the header (Firefox's MOZ_LOG); and a
record without the "name:" most records hold after the level is a record all the same."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log
from tests.engine.extractive.logs.truth import named_counts, names


def _clock(i: int) -> str:
    return f"{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"


def _picks(templates: list[tuple[str, str, int]], k: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(t, lv) for t, lv, _ in rng.choices(templates, weights=[w for *_, w in templates],
                                                k=k)]


_SCRAPY = [("Crawled (200) <GET https://shop.example.com/item/{n}> (referer: None)", "DEBUG", 40),
           ("Scraped from <200 https://shop.example.com/item/{n}>", "DEBUG", 30),
           ("Crawled {n} pages (at {n} pages/min), scraped {n} items (at {n} items/min)",
            "INFO", 20),
           ("Gave up retrying <GET https://shop.example.com/item/{n}> (failed 3 times)",
            "ERROR", 10)]


def test_a_records_data_written_flush_under_it_leaves_the_level_column_read() -> None:
    rng = random.Random(3)
    lines, levels = [], Counter()
    for i, (t, level) in enumerate(_picks(_SCRAPY, 800, 3)):
        lines.append(f"2024-03-01 {_clock(i * 5)} [scrapy.core.engine] {level}: "
                     + t.replace("{n}", str(rng.randrange(1, 9999))))
        levels[level.lower()] += 1
        if t.startswith("Scraped"):  # (the item, a dict at the margin, on the next line)
            lines.append(f"{{'title': 'Item {rng.randrange(99)}', 'price': '{rng.randrange(99)}.99'}}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("shape:"), fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 800 and stats.levels == dict(levels)
    assert stats.other_lines == len(lines) - 800


_LDAP = ["conn={c} op={o} SRCH base=\"dc=example,dc=com\" scope=2 deref=0 filter=\"(uid=u{o})\"",
         "conn={c} op={o} SEARCH RESULT tag=101 err=0 nentries=1 text=",
         "conn={c} fd=12 ACCEPT from IP=10.0.0.{o}:389 (IP=0.0.0.0:389)",
         "conn={c} op={o} UNBIND"]


def test_a_column_of_hex_epochs_running_forward_is_the_time() -> None:
    rng = random.Random(5)
    lines = [f"{1709251200 + i * 3:08x} " + rng.choice(_LDAP).format(
        c=rng.randrange(1000, 2000), o=rng.randrange(1, 99)) for i in range(400)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 400 and stats.first == "2024-03-01T00:00:00"
    assert stats.last == "2024-03-01T00:19:57"
    assert not [k for k, v in stats.levels.items() if k != "none" and v]


def test_eight_hex_digits_in_no_order_or_of_no_plausible_year_are_no_time() -> None:
    """A ``git log --oneline`` of abbreviated hashes opens every line with eight hex digits:
    in no order, they are no log's times; ordered hex numbers below the epoch's plausible
    years (addresses, counters) are none either."""
    rng = random.Random(7)
    subjects = ["logs: read the level column", "docs: the figures", "tests: a trial",
                "engine: fold the pieces", "bench: a new pass of formats"]
    hashes = "\n".join(f"{rng.getrandbits(32):08x} {rng.choice(subjects)}"
                       for _ in range(300)) + "\n"
    assert detect_format(hashes) is None
    counters = "\n".join(f"{0x00400000 + i * 16:08x} {rng.choice(subjects)}"
                         for i in range(300)) + "\n"
    assert detect_format(counters) is None


_GLASSFISH = [("Loading application [shop-web] at [/shop]", "INFO", 40),
              ("Context path from ServletContext:  differs from path from bundle: /", "INFO", 30),
              ("RAR5117 : Failed to obtain/create connection from connection pool [ ShopPool ]",
               "WARNING", 20),
              ("Unprocessed event : UnprocessedChangeEvent[previous=1, proposed=2]", "SEVERE", 10)]


def test_a_bracketed_list_parted_by_bars_is_read_without_its_marks() -> None:
    lines, levels, templates = [], Counter(), Counter()
    for i, (t, level) in enumerate(_picks(_GLASSFISH, 600, 11)):
        lines.append(f"[#|2024-03-01T{_clock(i * 7)}.000+0000|{level}|glassfish 4.1|"
                     f"javax.enterprise.web|_ThreadID={i % 90};_ThreadName=http-listener-1(3);|"
                     f"\n  {t}|#]\n")
        levels[{"SEVERE": "error", "WARNING": "warning"}.get(level, "info")] += 1
        templates[t] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None, fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 600 and stats.levels == dict(levels)
    mined = {s.template: s.count for s in stats.templates}
    assert not [m for m in mined if m.endswith("#]")], mined
    named = named_counts(summarize_text(text, max_summary_chars=4000).summary)
    assert sum(1 for t, c in templates.most_common(4) if any(
        n == c and names(m, t) for n, m in named)) == 4


_LOGCAT = [("Start proc 4242:com.example.shop/u0a42 for activity", "I", 40),
           ("Failed to resolve host api.example.com", "W", 30),
           ("onReceiveValue: true", "V", 20),
           ("FATAL EXCEPTION: main", "E", 10)]


def test_a_bracket_of_a_time_and_a_level_alone_on_its_line_opens_a_record() -> None:
    lines, levels = [], Counter()
    for i, (t, level) in enumerate(_picks(_LOGCAT, 500, 13)):
        pid = (1234, 23451)[i % 2]
        lines.append(f"[ 03-01 {_clock(i * 7)}.{i % 1000:03d} {pid:>5}:{pid + 7:>5} {level}/Tag ]"
                     f"\n{t}\n")
        levels[{"I": "info", "W": "warning", "V": "debug", "E": "error"}[level]] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("lines2:"), fmt
    stats = scan_log(text, fmt).stats
    assert stats.records == 500 and stats.levels == dict(levels) and stats.other_lines == 0


def test_a_dash_before_a_bracketed_name_and_a_level_is_inside_the_header() -> None:
    rng = random.Random(17)
    lines, levels = [], Counter()
    for i in range(400):
        level = rng.choice("VVVDDIWE")
        thread = rng.choice(["Main Thread", "Socket Thread", "Cache2 I/O"])
        lines.append(f"2024-03-01 {_clock(i * 3)}.{i:06d} UTC - [Parent 4242: {thread}]: "
                     f"{level}/nsHttp nsHttpChannel::Init [this={rng.getrandbits(48):x}]")
        levels[{"V": "debug", "D": "debug", "I": "info", "W": "warning", "E": "error"}[
            level]] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 400 and stats.levels == dict(levels)


def test_a_record_without_the_name_after_its_level_is_a_record() -> None:
    """A "name:" after the level on nearly every record (a client's "C-0x…:") closes the
    header; a record whose message holds no colon is counted all the same, with no name."""
    rng = random.Random(19)
    lines, levels = [], Counter()
    for i in range(600):
        level = rng.choice(["LOG", "LOG", "LOG", "WARNING"])
        if i % 50 == 0:
            message = "got SIGHUP, re-reading config"
        else:
            message = (f"C-0x55d5e{rng.getrandbits(24):06x}: app/app@10.0.0.{rng.randrange(250)}"
                       f":5432 login attempt: db=app user=app tls=no")
        lines.append(f"2024-03-01 {_clock(i * 3)}.123 UTC [4242] {level} {message}")
        levels["info" if level == "LOG" else "warning"] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 600 and stats.levels == dict(levels)
    mined = {s.template: s.count for s in stats.templates}
    assert mined.get("got SIGHUP, re-reading config") == 12, mined
    assert "got" not in stats.fields.get("component", {})
