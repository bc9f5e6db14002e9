"""JSON lines are read by their fields, found by their values at any depth: the level, the
message the templates are mined on, the time; a prefix before the object is allowed."""

from __future__ import annotations

import json
import random
from collections import Counter

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log

_EVENTS = ("user {} signed in", "cache miss for key {}", "payment {} declined by bank",
           "worker {} restarted after error")


def _nested(rng: random.Random, n: int, prefix: str = "") -> tuple[str, Counter[str],
                                                                     Counter[str]]:
    """Records whose level and message sit in a nested object under keys no list names."""
    levels: Counter[str] = Counter()
    events: Counter[str] = Counter()
    lines = []
    for i in range(n):
        sev = rng.choices(("Information", "Warning", "Error", "Critical"),
                          weights=(85, 8, 5, 2))[0]
        levels[sev] += 1
        event = rng.choice(_EVENTS)
        events[event.replace("{}", "<*>")] += 1
        obj = {"when": f"2024-02-0{1 + i % 7}T10:{i % 60:02d}:00Z", "host": f"web-{i % 3}",
               "entry": {"sev": sev, "body": {"said": event.format(rng.randrange(10**6))},
                         "span": rng.randrange(10**9)}}
        lines.append(prefix + json.dumps(obj))
    return "\n".join(lines) + "\n", levels, events


def test_nested_level_and_message_are_found_by_their_values() -> None:
    text, levels, events = _nested(random.Random(7), 400)
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("json:")
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.fields["level"] == dict(levels)
    assert sum(stats.levels.values()) == stats.records == 400
    mined = {t.template: t.count for t in stats.templates}
    assert mined == dict(events)  # mined on the message, not on the envelope
    assert stats.first == "2024-02-01T10:00:00"


def test_a_prefix_before_each_object_is_the_records_source() -> None:
    text, levels, _ = _nested(random.Random(8), 200, prefix="api    | ")
    ex = summarize_text(text)
    assert ex.stats is not None and ex.stats.fields["level"] == dict(levels)
    assert ex.stats.fields["source"] == {"api": 200}
    assert f"{levels['Critical']:,} Critical (error)" in ex.summary


def test_json_lines_without_a_level_field_are_no_log() -> None:
    rng = random.Random(9)
    lines = [json.dumps({"type": rng.choice(("user", "assistant")), "timestamp":
                         f"2024-02-01T10:{i % 60:02d}:00Z",
                         "message": {"content": f"please look at file {i}"}})
             for i in range(200)]
    assert detect_format("\n".join(lines)) is None


def test_the_severities_a_record_carries_win_over_its_envelopes_constant_level() -> None:
    """An envelope whose level is always "info" around records with their own severity:
    the levels counted are the records' own."""
    text, levels, events = _nested(random.Random(10), 300)
    wrapped = "\n".join(json.dumps({"level": "info", "msg": "record", "payload": json.loads(ln)})
                        for ln in text.splitlines()) + "\n"
    fmt = detect_format(wrapped)
    assert fmt is not None
    stats = scan_log(wrapped, fmt).stats
    assert stats is not None and stats.fields["level"] == dict(levels)
    assert {t.template: t.count for t in stats.templates} == dict(events)


def test_numbered_levels_are_a_level_field() -> None:
    rng = random.Random(11)
    truth: Counter[str] = Counter()
    lines = []
    for i in range(200):
        level = rng.choices((30, 40, 50, 20), weights=(80, 10, 5, 5))[0]
        truth[str(level)] += 1
        lines.append(json.dumps({"level": level, "time": 1700000000000 + i * 1000, "pid": 7,
                                 "msg": f"request {i} handled in {rng.randrange(99)} ms"}))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.fields["level"] == dict(truth)
    assert stats.levels.get("error") == truth["50"] and stats.levels.get("info") == truth["30"]
    assert f"{truth['50']:,} 50 (error)" in summarize_text(text).summary


