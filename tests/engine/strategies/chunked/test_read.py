"""``gapless read``: chunked reading through the run context, cursors, outline validation."""

from __future__ import annotations

import base64
import json
import os
import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gapless.engine.config import Settings
from gapless.engine.core.errors import UserError
from gapless.engine.core.events import (
    Event,
    InvocationFinished,
    InvocationStarted,
    OutlineUpdated,
    ProviderCall,
    RunFinished,
    RunStarted,
    SpanRead,
)
from gapless.engine.core.spans import merge
from gapless.engine.core.tokens import Capacity
from gapless.engine.providers.base import ModelReply, ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.strategies.chunked.cursor import CursorError
from gapless.engine.strategies.chunked.outline import (
    MAX_ENTRIES,
    Outline,
    OutlineEntry,
    validate_entries,
)
from gapless.engine.strategies.chunked.read import (
    SUMMARY_MAX_BYTES,
    FileChanged,
    ReadOptions,
    chunk_target,
    read_summary,
    read_summary_sync,
)
from gapless.tui.cli.main import main
from tests.engine.extractive.logs.truth import DATA as LOGS

SMALL = Settings.model_validate({"context_tokens": 1024})
TARGET = chunk_target(Capacity.for_context(1024))
_LINES = re.compile(r"lines (\d+)-(\d+) of (\d+)")


def write_log(path, n_lines: int, seed: int = 0) -> bytes:
    rnd = random.Random(seed)
    out = []
    for i in range(n_lines):
        lvl = rnd.choice(["INFO"] * 6 + ["WARN", "ERROR"])
        msg = ("database connection timeout after 30s" if lvl == "ERROR"
               else f"served request {rnd.randrange(10**6)} in {rnd.randrange(900)}ms")
        out.append(f"2026-05-01T10:{i % 60:02d}:{i % 60:02d}Z {lvl} api {msg}\n")
        if i % 40 == 39:
            out.append("\n")
    data = "".join(out).encode()
    path.write_bytes(data)
    return data


def chunks_of(events: list[Event]) -> list[InvocationStarted]:
    return [e for e in events if isinstance(e, InvocationStarted) and e.mode == "chunk"]


def reads_of(events: list[Event]) -> list[tuple[int, int]]:
    return [(e.start, e.end) for e in events if isinstance(e, SpanRead)]


async def test_small_file_is_read_whole_in_one_call(tmp_path):
    f = tmp_path / "notes.md"
    data = b"# Release notes\n\nWe fixed the login bug in auth/session.py and shipped 2.1.\n"
    f.write_bytes(data)
    events: list[Event] = []
    r = await read_summary(f, sinks=[events.append])
    assert r.status == "complete" and r.cursor is None and not r.truncated
    assert r.stats.chunks_total == r.stats.chunks_read == 1
    assert sum(isinstance(e, ProviderCall) for e in events) == 1
    started = events[0]
    assert isinstance(started, RunStarted) and started.strategy == "chunked"
    assert started.input_bytes == len(data)
    assert reads_of(events) == [(0, len(data))]
    assert isinstance(events[-1], RunFinished) and events[-1].coverage == 1.0
    assert r.outline and r.outline[0].start_line == 1 and r.outline[0].end_line == 3
    assert "login" in r.summary
    assert set(r.to_json()) == {"summary", "outline", "cursor", "stats", "truncated"}
    assert set(r.to_json()["stats"]) == {"total_lines", "total_bytes", "chunks_read",
                                         "chunks_total", "duration"}


