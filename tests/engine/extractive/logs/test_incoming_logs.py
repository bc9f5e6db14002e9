"""Logs of formats the product was not built on (an access log, a Laravel log with stack
traces, a Spark log4j log, a compose log over JSON, W3C and TSV logs naming their columns,
a uWSGI request log), read against an independent count of
each (``incoming_truth``: a parser per file, from its grammar): records, levels as written
(or no level counts, said), and the top-5 templates with their exact counts."""

from __future__ import annotations

import itertools
import random

import pytest

from gapless.engine.extractive import summarize_text
from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.merge import provisional
from tests.engine.extractive.logs import incoming_truth
from tests.engine.extractive.logs.truth import named_counts, names
from tests.support.paths import TEST_DATA

CARRIED = ("lnav_nginx-combined-xff-access.log", "lnav_laravel-monolog-stacktraces.log",
           "lnav_spark-log4j-executor.log", "lnav_docker-compose-caddy-json.log",
           "lnav_iis-w3c-extended.log", "lnav_zeek-bro-http.tsv.log", "lnav_uwsgi-request.log")


@pytest.mark.parametrize("name", CARRIED)
def test_an_incoming_log_reads_as_its_independent_count(name: str) -> None:
    path = TEST_DATA / "logs" / name
    want = incoming_truth.PARSERS[name](path)
    ex = summarize_text(path.read_text(encoding="utf-8"), max_summary_chars=2400)
    stats = ex.stats
    assert stats is not None, ex.summary[:200]
    assert stats.records == want.records
    assert sum(stats.levels.values()) == stats.records
    assert stats.records + stats.other_lines == stats.lines
    if want.levels is None:
        assert set(stats.levels) == {"none"} and "No level field found" in ex.summary
    else:
        assert stats.fields["level"] == dict(want.levels)
    shown = named_counts(ex.summary)
    top = incoming_truth.top(want)  # (all those tied with the fifth)
    named = [(t, c) for t, c in top if any(k == c and names(m, t) for k, m in shown)]
    assert len(named) >= min(5, len(top)), (top, shown)


@pytest.mark.parametrize("name", CARRIED)
def test_an_incoming_log_cut_anywhere_folds_to_the_same_stats(name: str) -> None:
    """Each piece learns the log's format, and pieces cut at random places (mid-line too)
    fold to the stats of the whole: records, levels as written, templates."""
    text = (TEST_DATA / "logs" / name).read_text(encoding="utf-8")
    fmt = detect_format(text)
    assert fmt is not None
    whole = provisional(scan_log(text, fmt).stats)
    rng = random.Random(name)
    for _ in range(2):
        cuts = sorted(rng.sample(range(1, len(text)), rng.randrange(1, 8)))
        bounds = [0, *cuts, len(text)]
        parts = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
                 for a, b in itertools.pairwise(bounds)]
        merged, _ = merge_stats(parts)
        assert merged.model_dump() == whole.model_dump()
