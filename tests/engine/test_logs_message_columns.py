"""Fields a record writes beside its message, found by structure: a one-token column after
every message (a caller in parentheses, the time since the record before), an event padded
to a column with its context's "key: value" pairs after it, and a run of "-"-parted context
columns longer than the fields other header columns are learned over. Each log's events are
named without those fields, its counts exact, and the log read alike in pieces. And
request lines inside an application's log are one event per method, and a piece
of an incident whose traces are most of its lines learns the shape of the others."""

from __future__ import annotations

from collections import Counter

from gapless.engine.core.logstats import TemplateStat
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.after_message import column_after, without
from gapless.engine.extractive.logs.padded_event import event_of, padded_width
from gapless.engine.extractive.logs.render import summary_lines
from gapless.engine.extractive.logs.request_line import other_request
from tests.support.helpers import clock, cycled_log, levelled_scan, read_alike_in_pieces

_SHOP = [("INFO", "Order 5521 placed by mary5 for 120 EUR"),
         ("DEBUG", "Cache miss for key user:7"),
         ("INFO", "Payment gateway answered 200 in 31 ms"),
         ("WARN", "Retrying request to https://pay.example.com/v1 (attempt 2)"),
         ("ERROR", "Failed to place order 5521"),
         ("INFO", "Order 77 placed by li3 for 9 EUR"),
         ("DEBUG", "Scheduler tick took 12 ms")]
_CALLERS = ["org.example.connect.runtime.WorkerSinkTask:345", "org.example.jdbc.SinkTask:92",
            "org.example.clients.ConsumerCoordinator:1203"]


def _said(stats: object) -> list[str]:
    return [ln for ln in summary_lines(stats, 4000) if " × `" in ln]  # type: ignore[arg-type]


def test_a_caller_in_parentheses_after_every_message_is_no_part_of_its_event() -> None:
    def line(k: int, level: str, message: str) -> str:
        return (f"[2024-03-01 {clock(k * 7)},{k * 37 % 1000:03d}] {level} {message} "
                f"({_CALLERS[k % 3]})")

    text, levels, counts = cycled_log(_SHOP, 700, 1, line)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 700
    assert stats.fields["level"] == dict(levels)
    said = _said(stats)
    assert "200 × `Order <*> placed by <*> for <*> EUR`" in said, said
    assert any(s.endswith(" (attempt <*>)`") for s in said), said
    assert not any(s.endswith("(<*>)`") and "attempt" not in s for s in said), said
    read_alike_in_pieces(text * 3, fmt)


def test_a_trailing_token_is_a_column_only_when_nearly_every_record_ends_with_it() -> None:
    def stat(template: str, count: int) -> TemplateStat:
        return TemplateStat(template=template, count=count)

    timed = [stat("Order <*> placed +<*>", 50), stat("Cache miss <*> +<*>", 40),
             stat("User <*> logged out +<*>", 30), stat("Started", 1)]
    assert column_after(timed) == "+<*>"
    assert without("Order <*> placed +<*>", "+<*>") == "Order <*> placed"
    assert without("Started", "+<*>") == "Started"
    # a parenthesised value that ends only some events is the message's own
    some = [stat("Retrying (attempt <*>)", 50), stat("Cache miss <*>", 40),
            stat("Order <*> placed", 30)]
    assert column_after(some) is None
    # one event's text says nothing of a column; a word or a bare value is no column's mark
    assert column_after([stat("Retrying (<*>)", 50), stat("Closed (<*>)", 50)]) is None
    assert column_after([stat(f"Event {k} took <*>", 10) for k in range(5)]) is None
    assert column_after([stat(f"Event {k} (done)", 10) for k in range(5)]) is None


_SLOG = [("INFO", "Synced", 'peers: "12", epoch: {k}, block: "0x{k:x}", service: slot_notifier'),
         ("INFO", "New block received", "root: 0x{k:x}aa, slot: {k}"),
         ("DEBG", "Delayed head block", "set_as_head_time_ms: {t}, block_root: 0x{k:x}, slot: {k}"),
         ("ERRO", "Error during execution engine upcheck",
          "error: Reqwest(reqwest::Error {{ kind: Request }}), service: exec"),
         ("WARN", "Low peer count", "peer_count: {t}, service: slot_notifier")]


