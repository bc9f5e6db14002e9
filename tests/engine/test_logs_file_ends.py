"""A log as strangers' files are written: its last line with no newline, a byte-order mark
before its first, Windows' "\\r\\n" line ends. Each is the same log: the same format read,
the same figures, whatever the pieces it is cut into."""

from __future__ import annotations

import itertools
import random
import uuid

from gapless.engine.extractive.logs import detect_format, merge_stats, scan_log
from gapless.engine.extractive.logs.detect import detect_input
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.skeleton import holds
from tests.support.helpers import clock, folds_alike

_QUEUES = ["users", "payments", "orders", "billing", "search", "reports", "alerts", "audit"]


def _tasks(records: int) -> tuple[str, int]:
    """A scheduler's log whose task lines glue a queue's name to a job's id (a value drain
    finds only among many lines: "<*>:<*>"), and how many task lines it holds."""
    rnd = random.Random(5)
    lines, tasks = [], 0
    for k in range(records):
        if rnd.random() < 0.5 or k == records - 1:  # (the last line a task's)
            tasks += 1
            lines.append(f"2024-03-01 {clock(k * 9)},123 INFO scheduler: Task "
                         f"{rnd.choice(_QUEUES)}:{uuid.UUID(int=rnd.getrandbits(128))} took "
                         f"{rnd.randint(1, 90000)}ms to run")
        else:
            lines.append(f"2024-03-01 {clock(k * 9)},123 WARN http: Request from "
                         f"10.0.{rnd.randint(0, 255)}.{rnd.randint(1, 254)} timed out after "
                         f"{rnd.randint(1, 60)}s")
    return "\n".join(lines), tasks


def _templates(text: str, fmt: str) -> dict[str, int]:
    stats = scan_log(text, fmt).stats
    assert stats is not None
    return {t.template: t.count for t in provisional(stats).templates}


def test_a_last_line_without_its_newline_is_counted_in_its_template() -> None:
    text, tasks = _tasks(300)
    fmt = detect_format(text)
    assert fmt is not None
    ended = _templates(text + "\n", fmt)
    unended = _templates(text, fmt)
    assert unended == ended
    task = [t for t in ended if t.startswith("Task ")]
    assert len(task) == 1 and ended[task[0]] == tasks
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_a_template_holds_one_lines_template_token_for_token() -> None:
    assert holds("Task <*>:<*> took <*> to run", "Task users:<*> took <*> to run")
    assert not holds("Task <*>:<*> took <*> to run", "Task users took <*> to run")
    assert not holds("Job <*>:<*> took <*> to run", "Task users:<*> took <*> to run")
    assert not holds("<*> <*> <*>", "one two three")  # values only: no event's words


_SAID = [("info", "Checking for update"),
         ("info", "Update for version 1.{}.{} is not available (latest version: 2.{}.0)."),
         ("verbose", "[IPC] window:{} handled in {}ms"),
         ("error", "Error: net::ERR_INTERNET_DISCONNECTED"),
         ("info", "Window {} loaded https://app.example.com/{}"),
         ("warn", "Failed to load tray icon, retrying: Error: ENOENT: no such file or "
                  "directory, open '/opt/app/icons/{}.png'"),
         ("debug", "powerMonitor: system {}")]


def _app(records: int) -> str:
    """A desktop app's log (electron-log's): "[date time.ms] [level] message", the level's
    bracket padded to one width, the line's first field a bracket."""
    rnd = random.Random(6)
    lines = []
    for k in range(records):
        level, said = rnd.choices(_SAID, weights=[40, 30, 22, 16, 12, 8, 6])[0]
        lines.append(f"[2024-03-01 {clock(k * 7)}.{rnd.randint(0, 999):03d}] "
                     f"{'[' + level + ']':<7} "
                     + said.format(*(rnd.randint(0, 99) for _ in range(3))))
    return "\n".join(lines) + "\n"


