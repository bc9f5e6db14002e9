"""Headers that run over more of a record than their first columns: context columns parted by
"-" after the level, as many as every record holds; a word column one of whose values is
spelt as a level; records whose traceback ends with an exception of any name; a message's
context as a Ruby hash. Each log's levels and templates are counted exactly."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.event_text import without_context
from gapless.engine.extractive.logs.raised_line import continuations
from tests.support.helpers import (
    APP_RECORDS,
    clock,
    cycled_log,
    levelled_scan,
    one_template_a_message,
    read_alike_in_pieces,
)

_APP = APP_RECORDS
_NAMES = ["app.db", "app.api", "urllib3.connectionpool"]
_FUNCS = ["connect", "handle_request", "_make_request", "main"]


def test_context_columns_parted_by_dashes_after_the_level_are_the_headers() -> None:
    text, levels, counts = cycled_log(_APP, 480, 1, lambda k, lv, msg: (
        f"2024-03-01 {clock(k * 7)},{k * 13 % 1000:03d} - {lv} - {_NAMES[k * 5 // 3 % 3]} - "
        f"{_FUNCS[k * 7 // 4 % 4]} - {msg}"))
    fmt, stats = levelled_scan(text, 480)
    assert stats.fields["level"] == dict(levels)
    one_template_a_message(counts, stats)
    read_alike_in_pieces(text * 4, fmt)


def test_a_word_column_one_of_whose_names_is_spelt_as_a_level_is_the_headers() -> None:
    modules = ["log", "views", "basehttp", "tasks"]
    text, levels, counts = cycled_log(_APP, 480, 1, lambda k, lv, msg: (
        f"{lv} 2024-03-01 {clock(k * 7)},{k * 13 % 1000:03d} {modules[k * 5 // 3 % 4]} "
        f"{4242 + k % 2} {139366889338607 + k * 7 % 5} {msg}"))
    fmt, stats = levelled_scan(text, 480)
    assert stats.fields["level"] == dict(levels)
    one_template_a_message(counts, stats)


def test_a_traceback_ending_in_an_exception_of_any_name_continues_its_record() -> None:
    lines = ["ERROR 2024-03-01 10:00:00,123 views 4242 1393 Internal Server Error: /api/",
             "Traceback (most recent call last):",
             '  File "/app/shop/views.py", line 88, in place_order',
             "    order = Order.objects.get(pk=pk)",
             "shop.models.Order.DoesNotExist: Order matching query does not exist.",
             "INFO 2024-03-01 10:00:01,123 views 4242 1393 Order 5 placed",
             "Note: this line opens with a word and a colon"]
    assert continuations(lines) == [False, True, True, True, True, False, False]

    def line(k: int, lv: str, msg: str) -> str:
        head = (f"{lv} 2024-03-01 {clock(k * 7)},{k * 13 % 1000:03d} views {4242 + k % 2} "
                f"{1393 + k % 3} {msg}")
        if lv != "ERROR":
            return head
        return (head + "\nTraceback (most recent call last):\n  File \"/app/shop/views.py\", "
                "line 88, in place_order\n    order = Order.objects.get(pk=pk)\n"
                "shop.models.Order.DoesNotExist: Order matching query does not exist.")

    text, levels, counts = cycled_log(_APP, 480, 1, line)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 480
    assert stats.fields["level"] == dict(levels)


def test_a_ruby_hash_after_the_message_is_its_context() -> None:
    assert without_context('Starting pipeline {:pipeline_id=>"main", :workers=>4}') == \
        "Starting pipeline"
    assert without_context("Listening {:port=>9600}") == "Listening"
    assert without_context("Parsed {a: 1}") == "Parsed {a: 1}"  # (no Ruby hash)
    ctx = ["", ' {:pipeline_id=>"main"}', " {:port=>9600}"]
    text, levels, counts = cycled_log(_APP, 480, 1, lambda k, lv, msg: (
        f"[2024-03-01T{clock(k * 7)},{k * 13 % 1000:03d}][{lv:<5}][logstash.agent          ] "
        f"{msg}{ctx[k * 7 // 3 % 3]}"))
    fmt, stats = levelled_scan(text, 480)
    one_template_a_message(counts, stats)


def test_stamped_lines_whose_names_are_severities_are_a_log_not_voices(tmp_path: Path) -> None:
    from gapless.engine.sources import detect_format as reader_of
    from gapless.engine.sources.log_records import severity_voices

    assert severity_voices(["production.INFO", "production.ERROR", "production.INFO"] * 4)
    assert not severity_voices(["alice", "bob", "alice", "bob"] * 3)
    assert not severity_voices(["Info Desk", "alice"] * 6)  # (one severity at most)
    laravel = tmp_path / "laravel.log"
    laravel.write_text("".join(
        f"[2024-03-01 {clock(k * 7)}] production.{lv}: {msg}\n"
        for k in range(60) for lv, msg in [_APP[k % len(_APP)]]), encoding="utf-8")
    assert reader_of(laravel) != "chat-markdown"
    chat = tmp_path / "chat.txt"
    chat.write_text("".join(
        f"[2024-03-01 {clock(k * 7)}] {['alice', 'bob'][k % 2]}: {msg}\n"
        for k in range(60) for _, msg in [_APP[k % len(_APP)]]), encoding="utf-8")
    assert reader_of(chat) == "chat-markdown"
