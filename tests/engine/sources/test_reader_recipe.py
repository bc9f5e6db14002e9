"""The reader recipe (issue 40): one module and one registry entry make a format work in
every verb that reads a conversation — summarize, compact, read and the journal — through
the one reader stack, with no other file touched.

The module is this file's ``_detect`` and ``_read`` (a made-up JSON-lines dialog whose
records hold ``who`` and ``line``); the entry is registered inside the test.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.registry import READERS, ReaderEntry, register_reader
from gapless.engine.sources.common import Entry, Part, RenderOptions, header
from gapless.engine.sources.sample import Sample
from gapless.engine.usecases.journal_runs import summarize_journal_stored
from gapless.tui.cli.main import main

NAME = "dialog-lines"


# --- the module ----------------------------------------------------------------------------
def _detect(sample: Sample) -> float:
    return sample.record_score(lambda r: "who" in r and "line" in r)


def _read(path: Path, *, options: RenderOptions) -> Part:
    part = Part(path=path, kind=NAME, session=path.stem)
    for n, text in enumerate(path.read_text().splitlines(), 1):
        rec = json.loads(text)
        if rec["who"] == "clock":  # a bookkeeping record: counted, left out
            part.count(n, "telemetry", False, "clock tick")
            continue
        role = "user" if rec["who"] == "asker" else "assistant"
        part.saw_time(rec.get("at"))
        part.add(Entry(f"{header(role, [], rec.get('at'))}\n{rec['line']}", role, rec.get("at"),
                 line=n))
        part.count(n, "conversation", True)
    return part


# --- the entry -----------------------------------------------------------------------------
@pytest.fixture
def dialog() -> Iterator[None]:
    register_reader(ReaderEntry(NAME, "a dialog format made for this test", _detect,
                                read=_read))
    try:
        yield
    finally:
        READERS.unregister(NAME)


def _write(folder: Path, turns: int = 30) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for t in range(turns):
        at = f"2026-03-03T10:{t:02d}:00Z"
        rows.append({"who": "asker", "line": f"Could you check the cache module part {t}?",
                     "at": at})
        rows.append({"who": "helper", "line": f"Checked part {t}: " + " ".join(
            f"cache entry {t}-{k} is evicted after its ttl" for k in range(12)), "at": at})
        rows.append({"who": "clock", "line": "", "at": at})
    f = folder / "talk.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return f


def test_a_reader_registered_in_a_test_works_in_every_verb(tmp_path, capsys, dialog):
    f = _write(tmp_path / "sessions")
    db = str(tmp_path / "g.db")

    assert main(["summarize", str(f), "--json", "--db", db]) == 0
    summary = json.loads(capsys.readouterr()[0])
    assert summary["status"] == "complete"
    assert summary["source"]["records"]["total"] == 90
    assert summary["source"]["records"]["dropped"] == {"clock tick": 30}

    assert main(["compact", str(f), "--budget", "1500", "--json", "--db", db]) == 0
    out, err = capsys.readouterr()
    compacted = json.loads(out)
    assert compacted["summarized"] > 0 and compacted["messages"][-1]["role"] == "assistant"
    assert compacted["messages"][-1]["content"].startswith("Checked part 29:")
    records = compacted["source"]["records"]
    assert records["summarized"] + records["kept_verbatim"] == 60
    assert "left out 30 records of the input (clock tick 30)" in err

    assert main(["read", str(f), "--json", "--db", db]) == 0
    read = json.loads(capsys.readouterr()[0])  # the chunked read goes by the file's bytes
    assert read["cursor"] is None and read["stats"]["total_lines"] == 90
    assert read["stats"]["chunks_read"] == read["stats"]["chunks_total"]

    settings = Settings(sources=[str(f.parent)], min_bytes=0)
    groups = asyncio.run(summarize_journal_stored(db, settings))
    assert [g.status for g in groups] == ["entry"]
