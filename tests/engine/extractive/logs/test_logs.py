"""Machine logs, offline: detection, exact stats however the log is split, the summary.

The loghub samples (tests/data/logs/) come with their true templates: the summary of
each must name at least 3 of the 5 most frequent with their exact counts; an access log
made here with known counts must give its request count, top client IPs, status counts and
its first and last day.
"""

from __future__ import annotations

import json

import pytest

from gapless.engine.core.extraction import Extraction
from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.formats import PARSERS
from gapless.engine.extractive.logs.merge import finalized, provisional
from gapless.engine.extractive.logs.render import facts
from gapless.engine.extractive.logs.templates import TEMPLATE_CAP, TemplateBag
from gapless.engine.run.prompts import fold_prompt, leaf_prompt
from gapless.tui.cli.main import main
from tests.engine.extractive.logs.access import FIRST, LAST, access_lines, write_access_log
from tests.engine.extractive.logs.truth import SAMPLES, named_counts, recall_at_5, sample


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code = main(list(argv))
    out, _ = capsys.readouterr()
    assert code == 0, out[-2000:]
    return json.loads(out)


# --- detection ----------------------------------------------------------------------------


def test_each_format_is_detected_and_prose_is_not() -> None:
    expected = {"OpenSSH": "syslog", "Linux": "syslog", "HDFS": "hdfs", "Apache": "apache-error"}
    for name, fmt in expected.items():
        assert detect_format(sample(name).read_bytes().decode("utf-8")) == fmt
    assert detect_format("\n".join(access_lines(50)[0])) == "apache-access"
    json_log = "\n".join(json.dumps({"ts": f"2024-05-01T10:00:0{i}", "level": lv,
                                     "msg": f"job {i} done", "job": i})
                         for i, lv in enumerate(["info", "warn", "error", "info", "info"]))
    assert detect_format(json_log) == json.dumps(["level", "msg", "ts"]).join(("json:", ""))
    generic = "\n".join(f"2024-05-01 10:00:0{i},123 ERROR app.worker - task {i} failed"
                        for i in range(5))
    assert detect_format(generic) == "generic"
    # Not logs: prose, a rendered conversation quoting log lines, a chat export.
    assert detect_format("We met on Tuesday.\nThe budget was approved.\nNext steps follow.") is None
    rendered = "### tool · 2026-05-01T10:00:00Z\n" + "\n".join(access_lines(20)[0])
    assert detect_format(rendered) is None
    export = "\n".join(json.dumps({"type": "message", "role": "user", "timestamp": "2024",
                                   "text": f"hello {i}"}) for i in range(5))
    assert detect_format(export) is None


def test_parsers_read_their_fields() -> None:
    r = PARSERS["syslog"]("Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user webmaster from 1.2.3.4")
    assert r is not None and r.time == "0000-12-10T06:55:46"
    assert r.fields == {"host": "LabSZ", "program": "sshd"}
    assert r.message == "Invalid user webmaster from 1.2.3.4"
    a = PARSERS["apache-access"](access_lines(2)[0][0])
    assert a is not None and a.time == "2024-03-01T00:00:05" and a.fields["ip"] == "192.0.2.10"
    h = PARSERS["hdfs"]("081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 "
                        "for block blk_38865049064139660 terminating")
    assert h is not None and h.time == "2008-11-09T20:36:15" and h.level == "INFO"


# --- exact stats however the log is split -----------------------------------------------


def _split_stats(text: str, fmt: str, cuts: list[int], fan_in: int = 3) -> LogStats:
    """Scan pieces cut at arbitrary character positions, fold them in a tree of fan_in."""
    bounds = [0, *cuts, len(text)]
    level = [provisional(scan_log(text[a:b], fmt, starts_input=a == 0).stats)
             for a, b in zip(bounds, bounds[1:], strict=False) if b > a]
    while len(level) > 1:
        level = [merge_stats(level[i:i + fan_in])[0] for i in range(0, len(level), fan_in)]
    return level[0]


