"""Several services' lines interleaved, each behind its name padded to a bar ("api-1  | …"),
each service writing its own format: a log whose records are read by their service's
format (levels exact, messages without the other service's header), the service its
component; pipe-parted columns opened by a level word stay one log's columns.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.service_prefix import is_services
from tests.support.helpers import clock

_API = [("INFO", '10.0.0.{n}:{k} - "GET /orders/{k} HTTP/1.1" 200 OK'),
        ("INFO", "Waiting for application startup."),
        ("ERROR", "Exception in ASGI application"),
        ("WARNING", "Invalid HTTP request received.")]
_WORKER = [("INFO", "Task app.tasks.send_email[{k:x}] received"),
           ("INFO", "Task app.tasks.send_email[{k:x}] succeeded in 0.{n}s: None"),
           ("ERROR", "Task app.tasks.resize[{k:x}] raised unexpected: OSError('bad image')")]


def _compose(records: int) -> tuple[str, Counter[str], Counter[str]]:
    lines = []
    levels: Counter[str] = Counter()
    services: Counter[str] = Counter()
    for k in range(records):
        if k % 5 in (0, 2, 3):
            level, message = _WORKER[k % 3]
            lines.append(f"worker-{1 + k % 2}  | [2024-03-01 {clock(k * 7)},{k % 1000:03d}: "
                         f"{level}/MainProcess] {message.format(k=k * 7919, n=k % 9)}")
            services["worker"] += 1
        else:
            level, message = _API[k % 4]
            lines.append(f"api-1     | {level + ':':<9} {message.format(k=k, n=k % 200)}")
            services["api"] += 1
        levels[level.lower()] += 1
    return "\n".join(lines) + "\n", levels, services


def test_interleaved_services_are_read_each_by_its_own_format() -> None:
    text, levels, services = _compose(800)
    fmt = detect_format(text)
    assert fmt is not None and is_services(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 800
    assert stats.levels == dict(levels)
    assert stats.fields["component"] == dict(services)
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Exception in ASGI application"] == sum(
        1 for k in range(800) if k % 5 not in (0, 2, 3) and k % 4 == 2)


def test_pipe_parted_columns_opened_by_a_level_are_one_log() -> None:
    lines = [f"{['INFO', 'WARN', 'ERROR'][k % 3]:<5} | 2024-03-01 {clock(k)} | request {k} done"
             for k in range(300)]
    fmt = detect_format("\n".join(lines) + "\n")
    assert fmt is not None and not is_services(fmt)
