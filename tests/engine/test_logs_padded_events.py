"""Records whose header or event is written in ways a stranger's logs use: a level glued to
the bracket of its stamp, a logger's "name:" after a bracketed stamp, a "-" after a phrase
of a few words, a closing bracket of metadata pairs, an event padded to a fixed column with
its context's pairs after it. Each log is read as a log, its levels and its events' counts
exact, and the same in pieces."""

from __future__ import annotations

from collections import Counter

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.event_text import without_context
from gapless.engine.extractive.logs.field_classes import field_class, first_fields
from gapless.engine.extractive.logs.padded_event import event_of, padded_width
from tests.support.helpers import clock, cycled_log, levelled_scan, read_alike_in_pieces

_CHAIN = [("INFO", "Imported new chain segment", " number={k} hash=0x{k:x}f3 txs={t}"),
          ("INFO", "Chain head was updated", " number={k} hash=0x{k:x}aa elapsed={t}.1ms"),
          ("DEBUG", "Served eth_getBlockByNumber", " reqid={k} duration={t}µs"),
          ("WARN", "Looking for peers", " peercount={t} tried={k} static=0"),
          ("ERROR", "Failed to journal state snapshot", ' err="snapshot [0x{k:x}] missing"'),
          ("INFO", "Imported new chain segment", " number={k} hash=0x{k:x}f3 txs={t}"),
          ("INFO", "Beacon client online, but no consensus updates received in a while",
           ""),
          ("WARN", "Snapshot extension registration failed badly", " peer={k:x} err=EOF")]


def _chain_line(k: int) -> str:
    level, event, pairs = _CHAIN[k % len(_CHAIN)]
    return (f"{level:<5}[03-01|{clock(k * 3)}.{k * 37 % 1000:03d}] "
            f"{event:<40}{pairs.format(k=k * 7919 % 100_000, t=k % 97)}")


def _chain(records: int) -> tuple[str, Counter[str], Counter[str]]:
    lines = [_chain_line(k) for k in range(records)]
    levels = Counter(_CHAIN[k % len(_CHAIN)][0] for k in range(records))
    events = Counter(_CHAIN[k % len(_CHAIN)][1] for k in range(records))
    return "\n".join(lines) + "\n", levels, events


def test_a_level_glued_to_the_bracket_of_its_stamp_is_a_field_of_its_own() -> None:
    fields = [f for f, _, _ in first_fields("ERROR[03-01|10:00:00.123] Chain head")]
    assert fields[:2] == ["ERROR", "[03-01|10:00:00.123]"]
    assert [field_class(f) for f in fields[:2]] == ["L", "BT"]
    # a process's pid and a counter in brackets stay one field with their name
    assert first_fields("sshd[24]: x")[0][0] == "sshd[24]:"
    assert first_fields("INFO[0001] x")[0][0] == "INFO[0001]"


def test_an_event_padded_to_a_column_is_the_template_and_its_pairs_are_context() -> None:
    text, levels, events = _chain(640)
    fmt, stats = levelled_scan(text, 640)
    assert stats.fields["level"] == dict(levels)
    assert stats.levels == {level_of(k): v for k, v in levels.items()}
    named = {t.template: t.count for t in stats.templates}
    for event, count in events.items():
        assert named[event] == count, (event, named)
    read_alike_in_pieces(text * 4, fmt)


def test_the_padding_is_learned_by_its_width_and_cut_only_before_pairs() -> None:
    padded = [f"{e:<40} n={k}" for k, e in enumerate(["Chain head", "Looking for peers",
                                                        "Served eth_call"] * 10)]
    assert padded_width(padded) == 41
    assert padded_width(["Order 5 placed", "Cache  miss n=4"] * 10) is None
    long = "An event longer than the padding's forty columns"
    assert event_of(f"{long} number=5 hash=0xab", 41) == long
    assert event_of(f"{long}, and no pairs after it", 41) == f"{long}, and no pairs after it"
    assert event_of(f"{'Chain head':<40} number=5", 41) == "Chain head"


_SHOP = [("INFO", "Order 5521 placed by mary5 for 120 EUR"), ("DEBUG", "Cache miss for key user:7"),
         ("WARN", "Retrying request to https://pay.example.com/v1 (attempt 2)"),
         ("ERROR", "Connection refused by 10.0.0.7:5432"), ("INFO", "User mary5 logged out")]