def test_an_event_padded_before_key_colon_pairs_is_the_template() -> None:
    lines = []
    for k in range(600):
        level, event, pairs = _SLOG[k % len(_SLOG)]
        lines.append(f"Mar 01 {clock(k * 5)}.{k * 37 % 1000:03d} {level} {event:<40}"
                     f"{pairs.format(k=k * 7919 % 100_000, t=k % 97)}")
    text = "\n".join(lines) + "\n"
    fmt, stats = levelled_scan(text, 600)
    assert stats.fields["level"] == dict(Counter(lv for lv, _, _ in _SLOG * 120))
    named = {t.template: t.count for t in stats.templates}
    for _, event, _ in _SLOG:
        assert named.get(event) == 120, (event, named)
    read_alike_in_pieces(text * 3, fmt)


def test_colon_pairs_are_cut_only_when_the_rest_is_pairs_alone() -> None:
    padded = [f"{e:<40}slot: {k}, service: x" for k, e in enumerate(
        ["Synced", "New block received", "Low peer count"] * 10)]
    assert padded_width(padded) == 40
    assert event_of(f"{'Synced':<40}epoch: 5, block: \"0xab\"", 40) == "Synced"
    long = "An event longer than the padding's forty columns"
    assert event_of(f"{long} error: Io(timeout), service: exec", 40) == long
    assert event_of(f"{long}: and then a reason", 40) == f"{long}: and then a reason"
    assert event_of(f"{long} reason: a lost peer", 40) == f"{long} reason: a lost peer"
    # a message whose colon-words are not all "key: value" parts keeps its text
    assert padded_width(["Note:  see the manual, chapter two"] * 30) is None


def test_a_run_of_dashed_context_columns_past_twelve_fields_is_the_header() -> None:
    steps = ["STEP_START", "STEP_OUTPUT", "STEP_SUCCESS", "ASSET_MATERIALIZATION"]

    def line(k: int, level: str, message: str) -> str:
        return (f"2024-03-01 {clock(k * 7)} +0000 - dagster - {level} - "
                f"{('orders_job', 'nightly_etl')[k % 2]} - {k * 2654435761 % 2**32:08x} - "
                f"{steps[k % 4]} - {message}")

    text, levels, counts = cycled_log(_SHOP, 700, 1, line)
    fmt, stats = levelled_scan(text, 700)
    assert stats.fields["level"] == dict(levels)
    named = {t.template: t.count for t in stats.templates}
    assert named.get("Order <*> placed by <*> for <*> EUR") == 200, named
    assert named.get("Failed to place order <*>") == 100, named
    read_alike_in_pieces(text * 3, fmt)


_FRAMES = ("\njava.io.IOException: Connection reset by peer"
           "\n\tat sun.nio.ch.SocketDispatcher.read(SocketDispatcher.java:39)"
           "\n\tat org.example.ipc.RpcServer.channelRead(RpcServer.java:{k})"
           "\n\tat org.example.ipc.RpcServer.process(RpcServer.java:210)"
           "\nCaused by: java.net.SocketTimeoutException: callTimeout=60000"
           "\n\tat org.example.client.Caller.callWithRetries(Caller.java:159)"
           "\n\t... 4 more")


def test_a_piece_of_an_incident_whose_traces_are_most_lines_learns_the_same_shape() -> None:
    def line(k: int, level: str, message: str) -> str:
        head = (f"2024-03-01 {clock(k * 7)},{k * 37 % 1000:03d} {level:<5} [main] "
                f"ipc.RpcServer: {message}")
        return head + (_FRAMES.format(k=k) if level in ("WARN", "ERROR") else "")

    calm, _, _ = cycled_log(_SHOP[:3], 200, 1, line)
    storm, levels, _ = cycled_log(_SHOP, 140, 1, line)  # (two records in seven with a trace)
    lines = storm.splitlines()
    assert sum(1 for ln in lines if ln[:1].isspace()) > 0.4 * len(lines)
    fmt = detect_format(calm)
    assert fmt is not None and fmt == detect_format(storm)
    stats = scan_log(storm, fmt).stats
    assert stats is not None and stats.records == 140
    assert stats.fields["level"] == dict(levels)


