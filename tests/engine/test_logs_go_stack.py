"""A log whose error records are followed by a Go program's stack ("goroutine 7 [running]:",
"main.(*Server).handle(0xc000a1b2, 0x4)", "runtime/debug.Stack()", each function's file
indented below it, a panic's own line): those lines continue the record above, as a Java
trace's frames do. The log's shape, its level column and its counts are read as without
them, in every piece alike."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, read_alike_in_pieces

_FUNCS = ["main.(*Server).handle(0xc000a1b2, 0x4)", "main.process(...)",
          "net/http.(*conn).serve(0xc0001f40)", "github.com/acme/shop/store.(*DB).Query(0xc0)",
          "main.main()"]
_RECORDS = [("INFO", "info", "executor.Executor: Running task {k} in stage 3"),
            ("INFO", "info", "storage.BlockManager: Found block rdd_{k} locally"),
            ("WARN", "warning", "scheduler.TaskSetManager: Lost task {k} in stage 3"),
            ("DEBUG", "debug", "spark.CacheManager: Partition rdd_{k} not found"),
            ("ERROR", "error", "executor.Executor: Exception in task {k} in stage 3")]


def _stack(k: int) -> list[str]:
    lines = [f"panic: runtime error: index out of range [{k % 5}] with length 3", ""]
    lines += [f"goroutine {k % 90 + 1} [running]:", "runtime/debug.Stack()",
              "\t/usr/local/go/src/runtime/debug/stack.go:24 +0x5e"]
    for n in range(2 + k % 3):
        lines += [_FUNCS[(k + n) % len(_FUNCS)], f"\t/app/server.go:{40 + n * 7} +0x{k % 255:x}"]
    return [*lines, f"created by net/http.(*Server).Serve in goroutine {k % 7 + 1}"]


def _log(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        word, level, message = _RECORDS[k * 3 % len(_RECORDS)]
        levels[level] += 1
        lines.append(f"17/06/09 {clock(k * 7)} {word} {message.format(k=k)}")
        if level == "error":
            lines += _stack(k)
    return "\n".join(lines) + "\n", levels


def test_a_go_stack_below_an_error_record_continues_it() -> None:
    text, levels = _log(800)
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("shape:") and ",L_" in fmt, fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 800 and stats.levels == dict(levels), stats.levels
    read_alike_in_pieces(text, fmt)
