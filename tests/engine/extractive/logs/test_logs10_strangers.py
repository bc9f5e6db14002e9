"""Formats of a tenth strangers' pass, each read by a rule of its structure: a level key that
only some JSON records hold (Serilog's compact JSON writes none on an Information event);
a level in brackets alone before the message (a build tool's "[INFO] "); a column named by
a "#fields" line whose values are a qualified enum's names ("Reporter::WARNING") and a column
of words beside a source's location (Zeek's reporter.log); a process's name glued to its
bracketed parts ("web[][o.s.s.p.Platform]"), a field of the header, and a log whose short
messages are no chat's headers; and a person's notes, each under a date and an hour alone
on its line, which are no log."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import field_class
from gapless.engine.extractive.logs.stamp_alone import stamp_alone
from gapless.engine.sources.detect import detect_format as reader_of
from tests.engine.extractive.logs.truth import named_counts, names


def _clock(i: int) -> str:
    return f"{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"


def _top_named(text: str, templates: Counter[str]) -> int:
    named = named_counts(summarize_text(text, max_summary_chars=4000).summary)
    return sum(1 for t, c in templates.most_common(4) if any(
        n == c and names(m, t) for n, m in named))


_CLEF = [("Processed order {OrderId} in {Elapsed} ms", "", 40),
         ("Payment gateway timeout for order {OrderId}, retrying", "Warning", 20),
         ("Cache miss for {CacheKey}", "Debug", 15),
         ("Failed to submit order {OrderId}", "Error", 10),
         ("Application started.", "", 5)]


def test_a_level_key_on_some_json_records_only_counts_the_others_as_none() -> None:
    rng = random.Random(1)
    lines, levels, templates = [], Counter(), Counter()
    for i, (t, level, _) in enumerate(rng.choices(_CLEF, weights=[w for *_, w in _CLEF],
                                                  k=600)):
        event: dict[str, object] = {"@t": f"2024-03-01T{_clock(i * 7)}.1234567Z", "@mt": t}
        if level:
            event["@l"] = level
        event["OrderId"] = rng.randrange(1, 99_999)
        lines.append(json.dumps(event))
        levels[{"Warning": "warning", "Debug": "debug", "Error": "error"}.get(level, "none")] += 1
        templates[t] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and '"@l"' in fmt, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.levels == dict(levels)
    assert _top_named(text, templates) == 4


def test_a_json_key_of_level_words_and_other_words_on_a_few_records_is_no_level() -> None:
    rng = random.Random(2)
    lines = [json.dumps({"ts": f"2024-03-01T{_clock(i)}Z", "msg": f"job {rng.randrange(99)} done",
                         **({"status": rng.choice(["error", "ok", "skipped"])}
                            if i % 5 == 0 else {})}) for i in range(300)]
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is None or '"status"' not in fmt


_MAVEN = [("Downloaded from central: https://repo.maven.apache.org/maven2/<*> (<*> kB at <*> kB/s)",
           "INFO", 40),
          ("------------------------------------------------------------------------", "INFO", 25),
          ("--- maven-jar-plugin:3.3.0:jar (default-jar) @ <*> ---", "INFO", 20),
          ("/build/src/main/java/App.java:[<*>,<*>] unchecked conversion", "WARNING", 10),
          ("Failed to execute goal on project <*>: There are test failures.", "ERROR", 5)]


def test_a_level_in_brackets_alone_is_the_header() -> None:
    rng = random.Random(3)
    lines, levels, templates = [], Counter(), Counter()
    for t, level, _ in rng.choices(_MAVEN, weights=[w for *_, w in _MAVEN], k=500):
        lines.append(f"[{level}] " + t.replace("<*>", str(rng.randrange(1, 999))))
        levels[level.lower().replace("warning", "warning")] += 1
        templates[t] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("shape:L"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 500
    assert stats.levels == dict(levels)
    assert _top_named(text, templates) >= 3
    # a list of checked items is no log: "[x]" is no level
    todo = "\n".join(f"[{'x' if k % 3 else ' '}] item {k}: buy milk" for k in range(60)) + "\n"
    assert detect_format(todo) is None


_ZEEK = [("processing suspended", "INFO", 40), ("processing continued", "INFO", 30),
         ("SSL certificate validation failed for <*>", "WARNING", 20),
         ("<*>: connection to remote peer <*> lost", "ERROR", 10)]


def test_a_named_column_of_enum_levels_and_a_column_of_words() -> None:
    rng = random.Random(4)
    lines = ["#separator \\x09", "#path\treporter", "#fields\tts\tlevel\tmessage\tlocation",
             "#types\ttime\tenum\tstring\tstring"]
    levels, templates = Counter(), Counter()
    for i, (t, level, _) in enumerate(rng.choices(_ZEEK, weights=[w for *_, w in _ZEEK],
                                                  k=400)):
        where = rng.choice(["(empty)", "/opt/zeek/share/zeek/site/local.zeek, line 104"])
        message = t.replace("<*>", f"10.0.{rng.randrange(255)}.{rng.randrange(255)}")
        lines.append(f"{1709251200 + i}.{rng.randrange(999_999):06d}\tReporter::{level}\t"
                     f"{message}\t{where}")
        levels[level.lower()] += 1
        templates[t] += 1
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("columns:"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 400 and stats.levels == dict(levels)
    assert _top_named(text, templates) == 4


def test_a_name_glued_to_bracketed_groups_is_one_bracket_field() -> None:
    assert field_class("web[][o.s.s.p.Platform]") == "B"
    assert field_class("ce[AY12ab][o.s.c.t.CeWorkerImpl]") == "B"
    assert field_class("Process[web]") == "W"  # (one group: a message's word)
    assert field_class("a[1] [2]") != "B"


def _sonar_like(rng: random.Random, n: int) -> str:
    short = ["Process[web] is up", "SonarQube is operational", "Process[ce] is up"]
    lines = []
    for i in range(n):
        process = rng.choice(["web", "ce", "app"])
        message = rng.choice(short) if rng.random() < 0.4 else (
            f"Executed task | project=p{rng.randrange(99)} | type=REPORT | "
            f"submitter=u{rng.randrange(99)} | status=SUCCESS | time={rng.randrange(9999)}ms")
        lines.append(f"2024.03.01 {_clock(i * 5)} INFO  {process}[][o.s.s.p.Platform] {message}")
    return "\n".join(lines) + "\n"


def test_a_log_whose_short_messages_look_like_senders_is_read_as_a_log(tmp_path: Path) -> None:
    path = tmp_path / "sonar.log"
    path.write_text(_sonar_like(random.Random(5), 600), encoding="utf-8")
    assert reader_of(path) == "text"  # (no chat: its stamped lines are records, no words)
    fmt = detect_format(path.read_text(encoding="utf-8"))
    assert fmt is not None and ",B_s" in fmt, fmt


_NOTES = ["Called {} about the {}", "Read {} pages of {}", "Met {} for coffee, talked about {}",
          "Idea: {} for {}", "Paid {} for {}", "Ran {} km with {}"]
_WORDS = ["Sarah", "the plumber", "Middlemarch", "the budget", "mom", "a new shelf", "42",
          "the landlord", "the lease", "the kids", "groceries", "the car"]


def test_notes_each_under_a_date_and_an_hour_alone_are_no_log() -> None:
    rng = random.Random(6)
    lines = []
    for d in range(1, 200):
        lines.append(f"2024-{1 + d // 28:02d}-{d % 28 + 1:02d} {rng.randrange(7, 23):02d}:"
                     f"{rng.randrange(60):02d}")
        t = rng.choice(_NOTES)
        lines.append(t.format(rng.choice(_WORDS), rng.choice(_WORDS)) + ".")
        if rng.random() < 0.4:
            lines.append("")
    assert not stamp_alone("2024-03-05 14:40")  # (to the minute: a person's)
    assert stamp_alone("2024-03-05 14:40:12")
    assert detect_format("\n".join(lines) + "\n") is None


def test_a_part_of_a_tab_parted_log_without_its_naming_line_reads_the_same_columns() -> None:
    rng = random.Random(7)
    head = "#fields\tts\tlevel\tmessage\tlocation"
    rows = [f"{1709251200 + i}.{rng.randrange(999_999):06d}\tReporter::"
            f"{rng.choice(['INFO', 'INFO', 'WARNING', 'ERROR'])}\t"
            f"{rng.choice(_ZEEK)[0].replace('<*>', str(rng.randrange(99)))}\t"
            f"{rng.choice(['(empty)', '/opt/zeek/site/local.zeek, line 104'])}"
            for i in range(300)]
    whole = detect_format("\n".join([head, *rows]) + "\n")
    assert whole is not None and whole.startswith("columns:")
    assert detect_format("\n".join(rows[100:]) + "\n") == whole
    # a table of tab-parted words with no level column and no naming line is no such log
    table = "\n".join(f"{1709251200 + i}\t{rng.choice(['alpha', 'beta'])}\tsome words {i}"
                      for i in range(200)) + "\n"
    found = detect_format(table)
    assert found is None or not found.startswith("columns:")