def test_a_byte_order_mark_changes_no_format() -> None:
    text = _app(2000)  # over 120,000 characters: the input's format from its samples
    assert len(text) > 120_000
    fmt = detect_format(text)
    marked = "\ufeff" + text
    assert detect_format(marked) == fmt
    assert detect_format(marked[:20_000]) == detect_format(text[:20_000]) == fmt
    assert detect_input(lambda a, b: marked[a:b], len(marked)) == fmt


_REPORTS = [("INFO", "accepting AMQP connection <0.{}.0> ({}:{} -> 10.0.0.5:5672)"),
            ("WARNING", "closing AMQP connection <0.{}.0> ({}:{} -> 10.0.0.5:5672):\n"
                        "client unexpectedly closed TCP connection"),
            ("ERROR", "closing AMQP connection <0.{}.0> ({}:{} -> 10.0.0.5:5672):\n"
                      "{{handshake_timeout,frame_header}}")]


def _reports(records: int, end: str) -> str:
    """An Erlang node's reports: a "=LEVEL REPORT==== date ===" line over the message's
    lines, a blank line after each; lines ended by ``end``."""
    rnd = random.Random(8)
    blocks = []
    for k in range(records):
        level, text = rnd.choice(_REPORTS)
        body = text.format(rnd.randint(100, 99999), f"10.1.{rnd.randint(0, 255)}.7",
                           rnd.randint(1024, 65535))
        blocks.append(f"={level} REPORT==== 1-Mar-2024::{clock(k * 7)} ===\n{body}\n")
    return "\n".join(blocks).replace("\n", end)


def test_windows_line_ends_part_blocks_as_blank_lines_do() -> None:
    plain, windows = _reports(200, "\n"), _reports(200, "\r\n")
    fmt = detect_format(plain)
    assert fmt is not None and fmt.startswith("blocks:")
    assert detect_format(windows) == fmt
    whole, lf = scan_log(windows, fmt).stats, scan_log(plain, fmt).stats
    assert whole is not None and lf is not None
    assert provisional(whole).records == 200
    assert provisional(whole).fields["level"] == provisional(lf).fields["level"]
    for n in (2, 3, 7):  # cut at line ends, the "\r" before each cut's "\n" on either side
        bounds = [0, *(windows.index("\n", len(windows) * k // n) + (k % 2)
                       for k in range(1, n)), len(windows)]
        parts = [provisional(scan_log(windows[a:b], fmt, starts_input=a == 0).stats)
                 for a, b in itertools.pairwise(bounds)]
        merged, _ = merge_stats(parts)
        assert merged.records == 200, n
        assert merged.model_dump() == provisional(whole).model_dump(), n


_SAID_WITH_CONTEXT = ["GET /api/orders/{}", "POST /api/orders", "Query took {}ms: SELECT * FROM "
                      "orders WHERE id = ${}", "Connection pool exhausted on event loop {}"]


def _requests(records: int, end: str) -> str:
    """A web framework's log: "[ LEVEL ] message [request-id: id, user: n]", the request's
    context closing each line; lines ended by ``end``."""
    rnd = random.Random(9)
    lines = []
    for _ in range(records):
        said = rnd.choice(_SAID_WITH_CONTEXT).format(rnd.randint(1, 99999), rnd.randint(1, 9))
        lines.append(f"[ {rnd.choice(['INFO', 'INFO', 'WARNING', 'ERROR', 'DEBUG'])} ] {said} "
                     f"[request-id: {rnd.getrandbits(32):08X}-{rnd.getrandbits(16):04X}, "
                     f"user: {rnd.randint(1, 999)}]{end}")
    return "\n".join(lines) + "\n"


def test_blanks_that_end_each_line_change_no_figure() -> None:
    plain = _requests(600, "")
    blanked = _requests(600, " \t")
    fmt = detect_format(plain)
    assert fmt is not None and detect_format(blanked) == fmt
    assert _templates(blanked, fmt) == _templates(plain, fmt)
    assert len(_templates(plain, fmt)) == len(_SAID_WITH_CONTEXT)  # (the context no event's)
    reports = _reports(150, " \n")  # (a block log: blank lines of one blank each)
    fmt = detect_format(reports)
    assert fmt is not None and fmt.startswith("blocks:")
    folds_alike(reports, fmt, pieces=(2, 5))