async def test_every_chunk_is_one_invocation_and_coverage_is_total(tmp_path):
    f = tmp_path / "app.log"
    data = write_log(f, 400)
    events: list[Event] = []
    r = await read_summary(f, settings=SMALL, sinks=[events.append])
    assert r.status == "complete" and r.stats.chunks_total > 5
    assert r.stats.chunks_read == r.stats.chunks_total
    inv = chunks_of(events)
    assert len(inv) == r.stats.chunks_total and all(e.parent == "k" for e in inv)
    assert merge(reads_of(events)) == [(0, len(data))]
    assert sum(e - s for s, e in reads_of(events)) == len(data)  # no byte read twice
    # every chunk got at least one outline entry (none dropped)
    outlines = [e for e in events if isinstance(e, OutlineUpdated)]
    assert len(outlines) == len(inv) and all(e.entries for e in outlines)
    assert r.state.status == "complete" and r.state.coverage == 1.0
    assert len(r.summary.encode()) <= SUMMARY_MAX_BYTES
    for e in r.outline:
        assert 1 <= e.start_line <= e.end_line <= r.stats.total_lines


async def test_parallel_reads_the_same_chunks_and_merges_in_order(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    seq = await read_summary(f, settings=SMALL)
    par = await read_summary(f, ReadOptions(parallel=True), settings=SMALL)
    assert par.status == "complete" and par.stats.chunks_read == seq.stats.chunks_read
    # the offline provider ignores the running outline, so both must agree exactly
    assert par.outline == seq.outline and par.summary == seq.summary


async def test_max_chunks_then_resume_finishes_exactly_the_rest(tmp_path):
    f = tmp_path / "app.log"
    data = write_log(f, 400)
    first_events: list[Event] = []
    first = await read_summary(f, ReadOptions(max_chunks=2), settings=SMALL, sinks=[first_events.append])
    total = first.stats.chunks_total
    assert total >= 5
    assert first.truncated and first.cursor and first.stats.chunks_read == 2
    assert first.status == "incomplete" and len(first.cursor) < 4096
    rest_events: list[Event] = []
    rest = await read_summary(f, ReadOptions(cursor=first.cursor), settings=SMALL, sinks=[rest_events.append])
    assert not rest.truncated and rest.cursor is None and rest.status == "complete"
    assert rest.stats.chunks_read == total - 2
    a, b = reads_of(first_events), reads_of(rest_events)
    assert merge(a + b) == [(0, len(data))]
    assert sum(e - s for s, e in a + b) == len(data)
    started = rest_events[0]
    assert isinstance(started, RunStarted) and started.parent_run_id == first.run_id
    # the resumed outline continues the first one
    assert rest.outline[0].start_line == 1
    assert rest.outline[-1].end_line == rest.stats.total_lines


async def test_resume_in_several_steps(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    r = await read_summary(f, ReadOptions(max_chunks=1), settings=SMALL)
    seen = 1
    while r.cursor:
        r = await read_summary(f, ReadOptions(cursor=r.cursor, max_chunks=3), settings=SMALL)
        seen += r.stats.chunks_read
    assert seen == r.stats.chunks_total and r.status == "complete"


async def test_a_flipped_cursor_byte_is_a_clear_error(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    r = await read_summary(f, ReadOptions(max_chunks=1), settings=SMALL)
    assert r.cursor
    i = len(r.cursor) // 2
    bad = r.cursor[:i] + ("A" if r.cursor[i] != "A" else "B") + r.cursor[i + 1:]
    with pytest.raises(CursorError, match="corrupted"):
        await read_summary(f, ReadOptions(cursor=bad), settings=SMALL)


async def test_a_file_changed_between_calls_is_an_error_naming_it(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    r = await read_summary(f, ReadOptions(max_chunks=1), settings=SMALL)
    with f.open("ab") as fh:
        fh.write(b"one more line\n")
    with pytest.raises(FileChanged, match=re.escape(str(f))):
        await read_summary(f, ReadOptions(cursor=r.cursor), settings=SMALL)


async def test_same_size_and_mtime_but_new_content_is_caught_by_the_plan_hash(tmp_path):
    f = tmp_path / "app.log"
    data = write_log(f, 300)
    r = await read_summary(f, ReadOptions(max_chunks=1), settings=SMALL)
    st = f.stat()
    changed = bytearray(data)
    changed[-10] = ord("Z") if changed[-10] != ord("Z") else ord("Y")
    f.write_bytes(bytes(changed))
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(FileChanged, match="content differs"):
        await read_summary(f, ReadOptions(cursor=r.cursor), settings=SMALL)


async def test_a_cursor_for_another_file_or_question_is_refused(tmp_path):
    f, g = tmp_path / "a.log", tmp_path / "b.log"
    write_log(f, 300)
    write_log(g, 300)
    r = await read_summary(f, ReadOptions(max_chunks=1, question="why timeouts?"), settings=SMALL)
    with pytest.raises(CursorError, match="made for"):
        await read_summary(g, ReadOptions(cursor=r.cursor), settings=SMALL)
    with pytest.raises(CursorError, match="question"):
        await read_summary(f, ReadOptions(cursor=r.cursor, question="something else"), settings=SMALL)
    done = await read_summary(f, ReadOptions(cursor=r.cursor), settings=SMALL)  # the question is carried
    assert done.status == "complete"


async def test_a_file_changing_during_the_read_fails_loudly(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    inner = ExtractiveProvider()
    calls = 0

    class Mutating(ExtractiveProvider):
        async def complete(self, request: ModelRequest) -> ModelReply:
            nonlocal calls
            calls += 1
            if calls == 2:
                data = bytearray(f.read_bytes())
                data[-5] ^= 1
                f.write_bytes(bytes(data))
            return await inner.complete(request)

    events: list[Event] = []
    with pytest.raises(FileChanged, match="while it was being read"):
        await read_summary(f, settings=SMALL, provider=Mutating(), sinks=[events.append])
    assert isinstance(events[-1], RunFinished) and events[-1].status == "failed"


async def test_budget_exhaustion_leaves_a_cursor(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    tight = Settings.model_validate({"context_tokens": 1024, "max_calls": 3})
    r = await read_summary(f, settings=tight)
    assert r.truncated and r.cursor and r.status == "incomplete"
    assert "budget" in r.reason
    rest = await read_summary(f, ReadOptions(cursor=r.cursor), settings=SMALL)
    assert rest.status == "complete"
    assert r.stats.chunks_read + rest.stats.chunks_read == rest.stats.chunks_total


async def test_a_failed_call_stops_at_that_chunk_with_a_cursor(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 300)
    inner = ExtractiveProvider()
    n = 0

    def policy(request: ModelRequest, index: int) -> str:
        nonlocal n
        n += request.purpose == "chunk"
        if request.purpose == "chunk" and n == 3:
            raise ProviderError("server fell over")
        return inner.answer(request)

    r = await read_summary(f, settings=SMALL, provider=ScriptedProvider(policy=policy))
    assert r.truncated and r.cursor and r.stats.chunks_read == 2
    assert "server fell over" in r.reason
    assert r.state.nodes["k.2"].status == "failed"
    rest = await read_summary(f, ReadOptions(cursor=r.cursor), settings=SMALL)
    assert rest.stats.chunks_read == rest.stats.chunks_total - 2


def test_binary_unreadable_and_empty_files_get_one_line(tmp_path):
    b = tmp_path / "image.png"
    b.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    r = read_summary_sync(b)
    assert r.status == "skipped" and "binary file (PNG image)" in r.summary
    assert "\n" not in r.summary and r.outline == [] and r.stats.chunks_total == 0
    e = tmp_path / "empty.log"
    e.write_bytes(b"")
    r = read_summary_sync(e)
    assert r.status == "skipped" and "empty" in r.summary
    if os.geteuid() != 0:  # root reads anything
        u = tmp_path / "secret.log"
        u.write_text("secret\n")
        u.chmod(0)
        r = read_summary_sync(u)
        assert r.status == "skipped" and "unreadable" in r.summary and "\n" not in r.summary


def test_user_errors(tmp_path):
    with pytest.raises(UserError, match="No such file"):
        read_summary_sync(tmp_path / "missing.log")
    with pytest.raises(UserError, match="directory"):
        read_summary_sync(tmp_path)
    f = tmp_path / "a.log"
    f.write_text("x\n")
    with pytest.raises(UserError, match="detail"):
        read_summary_sync(f, ReadOptions(detail="huge"))
    with pytest.raises(UserError, match="max_chunks"):
        read_summary_sync(f, ReadOptions(max_chunks=0))


async def test_boring_chunks_get_an_opaque_entry(tmp_path):
    f = tmp_path / "mixed.txt"
    rnd = random.Random(1)
    blob = base64.b64encode(rnd.randbytes(3000)).decode()
    text = ("Deployment notes: we rolled out version 4 to the eu cluster.\n\n" + blob
            + "\n\nThe rollback plan is documented in ops/rollback.md.\n")
    f.write_text(text)
    r = await read_summary(f, settings=SMALL)
    assert r.status == "complete"
    assert any(e.kind == "opaque" for e in r.outline)
    covered = set()
    for e in r.outline:
        covered.update(range(e.start_line, e.end_line + 1))
    assert covered == set(range(1, r.stats.total_lines + 1))


# --------------------------------------------------------------------- outline validation


def outline_policy(extra: list[dict[str, object]] | None = None):
    """A model that returns a valid outline entry plus some that are not."""
    inner = ExtractiveProvider()

    def policy(request: ModelRequest, index: int) -> str:
        answer = json.loads(inner.answer(request))
        if request.purpose == "chunk":
            m = _LINES.search(request.prompt)
            assert m
            a, b = int(m.group(1)), int(m.group(2))
            answer["outline"] = [
                {"title": "the real section", "start_line": a, "end_line": b,
                 "kind": "log", "digest": "lines that exist"},
                {"title": "hallucinated", "start_line": b + 5, "end_line": b + 9},
                {"title": "backwards", "start_line": b, "end_line": a - 1},
                {"title": "zero", "start_line": 0, "end_line": a},
                "not an object",
                *(extra or []),
            ]
        return json.dumps(answer)

    return policy


async def test_model_outline_entries_are_validated_and_invalid_ones_counted(tmp_path):
    f = tmp_path / "app.log"
    write_log(f, 200)
    events: list[Event] = []
    r = await read_summary(f, settings=SMALL, provider=ScriptedProvider(policy=outline_policy()),
                           sinks=[events.append])
    chunks = r.stats.chunks_total
    assert r.status == "complete"
    assert r.outline_dropped == 4 * chunks
    kept = [e for e in r.outline if e.kind != "archived"]
    assert kept and all(e.title == "the real section" and e.kind == "log" for e in kept)
    dropped = [e for e in events if isinstance(e, OutlineUpdated)]
    assert all(e.dropped == 4 and not e.as_action().ok for e in dropped)
    finished = [e for e in events if isinstance(e, InvocationFinished) and e.inv.startswith("k.")]
    assert all(e.status == "complete" for e in finished)


def test_outline_keeps_at_most_32_entries_merged_evenly_across_the_file():
    o = Outline()
    for i in range(100):
        o.add(OutlineEntry(title=f"section {i}", start_line=10 * i + 1, end_line=10 * i + 10,
                           kind="section", digest=f"d{i}"))
    assert len(o.entries) == MAX_ENTRIES
    assert all(e.kind != "archived" for e in o.entries)
    # Contiguous, no line lost, and no entry much wider than an even share of the 1,000 lines.
    assert o.entries[0].start_line == 1 and o.entries[-1].end_line == 1000
    assert all(a.end_line + 1 == b.start_line for a, b in zip(o.entries, o.entries[1:], strict=False))
    widths = [e.end_line - e.start_line + 1 for e in o.entries]
    assert max(widths) <= 2 * 1000 // MAX_ENTRIES + 10
    # A merged entry is titled by its first and last original sections, words in common once.
    merged = next(e for e in o.entries if e.end_line - e.start_line + 1 > 10)
    first, last = (merged.start_line - 1) // 10, merged.end_line // 10 - 1
    assert merged.title == f"section {first} – {last}"
    assert merged.digest.startswith(f"d{first}") and len(merged.digest) <= 240


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner,
                                                                max_size=6),
    max_leaves=20,
)
_ENTRY = st.fixed_dictionaries(
    {"start_line": _JSONISH | st.integers(-3, 300), "end_line": _JSONISH | st.integers(-3, 300)},
    optional={"title": _JSONISH, "kind": _JSONISH, "digest": _JSONISH},
)


@settings(max_examples=200, deadline=None)
@given(raw=st.one_of(_JSONISH, st.lists(st.one_of(_ENTRY, _JSONISH), max_size=12)),
       first=st.integers(1, 200), span=st.integers(0, 100), limit=st.integers(1, 8))
@example(raw=[{"start_line": 0, "end_line": "¹"}], first=1, span=0, limit=1)  # found by it
def test_outline_validation_fuzz(raw, first, span, limit):
    last = first + span
    kept, dropped = validate_entries(raw, first, last, limit=limit)
    assert len(kept) <= limit
    if isinstance(raw, list):
        assert len(kept) + dropped == len(raw)
    for e in kept:
        assert 1 <= first <= e.start_line <= e.end_line <= last
        assert e.title and len(e.title) <= 80 and len(e.digest) <= 240
        assert e.kind != "archived"


# ----------------------------------------------------------------------------- the command


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_truncate_resume_and_errors(tmp_path, capsys):
    f = tmp_path / "app.log"
    write_log(f, 300)
    db = str(tmp_path / "g.db")
    code, out, _ = run_cli(capsys, "read", str(f), "--json", "--db", db, "--context-tokens",
                           "1024", "--max-chunks", "2")
    first = json.loads(out)
    assert code == 1 and set(first) == {"summary", "outline", "cursor", "stats", "truncated"}
    assert first["truncated"] and first["cursor"] and first["stats"]["chunks_read"] == 2
    code, out, _ = run_cli(capsys, "read", str(f), "--json", "--db", db, "--context-tokens",
                           "1024", "--cursor", first["cursor"])
    rest = json.loads(out)
    assert code == 0 and rest["cursor"] is None and not rest["truncated"]
    assert rest["stats"]["chunks_read"] == rest["stats"]["chunks_total"] - 2
    code, out, err = run_cli(capsys, "read", str(f), "--db", db, "--cursor", "x" + first["cursor"])
    assert code == 2 and out == "" and err.startswith("gapless: ") and "Traceback" not in err
    code, _, err = run_cli(capsys, "read", str(tmp_path / "nope.log"), "--db", db)
    assert code == 2 and "No such file" in err
    b = tmp_path / "blob.bin"
    b.write_bytes(bytes(range(256)) * 10)
    code, out, _ = run_cli(capsys, "read", str(b), "--json", "--db", db)
    assert code == 0 and "binary file" in json.loads(out)["summary"]
    code, out, _ = run_cli(capsys, "read", str(f), "--db", db, "--detail", "deep", "-q",
                           "what times out?")
    assert code == 0 and "Outline" in out and "chunks read" in out


async def test_a_line_of_a_log_is_never_a_heading(tmp_path):
    """A log's outline is its chunks' records (their kind and top templates): a line of it
    that looks like a heading ("# Restart", a setext underline) is one more line, not a
    section that takes over the chunk's entry."""
    lines = (LOGS / "OpenSSH_2k.log").read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(1000, "# Restart of the server\n")
    lines.insert(1500, "Maintenance window\n==================\n")
    path = tmp_path / "auth.log"
    path.write_text("".join(lines), encoding="utf-8")
    r = await read_summary(path, settings=Settings())
    assert r.status == "complete" and len(r.outline) == r.stats.chunks_total
    assert all(e.title.startswith("OpenSSH auth log, ") for e in r.outline), [
        e.title for e in r.outline]
