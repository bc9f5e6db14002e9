"""A program's log passed on by a collector, each line behind the collector's prefix
(``journalctl``'s syslog header, ``docker logs --timestamps``' stamp, ``kubectl logs
--prefix``'s pod): the records, levels and templates are the program's. Before, the prefix
was read as the header and the program's whole line as the message: no level, and every
template holding the program's own stamp."""

from __future__ import annotations

import json
import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.collector_prefix import is_collected
from tests.support.helpers import folds_alike

_EVENTS = [
    ("INFO", "c.e.orders.OrderService", "Order {} placed by customer {}"),
    ("INFO", "c.e.http.Access", "GET /api/orders/{} answered in {} ms"),
    ("WARN", "c.e.db.Pool", "Pool at {} of {} connections"),
    ("ERROR", "c.e.pay.Gateway", "Payment {} declined: code {}"),
    ("DEBUG", "c.e.cache.Cache", "Cache miss for key order:{} after {} ms"),
]


def _program(n: int, rnd: random.Random) -> list[tuple[str, str, str]]:
    """``n`` records of a Java service: (level, message template, line)."""
    out = []
    for k in range(n):
        level, logger, msg = rnd.choices(_EVENTS, weights=[30, 40, 12, 6, 12])[0]
        stamp = f"2024-03-01 {k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d},{k % 1000:03d}"
        text = msg.format(rnd.randint(1000, 99999), rnd.randint(1, 500))
        out.append((level, msg, f"{stamp} {level:<5} [http-nio-8080-exec-{k % 9}] {logger} - "
                                f"{text}"))
    return out


def _counts(records: list[tuple[str, str, str]]) -> tuple[Counter[str], Counter[str]]:
    return Counter(lv for lv, _, _ in records), Counter(m for _, m, _ in records)


def _read(text: str) -> tuple[str, dict[str, int], dict[str, int]]:
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    written = stats.fields.get("level", {})
    return fmt, dict(written), {t.template: t.count for t in stats.templates}


def _template_of(msg: str) -> str:
    return msg.replace("{}", "<*>")


def test_a_journal_of_a_service_is_read_by_the_service_s_own_lines() -> None:
    rnd = random.Random(5)
    records = _program(900, rnd)
    lines = []
    for k, (_, _, line) in enumerate(records):
        lines.append(f"Mar 01 {k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d} web-01 "
                     f"orders[2301]: {line}")
        if k % 97 == 5:  # a stack trace the journal keeps line by line, behind the prefix
            lines.append("Mar 01 00:00:00 web-01 orders[2301]: java.lang.IllegalStateException:"
                         " pool exhausted")
            lines.append("Mar 01 00:00:00 web-01 orders[2301]: \tat c.e.db.Pool.take"
                         "(Pool.java:88)")
    text = "\n".join(lines) + "\n"
    fmt, levels, templates = _read(text)
    assert is_collected(fmt)
    want_levels, want_templates = _counts(records)
    assert levels == dict(want_levels)
    assert sorted(templates.values()) == sorted(want_templates.values())
    assert templates.get(_template_of(_EVENTS[0][2])) == want_templates[_EVENTS[0][2]]
    assert not any("2024" in t or "Mar" in t or "exec" in t for t in templates)
    folds_alike(text, fmt, pieces=(2, 5))


def test_docker_timestamps_before_json_lines_leave_the_json_log() -> None:
    rnd = random.Random(8)
    records = _program(600, rnd)
    lines = []
    for k, (level, _, line) in enumerate(records):
        own = {"time": f"2024-03-01T{k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d}.123Z",
               "level": level.lower(), "msg": line.split(" - ", 1)[1]}
        lines.append(f"2024-03-01T{k // 3600:02d}:{k // 60 % 60:02d}:{k % 60:02d}."
                     f"{k * 7919 % 10**9:09d}Z {json.dumps(own)}")
    text = "\n".join(lines) + "\n"
    fmt, levels, _ = _read(text)
    assert is_collected(fmt)
    want, _ = _counts(records)
    assert levels == {lv.lower(): n for lv, n in want.items()}


def test_a_pod_s_prefix_before_level_first_lines_leaves_their_levels() -> None:
    rnd = random.Random(2)
    words = [("INFO", "Application startup complete."), ("INFO", "Waiting for connections"),
             ("WARNING", "Slow response from upstream"), ("ERROR", "Exception in ASGI application")]
    lines, want = [], Counter[str]()
    for _ in range(500):
        level, msg = rnd.choices(words, weights=[40, 40, 12, 8])[0]
        want[level] += 1
        lines.append(f"[pod/api-7d9f8c6b5-x2x9q/api] {level + ':':<9} {msg}")
    fmt, levels, _ = _read("\n".join(lines) + "\n")
    assert is_collected(fmt)
    assert levels == dict(want)


def test_an_iso_stamped_log_is_no_collector_s() -> None:
    """A stamp then a level is one log's two columns: the prefix rule leaves it alone."""
    lines = [f"2024-03-01T00:{k // 60:02d}:{k % 60:02d}.000Z {'INFO' if k % 5 else 'WARN'} "
             f"worker {k % 7} finished job {k}" for k in range(300)]
    fmt, levels, _ = _read("\n".join(lines) + "\n")
    assert not is_collected(fmt)
    assert levels == {"INFO": 240, "WARN": 60}


def test_a_container_runtime_s_file_is_read_by_the_container_s_lines() -> None:
    rnd = random.Random(11)
    records = _program(700, rnd)
    lines = [f"2024-03-01T00:{k // 60 % 60:02d}:{k % 60:02d}.{k * 7919 % 10**9:09d}Z "
             f"{'stderr' if level == 'ERROR' else 'stdout'} F {line}"
             for k, (level, _, line) in enumerate(records)]
    text = "\n".join(lines) + "\n"
    fmt, levels, templates = _read(text)
    assert is_collected(fmt)
    want_levels, want_templates = _counts(records)
    assert levels == dict(want_levels)
    assert sorted(templates.values()) == sorted(want_templates.values())
    folds_alike(text, fmt, pieces=(3, 7))


def test_a_container_runtime_s_flag_is_no_level_of_plain_lines() -> None:
    """Behind the runtime's stamp, stream and flag, plain lines (no log of their own): the
    "F" that marks a whole line is no level (it read as "fatal" on every line)."""
    words = ["Listening on :8080", "Reloading configuration", "Worker 3 started",
             "Request took too long"]
    lines = [f"2024-03-01T00:{k // 60:02d}:{k % 60:02d}.{k:09d}Z stdout F {words[k % 4]} #{k}"
             for k in range(400)]
    text = "\n".join(lines) + "\n"
    fmt, levels, _ = _read(text)
    assert is_collected(fmt)
    assert levels == {}
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 400 and stats.levels == {"none": 400}
    assert stats.first == "2024-03-01T00:00:00"
