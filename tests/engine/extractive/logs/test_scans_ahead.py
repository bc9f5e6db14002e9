"""A long log's scopes scanned ahead by a worker process (real processes, loghub samples):
the run's results are those of a run that scans everything itself, the worker does scan,
a worker that dies costs nothing but speed, and a worker starts from any main module."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from gapless.engine.config import Settings, load_settings
from gapless.engine.core.errors import UserError
from gapless.engine.extractive.logs import ahead
from gapless.engine.extractive.logs.ahead import (
    AHEAD_MIN_BYTES,
    ScansAhead,
    scan_scope,
    scans_ahead,
)
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_transcript
from gapless.engine.sources import load_transcript
from gapless.engine.strategies.chunked.read import ReadOptions, read_summary
from tests.engine.extractive.logs.truth import sample

ROOT = Path(__file__).resolve().parents[4]


def pieces(name: str, size: int = 12_000) -> list[tuple[str, int]]:
    """The sample cut into line-aligned scopes of about ``size`` bytes: (text, offset)."""
    data = sample(name).read_bytes()
    out, at = [], 0
    while at < len(data):
        end = data.find(b"\n", at + size)
        end = len(data) if end < 0 else end + 1
        out.append((data[at:end].decode("utf-8"), at))
        at = end
    return out


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real log twice the size where scans are made ahead (so the worker, up in about a
    third of a second, has its share before the run ends): the HDFS sample, repeated."""
    data = sample("HDFS").read_bytes()
    path = tmp_path_factory.mktemp("logs") / "HDFS_long.log"
    path.write_bytes(data * (2 * AHEAD_MIN_BYTES // len(data) + 1))  # about 6 MB
    return path


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many scans each scanner's worker made, recorded as the scanner closes."""
    counts: list[int] = []
    close = ScansAhead.close

    def recorded(self: ScansAhead) -> None:
        counts.append(self.made)
        close(self)

    monkeypatch.setattr(ScansAhead, "close", recorded)
    return counts


def answered(scanner: ScansAhead, seqs: set[int]) -> None:
    """Wait until the worker has answered scopes ``seqs`` (it starts in about a third of a
    second)."""
    deadline = time.monotonic() + 120
    while not seqs <= scanner._scans.keys() and time.monotonic() < deadline:
        scanner._receive()
        time.sleep(0.01)
    assert seqs <= scanner._scans.keys()


def started(scanner: ScansAhead) -> None:
    """Wait until the worker has scanned all it was sent: nothing is left for this process
    to take over."""
    answered(scanner, {entry[3] for entry in scanner._pending})


def scans_equal(a: Any, b: Any) -> bool:
    """A worker's scan is one made here as far as it is read: the counted stats, the
    templates' first records and the distinct messages, its own and those of the pieces
    of lines at its edges, which a fold takes back out (its body's own stats are not sent
    back)."""
    return (a[0] == b[0] and a[1].spans == b[1].spans
            and a[1].counted.model_dump() == b[1].counted.model_dump()
            and a[1].counted.forms == b[1].counted.forms
            and all(_edge_forms(getattr(a[1].counted, side)) == _edge_forms(
                getattr(b[1].counted, side)) for side in ("head", "tail")))


def _edge_forms(piece: Any) -> Any:
    return None if piece is None or piece.counted is None else piece.counted.forms


def test_the_workers_scans_are_those_made_here() -> None:
    scopes = pieces("OpenSSH")
    assert len(scopes) >= 8
    scanner = ScansAhead(1)
    try:
        for text, offset in scopes:
            scanner.announce(offset, lambda t=text: t)
        got = []
        for text, offset in scopes:
            started(scanner)
            got.append(scanner.take(text, offset))
    finally:
        scanner.close()
    assert None not in got  # each was scanned before it was asked for: by the worker
    for (text, offset), made in zip(scopes, got, strict=True):
        assert scans_equal(made, scan_scope(text, offset))
    # asked for at once, scopes no worker has begun yet (it is still starting) are scanned
    # here, and the worker passes over each of those: no scope is scanned twice
    eager = ScansAhead(1)
    try:
        for text, offset in scopes:
            eager.announce(offset, lambda t=text: t)
        first = list(eager._pending)[:3]
        got = [eager.take(t, o) for t, o in scopes[:3]]
        here = {entry[3] for entry, made in zip(first, got, strict=True) if made is None}
        # the worker answers in order: once it has answered the last scope sent, it has
        # passed over each taken here (an answer already consumed by its take was one too)
        answered(eager, {max(entry[3] for entry in eager._pending)})
        assert all(eager._scans.get(seq) is None for seq in here)
        for (text, offset), made in zip(scopes, got, strict=False):
            assert made is None or scans_equal(made, scan_scope(text, offset))
    finally:
        eager.close()
    # a scope never announced, or a text that is not the one announced, is scanned here
    other = ScansAhead(1)
    try:
        other.announce(0, lambda: scopes[0][0])
        assert other.take(scopes[1][0], scopes[1][1]) is None
        assert other.take(scopes[0][0] + "x", 0) is None
    finally:
        other.close()


def test_a_scan_holding_a_lone_surrogate_travels_and_the_worker_goes_on() -> None:
    """Stats travel as plain data, pickled: a JSON log's message holding a lone surrogate
    (``\\ud800`` in the file), which pydantic's JSON could not carry, comes back as this
    process would have made it, and the worker scans the next scope."""
    odd = "".join(f'{{"level": "error", "msg": "bad byte \\ud800 at {i}"}}\n' for i in range(40))
    text, offset = pieces("OpenSSH")[1]
    scanner = ScansAhead(1)
    try:
        scanner.announce(0, lambda: odd)
        scanner.announce(offset, lambda: text)
        started(scanner)
        made = scanner.take(odd, 0)
        assert made is not None and scans_equal(made, scan_scope(odd, 0))
        assert made[1] is not None and made[1].counted is not None
        assert made[1].counted.records == 40
        made = scanner.take(text, offset)
        assert made is not None and scans_equal(made, scan_scope(text, offset))
    finally:
        scanner.close()


def test_a_worker_that_dies_leaves_the_scans_to_this_process() -> None:
    scopes = pieces("HDFS")
    scanner = ScansAhead(1)
    try:
        for text, offset in scopes[:4]:
            scanner.announce(offset, lambda t=text: t)
        started(scanner)
        assert scanner.take(*scopes[0]) is not None and scanner.take(*scopes[1]) is not None
        for worker in scanner._workers:
            worker.process.kill()
            worker.process.join()
        # what the worker finished before it died is good; no exception is raised
        for text, offset in scopes[2:4]:
            made = scanner.take(text, offset)
            assert made is None or scans_equal(made, scan_scope(text, offset))
        for text, offset in scopes[4:]:
            scanner.announce(offset, lambda t=text: t)
        # every later scope is scanned here, and the run goes on
        assert all(scanner.take(t, o) is None for t, o in scopes[4:])
    finally:
        scanner.close()


@pytest.mark.slow
async def test_a_read_scanned_ahead_is_the_read_scanned_here(long_log: Path,
                                                             made: list[int]) -> None:
    question = "how many blocks were deleted?"
    alone = await read_summary(long_log, ReadOptions(question=question), settings=Settings(scan_workers=0))
    assert made == []  # no worker was started
    helped = await read_summary(long_log, ReadOptions(question=question), settings=Settings(scan_workers=1))
    # a scanner ran (how much its worker made depends on how fast it started: the worker's
    # scans are checked one by one above)
    assert len(made) == 1
    assert helped.summary == alone.summary
    assert helped.answer == alone.answer and helped.answer_anchors == alone.answer_anchors
    assert helped.outline == alone.outline
    assert helped.state.entry == alone.state.entry
    assert helped.status == "complete" and helped.stats.chunks_read == helped.stats.chunks_total


@pytest.mark.slow
async def test_a_tree_scanned_ahead_is_the_tree_scanned_here(long_log: Path,
                                                             made: list[int]) -> None:
    transcript = load_transcript(long_log)
    results = [await summarize_transcript(transcript, RunRequest(Settings(scan_workers=w), strategy="tree"))
               for w in (0, 1)]
    # a scanner ran (how much its worker made depends on how fast it started: the worker's
    # scans are checked one by one above)
    assert len(made) == 1
    alone, helped = results
    assert helped.status == alone.status == "complete"
    assert helped.calls == alone.calls
    assert helped.entry == alone.entry


async def test_a_short_log_or_a_text_that_is_no_log_starts_no_worker(made: list[int]) -> None:
    with scans_ahead(pieces("Apache")[0][0], AHEAD_MIN_BYTES - 1, 1) as scanner:
        assert scanner is None
    with scans_ahead("Once upon a time there was a long story.\n" * 200, AHEAD_MIN_BYTES,
                     1) as scanner:
        assert scanner is None
    with scans_ahead(pieces("Apache")[0][0], AHEAD_MIN_BYTES, 0) as scanner:
        assert scanner is None
    assert made == []


def test_a_worker_starts_under_a_main_module_it_cannot_load() -> None:
    """Spawned workers normally run the parent's main module again: a script read from
    standard input has none on disk, and a script without a ``__main__`` guard would run
    twice. The worker starts without it, and prints nothing to standard output."""
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from gapless.engine.extractive.logs.ahead import ScansAhead
        from tests.engine.extractive.logs.test_scans_ahead import pieces
        scopes = pieces("OpenSSH")
        scanner = ScansAhead(1)
        for text, offset in scopes:
            scanner.announce(offset, lambda t=text: t)
        from tests.engine.extractive.logs.test_scans_ahead import started
        started(scanner)  # the worker starts and scans what it was sent
        got = [scanner.take(t, o) for t, o in scopes]
        scanner.close()
        print("made", scanner.made)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-"], input=script, capture_output=True, text=True,
                         env=env, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("made "), run.stdout
    assert int(lines[0].split()[1]) > 0


def test_scan_workers_is_a_setting() -> None:
    assert load_settings(environ={"GAPLESS_SCAN_WORKERS": "0"}).scan_workers == 0
    assert load_settings(environ={}).scan_workers is None
    with pytest.raises(UserError, match="scan_workers"):
        load_settings(environ={"GAPLESS_SCAN_WORKERS": "-1"})
    assert ahead.scan_workers(0) == 0 and ahead.scan_workers(2) == 2
    assert 0 <= ahead.scan_workers(None) <= ahead.MAX_WORKERS


@pytest.mark.slow
async def test_a_read_where_no_worker_can_start_scans_here(long_log: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: ScansAhead, spawn: Any, claims: Any) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(ahead._Worker, "__init__", refused)
    r = await read_summary(long_log, settings=Settings(scan_workers=1))
    assert r.status == "complete" and r.stats.chunks_read == r.stats.chunks_total


@pytest.mark.slow
async def test_a_long_logs_workers_start_while_it_is_planned(
        long_log: Path, made: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker takes about half a second to start: a read whose first bytes are a log
    starts it before planning the file, and the read uses that very scanner."""
    import gapless.engine.strategies.chunked.read as read_module

    started: list[ScansAhead] = []
    init = ScansAhead.__init__

    def recorded_init(self: ScansAhead, workers: int) -> None:
        init(self, workers)
        started.append(self)

    seen_when_planning: list[int] = []
    plan_file = read_module.plan_file

    def planning(*args: Any, **kwargs: Any) -> Any:
        seen_when_planning.append(len(started))
        return plan_file(*args, **kwargs)

    monkeypatch.setattr(ScansAhead, "__init__", recorded_init)
    monkeypatch.setattr(read_module, "plan_file", planning)
    result = await read_summary(long_log, settings=Settings(scan_workers=1))
    assert result.status == "complete"
    assert seen_when_planning == [1] and len(started) == 1 and made == [started[0].made]
    assert started[0].closed


async def test_workers_started_early_are_closed_when_the_read_stops_before_them(
        long_log: Path, made: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    import gapless.engine.strategies.chunked.read as read_module

    def unreadable(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(read_module, "plan_file", unreadable)
    result = await read_summary(long_log, settings=Settings(scan_workers=1))
    assert result.status == "skipped" and "unreadable" in result.summary
    assert len(made) == 1  # started with the file's first bytes, closed by the read
    deadline = time.monotonic() + 10
    while any(p.name == "gapless-scan" for p in multiprocessing.active_children()):
        assert time.monotonic() < deadline, "a scan worker outlived its read"
        time.sleep(0.05)
