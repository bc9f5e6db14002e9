"""Header fields written in ways the first passes did not see: a level beside the place that
wrote it in one bracket, parted by a bar, or glued to the program's name by a colon; a column
of request ids that writes a run of dashes for a record of no request; a bracket of context
after the logger's or the level's that only some records hold. Each log's levels and
templates are counted exactly, and every piece of it reads alike."""

from __future__ import annotations

from gapless.engine.extractive.logs.level_words import level_word
from tests.support.helpers import (
    APP_RECORDS,
    clock,
    cycled_log,
    levelled_scan,
    one_template_a_message,
    read_alike_in_pieces,
)

_APP = APP_RECORDS
_PLACES = ["trainer.py:2078", "modeling_utils.py:3950", "configuration_utils.py:731"]


def test_a_level_and_its_place_parted_by_a_bar_in_one_bracket_is_the_level_column() -> None:
    assert level_word("[INFO|trainer.py:2078]") == "INFO"
    assert level_word("[app.worker|WARNING]") == "WARNING"
    assert level_word("0|app") is None and level_word("[a|b]") is None  # (pm2's "id|name")
    assert level_word("Zigbee2MQTT:info") == "info" and level_word("http:8080") is None
    text, levels, counts = cycled_log(_APP, 480, 1, lambda k, lv, msg: (
        f"[{lv}|{_PLACES[k * 5 // 3 % 3]}] 2024-03-01 {clock(k * 7)},{k * 13 % 1000:03d} >> "
        f"{msg}"))
    fmt, stats = levelled_scan(text, 480)
    assert stats.fields["level"] == dict(levels)
    one_template_a_message(counts, stats)
    read_alike_in_pieces(text * 4, fmt)


def test_a_column_of_request_ids_that_writes_dashes_for_none_is_the_headers() -> None:
    # an Erlang node's records: a request's id, or "--------" where the record serves none;
    # read as the message's first word, each message would be two templates
    def line(k: int, lv: str, msg: str) -> str:
        rid = "--------" if k % 3 else f"{(k * 7919) % 16**10:010x}"
        return (f"[{lv.lower()}] 2024-03-01T{clock(k * 7)}.{k * 37 % 10**6:06d}Z "
                f"couchdb@127.0.0.1 <0.{100 + k * 13 % 9000}.0> {rid} {msg}")

    text, levels, counts = cycled_log(_APP, 480, 1, line)
    fmt, stats = levelled_scan(text, 480)
    assert fmt.endswith(",O_s"), fmt
    assert stats.fields["level"] == {k.lower(): v for k, v in levels.items()}
    one_template_a_message(counts, stats)
    assert not any("--------" in t.template for t in stats.templates)
    read_alike_in_pieces(text * 4, fmt)


def test_a_bracket_of_context_after_the_loggers_on_some_records_is_no_part_of_the_message() -> None:
    # a database's "[neo4j/1a2b]" on every other round of the messages: read as the message's
    # first word, every template would open with a value some of its records do not hold
    loggers = ["o.n.b.BoltServer", "o.n.k.i.DatabaseHealth", "o.n.c.i.ExecutionEngine"]

    def line(k: int, lv: str, msg: str) -> str:
        context = f" [neo4j/{(k * 7919) % 16**8:08x}]" if k // 6 % 2 else ""
        return (f"2024-03-01 {clock(k * 7)}.{k * 13 % 1000:03d}+0000 {lv[:5]:<5} "
                f"[{loggers[k * 5 // 3 % 3]}]{context} {msg}")

    text, levels, counts = cycled_log(_APP, 480, 1, line)
    fmt, stats = levelled_scan(text, 480)
    assert fmt.endswith(",V_s"), fmt
    assert stats.fields["level"] == {k[:5]: v for k, v in levels.items()}
    one_template_a_message(counts, stats)
    assert not any(t.template.startswith("<*>") for t in stats.templates)
    read_alike_in_pieces(text * 4, fmt)


def test_an_id_that_opens_one_events_messages_only_is_the_messages_own() -> None:
    # "[C12] new stream": the bracket is never written without its event, so it stays in it
    table = [*_APP[:4], ("DEBUG", "[C12] new stream"), ("INFO", "[C7] stream closed")]
    text, _levels, counts = cycled_log(table, 480, 1, lambda k, lv, msg: (
        f"2024-03-01 {clock(k * 7)}.{k * 13 % 1000:03d}+0000 {lv[:5]:<5} "
        f"[{['o.n.b.BoltServer', 'o.n.k.i.DatabaseHealth'][k * 5 // 3 % 2]}] {msg}"))
    fmt, stats = levelled_scan(text, 480)
    assert not fmt.endswith(",V_s"), fmt
    assert any(t.template.startswith("[C") for t in stats.templates), stats.templates


def test_a_level_glued_to_the_programs_name_by_a_colon_is_the_level_column() -> None:
    text, levels, counts = cycled_log(_APP, 480, 1, lambda k, lv, msg: (
        f"Zigbee2MQTT:{lv.lower():<7} 2024-03-01 {clock(k * 7)}: {msg}"))
    fmt, stats = levelled_scan(text, 480)
    assert stats.fields["level"] == {k.lower(): v for k, v in levels.items()}
    one_template_a_message(counts, stats)
    read_alike_in_pieces(text * 4, fmt)


def test_a_bracket_of_context_after_a_bracketed_level_on_most_records_is_context() -> None:
    # a flow's node ("[mqtt-broker:hub]", blanks and all) on most records, after the level
    nodes = ["[mqtt-broker:hub] ", "[http request:api] ", "[function:parse] ", ""]

    def line(k: int, lv: str, msg: str) -> str:
        return f"1 Mar {clock(k * 7)} - [{lv.lower()}] {nodes[k // 6 % 4]}{msg}"

    text, levels, counts = cycled_log(_APP, 480, 1, line)
    fmt, stats = levelled_scan(text, 480)
    assert fmt.endswith(",V_s"), fmt
    assert stats.fields["level"] == {k.lower(): v for k, v in levels.items()}
    one_template_a_message(counts, stats)
    read_alike_in_pieces(text * 4, fmt)