@pytest.mark.parametrize("name", SAMPLES)
def test_stats_are_the_same_however_the_log_is_split(name: str) -> None:
    text = sample(name).read_bytes().decode("utf-8")
    fmt = detect_format(text)
    assert fmt is not None
    whole = provisional(scan_log(text, fmt).stats)
    assert whole.lines == 2000 and whole.records + whole.other_lines == 2000
    # Cuts inside lines too (mid-line, mid-timestamp), and a piece with no newline at all.
    n = len(text)
    cuts = sorted({n * k // 37 + (k % 5) * 7 for k in range(1, 37)})
    line_end = text.index("\n", n // 2)
    cuts = sorted({*cuts, line_end - 30, line_end - 10})
    for fan_in in (2, 5):
        split = _split_stats(text, fmt, cuts, fan_in)
        assert split.model_dump() == whole.model_dump()


def test_cli_counts_match_at_any_context_size(tmp_path, capsys) -> None:
    """The root's numbers are exact for the whole input however it was split."""
    f = sample("OpenSSH")
    db = str(tmp_path / "g.db")
    small = _cli_json(capsys, "summarize", str(f), "--json", "--context-tokens", "2000",
                      "--db", db)
    large = _cli_json(capsys, "summarize", str(f), "--json", "--context-tokens", "100000",
                      "--db", db)
    assert small["calls"] > 20 and large["calls"] == 1
    assert small["entry"]["stats"] == large["entry"]["stats"]
    assert small["entry"]["stats"]["lines"] == 2000
    # The figures the summary states are the same too (the small one states fewer).
    big_lines = set(large["entry"]["summary"].splitlines())
    for line in small["entry"]["summary"].splitlines():
        if "×" in line:
            assert line in big_lines


def test_template_cap_counts_the_rest() -> None:
    bag = TemplateBag(exact=True)
    for i in range(TEMPLATE_CAP + 50):
        bag.add(f"GET /page{i}", count=1 + (i < 10))
    # (routes without digits: a path segment holding a digit is a value)
    lines = [f'10.0.0.1 - - [01/Mar/2024:00:00:{i % 60:02d} +0000] "GET /p{chr(97 + i % 26)}'
             f'{chr(97 + i // 26)} HTTP/1.1" 200 5' for i in range(TEMPLATE_CAP + 50)]
    stats = scan_log("\n".join(lines) + "\n", "apache-access").stats
    assert len(stats.templates) == TEMPLATE_CAP and stats.templates_other == 50
    assert sum(t.count for t in stats.templates) + stats.templates_other == stats.records
    merged, _ = merge_stats([stats, stats])
    assert merged.records == 2 * stats.records
    assert sum(t.count for t in merged.templates) + merged.templates_other == merged.records


# --- the summary ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_loghub_summary_names_top_templates_with_exact_counts(name: str, tmp_path,
                                                              capsys) -> None:
    d = _cli_json(capsys, "summarize", str(sample(name)), "--json", "--db",
                  str(tmp_path / "g.db"))
    entry = d["entry"]
    hit, of = recall_at_5(name, entry["summary"])
    assert hit >= 3, (hit, of, entry["summary"])
    # Volume and time range first; the headline says what the log is and its span.
    assert entry["summary"].startswith("2,000 lines, ")
    assert "2,000 lines over " in entry["headline"]
    assert not any(w in " ".join(entry["topics"]) for w in ("KHTML", "Gecko", "WOW64"))
    assert 3 <= len(entry["topics"]) <= 8


def test_openssh_headline_topics_and_talkers() -> None:
    ex = summarize_text(sample("OpenSSH").read_bytes().decode("utf-8"))
    assert ex.headline.startswith("OpenSSH auth log, 2,000 lines over 4 h 9 min: ")
    assert "sshd" in ex.topics and "Failed password" in ex.topics
    assert "Dec 10 06:55:46 to Dec 10 11:04:45" in ex.summary
    assert "183.62.140.253 (867)" in ex.summary  # the top talker, counted
    # sshd writes no level field: no level counts and no error bursts, none guessed from
    # the messages' words ("Failed password")
    assert "No level field found" in ex.summary and "burst" not in ex.summary
    # Every shown template is anchored at its first record.
    text = sample("OpenSSH").read_bytes()
    anchored = [a for a in ex.anchors if a.label.startswith("log: ")]
    assert len(anchored) >= 5
    for a in anchored:
        assert b"\n" not in text[a.start:a.end] and (a.start == 0 or text[a.start - 1] == 10)


def test_access_log_summary(tmp_path, capsys) -> None:
    f = tmp_path / "access.log"
    truth = write_access_log(f, 3000)
    d = _cli_json(capsys, "summarize", str(f), "--json", "--db", str(tmp_path / "g.db"))
    summary = d["entry"]["summary"]
    assert "3,000 requests" in summary
    for ip, count in truth.ips.most_common(3):
        assert f"{ip} ({count:,})" in summary
    for status, count in truth.statuses.items():
        assert f"{status} × {count:,}" in summary
    assert FIRST.strftime("%Y-%m-%d") in summary and LAST.strftime("%Y-%m-%d") in summary
    assert f"{truth.bytes_sent:,} bytes" in summary
    assert d["entry"]["headline"].startswith("Web access log, 3,000 lines over 3.0 days")
    topics = d["entry"]["topics"]
    assert "HTTP 404" in topics and not any("Gecko" in t or "KHTML" in t for t in topics)
    stats = d["entry"]["stats"]
    assert stats["records"] == 3000 and stats["fields"]["status"] == dict(
        sorted(truth.statuses.items(), key=lambda kv: (-kv[1], kv[0])))


def test_fold_of_log_leaves_merges_and_keeps_anchors() -> None:
    text = sample("HDFS").read_bytes().decode("utf-8")
    cut = text.index("\n", len(text) // 3) + 1
    cut2 = len(text) * 2 // 3  # inside a line
    parts = [summarize_text(text[:cut], 0),
             summarize_text(text[cut:cut2], len(text[:cut].encode())),
             summarize_text(text[cut2:], len(text[:cut2].encode()))]
    assert all(p.stats is not None for p in parts)
    folded = fold_extractions(parts, max_summary_chars=1500)
    whole = summarize_text(text, 0, max_summary_chars=1500)
    assert folded.summary == whole.summary and folded.headline == whole.headline
    assert [a.label for a in folded.anchors] == [a.label for a in whole.anchors]
    assert [(a.start, a.end) for a in folded.anchors] == [(a.start, a.end) for a in whole.anchors]


def test_non_log_extractions_serialize_as_before() -> None:
    ex = Extraction(headline="h", summary="s")
    assert "stats" not in ex.model_dump() and '"stats"' not in ex.model_dump_json()
    assert Extraction.model_validate({"headline": "h", "stats": {"bogus": 1}}).stats is None


# --- facts for a model -------------------------------------------------------------------


def test_leaf_prompt_gets_facts_for_logs_only() -> None:
    log = sample("OpenSSH").read_bytes().decode("utf-8")[:20000]
    p = leaf_prompt(log, 0, question=None, instructions="", summary_chars=800)
    assert "Facts computed from this text" in p.text and p.stats is not None
    assert p.text.index("Facts computed") < p.text.index("<transcript-data")
    top = p.stats.templates[0]
    assert f"{top.count:,} × `" in p.text
    prose = "We met on Tuesday. The budget was approved.\nNext steps follow."
    q = leaf_prompt(prose, 0, question=None, instructions="", summary_chars=800)
    assert "Facts computed" not in q.text and q.stats is None
    # A fold of log children: the merged figures (the children show theirs in their JSON).
    kids = [((0, 10), summarize_text(log[:9000], 0)), ((10, 20), summarize_text(log[9000:], 9000))]
    f = fold_prompt(kids, question=None, instructions="", summary_chars=800)
    assert "Facts computed" in f.text and f.stats is not None
    assert finalized(f.stats).records == finalized(scan_log(log, "syslog").stats).records
    assert f.task.children[0][1].stats is not None  # the offline provider merges them


def test_facts_state_exact_numbers() -> None:
    stats = scan_log(sample("Apache").read_bytes().decode("utf-8"), "apache-error").stats
    block = facts(stats)
    assert "836 × `jk2_init() Found child <*> in scoreboard slot <*>`" in block
    assert "2005-12-04 04:47:44 to 2005-12-05 19:15:57" in block
    assert named_counts(block.replace("- ", ""))[0][0] == 836
