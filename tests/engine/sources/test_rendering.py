"""The rules of a rendering: long bodies head + tail, every byte back to file:line, markdown
exports and JSONL exports of other shapes read as the conversations they hold."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from gapless.engine.core.account import Tally
from gapless.engine.sources import detect_format, load_transcript
from gapless.engine.sources.common import elide
from gapless.engine.sources.plaintext import non_empty_lines
from tests.support.paths import TEST_DATA


def test_long_bodies_keep_head_and_tail_and_count_the_middle() -> None:
    assert elide("short", 100) == "short"
    body = "".join(f"row {i:05d}\n" for i in range(10_000))  # 100 KB
    tally = Tally("f", 0)
    out = elide(body, 16 * 1024, tally, line=7)
    raw, shown = body.encode(), out.encode()
    assert len(shown) < 17 * 1024
    head, note, tail = out.partition("[…")[0], out.split("\n")[0], out.rsplit("…]\n", 1)[1]
    assert body.startswith(head) and body.endswith(tail) and note == "row 00000"
    assert len(head.encode()) + tally.elided_bytes + len(tail.encode()) == len(raw)
    assert head.endswith("\n") and tail.startswith("row ")  # cut on line ends
    assert "elided" in out and f"{tally.elided_bytes:,} bytes" in out
    assert tally.lines["elided tool output"] == [7]
    assert elide(body, 0) == body  # the limit off: whole


def test_every_byte_maps_back_to_its_file_line(tmp_path: Path) -> None:
    session = (TEST_DATA / "claude-projects" / "-home-cwtrocks-android-avd"
               / "c6455dae-26cd-4ba2-a2b9-7b8e4675e19c.jsonl")
    t = load_transcript(session)
    lines = session.read_text(encoding="utf-8").splitlines()
    checked = 0
    for m in t.messages:
        if m.role != "user":
            continue
        point = t.where(m.start + (m.end - m.start) // 2)
        assert point is not None and point.file == str(session) and point.line >= 1
        record = json.loads(lines[point.line - 1])
        assert record["uuid"] and record["type"] == "user"
        assert t.anchor_label(m.start, m.end) == f"{session}:{point.line}"
        checked += 1
    assert checked >= 5
    # across messages: the first and last line of the records under a span
    a, b = t.messages[2], t.messages[6]
    (f, first, last), = t.file_lines(a.start, b.end)
    assert f == str(session) and first == a.line and last == b.line
    # a folder: text files keep their own line numbers
    (tmp_path / "notes.txt").write_text("".join(f"note {i}\n" for i in range(1, 501)))
    (tmp_path / "s.jsonl").write_text(json.dumps({
        "type": "user", "sessionId": "s", "timestamp": "2026-01-01T00:00:00Z",
        "message": {"role": "user", "content": "hello"}}) + "\n")
    folder = load_transcript(tmp_path)
    off = folder.data.index(b"note 321\n")
    point = folder.where(off)
    assert point is not None and point.file == str(tmp_path / "notes.txt") and point.line == 321


EXPORT = """# Session export

## 👤 User

Why does the parser drop the last token?

## 🤖 Assistant

Let me read it.

```json
[{"type": "tool_use", "id": "toolu_1", "name": "Read", "input": {"file_path": "/src/parse.py"}}]
```

## 👤 User

[{"type": "tool_result", "tool_use_id": "toolu_1", "content": "   332\\u2192def parse(tokens):\\n   333\\u2192    out = []\\n   334\\u2192    for t in tokens[:-1]:\\n"}]

## 🤖 Assistant

The loop stops one short: `tokens[:-1]` leaves the last token out.
"""


def test_markdown_export_renders_the_conversation_it_encodes(tmp_path: Path) -> None:
    path = tmp_path / "export.md"
    path.write_text(EXPORT)
    t = load_transcript(path)
    assert t.kind == "chat-markdown"
    text = t.data.decode()
    assert "### user\nWhy does the parser drop the last token?" in text
    assert "→ Read: /src/parse.py" in text
    assert "← Read result\ndef parse(tokens):\n    out = []\n    for t in tokens[:-1]:" in text
    assert '{"type": "tool_result"' not in text and "→def" not in text and "\\n" not in text
    a = t.account
    assert a is not None and a.records.balanced
    assert a.records.total == sum(1 for ln in EXPORT.splitlines() if ln.strip())
    assert a.records.parts_dropped["line-number prefix"] == 3
    # each turn points back at its heading line
    ref = t.locate(text.index("← Read result"))
    assert ref is not None and EXPORT.splitlines()[ref.line - 1].startswith("## 👤 User")
    # and each rendered line at the file line it came from (decoded JSON: the JSON's line)
    point = t.where(t.data.index(b"def parse"))
    assert point is not None
    assert EXPORT.splitlines()[point.line - 1].startswith('[{"type": "tool_result"')
    point = t.where(t.data.index(b"The loop stops one short"))
    assert point is not None and EXPORT.splitlines()[point.line - 1].startswith("The loop")


def test_jsonl_exports_of_other_shapes_read_as_conversations(tmp_path: Path) -> None:
    path = tmp_path / "export.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"role": "user", "text": "Add a dark mode"},
        {"role": "assistant", "text": "Adding it to the settings page."},
        {"type": "message", "role": "user", "timestamp": "2026-04-30T07:14:25Z",
         "text": "And make it the default"},
    ]) + "\n")
    assert detect_format(path) == "chat-json"
    t = load_transcript(path)
    text = t.data.decode()
    assert "### user\nAdd a dark mode" in text
    assert "### assistant\nAdding it to the settings page." in text
    assert "### user · 2026-04-30T07:14:25Z\nAnd make it the default" in text
    assert t.account is not None and t.account.records.rendered == 3


@given(st.lists(st.sampled_from(["", " ", "\t", "\r", "x", " y", "z \r", "\x0b", "é"]),
                max_size=12), st.booleans())
def test_non_empty_lines_are_the_lines_that_hold_more_than_blanks(parts: list[str],
                                                                  end: bool) -> None:
    data = ("\n".join(parts) + ("\n" if end else "")).encode("utf-8")
    want = sum(1 for line in data.split(b"\n") if line.strip())
    assert non_empty_lines(data) == want
