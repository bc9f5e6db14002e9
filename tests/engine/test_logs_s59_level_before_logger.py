"""A level at no fixed place — after a thread's name that holds the request it serves on
some records ("http-nio-8080-exec-2 url: /search; user: ann WARN …"), right after the thread
on the others — then the logger's dotted name in brackets a few fields on: every record's
level is counted, its message starts after the bracket (one template whatever the request),
the same however the log is cut; a log whose level word has one place keeps its column.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.level_before_logger import LEVEL_LOGGER
from tests.support.helpers import clock, read_alike_in_pieces

_LOGGERS = ["c.a.j.issue.fields.CustomFieldImpl", "c.a.j.p.webhooks.WebHookPublisher",
            "c.a.jira.service.ServiceRunner"]
_TABLE = [("WARN", "Could not find custom field value for customfield_{k} in issue ABC-{k}"),
          ("INFO", "Finished running job with id={k}, took {k} ms"),
          ("ERROR", "Unable to publish webhook event: Connection refused"),
          ("DEBUG", "Flushing {k} documents to the index took {k} ms"),
          ("INFO", "Running scheduled service IndexService")]


def _jira(records: int) -> tuple[str, Counter[str], Counter[str]]:
    lines = []
    levels: Counter[str] = Counter()
    messages: Counter[str] = Counter()
    for k in range(records):
        level, message = _TABLE[k % len(_TABLE)]
        stamp = f"2024-03-01 {clock(k * 7)},{k % 1000:03d}+0000"
        logger = _LOGGERS[k % 3]
        if k % 3 == 0:
            user = ["ann", "bob.smith", "wei87"][k % 3 - 1]
            context = (f"http-nio-8080-exec-{k % 40} url: /rest/api/2/search; user: {user} "
                       f"{level} {user} {600 + k % 400}x{k}x1 {k * 7919:x} 10.0.{k % 9}.1,"
                       f"127.0.0.1 /rest/api/2/search")
        elif k % 3 == 1:
            context = f"Caesium-1-{k % 4} {level} ServiceRunner    "
        else:
            context = f"JiraTaskExecutionThread-{k % 3} {level}      "
        levels[level.lower().replace("warn", "warning")] += 1
        messages[message] += 1
        lines.append(f"{stamp} {context} [{logger}] {message.format(k=k)}")
    return "\n".join(lines) + "\n", levels, messages


def test_a_level_at_no_fixed_place_before_the_loggers_bracket_is_counted() -> None:
    text, levels, _ = _jira(900)
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(f",{LEVEL_LOGGER}_s"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.levels == dict(levels)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Could not find custom field value for customfield_<*> in issue ABC-<*>"] == 180
    assert counts["Running scheduled service IndexService"] == 180
    read_alike_in_pieces(text, fmt)


def test_a_level_in_one_place_keeps_its_column() -> None:
    lines = [f"2024-03-01 {clock(k)},000+0000 main {_TABLE[k % 5][0]} [{_LOGGERS[k % 3]}] "
             f"{_TABLE[k % 5][1].format(k=k)}" for k in range(300)]
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is not None and LEVEL_LOGGER not in fmt
