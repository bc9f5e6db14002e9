"""Logs whose records are two lines: java.util.logging's SimpleFormatter (the time and the
source, then ``LEVEL: message``) and .NET's console logger (``level: Category[event]``, then
the message indented), with stack traces under some records. Each is read as a log of
two-line records: every record counted once, its level from its level field, its template
from its message's line, the same figures however the log is cut into pieces."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.paired import is_paired
from tests.engine.extractive.logs.truth import named_counts, names
from tests.support.helpers import folds_alike

_EVENTS = [("Server startup in <*> ms", "INFO", 40),
           ("Deploying web application directory /opt/app<*>", "INFO", 30),
           ("Session <*> expired", "FINE", 14),
           ("Connection pool running low: <*> idle", "WARNING", 9),
           ("Failed to load plugin <*> from the classpath", "SEVERE", 5),
           ("Shutting down connector on port <*>", "INFO", 2)]
_DOTNET = {"INFO": "info", "FINE": "dbug", "WARNING": "warn", "SEVERE": "fail"}


def _events(rng: random.Random, n: int) -> list[tuple[str, str, str]]:
    picks = rng.choices(_EVENTS, weights=[w for *_, w in _EVENTS], k=n)
    return [(t, t.replace("<*>", str(rng.randrange(1, 99_999))), lv) for t, lv, _ in picks]


def _jul(rng: random.Random, n: int) -> tuple[str, Counter[str], Counter[str]]:
    """java.util.logging's default SimpleFormatter, a trace under each SEVERE record."""
    templates: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    out = []
    for i, (template, message, level) in enumerate(_events(rng, n)):
        templates[template] += 1
        levels[level] += 1
        hour = 1 + i // 60 % 12
        out.append(f"Mar {1 + i // 1440:02d}, 2024 {hour}:{i % 60:02d}:{i * 7 % 60:02d} "
                   f"{'AM' if i // 720 % 2 == 0 else 'PM'} org.apache.catalina.startup."
                   f"{rng.choice(('Catalina', 'HostConfig'))} "
                   f"{rng.choice(('start', 'deployDirectory'))}")
        out.append(f"{level}: {message}")
        if level == "SEVERE":
            out.append("java.lang.ClassNotFoundException: com.example.Plugin")
            out += [f"\tat java.net.URLClassLoader.findClass(URLClassLoader.java:{k})"
                    for k in range(380, 384)]
    return "\n".join(out) + "\n", templates, levels


def _dotnet(rng: random.Random, n: int) -> tuple[str, Counter[str], Counter[str]]:
    """.NET's console logger: the level and category, the message indented below, an
    exception's lines indented under each failure."""
    templates: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    out = []
    for template, message, level in _events(rng, n):
        written = _DOTNET[level]
        templates[template] += 1
        levels[written] += 1
        category = rng.choice(("Microsoft.Hosting.Lifetime", "Shop.Api.OrdersController"))
        out.append(f"{written}: {category}[{rng.choice((0, 14, 20101))}]")
        out.append(f"      {message}")
        if written == "fail":
            out += ["      System.InvalidOperationException: plugin missing",
                    "         at Shop.Api.Startup.Configure(IApplicationBuilder app)"]
    return "\n".join(out) + "\n", templates, levels


_MAKERS: list[Callable[[random.Random, int], tuple[str, Counter[str], Counter[str]]]] = [
    _jul, _dotnet]
_COMMON = {"INFO": "info", "FINE": "debug", "WARNING": "warning", "SEVERE": "error",
           "info": "info", "dbug": "debug", "warn": "warning", "fail": "error"}


@pytest.mark.parametrize("make", _MAKERS, ids=lambda m: m.__name__.strip("_"))
def test_two_line_records_are_counted_once_with_their_level(make) -> None:  # type: ignore[no-untyped-def]
    text, templates, levels = make(random.Random(3), 1500)
    fmt = detect_format(text)
    assert fmt is not None and is_paired(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert stats.records == sum(templates.values())
    assert stats.lines == len(text.splitlines())
    want: Counter[str] = Counter()
    for written, count in levels.items():
        want[_COMMON[written]] += count
    assert stats.levels == dict(want)
    assert stats.fields["level"] == dict(levels)  # as the log writes them
    # the trace's lines are the records' own lines, counted as belonging to none
    assert stats.other_lines == stats.lines - 2 * stats.records


@pytest.mark.parametrize("make", _MAKERS, ids=lambda m: m.__name__.strip("_"))
def test_two_line_records_give_the_same_figures_however_the_log_is_cut(make) -> None:  # type: ignore[no-untyped-def]
    text, _, _ = make(random.Random(4), 1200)
    fmt = detect_format(text)
    assert fmt is not None
    # cut anywhere: inside a line, between a record's two lines, inside a trace
    folds_alike(text, fmt, pieces=(2, 5, 9, 23), skew=7)
    # and every piece learns the format the whole log has
    assert {detect_format(text[i:i + 16_000]) for i in range(0, len(text) - 8_000, 16_000)} \
        == {fmt}


@pytest.mark.parametrize("make", _MAKERS, ids=lambda m: m.__name__.strip("_"))
def test_a_two_line_record_is_named_by_its_message(make) -> None:  # type: ignore[no-untyped-def]
    text, templates, _ = make(random.Random(5), 1500)
    summary = summarize_text(text, max_summary_chars=4000).summary
    named = named_counts(summary)
    top = templates.most_common(5)
    hit = sum(1 for t, c in top if any(n == c and names(m, t) for n, m in named))
    assert hit == len(top), summary


def test_a_log_of_one_line_records_is_not_read_in_pairs() -> None:
    """A log whose records each hold a line, with traces under some, stays a log of
    one-line records (its trace lines are no records' second lines)."""
    rng = random.Random(6)
    lines = []
    for i in range(800):
        lines.append(f"2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d},123 "
                     f"{rng.choice(('INFO', 'INFO', 'WARN'))} [main] c.e.App - step {i}")
        if i % 9 == 0:
            lines += ["java.lang.IllegalStateException: boom", "\tat c.e.App.run(App.java:1)"]
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is not None and not is_paired(fmt)
