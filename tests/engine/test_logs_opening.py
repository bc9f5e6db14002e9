"""Lines a program prints before its first record (a banner's ASCII art and version, an
echoed command line, a config dump of "key = value" lines) are no records: a log whose
records open with their level, or whose two-line records do, counts its levels exact over
its records, the same in every window and cut into pieces; a record of no level after the
first record with one is a record all the same."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from gapless.engine.config import Settings
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from tests.support.helpers import folds_alike

BANNER = r"""+ exec python -m shop --workers 4 --bind 0.0.0.0:8000
  .   ____          _            __ _ _
 /\\ / ___'_ __ _ _(_)_ __  __ _ \ \ \ \
( ( )\___ | '_ | '_| | '_ \/ _` | \ \ \ \
 \\/  ___)| |_)| | | | | || (_| |  ) ) ) )
  '  |____| .__|_| |_|_| |_\__, | / / / /
 =========|_|==============|___/=/_/_/_/
 :: Spring Boot ::               (v3.2.1)
Copyright (c) 2024 Example Corp. All rights reserved.
Effective configuration:
server.port = 8000
db.pool.max_size = 16
cache.ttl = 30s
log.level = info

"""

_MESSAGES = [("INFO", '127.0.0.1:{k} - "GET /api/items/{k} HTTP/1.1" 200 OK'),
             ("INFO", "Waiting for application startup."),
             ("WARNING", "Slow response from upstream: {k} ms"),
             ("ERROR", "Exception in ASGI application: worker {k} gone"),
             ("DEBUG", "Connection {k} closed by client")]


def _level_first(records: int, levelless_every: int = 0) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        if levelless_every and k % levelless_every == levelless_every - 1:
            lines.append(f"Reloading worker {k} after a change")
            levels["none"] += 1
            continue
        level, message = _MESSAGES[k * 3 % len(_MESSAGES)]
        levels[level.lower()] += 1
        lines.append(f"{level + ':':<10}{message.format(k=k)}")
    return "\n".join(lines) + "\n", levels


def _dotnet(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        level = ("info", "warn", "fail", "dbug")[k * 3 % 4]
        levels[{"warn": "warning", "fail": "error", "dbug": "debug"}.get(level, level)] += 1
        lines.append(f"{level}: Shop.Orders.OrderService[{1000 + k % 7}]")
        lines.append(f"      Order {k} handled in {k % 90} ms")
    return "\n".join(lines) + "\n", levels


def _read(text: str) -> tuple[str, Counter[str], int]:
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt, remember=False).stats
    assert stats is not None
    stats = provisional(stats)
    return fmt, Counter(stats.levels), stats.records


def test_a_banner_before_level_first_records_adds_no_record() -> None:
    text, levels = _level_first(600)
    fmt, got, records = _read(BANNER + text)  # (read level first, or by its level column)
    assert got == levels and records == 600
    folds_alike(BANNER + text, fmt)


def test_a_banner_before_two_line_records_adds_no_record() -> None:
    text, levels = _dotnet(400)
    fmt, got, records = _read(BANNER + text)
    assert fmt == detect_format(text)
    assert got == levels and records == 400


def test_records_of_no_level_after_the_first_record_stay_records() -> None:
    text, levels = _level_first(600, levelless_every=9)
    assert levels["none"] == 66
    fmt, got, records = _read(BANNER + text)
    assert got == levels and records == 600


def test_every_window_drops_the_same_opening(tmp_path: Path) -> None:
    text, levels = _level_first(900)
    path = tmp_path / "app.log"
    path.write_text(BANNER + text, encoding="utf-8")
    for tokens in (512, 8192):
        entry = asyncio.run(summarize_path(path, RunRequest(Settings(context_tokens=tokens))))
        stats = (entry.entry or {}).get("stats") or {}
        assert stats.get("levels") == dict(levels), tokens


def test_a_first_record_of_a_level_word_of_the_logs_own_stays_a_record() -> None:
    # (npm's debug log: "silly", "http", "timing" are its levels, off the common scale)
    words = [("silly", "placeDep ROOT left-pad@1.3.{k} OK for: shop@1.0.0"),
             ("http", "fetch GET 200 https://registry.npmjs.org/pkg-{k} 38ms"),
             ("timing", "reify:loadTrees Completed in {k}ms"),
             ("warn", "deprecated inflight@1.0.{k}: This module is not supported"),
             ("info", "using npm@10.2.{k}")]
    lines = [f"{k} {words[k * 3 % 5][0]} {words[k * 3 % 5][1].format(k=k)}" for k in range(500)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt, remember=False).stats
    assert stats is not None
    assert provisional(stats).records == 500