def test_a_time_in_epoch_milliseconds_is_the_records_time_and_a_levels_number_is_not() -> None:
    """pino writes ``"level": 30`` before ``"time": 1700000000000``: the level's small
    number read as epoch seconds made a 30-second log of 1970."""
    lines = [json.dumps({"level": (30, 40, 50)[i % 3], "time": 1700000000000 + i * 60_000,
                         "pid": 7, "msg": f"request {i} handled"}) for i in range(120)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert (stats.first, stats.last) == ("2023-11-14T22:13:20", "2023-11-15T00:12:20")


def test_key_value_lines_are_read_by_their_fields() -> None:
    """logfmt (Go's slog, logrus): which key holds the level, the message and the time is
    learnt from the values, as a JSON line's; a quoted value may hold blanks and quotes."""
    rng = random.Random(12)
    levels: Counter[str] = Counter()
    events: Counter[str] = Counter()
    lines = []
    for i in range(300):
        sev = rng.choices(("info", "warn", "error", "debug"), weights=(70, 15, 10, 5))[0]
        levels[sev] += 1
        event = rng.choice(_EVENTS).replace("bank", 'bank "Acme"')
        events[event.replace("{}", "<*>")] += 1
        said = event.format(rng.randrange(10**6)).replace('"', '\\"')
        lines.append(f't={1 + i // 60:02d}:{i % 60:02d}:00 lvl={sev} msg="{said}" '
                     f"took={rng.randrange(999)}ms span={rng.randrange(10**9)}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("pairs:")
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300
    assert stats.fields["level"] == dict(levels)
    assert {t.template: t.count for t in stats.templates} == dict(events)


def test_an_envelope_around_a_logs_lines_is_read_by_their_own_format() -> None:
    """Docker's json-file driver wraps each line a container writes: no level key, the
    level inside the line. The lines are read as the log they are, a stack frame belonging
    to the record above it, as in the log itself."""
    rng = random.Random(13)
    levels: Counter[str] = Counter()
    lines = []
    records = 0
    for i in range(240):
        sev = rng.choices(("INFO", "WARN", "ERROR"), weights=(80, 15, 5))[0]
        levels[sev] += 1
        records += 1
        said = [f"2024-03-01 10:{i // 60:02d}:{i % 60:02d},{rng.randrange(1000):03d} {sev:<5} "
                f"[main] {rng.choice(_EVENTS).format(rng.randrange(10**6))}\n"]
        if sev == "ERROR":
            said += ["java.lang.IllegalStateException: closed\n",
                     "\tat com.example.Pool.take(Pool.java:88)\n"]
        lines += [json.dumps({"log": text, "stream": "stderr",
                              "time": f"2024-03-01T10:{i // 60:02d}:{i % 60:02d}.{k}Z"})
                  for k, text in enumerate(said)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("json:[null")
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == records and stats.lines == len(lines)
    assert stats.fields["level"] == dict(levels)
    assert (stats.first, stats.last) == ("2024-03-01T10:00:00", "2024-03-01T10:03:59")


def test_json_lines_without_a_level_are_a_logs_records_when_each_has_a_time_and_a_line() -> None:
    """A structured log without a level key (klog's JSON: "ts", "caller", "msg", "err") was
    summarized as prose by its values: no record counted. Each record carries a time and a
    message of a log's line (a few words, one line), no speaker alternates: its records are
    counted, its templates mined on the message, and it says it found no level field."""
    rng = random.Random(14)
    said: Counter[str] = Counter()
    lines = []
    for i in range(150):
        event = rng.choice(_EVENTS)
        said[event.replace("{}", "<*>")] += 1
        lines.append(json.dumps({"ts": 1709251200123.5 + i * 1000, "caller":
                                 f"app/main.go:{40 + i % 9}",
                                 "msg": event.format(rng.randrange(10**6)), "v": 0}))
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats.records == 150 and stats.other_lines == 0
    assert stats.levels == {"none": 150}
    assert {t.template: t.count for t in stats.templates} == dict(said)
    assert stats.first == "2024-03-01T00:00:00" and stats.last == "2024-03-01T00:02:29"
    summary = summarize_text(text).summary
    assert "No level field found" in summary and "150 JSON records" in summary, summary
    # a turn of many lines, or a message of a hundred words, is no log's line
    long = [json.dumps({"ts": 1709251200 + i, "msg": "first line\nsecond line\nthird"})
            for i in range(150)]
    assert detect_format("\n".join(long)) is None