_WERKZEUG = [("INFO", '10.0.0.{k} - - [01/Mar/2024 {t}] "GET /api/orders/{k} HTTP/1.1" 200 -'),
             ("INFO", '10.0.0.{k} - - [01/Mar/2024 {t}] "POST /api/orders HTTP/1.1" 201 -'),
             ("INFO", '10.0.0.{k} - - [01/Mar/2024 {t}] "GET /static/app.js HTTP/1.1" 304 -'),
             ("INFO", "Order {k} placed by mary{k}"),
             ("INFO", '10.0.0.{k} - - [01/Mar/2024 {t}] "GET /api/orders/{k} HTTP/1.1" 404 -'),
             ("WARNING", "Slow query took {k} ms")]


def test_request_lines_inside_a_log_are_apart_by_method() -> None:
    lines = []
    for k in range(600):
        level, message = _WERKZEUG[k % len(_WERKZEUG)]
        logger = "werkzeug" if '"' in message else "app.db"
        lines.append(f"{level}:{logger}:{message.format(k=k % 250 + 1, t=clock(k * 5))}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 600
    named = {t.template: t.count for t in stats.templates}
    requests = {t: c for t, c in named.items() if '"' in t}
    # one template a method (its path and status values of it, as loghub's keep them), exact
    assert sorted(requests.values()) == [100, 300], named
    assert any('"POST ' in t and c == 100 for t, c in requests.items()), named
    assert any('"GET <*> HTTP/' in t and c == 300 for t, c in requests.items()), named
    assert "status" not in stats.fields  # (a status inside the message is no field)


def _tokens(text: str) -> list[str]:
    return text.split()


def test_a_request_line_is_a_quoted_word_path_and_closing_token() -> None:
    a = _tokens('<*> "GET /api/orders/<*> HTTP/<*>" <*> -')
    assert other_request(a, _tokens('<*> "POST /api/orders HTTP/<*>" <*> -'))
    assert not other_request(a, _tokens('<*> "GET /static/app.js HTTP/<*>" <*> -'))
    # a quoted phrase that is no request (no path after its word) says nothing
    assert not other_request(_tokens('said "hello there friend" ok'),
                             _tokens('said "bye there friend" ok'))


_LOGGERS = ["c.a.b.i.b.BitbucketServerApplication", "c.a.s.i.s.g.p.DefaultGitProcessService",
            "c.a.b.i.s.c.PluginsConfiguration"]


def test_a_logger_after_a_request_context_some_records_write_is_a_column() -> None:
    def line(k: int, level: str, message: str) -> str:
        ctx = (f'@1{k * 7919 % 99999:X}x{600 + k % 90}x0 1nc3z8h 10.0.0.{k % 9 + 1} '
               f'"GET /rest/api/1.0/repos HTTP/1.1"' if k % 3 else "")
        return (f"2024-03-01 {clock(k * 7)},{k * 37 % 1000:03d} {level:<5} "
                f"[{('main', 'http-nio-7990-exec-5')[k % 2]}] {ctx} {_LOGGERS[k % 3]} {message}")

    text, levels, counts = cycled_log(_SHOP, 700, 1, line)
    fmt, stats = levelled_scan(text, 700)
    assert stats.fields["level"] == dict(levels)
    named = {t.template: t.count for t in stats.templates}
    assert named.get("Order <*> placed by <*> for <*> EUR") == 200, named
    assert named.get("Failed to place order <*>") == 100, named
    assert sum(stats.fields["component"].values()) == 700
    read_alike_in_pieces(text * 3, fmt)
    # a log whose every record has the logger right after the thread keeps its plain column
    plain, _, _ = cycled_log(_SHOP, 300, 1, lambda k, lv, m: line(k * 3, lv, m))
    assert detect_format(plain) != fmt
