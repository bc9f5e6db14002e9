"""Formats of a seventh strangers' pass, each read by a rule of its structure: a bracket that
only most messages open with (CUPS's "[Job 12]") stays the message's; a JSON record's level
as the first word of a list (its tags); a record whose stamp is alone on its line, the
message on the next (Oracle's alert log); a slashed date with its year last and a dash
before the time of day (Suricata's "1/3/2024 -- 00:00:00 - <Info> - ")."""

from __future__ import annotations

import json
import random
from collections import Counter

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.field_classes import field_class
from gapless.engine.extractive.logs.paired import is_paired
from gapless.engine.extractive.logs.shape import PREFIX
from gapless.engine.extractive.logs.stamp_alone import SHAPE, stamp_alone
from tests.engine.extractive.logs.truth import named_counts, names
from tests.support.helpers import folds_alike

_COMMON = {"I": "info", "D": "debug", "W": "warning", "E": "error"}


def _clock(i: int) -> str:
    return f"{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}"


def _pick(rng: random.Random, events: list[tuple[str, str, int]], n: int
          ) -> list[tuple[str, str, str]]:
    picks = rng.choices(events, weights=[w for *_, w in events], k=n)
    return [(t, t.replace("<*>", str(rng.randrange(1, 99_999))), lv) for t, lv, _ in picks]


_CUPS = [("[Job <*>] Job completed.", "I", 40),
         ("[Client <*>] Returning IPP successful-ok for Get-Jobs from localhost.", "D", 30),
         ("[Job <*>] The printer is not responding.", "W", 16),
         ("Expiring subscriptions...", "D", 10),
         ("[Job <*>] Backend returned status <*> (failed)", "E", 6),
         ("Saving printers.conf...", "I", 4)]


def test_a_bracket_only_most_messages_open_with_is_the_message_s() -> None:
    rng = random.Random(1)
    templates: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    lines = []
    for i, (template, message, level) in enumerate(_pick(rng, _CUPS, 1500)):
        templates[template] += 1
        levels[_COMMON[level]] += 1
        lines.append(f"{level} [01/Mar/2024:{_clock(i)} +0000] {message}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 1500 and stats.other_lines == 0  # (the records without it too)
    assert stats.levels == dict(levels)
    named = named_counts(summarize_text(text, max_summary_chars=4000).summary)
    top = templates.most_common(5)
    assert sum(1 for t, c in top if any(n == c and names(m, t) for n, m in named)) == len(top)


def test_a_json_record_s_level_may_be_the_first_word_of_a_list() -> None:
    rng = random.Random(2)
    levels: Counter[str] = Counter()
    lines = []
    for i in range(600):
        level = rng.choice(["info", "info", "warning", "error", "debug"])
        levels[level] += 1
        lines.append(json.dumps({"type": "log", "@timestamp": f"2024-03-01T{_clock(i)}+00:00",
                                 "tags": [level, "plugins", rng.choice(["a", "b"])],
                                 "pid": 7, "message": f"Task {i} took {rng.randrange(9)}ms"}))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.levels == dict(levels)


_ORACLE = [("Thread 1 advanced to log sequence <*> (LGWR switch)", "", 40),
           ("  Current log# <*> seq# <*> mem# 0: /u01/oradata/redo01.log", "", 30),
           ("Resize operation completed for file# <*>, new size <*>K", "", 14),
           ("Starting background process CJQ0", "", 9),
           ("Completed: ALTER DATABASE OPEN", "", 5)]


def _oracle(rng: random.Random, n: int) -> tuple[str, Counter[str]]:
    templates: Counter[str] = Counter()
    lines = []
    for i, (template, message, _) in enumerate(_pick(rng, _ORACLE, n)):
        templates[template] += 1
        lines += [f"2024-03-0{1 + i // 1000}T{_clock(i * 7)}.{i:06d}+00:00", message]
    return "\n".join(lines) + "\n", templates


def test_a_stamp_alone_on_its_line_opens_a_record_whose_message_is_below() -> None:
    text, templates = _oracle(random.Random(3), 1500)
    fmt = detect_format(text)
    assert fmt is not None and is_paired(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == 1500 and stats.other_lines == 0
    named = named_counts(summarize_text(text, max_summary_chars=4000).summary)
    top = templates.most_common(5)
    assert sum(1 for t, c in top if any(n == c and names(m, t) for n, m in named)) == len(top)


def test_stamp_alone_records_give_the_same_figures_however_the_log_is_cut() -> None:
    text, _ = _oracle(random.Random(4), 1200)
    fmt = detect_format(text)
    assert fmt is not None
    folds_alike(text, fmt, pieces=(2, 5, 9, 23), skew=7)


def test_only_a_dated_stamp_alone_opens_a_record() -> None:
    assert SHAPE == PREFIX
    assert stamp_alone("2024-03-01T10:00:00.123456+00:00")
    assert stamp_alone("Fri Mar 01 10:00:00 2024")
    assert not stamp_alone("00:01:23")  # (a transcript's offset: no date)
    assert not stamp_alone("2024-03-01T10:00:00 Thread 1 advanced")
    assert not stamp_alone("  2024-03-01T10:00:00")
    # a transcript of offsets alone on their lines, each a speaker's words below, is no log
    rng = random.Random(5)
    lines = []
    for i in range(300):
        lines += [f"00:{i // 60 % 60:02d}:{i % 60:02d}", rng.choice(["Sure.", "Let's go on."])]
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is None or not is_paired(fmt)


def test_a_slashed_date_with_its_year_last_is_a_time_column_without_a_comma() -> None:
    assert field_class("1/3/2024") == "T"
    assert field_class("12/5/2026,") != "T"  # (a chat export's "12/5/2026, 10:03 AM")
    rng = random.Random(6)
    levels: Counter[str] = Counter()
    lines = []
    for i in range(800):
        level = rng.choice(["Info", "Info", "Notice", "Warning", "Error"])
        levels[{"Notice": "info"}.get(level, level.lower())] += 1
        lines.append(f"{1 + i // 400}/3/2024 -- {_clock(i * 9)} - <{level}> - "
                     f"rule {rng.randrange(999)} processed")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 800 and stats.levels == dict(levels)


_KEYED = [("WSVR0221I: Application started: <*>", "A", 40),
          ("J2CA0045E: Connection not available for resource jdbc/<*>", "E", 25),
          ("HMGR0152W: CPU Starvation detected. Current delay is <*> ms.", "W", 18),
          ("TCPC0001I: TCP Channel TCP_<*> is listening on port <*>.", "I", 10),
          ("WSVR0024I: Server server1 stopped", "A", 7)]


def test_a_column_of_codes_each_naming_one_event_is_the_message_s_key() -> None:
    """WebSphere's "WSVR0221I:" after the event letter: each code is followed by the same
    words, so it names an event (the message's own), not a component."""
    rng = random.Random(7)
    templates: Counter[str] = Counter()
    lines = []
    for i, (template, message, level) in enumerate(_pick(rng, _KEYED, 1500)):
        templates[template] += 1
        short = rng.choice(["WsServerImpl", "ApplicationMg", "ConnectionEve"])
        lines.append(f"[3/1/24 {i // 3600}:{i // 60 % 60:02d}:{i % 60:02d}:{i % 1000:03d} UTC] "
                     f"{rng.getrandbits(32):08x} {short:<13} {level}   {message}")
    text = "\n".join(lines) + "\n"
    named = named_counts(summarize_text(text, max_summary_chars=4000).summary)
    top = templates.most_common(5)
    assert sum(1 for t, c in top if any(n == c and names(m, t) for n, m in named)) == len(top)
