"""Logs in line formats that nothing in tests/data has (``bench/heldout_logs.py`` writes
them: five of loghub's line formats, and the formats of other tools: slog's logfmt, pino's
and MongoDB's JSON, MySQL's error log, Python's logging, Ruby's Logger, Serilog, Rust's
env_logger, Celery, a CI runner's log, Docker's JSON envelope, Tomcat's JULI log, nginx's
error log, RFC 5424 syslog, supervisord's and logrus's four-letter levels, Elasticsearch's
glued brackets, Heroku's stream, Kafka's and Cassandra's log4j and logback, klog's JSON
without a level key, Spring Boot's console, loguru, gunicorn, uvicorn, Airflow's task log,
Jenkins, zap's console encoder, AWS Lambda, PHP's error log with its two-word levels, the
systemd journal's JSON with its numbered priorities, hclog, RabbitMQ, Jupyter, Tornado,
Elixir, Gitea, macOS's unified log, fail2ban, logcat's brief format, Monolog, SQL Server,
Redis, .NET's console, Asterisk, Fluent Bit, ClickHouse, CockroachDB, TiDB, Rust's tracing,
logrus's and go-kit's logfmt, Solr, Nextflow, Home Assistant, MariaDB, the JVM's GC log,
BIND, Squid's cache.log, Syncthing, Unbound, Mosquitto, OpenVPN, Nagios, Flink, Keycloak,
Go's log, PostgreSQL, Cisco IOS, Zabbix, certbot).

Each is read as a log by the structure of its lines, its level field gives its levels
exactly (never keywords; a log without one counts none), and its summary names the most
frequent templates with their exact counts; the truth is the generator's own counts.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
from pathlib import Path

import pytest

from bench.heldout_logs import (
    SYSTEMS,
    System,
    _cisco,
    _cockroach,
    _cups,
    _gluster,
    _klog_text,
    _logcat_brief,
    _logcat_threadtime,
    _logrus,
    _mongo_legacy,
    _websphere,
    _xorg,
    write,
)
from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.formats import common_level
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.shape import has_level, is_shape
from tests.engine.extractive.logs.truth import named_counts, names


def _levels(levels: collections.Counter[str]) -> dict[str, int]:
    """The written levels as the stats count them (``FATAL`` and ``Fatal error`` are
    errors)."""
    want: collections.Counter[str] = collections.Counter()
    for value, n in levels.items():
        want[common_level(value) or value.lower()] += n
    return dict(want)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_a_log_of_an_unseen_line_format_is_read_with_its_level_column(
        system: System, tmp_path: Path) -> None:
    path, counts, levels = write(system, tmp_path)
    text = path.read_text(encoding="utf-8")
    fmt = detect_format(text)
    assert fmt is not None, system.name
    stats = scan_log(text, fmt).stats
    assert stats is not None
    # (a record a line; .NET's console writes the message on a second line of its own;
    # GlassFish and logcat's long format a blank line after each record, which no line counts)
    assert stats.records == sum(counts.values()) and stats.lines == sum(
        1 for line in text.splitlines() if line.strip())
    if system.levels:
        assert stats.levels == _levels(levels) and not stats.levels_inferred
    else:  # no level column: none counted, whatever words open its messages ("Error: …")
        assert not [k for k, v in stats.levels.items() if k != "none" and v], stats.levels
    # every piece of it learns the same format, so a fold's records are cut alike, and its
    # pieces cut anywhere (mid-line) fold to the same stats
    # (a last piece of a few lines, under half a piece, holds too few records to tell)
    pieces = {detect_format(text[i:i + 16_000]) for i in range(0, len(text), 16_000)
              if len(text) - i >= 8_000}
    assert pieces == {fmt}
    bounds = [0, *(len(text) * k // 9 + k * 5 for k in range(1, 9)), len(text)]
    level = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
             for a, b in itertools.pairwise(bounds)]
    merged, _ = merge_stats(level)
    assert merged.model_dump() == provisional(stats).model_dump()


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_an_unseen_log_summary_names_its_top_templates_with_exact_counts(
        system: System, tmp_path: Path) -> None:
    path, counts, _ = write(system, tmp_path)
    summary = summarize_text(path.read_text(encoding="utf-8"), max_summary_chars=4000).summary
    ranked = counts.most_common()
    top = [(t, c) for t, c in ranked if c >= ranked[4][1]]
    named = named_counts(summary)
    hit = sum(1 for t, c in top if any(n == c and names(m, t) for n, m in named))
    assert hit >= 4, (hit, len(top), summary)


@pytest.mark.parametrize("every", [4, 3])
def test_a_label_column_may_hold_a_word_in_some_records(every: int, tmp_path: Path) -> None:
    """A "-" column that some records fill with an alert's name ("KERNDTLB 1117…") is still
    the label before the time."""
    labelled = 0
    for system in SYSTEMS:
        path, counts, levels = write(system, tmp_path)
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines[0].startswith("- "):
            continue
        labelled += 1
        text = "\n".join(("KERNDTLB" + ln[1:]) if k % every == 0 else ln
                         for k, ln in enumerate(lines)) + "\n"
        fmt = detect_format(text)
        assert fmt is not None, system.name
        stats = scan_log(text, fmt).stats
        assert stats is not None and stats.records == sum(counts.values())
        if system.levels:
            assert stats.levels == _levels(levels)
    assert labelled >= 2


def test_a_dashed_list_of_times_is_no_log() -> None:
    items = ["call the bank about the card", "lunch with Ana", "review the budget draft",
             "send the slides to Tom", "book the train for Friday"]
    text = "\n".join(f"- {9 + k % 8}:{k * 7 % 60:02d} {items[k % 5]}" for k in range(40))
    assert detect_format(text) is None


def test_a_level_column_word_of_no_known_level_is_counted_as_written(tmp_path: Path) -> None:
    """A learned level column's rarest word made one that no vocabulary knows ("FAILURE"):
    its records count under it, the others as before, none by keyword."""
    read = 0
    for system in SYSTEMS:
        if not system.levels or system.line is not None:
            continue  # (a record written whole, JSON or pairs, is no learned shape)
        if system.header in (_logrus, _logcat_brief, _logcat_threadtime, _cockroach, _cisco,
                             _mongo_legacy, _xorg, _klog_text, _gluster, _cups, _websphere):
            continue  # (logrus writes its six levels, cut to four letters, and no other;
            # logcat, CockroachDB, klog, MongoDB's text log, GlusterFS, CUPS, WebSphere
            # and Xorg their
            # letters (Xorg's
            # doubled, "(WW)"); Cisco's severity is a digit its
            # templates write, which a level word does not replace)
        rarest = min(range(len(system.templates)), key=lambda i: system.templates[i][2])
        templates = [(t, "FAILURE" if i == rarest else lv, w)
                     for i, (t, lv, w) in enumerate(system.templates)]
        path, _, levels = write(dataclasses.replace(system, templates=templates), tmp_path)
        text = path.read_text(encoding="utf-8")
        fmt = detect_format(text)
        assert fmt is not None
        if not (is_shape(fmt) and has_level(fmt)):
            continue  # (a known format's level vocabulary is its own)
        read += 1
        stats = scan_log(text, fmt).stats
        assert stats is not None and levels["FAILURE"] > 0
        assert stats.levels == _levels(levels) and not stats.levels_inferred
    assert read >= 2


def test_a_header_column_some_records_go_without_and_a_named_date(tmp_path: Path) -> None:
    """nginx's "*connection" after "pid#tid:" and Tomcat's logging class after the thread
    are header columns a record may lack (its message then starts there); "01-Mar-2024" is
    a date; a "pid#tid" is no component's name."""
    by_name = {s.name: s for s in SYSTEMS}
    path, counts, _ = write(by_name["NginxError"], tmp_path)
    text = path.read_text(encoding="utf-8")
    stats = scan_log(text, detect_format(text) or "").stats
    assert stats.records == sum(counts.values()) and "component" not in stats.fields
    mined = {t.template: t.count for t in stats.templates}
    assert mined["client closed keepalive connection"] == counts[
        "client closed keepalive connection"]
    path, counts, _ = write(by_name["Tomcat"], tmp_path)
    text = path.read_text(encoding="utf-8")
    stats = scan_log(text, detect_format(text) or "").stats
    assert stats.first == "2024-03-01T00:00:00" and stats.last is not None
    assert stats.last.startswith("2024-03-02T")
    assert set(stats.fields["component"]) == {
        "org.apache.catalina.startup.Catalina.start", "org.apache.coyote.AbstractProtocol.init",
        "org.apache.catalina.core.StandardService.startInternal"}
    # a record without the logger's name: its message starts after the thread
    one = text.splitlines()[0].split("] ", 1)[0] + "] Server startup in [12] milliseconds\n"
    again = scan_log(text + one, detect_format(text) or "").stats
    assert again.records == stats.records + 1
    assert {t.template: t.count for t in again.templates}["Server startup in [<*>] milliseconds"] \
        == counts["Server startup in [<*>] milliseconds"] + 1
