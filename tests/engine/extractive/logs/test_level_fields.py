"""A log's levels come from its level field, found by structure, in the log's own spelling.

Made-up logs of each shape a level field takes (a letter glued to the date, a field ending
in a colon, the level inside a bracket after a thread, a syslog priority), each written with
its true level counts, and a log whose messages are full of "error" but has no level field.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import common_levels

# every message says "error", whatever its level: a count by words would find errors only
_MESSAGES = ("Error getting pod {} status", "no error on volume {}", "sync {} failed, retrying",
             "checked {} items without errors")


def _message(rng: random.Random) -> str:
    return rng.choice(_MESSAGES).format(rng.randrange(10_000))


def _glog(rng: random.Random, n: int) -> tuple[str, Counter[str]]:
    truth: Counter[str] = Counter()
    lines = []
    for i in range(n):
        letter = rng.choices("IWE", weights=(90, 7, 3))[0]
        truth[letter] += 1
        lines.append(f"{letter}0102 15:{i % 60:02d}:{(i * 7) % 60:02d}.{rng.randrange(10**6):06d}"
                     f"   {rng.randrange(1, 99):5d} kubelet.go:{rng.randrange(900)}] "
                     f"{_message(rng)}")
    return "\n".join(lines) + "\n", truth


def _postgres(rng: random.Random, n: int) -> tuple[str, Counter[str]]:
    truth: Counter[str] = Counter()
    lines = []
    for i in range(n):
        stamp = f"2024-03-0{1 + i % 5} 10:{i % 60:02d}:11.123 UTC [{4000 + i}]"
        word = rng.choices(("LOG", "ERROR", "FATAL"), weights=(90, 7, 3))[0]
        truth[word] += 1
        lines.append(f"{stamp} {word}:  {_message(rng)}")
        if word != "LOG":  # the lines a server writes under an error: fields of their own
            extra = "STATEMENT" if word == "ERROR" else "DETAIL"
            truth[extra] += 1
            lines.append(f"{stamp} {extra}:  select * from t{i}")
    return "\n".join(lines) + "\n", truth


def _bracket(rng: random.Random, n: int) -> tuple[str, Counter[str]]:
    truth: Counter[str] = Counter()
    lines = []
    for i in range(n):
        level = rng.choices(("INFO", "WARN", "ERROR"), weights=(90, 7, 3))[0]
        truth[level] += 1
        thread = rng.choice(("Server thread", "main", "User Authenticator #1"))
        lines.append(f"[12:{i % 60:02d}:{(i * 3) % 60:02d}] [{thread}/{level}] "
                     f"[mod/Server]: {_message(rng)}")
    return "\n".join(lines) + "\n", truth


def _syslog_priority(rng: random.Random, n: int) -> tuple[str, Counter[str]]:
    truth: Counter[str] = Counter()
    lines = []
    for i in range(n):
        pri = rng.choices((14, 12, 11, 15), weights=(80, 10, 5, 5))[0]
        truth[f"<{pri}>"] += 1
        lines.append(f"<{pri}>Mar  1 10:{i % 60:02d}:00 host1 app[{100 + i}]: {_message(rng)}")
    return "\n".join(lines) + "\n", truth


@pytest.mark.parametrize("make", [_glog, _postgres, _bracket, _syslog_priority])
@pytest.mark.parametrize("seed", [1, 2])
def test_levels_are_the_level_fields_own_counts(make, seed) -> None:  # type: ignore[no-untyped-def]
    text, truth = make(random.Random(seed), 300)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.levels == common_levels(truth)
    assert stats.fields["level"] == dict(truth)  # the spellings the log writes
    assert sum(stats.levels.values()) == stats.records == stats.lines


def test_the_summary_names_levels_as_written_beside_the_common_scale() -> None:
    text, truth = _glog(random.Random(3), 400)
    ex = summarize_text(text)
    line = next(ln for ln in ex.summary.splitlines() if ln.startswith("Levels: "))
    assert f"{truth['E']:,} E (error)" in line and f"{truth['I']:,} I (info)" in line
    text, truth = _postgres(random.Random(3), 400)
    line = next(ln for ln in summarize_text(text).summary.splitlines()
                if ln.startswith("Levels: "))
    assert f"{truth['LOG']:,} LOG (info)" in line and f"{truth['FATAL']:,} FATAL (error)" in line
    assert f"{truth['STATEMENT']:,} STATEMENT" in line


def test_a_log_without_a_level_field_prints_no_level_counts() -> None:
    rng = random.Random(4)
    lines = [f"2024-01-01 10:{i % 60:02d}:00 worker-{i % 3} {_message(rng)}" for i in range(300)]
    text = "\n".join(lines) + "\n"
    stats = scan_log(text, detect_format(text) or "").stats
    assert stats is not None and stats.levels == {"none": 300}
    ex = summarize_text(text)
    assert "No level field found" in ex.summary
    assert "error" not in ex.summary.split("Top event templates")[0].lower().replace(
        "no level field", "")
    assert "burst" not in ex.summary
    ex = summarize_text(text, question="how many errors were there?")
    assert ex.answer.startswith("No level field found"), ex.answer


@pytest.mark.parametrize("make", [_glog, _postgres, _bracket, _syslog_priority])
def test_level_counts_are_the_same_however_the_log_is_cut(make) -> None:  # type: ignore[no-untyped-def]
    text, _ = make(random.Random(5), 400)
    fmt = detect_format(text)
    assert fmt is not None
    whole = provisional(scan_log(text, fmt).stats)
    rng = random.Random(6)
    cuts = sorted(rng.sample(range(1, len(text)), 6))
    parts = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
             for a, b in itertools.pairwise([0, *cuts, len(text)])]
    assert {detect_format(text[a:b]) for a, b in itertools.pairwise([0, *cuts[::2],
                                                                      len(text)])} == {fmt}
    merged, _ = merge_stats(parts)
    assert merged.model_dump() == whole.model_dump()


def test_one_bare_word_in_every_record_is_no_level_column() -> None:
    """A part of a log where an event column holds only "error" (its other values elsewhere)
    is not read as a log of errors."""
    rng = random.Random(8)
    lines = [f"{rng.randrange(10**6)} node-{rng.randrange(99)} gige error "
             f"{1077804742 + i} 1 {_message(rng)}" for i in range(200)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.levels == {"none": 200}


def test_a_level_written_as_a_symbol_is_counted_as_written() -> None:
    """Redis writes its level as one symbol between the stamp and the message (". - * #"):
    a column of a few recurring symbols is a level field, counted as the log writes it,
    with no common scale beside (none is known); its day stands before the month's name."""
    rng = random.Random(5)
    truth: Counter[str] = Counter()
    lines = []
    for i in range(600):
        symbol = rng.choices("*#-", weights=(80, 15, 5))[0]
        truth[symbol] += 1
        lines.append(f"{rng.choice(('1:M', '1:M', '34:C'))} {1 + i // 300:02d} Mar 2024 "
                     f"{i // 60 % 24:02d}:{i % 60:02d}:{i * 7 % 60:02d}.{rng.randrange(1000):03d}"
                     f" {symbol} {_message(rng)}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.levels == dict(truth)
    assert (stats.first, stats.last) == ("2024-03-01T00:00:00", "2024-03-02T09:59:53")
    summary = summarize_text(text, max_summary_chars=4000).summary
    assert f"{truth['*']:,} *" in summary and "No level field" not in summary
    # one symbol that never varies is a delimiter, not a level
    plain = text.replace(" # ", " * ").replace(" - ", " * ")
    fmt = detect_format(plain)
    assert fmt is not None
    stats = scan_log(plain, fmt).stats
    assert stats is not None and set(stats.levels) == {"none"}