_LOGGERS = ["com.example.shop.resources.OrderResource", "io.dropwizard.server.ServerFactory",
            "org.eclipse.jetty.server.Server"]


def test_a_loggers_name_after_a_bracketed_stamp_closes_the_header() -> None:
    text, levels, counts = cycled_log(_SHOP, 450, 1, lambda k, lv, msg: (
        f"{lv:<5} [2024-03-01 {clock(k * 9)},{k * 7 % 1000:03d}] {_LOGGERS[k * 7 // 5 % 3]}: "
        f"{msg}"))
    fmt, stats = levelled_scan(text, 450)
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named  # (one template a message)
    assert stats.fields["level"] == dict(levels)


def test_a_dash_after_a_phrase_of_several_words_closes_the_header() -> None:
    threads = ["main", "application-akka.actor.default-dispatcher-7"]
    text, levels, counts = cycled_log(_SHOP, 450, 1, lambda k, lv, msg: (
        f"2024-03-01 {clock(k * 9)},{k * 7 % 1000:03d} [{lv}] from {_LOGGERS[k * 7 // 5 % 3]} "
        f"in {threads[k * 3 // 7 % 2]} - {msg}"))
    fmt, stats = levelled_scan(text, 450)
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named  # (one template a message)
    read_alike_in_pieces(text * 4, fmt)


def test_a_closing_bracket_of_metadata_pairs_is_context() -> None:
    assert without_context("GET /api/orders/5 [request-id: 5F2A-11, user: 7]") == \
        "GET /api/orders/5"
    assert without_context("Abort.404: Not Found [request-id: 5F2A-11]") == "Abort.404: Not Found"
    assert without_context("[request-id: 5F2A]") == "[request-id: 5F2A]"  # (no event before it)
    assert without_context("Loaded [config, cache]") == "Loaded [config, cache]"
    metas = ["", " [request-id: 9A1B-22]", " [request-id: 9A1B-23, user: 4]"]
    text, levels, counts = cycled_log(_SHOP, 450, 1, lambda k, lv, msg: (
        f"[ {lv} ] {msg}{metas[k * 7 // 3 % 3]}"))
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named  # (one template a message)


_COLOURS = {"INFO": 32, "WARN": 33, "ERROR": 31, "DEBUG": 34}


def test_a_log_kept_with_its_terminals_colour_codes_is_read_without_them() -> None:
    text, levels, counts = cycled_log(_SHOP, 480, 1, lambda k, lv, msg: (
        f"[2024-03-01 {clock(k * 9)}.{k * 7 % 1000:03d} +0000] \x1b[{_COLOURS[lv]}m{lv}\x1b[39m "
        f"({4242 + k % 2}): \x1b[36m{msg}\x1b[39m"))
    fmt = detect_format(text)
    assert fmt is not None and fmt.startswith("colour:"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 480
    assert stats.fields["level"] == dict(levels)
    named = {t.template: t.count for t in stats.templates}
    assert sorted(named.values()) == sorted(counts.values()), named
    assert not any("\x1b" in t or "[3" in t for t in named), named
    read_alike_in_pieces(text * 4, fmt)
    # the same lines without codes read as the shape behind the mark
    assert detect_format(text.replace("\x1b[36m", "").replace("\x1b[39m", "").replace(
        "\x1b[32m", "").replace("\x1b[33m", "").replace("\x1b[31m", "").replace(
        "\x1b[34m", "")) == fmt.removeprefix("colour:")


def test_a_log_of_requests_that_writes_no_status_column_states_no_count_of_errors() -> None:
    from gapless.engine.extractive.logs.render import headline

    paths = ["GET /api/orders/{k}", "GET /healthz", "POST /api/orders", "POST /api/login"]
    codes = ["200", "200", "201", "500"]
    lines = [f"[pid: {17 + k % 3}|app: 0|req: {k % 50}/{k + 1}] 10.0.{k % 7}.{k % 200 + 1} () "
             f"{{{30 + k % 9} vars in {400 + k % 300} bytes}} [Fri Mar  1 {clock(k * 5)} 2024] "
             f"{paths[k % 4].format(k=k)} => generated {k % 900} bytes in {k % 40} msecs "
             f"(HTTP/1.1 {codes[k % 4]}) 2 headers in 80 bytes (1 switches on core 0)"
             for k in range(400)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 400
    assert "status" not in stats.fields  # (the status is inside the message's parentheses)
    said = headline(stats)
    assert "400 requests" in said and "server errors" not in said, said
