"""Questions about a log, answered offline from its figures (loghub samples, true templates):
the templates the question is about with their exact counts and times, the level counts
when it asks about errors, a field's top values when it names one; exact at the root of a
fold however the log was split, and anchored at each template's first record."""

from __future__ import annotations

import re

from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from tests.engine.extractive.logs.access import access_lines
from tests.engine.extractive.logs.truth import names, sample, true_counts

_NAMED = re.compile(r"^([\d,]+) × `(.*?)`", re.M)


def named(answer: str) -> list[tuple[int, str]]:
    return [(int(c.replace(",", "")), t) for c, t in _NAMED.findall(answer)]


def exact(answer: str, log: str, true_template: str) -> bool:
    """The answer names ``true_template`` with its true count in ``log``."""
    count = true_counts(log)[true_template]
    return count > 0 and any(c == count and names(m, true_template) for c, m in named(answer))


def test_which_errors_are_answered_with_the_levels_and_the_error_templates() -> None:
    raw = sample("Apache").read_bytes()
    ex = summarize_text(raw.decode("utf-8"), question="Which errors occur and how often?")
    errors = raw.count(b"] [error] ")
    assert ex.answer.splitlines()[0].startswith(f"{errors:,} error records"), ex.answer
    assert exact(ex.answer, "Apache", "mod_jk child workerEnv in error state <*>")
    # only templates of error records: the 836 "jk2_init() Found child" notices are not errors
    assert "Found child" not in ex.answer
    assert ex.answer_anchors
    for anchor in ex.answer_anchors:
        line = raw[anchor.start:anchor.end].decode("utf-8")
        assert "[error]" in line and anchor.label.startswith("answer #")


def test_a_fold_answers_with_the_whole_inputs_counts() -> None:
    text = sample("OpenSSH").read_text(encoding="utf-8")
    question = "who failed?"
    whole = summarize_text(text, question=question)
    data = text.encode("utf-8")
    cuts = [0, len(data) // 3 + 17, 2 * len(data) // 3 - 5, len(data)]  # inside lines
    parts = [summarize_text(data[a:b].decode("utf-8"), a, question=question)
             for a, b in zip(cuts, cuts[1:], strict=False)]
    root = fold_extractions(parts, question=question)
    assert root.answer == whole.answer
    assert exact(root.answer, "OpenSSH", "Failed password for <*> from <*> port <*> ssh2")
    assert re.search(r"^Top users: root \(\d", root.answer, re.M), root.answer
    # anchored at each named template's first record in the whole file, as the whole's are
    assert root.answer_anchors and {(a.start, a.end) for a in root.answer_anchors} <= {
        (a.start, a.end) for a in whole.answer_anchors}


async def test_read_answers_a_count_question_about_a_log() -> None:
    path = sample("HDFS")
    r = await read_summary(path, ReadOptions(question="how many blocks were deleted?"))
    assert r.status == "complete" and r.stats.chunks_total > 1
    assert exact(r.answer, "HDFS", "Deleting block blk_<*> file /<*>/blk_<*>"), r.answer
    raw = path.read_bytes()
    first = r.answer_anchors[0]
    assert b"Deleting block" in raw[first["start"]:first["end"]]
    # at the file's first such record, although a later chunk read it too
    line_of = raw.count(b"\n", 0, first["start"])
    assert line_of == raw.count(b"\n", 0, raw.index(b"Deleting block"))


def test_an_access_log_question_about_a_field_gets_its_top_values() -> None:
    lines, truth = access_lines(3000)
    text = "\n".join(lines) + "\n"
    ex = summarize_text(text, question="which status codes were returned?")
    top = ", ".join(f"{k} ({v:,})" for k, v in truth.statuses.most_common(5))
    assert f"Top statuses: {top}" in ex.answer, ex.answer
    ex = summarize_text(text, question="which IPs sent the most requests?")
    heavy = sorted(truth.ips.most_common(3))
    assert ex.answer.startswith("Top client IPs: " + ", ".join(
        f"{k} ({v:,})" for k, v in heavy)), ex.answer
    ex = summarize_text(text, question="how many server errors?")
    errors = sum(v for k, v in truth.statuses.items() if k.startswith("5"))
    # by the status field, the log writing no level (no level is guessed from a status)
    assert ex.answer.startswith(f"{errors:,} server errors (status 5xx)"), ex.answer
    assert "the log writes no level" in ex.answer.splitlines()[0]
