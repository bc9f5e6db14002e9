"""Every markdown chat export of tests/data, whatever the tool that saved it, is read as the
conversation it holds: recognised by the turn markers learned from the file, each turn
rendered under a header of its own (a long one in headed pieces), every line counted once
and mapped back to its file line, and summarized by the default path as a conversation whose
asks quote what the user said. A file that only quotes an export stays text."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from bench.kinds_bench import ASK_TRUTH, _user_turns
from gapless.engine.config import Settings
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from gapless.engine.sources import detect_format, load_transcript
from tests.support.helpers import asked_items
from tests.support.paths import TEST_DATA

EXPORTS = sorted((TEST_DATA / "chat-exports").glob("*.md"))
_HEADER = re.compile(r"^### (user|assistant|tool)\b[^\n]*\n", re.M)


@pytest.fixture(params=EXPORTS, ids=lambda p: p.name.split("_")[0])
def export(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


def test_there_are_exports_of_several_tools() -> None:
    assert len(EXPORTS) >= 6


def test_each_export_is_read_turn_by_turn(export: Path) -> None:
    assert detect_format(export) == "chat-markdown"
    t = load_transcript(export)
    assert t.kind == "chat-markdown"
    a = t.account
    assert a is not None and a.records.balanced
    assert a.records.total == sum(1 for ln in export.read_text().splitlines() if ln.strip())
    text = export.read_text(encoding="utf-8")
    user_rx, _other = ASK_TRUTH[export.name]
    lines = text.splitlines()
    # a user turn opens on a marker line (an ask of several lines has one on each: one turn)
    asks = sum(1 for i, ln in enumerate(lines) if re.search(user_rx, ln)
               and not (i and re.search(user_rx, lines[i - 1])))
    turns = [m for m in t.messages if m.role in ("user", "assistant", "tool")]
    opened = [t.data[m.start:m.end].decode() for m in turns]
    # every message of a turn opens with its header, so any piece read alone says whose it is
    assert all(_HEADER.match(o) for o in opened)
    users = [m for m, o in zip(turns, opened, strict=True) if o.startswith("### user")
             and " · continued" not in o.split("\n", 1)[0]]
    assert len(users) == asks
    assert max(m.end - m.start for m in turns) < 8 * 1024  # long turns cut into pieces
    # each user turn maps back to the file line of its marker (or of the ask itself)
    for m in users:
        point = t.where(m.start)
        assert point is not None and re.search(user_rx, lines[point.line - 1])


def test_each_export_is_summarized_as_a_conversation_of_its_asks(export: Path) -> None:
    result = asyncio.run(summarize_path(export, RunRequest(Settings())))
    summary = (result.entry or {}).get("summary", "")
    assert summary.startswith(("Asked:", "Done:")) or "\nAsked:\n" in summary
    said = " ".join(" ".join(t.split()) for t in _user_turns(
        export.read_text(encoding="utf-8"), *ASK_TRUTH[export.name]))
    asked = [a.rstrip(".。") for a in asked_items(summary)]
    assert asked, summary[:300]
    assert all(" ".join(a[:40].rstrip("…").split()) in said for a in asked), asked


def test_a_program_that_quotes_an_export_stays_text(tmp_path: Path) -> None:
    export = (TEST_DATA / "chat-exports" / "magnitude_cursor-chat-export.md").read_text()
    code = "".join(f"def step_{i}(x):\n    return x + {i}\n\n\n" for i in range(120))
    path = tmp_path / "fixtures.py"
    path.write_text(code + f"EXPORT = '''\n{export[:3000]}\n'''\n")
    assert detect_format(path) == "text"
    assert load_transcript(path).data == path.read_bytes()


def test_a_long_turn_is_cut_into_headed_pieces_that_each_read_as_markdown(
        tmp_path: Path) -> None:
    code = "".join(f"    value_{i} = compute({i})\n" for i in range(1500))  # ~45 KB
    text = ("**Ada**\n\nWhat does it print?\n\n**Helper**\n\nIt prints this:\n\n```python\n"
            + code + "```\n\nThat is all.\n\n**Ada**\n\nThanks\n\n**Helper**\n\nYou're welcome\n")
    path = tmp_path / "talk.md"
    path.write_text(text)
    t = load_transcript(path)
    assert t.kind == "chat-markdown"
    pieces = [t.data[m.start:m.end].decode() for m in t.messages]
    assert len(pieces) > 8 and all(len(p.encode()) < 8 * 1024 for p in pieces)
    assert pieces[0].startswith("### user · Ada\n") and pieces[1].startswith("### assistant")
    assert all(p.startswith("### assistant · Helper · continued\n") for p in pieces[2:-3])
    # every piece closes the code blocks it opens, so each reads as markdown on its own
    assert all(p.count("```") % 2 == 0 for p in pieces)
    # every line of the file is still there once, in order, and maps back to its line
    def said(lines: list[str]) -> list[str]:
        return [ln for ln in lines if ln.strip() and not ln.startswith(("```", "**"))]

    assert said([ln for p in pieces for ln in p.split("\n")[1:]]) == said(text.split("\n"))
    point = t.where(t.data.index(b"value_1200 ="))
    assert point is not None and text.split("\n")[point.line - 1].strip().startswith(
        "value_1200 =")
