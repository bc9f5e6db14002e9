"""One registry of input readers (engine.registry.READERS): a reader registered through the
hook is chosen for the files its detector scores highest, by a single file and in a folder,
exactly as the built-in ones (which register through the same hook)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gapless.engine.core.account import Tally
from gapless.engine.registry import READERS, ReaderEntry, register_reader
from gapless.engine.sources import FORMATS, SourceError, detect_format, load_transcript
from gapless.engine.sources.common import Entry, Part, RenderOptions
from gapless.engine.sources.plaintext import Chunk
from gapless.engine.sources.sample import RECORD, STRUCTURE, Sample

# a made-up text format: a "%%" line, then "name> words" lines
_HEADER = "%% exchange"


def _detect_exchange(sample: Sample) -> float:
    return STRUCTURE + 0.1 if sample.text.startswith(_HEADER) else 0.0


def _render_exchange(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    chunks = []
    for n, line in enumerate(data.decode().splitlines(), 1):
        if line.strip() and line != _HEADER:
            name, _, said = line.partition("> ")
            chunks.append(Chunk(f"### {name}\n{said}\n\n", n, line_map=(n, n, n), role="user"))
        if line.strip():
            tally.rendered(n, "conversation")
    return chunks


# a made-up format of records: JSON lines that hold a "said" field
def _detect_said(sample: Sample) -> float:
    return sample.record_score(lambda record: "said" in record)


def _read_said(path: Path, *, options: RenderOptions) -> Part:
    part = Part(path=path, kind="said-lines", session=path.stem)
    for n, line in enumerate(path.read_text().splitlines(), 1):
        part.add(Entry(f"### user\n{json.loads(line)['said']}\n\n", "user", None, line=n))
        part.count(n, "conversation", True)
    return part


@pytest.fixture
def fakes() -> Iterator[None]:
    register_reader(ReaderEntry("exchange", "a text format made for this test",
                                _detect_exchange, render=_render_exchange))
    register_reader(ReaderEntry("said-lines", "a record format made for this test",
                                _detect_said, read=_read_said))
    try:
        yield
    finally:
        READERS.unregister("exchange")
        READERS.unregister("said-lines")


def test_the_built_in_readers_are_registered_through_the_hook() -> None:
    assert list(READERS) == ["codex", "claude-code", "notebook", "chat-json", "mail",
                             "captions", "meeting", "chat-markdown", "html", "text"]
    assert list(FORMATS) == list(READERS)
    assert all(e.help and (e.read is None) != (e.render is None) for e in READERS.entries())


def test_a_registered_text_reader_is_chosen_for_its_input(tmp_path: Path, fakes: None) -> None:
    path = tmp_path / "talk.txt"
    path.write_text(f"{_HEADER}\nada> what is a fold?\nbob> a merge of summaries\n")
    assert detect_format(path) == "exchange"
    t = load_transcript(path)
    assert t.kind == "exchange"
    assert t.data.decode() == "### ada\nwhat is a fold?\n\n### bob\na merge of summaries\n\n"
    assert t.account is not None and t.account.records.balanced
    point = t.where(t.data.index(b"a merge"))
    assert point is not None and point.line == 3
    # the same file in a folder, beside plain text
    (tmp_path / "notes.txt").write_text("just notes\n")
    folder = load_transcript(tmp_path)
    assert b"### ada\nwhat is a fold?" in folder.data and b"just notes" in folder.data


def test_a_registered_record_reader_wins_by_the_earlier_line(tmp_path: Path,
                                                             fakes: None) -> None:
    path = tmp_path / "said.jsonl"
    path.write_text("\n".join(json.dumps({"said": s}) for s in ("hello", "bye")) + "\n")
    assert detect_format(path) == "said-lines"
    t = load_transcript(path)
    assert t.kind == "said-lines" and b"### user\nhello" in t.data
    # a line a built-in format claims first decides: the earlier line scores higher
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps({"role": "user", "content": "hi"}) + "\n"
                     + json.dumps({"said": "later"}) + "\n")
    sample = Sample.of(mixed)
    assert sample.record_score(lambda r: "role" in r) > _detect_said(sample) > RECORD
    assert detect_format(mixed) == "chat-json"


def test_without_the_fake_the_same_files_are_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "talk.txt"
    path.write_text(f"{_HEADER}\nada> what is a fold?\n")
    assert detect_format(path) == "text"
    assert load_transcript(path).data == path.read_bytes()


def test_an_unknown_format_names_the_registered_ones(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("x\n")
    with pytest.raises(SourceError, match="use auto, codex, claude-code, notebook, chat-json, mail, captions, meeting"):
        load_transcript(path, fmt="docx")
