"""A contact's history kept as lines cut by bars (``|time|kind|to or from|flags|words``),
no row naming the columns, is a table of records whose speaker column the structural reader
finds as in a CSV; a Markdown table (a rule of dashes under its names) is no such table."""

from __future__ import annotations

from gapless.engine.sources.bar_rows import bar_records
from tests.support.helpers import summarized

TURNS = [("to", "hey, my deploy to fly.io keeps failing with 'health check on port 8080 timed "
                "out', any idea what to check?"),
         ("from", "Your app probably listens on 127.0.0.1. Fly checks 0.0.0.0:8080."),
         ("to", "it was listening on localhost, fixed. how do I make the release command "
                "run the database migrations before the new machines start?"),
         ("from", "Add release_command = 'python manage.py migrate' under [deploy]."),
         ("to", "perfect, last thing: can I keep one machine always running so the first "
                "request isn't slow?"),
         ("from", "Yes: set min_machines_running = 1 under [http_service].")]


def test_lines_cut_by_bars_are_read_as_a_chat(tmp_path, capsys):
    f = tmp_path / "support@fly.example.history"
    f.write_text("".join(f"|2024-04-20T10:0{k}:12|1|{way}|N---|{text}\n"
                         for k, (way, text) in enumerate(TURNS)), encoding="utf-8")
    summary = summarized(tmp_path, f, capsys)
    assert summary.startswith("Asked:")
    asked = summary.split("Done:")[0]
    assert "deploy to fly.io keeps failing" in asked and "first request isn't slow" in asked
    assert "Fly checks" not in asked


def test_an_escaped_bar_is_no_separator_and_a_drawn_table_no_records():
    rows = bar_records("|a|to|one \\| two\n|b|from|three\n|c|to|four\n")
    assert rows is not None and rows[0]["column 3"] == "one \\| two"
    assert bar_records("| name | to |\n|------|----|\n| a | b |\n| c | d |\n") is None
    assert bar_records("|a|b|c\nplain words\n|d|e|f\n") is None
