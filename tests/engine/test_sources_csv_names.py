"""A first row whose cells hold a quote or a brace inside is a record cut at its commas,
not a row of column names: a log whose lines hold a JSON object behind a stamp
("2024-…Z {"t": …, "s": "I", "msg": …}") was read as a table of such "columns", found to
alternate two "speakers", and rendered as an empty conversation (nothing of it read)."""

from __future__ import annotations

import json
from pathlib import Path

from gapless.engine.sources import detect_format
from gapless.engine.sources.csv_rows import csv_records


def test_a_row_of_json_pieces_names_no_columns() -> None:
    text = ('2024-03-01T00:00:00Z {"s": "I", "c": "NETWORK", "msg": "Connection accepted"}\n'
            '2024-03-01T00:00:01Z {"s": "W", "c": "STORAGE", "msg": "Slow query"}\n'
            '2024-03-01T00:00:02Z {"s": "I", "c": "NETWORK", "msg": "Connection ended"}\n')
    assert csv_records(text, partial=True) is None
    table = 'time,speaker,words\n2024-03-01,ann,"Hello, there"\n2024-03-01,bob,Hi\n'
    assert csv_records(table) == [{"time": "2024-03-01", "speaker": "ann",
                                   "words": "Hello, there"},
                                  {"time": "2024-03-01", "speaker": "bob", "words": "Hi"}]


def test_json_lines_behind_a_stamp_are_no_chat(tmp_path: Path) -> None:
    lines = []
    for k in range(300):
        own = {"t": {"$date": f"2024-03-01T00:{k // 60:02d}:{k % 60:02d}.687+00:00"},
               "s": "IW"[k % 2], "c": "NETWORK", "id": 20000 + k, "ctx": f"conn{k % 9}",
               "msg": ["Connection accepted", "Slow query", "Connection ended"][k % 3],
               "attr": {"durationMillis": k}}
        lines.append(f"2024-03-01T00:{k // 60:02d}:{k % 60:02d}.{k:09d}Z {json.dumps(own)}")
    path = tmp_path / "mongod.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert detect_format(path) != "chat-json"
