"""A table of messages whose lines end in blanks (a spreadsheet's export, an editor's save)
is the same table: a blank after a quoted cell is no cell's, so the rows still read as
records and the conversation as the same turns."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.sources import load_transcript
from gapless.engine.sources.detect import detect_format

_ROWS = [("2024-05-01 10:00", "Ann", "Hi, can you check why the March invoice is higher?"),
         ("2024-05-01 10:02", "Support", "Sure: the rate rose on March 1st, and usage too."),
         ("2024-05-01 10:05", "Ann", "Could you send me the meter readings, please?"),
         ("2024-05-01 10:07", "Support", "Sent to your e-mail, both readings, with photos."),
         ("2024-05-01 10:09", "Ann", "Thanks, one more: can I switch to the night tariff?")]


def _table(end: str) -> str:
    return "".join(f'{line}{end}\n' for line in [
        "Date,Sender,Message", *(f'{d},{who},"{said}"' for d, who, said in _ROWS)])


def test_blanks_that_end_a_tables_lines_change_no_reading(tmp_path: Path) -> None:
    plain, blanked = tmp_path / "chat.csv", tmp_path / "blanked" / "chat.csv"
    blanked.parent.mkdir()
    plain.write_text(_table(""), encoding="utf-8")
    blanked.write_text(_table(" "), encoding="utf-8")
    assert detect_format(plain) != "text"
    assert detect_format(blanked) == detect_format(plain)
    read, read_blanked = load_transcript(plain), load_transcript(blanked)
    assert read_blanked.text(0, len(read_blanked)) == read.text(0, len(read))
    assert "night tariff" in read.text(0, len(read))
