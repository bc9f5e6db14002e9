"""Log scans made ahead, in worker processes, while the run works on the scope before.

Scanning a scope of a log (parsing, masking, mining templates) is most of the offline
path's CPU, and it is a pure function of the text. A run that reads many log scopes in a
known order (``gapless read``'s chunks, a tree's leaves) hands them here: worker processes
scan the next few while this process builds prompts, answers and writes events, so a second
core does much of the work. A worker runs the very code a scan here would run, on the same
text, so its result is the same. Whoever claims a scope first scans it: a scope asked for
before a worker has begun it (a worker still starting, or one behind) is scanned here and
passed over by the worker; a worker that died, or could not start, leaves every scan here.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import sys
import threading
import types
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from multiprocessing import get_context
from multiprocessing.connection import Connection
from typing import Any

try:
    import fcntl
except ImportError:  # (not on Windows)
    fcntl = None  # type: ignore[assignment]

from gapless.engine.core.logstats import Form, Fragment, LogStats
from gapless.engine.extractive.logs.detect import detect_format, input_format, input_hint
from gapless.engine.extractive.logs.merge import provisional
from gapless.engine.extractive.logs.opening import input_opening, opening_hint
from gapless.engine.extractive.logs.scan import Scan, scan_log

# A shorter input is scanned here: a worker (a fresh interpreter importing the engine) starts
# in about a third of a second, which a read of a few megabytes barely earns back.
AHEAD_MIN_BYTES = 3_000_000
MAX_WORKERS = 4

Made = tuple[str | None, Scan | None]  # (format, scan); (None, None) for a text no log


def scan_workers(setting: int | None) -> int:
    """Worker processes for scans ahead: the setting, else one per core but this one's."""
    if setting is not None:
        return setting
    return max(0, min(MAX_WORKERS, (os.cpu_count() or 1) - 1))


def scan_scope(text: str, offset: int) -> Made:
    """A scope's format and counted scan, as the prompt's facts make them."""
    fmt = detect_format(text)
    if fmt is None:
        return None, None
    scan = scan_log(text, fmt, starts_input=offset == 0, remember=False)
    assert scan.stats is not None
    scan.counted = provisional(scan.stats)
    return fmt, scan


# What a worker sends back of a scan: (format, counted stats as plain data, template spans),
# or None. Stats travel as the plain data of ``model_dump`` (pickled by the pipe, in C) and
# are validated here in one call: a pickled model is rebuilt one ``__setstate__`` per nested
# model (a chunk's stats hold dozens), and pydantic's own JSON took 272 µs a 22 KB scope to
# validate where its plain data takes 99 µs (this process is the run's busier one).
# The distinct messages (LogStats.forms, which stored stats leave out) travel beside them,
# as tuples (pickled in C): the scope's, then its head's and its tail's (a fold takes the
# edge pieces back out by their forms, which it would otherwise count again here).
FormRows = list[tuple[Any, ...]] | None
Packed = tuple[str | None, dict[str, Any] | None, dict[str, tuple[int, int]] | None,
               tuple[FormRows, FormRows, FormRows] | None]


def _rows(forms: list[Form] | None) -> FormRows:
    return None if forms is None else [(f.text, f.count, f.first, f.last, f.errors,
                                        f.warnings, f.joined) for f in forms]


def _forms(rows: FormRows) -> list[Form] | None:
    return None if rows is None else [Form(*f) for f in rows]


def _edge_forms(piece: Fragment | None) -> FormRows:
    return None if piece is None or piece.counted is None else _rows(piece.counted.forms)


def _packed(made: Made | None) -> Packed | None:
    if made is None:
        return None
    fmt, scan = made
    if scan is None or scan.counted is None:
        return fmt, None, None, None
    counted = scan.counted
    return (fmt, counted.model_dump(), scan.spans,
            (_rows(counted.forms), _edge_forms(counted.head), _edge_forms(counted.tail)))


def _unpacked(packed: Packed | None) -> Made | None:
    if packed is None:
        return None
    fmt, counted, spans, forms = packed
    if counted is None:
        return fmt, None
    stats = LogStats.model_validate(counted)
    own, head, tail = forms or (None, None, None)
    stats.forms = _forms(own)
    for piece, rows in ((stats.head, head), (stats.tail, tail)):
        if piece is not None and piece.counted is not None:
            piece.counted.forms = _forms(rows)
    return fmt, Scan(None, spans or {}, stats)


# Which scopes are taken, shared by this process and its workers: slot ``seq % CLAIM_SLOTS``
# holds the number of the last scope claimed there. Whoever claims a scope first scans it,
# so this process never waits for a scope no worker has begun, and no scope is scanned twice.
CLAIM_SLOTS = 1024


def _claim(claims: Any, seq: int) -> bool:
    """Claim scope ``seq``; False when it was claimed already."""
    with claims.get_lock():
        slot = seq % len(claims)
        if claims[slot] == seq:
            return False
        claims[slot] = seq
        return True


# a scope to scan: its number, text, offset, and the input's format and opening
_Task = tuple[int, str, int, str | None, frozenset[str] | None]


def _serve(tasks: Connection, results: Connection, claims: Any) -> None:
    """A worker: scans the scopes it is sent, in order, but those the run took first.

    Ctrl-C is the run's to handle (it cancels and leaves the store consistent): a worker
    killed by it would only print a traceback. Nothing a worker prints may reach standard
    output, which may be a protocol's (``gapless mcp`` speaks over it). Scopes are received
    by a thread of their own, so the run never waits to hand one over."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stdout = sys.stderr
    sys.setswitchinterval(0.0005)  # the receiving thread gets its turn at once
    inbox: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()

    def receive() -> None:
        try:
            while (task := tasks.recv()) is not None:
                inbox.put(task)
        except (EOFError, OSError):
            pass
        inbox.put(None)

    threading.Thread(target=receive, daemon=True).start()
    while (task := inbox.get()) is not None:
        seq, text, offset, hint, opening = task
        packed: Packed | None = None
        if _claim(claims, seq):
            try:
                # the run's input format and opening, as a scan there reads them
                with input_format(hint), input_opening(opening):
                    packed = _packed(scan_scope(text, offset))
            except Exception:  # scanned again by the run, which then says what is wrong
                packed = None
        try:
            results.send((seq, packed))
        except OSError:
            return


@contextmanager
def _without_main() -> Iterator[None]:
    """Workers are started without this process's main module: spawning would run it again
    in each (a script without a ``__main__`` guard, a REPL's stdin, a test runner), and a
    scan needs nothing of it."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


# A pipe's buffer is 64 KB on Linux: a few scopes sent ahead filled it and the run waited,
# each time, for the worker to take one (a tenth of a long read's time here). A megabyte
# (the unprivileged limit) holds all that is ever in flight.
_PIPE_BYTES = 1 << 20
_F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031) if fcntl is not None else None


def _roomy(conn: Connection) -> None:
    """Grow a pipe's buffer where the system allows it (Linux); elsewhere leave it."""
    if _F_SETPIPE_SZ is None or not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, ValueError):
        fcntl.fcntl(conn.fileno(), _F_SETPIPE_SZ, _PIPE_BYTES)


class _Worker:
    """One worker process and its two pipes (scopes out, scans back)."""

    def __init__(self, spawn: Any, claims: Any) -> None:
        task_r, self.tasks = spawn.Pipe(duplex=False)
        self.results, result_w = spawn.Pipe(duplex=False)
        self.process = spawn.Process(target=_serve, args=(task_r, result_w, claims),
                                     daemon=True, name="gapless-scan")
        with _without_main():
            self.process.start()
        task_r.close()
        result_w.close()
        _roomy(self.tasks)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.tasks.send(None)
        self.tasks.close()
        self.results.close()


class ScansAhead:
    """Scopes announced in the order their prompts will be built (a leaf announces itself
    when it starts, a read its chunks); each is scanned by a worker, a few ahead, unless it
    is taken before a worker has begun it."""

    def __init__(self, workers: int) -> None:
        self._depth = 4 * workers + 4
        spawn = get_context("spawn")
        self._claims = spawn.Array("q", CLAIM_SLOTS)
        self._workers: list[_Worker] = []
        self._announced: deque[tuple[int, Callable[[], str]]] = deque()
        # (offset, text, takes before it was sent, its number)
        self._pending: deque[tuple[int, str, int, int]] = deque()
        self._scans: dict[int, Made | None] = {}  # answers received, by number
        self._mine: set[int] = set()  # scopes this process claimed ahead, to scan itself
        self._taken = 0  # scopes asked for so far
        self._sent = 0  # scopes sent to the workers so far
        self._broken = False
        self.made = 0  # scopes whose scan came from a worker
        self.closed = False
        try:
            for _ in range(workers):
                self._workers.append(_Worker(spawn, self._claims))
        except BaseException:
            self.close()
            raise

    def announce(self, offset: int, text: Callable[[], str]) -> None:
        """A scope whose facts will be asked for; ``text`` gives its text when it is due."""
        self._announced.append((offset, text))
        self._fill()

    def _fill(self) -> None:
        while not self._broken and self._announced and len(self._pending) < self._depth:
            offset, text_of = self._announced.popleft()
            try:
                text = text_of()
            except Exception:  # e.g. a file that changed: its read says so, not this
                continue
            self._sent += 1
            worker = self._workers[self._sent % len(self._workers)]
            try:
                worker.tasks.send((self._sent, text, offset, input_hint(), opening_hint()))
            except OSError:  # a worker that died: this process scans from now on
                self._broken = True
                return
            self._pending.append((offset, text, self._taken, self._sent))

    def _receive(self) -> None:
        """Keep the scans that have arrived."""
        for worker in self._workers:
            try:
                while worker.results.poll():
                    number, packed = worker.results.recv()
                    self._scans[number] = _unpacked(packed)
            except (EOFError, OSError):  # a worker that died: this process scans from now on
                self._broken = True

    def _wait_for(self, seq: int) -> None:
        """Wait for the answer to scope ``seq``, which a worker has begun."""
        worker = self._workers[seq % len(self._workers)]
        try:
            while seq not in self._scans:
                number, packed = worker.results.recv()
                self._scans[number] = _unpacked(packed)
        except (EOFError, OSError):
            self._broken = True

    def take(self, text: str, offset: int) -> Made | None:
        """The scan of this scope from a worker, or None: scan it here."""
        self._taken += 1
        at = next((i for i, (o, t, *_) in enumerate(self._pending)
                   if o == offset and t == text), None)
        made: Made | None = None
        if at is not None:
            seq = self._pending[at][3]
            del self._pending[at]
            self._receive()
            # a scope no worker has begun is scanned here (the worker passes it over); one
            # begun, or done, is the worker's: its answer comes sooner than a scan here
            if seq in self._mine:
                self._mine.discard(seq)
            elif seq not in self._scans and not _claim(self._claims, seq):
                # caught up with the worker: the next scope is this process's to scan
                # while the worker finishes this one, so neither waits for the other twice
                if at < len(self._pending) and _claim(self._claims, self._pending[at][3]):
                    self._mine.add(self._pending[at][3])
                self._wait_for(seq)
            made = self._scans.pop(seq, None)
            self.made += made is not None
        # scopes passed over long ago (reused from an earlier run, or read another way) are
        # dropped, their answers with them; one overtaken by a neighbour (concurrent leaves)
        # is still asked for soon
        while self._pending and self._taken - self._pending[0][2] > 2 * self._depth:
            stale = self._pending.popleft()[3]
            _claim(self._claims, stale)
            self._mine.discard(stale)
        if len(self._scans) > 4 * self._depth:
            live = {e[3] for e in self._pending}
            self._scans = {k: v for k, v in self._scans.items() if k in live}
        self._fill()
        return made

    def close(self) -> None:
        self.closed = True
        self._pending.clear()
        self._announced.clear()
        for worker in self._workers:
            worker.close()  # it ends once it has read what it was sent (not waited for)


_AHEAD: ContextVar[ScansAhead | None] = ContextVar("gapless_scans_ahead", default=None)


def _worth_it(first: str, size: int, workers: int) -> bool:
    return workers >= 1 and size >= AHEAD_MIN_BYTES and detect_format(first) is not None


def _started(workers: int) -> ScansAhead | None:
    try:
        return ScansAhead(workers)
    except (OSError, RuntimeError, ValueError):  # no processes here (limits, no /dev/shm)
        return None


def start_early(head: str, size: int, workers: int) -> ScansAhead | None:
    """Workers started before the input is planned, when its first bytes are a log: a
    worker takes about half a second to start and planning a long file a third of one, so
    they start together. Hand the result to :func:`scans_ahead`, which closes it (close it
    yourself if the run never gets there)."""
    return _started(workers) if _worth_it(head, size, workers) else None


@contextmanager
def scans_ahead(first: str, size: int, workers: int,
                early: ScansAhead | None = None) -> Iterator[ScansAhead | None]:
    """Within this block, the facts of the scopes announced (:func:`scan_soon`) come from
    ``workers`` worker processes, when the ``first`` scope's text is a log and the input
    (``size`` bytes) is long enough to pay for starting them. Yields the scanner, or None
    when every scope is scanned here. Workers started ``early`` are used (or closed, when
    the first scope turns out no log)."""
    if not _worth_it(first, size, workers):
        if early is not None:
            early.close()
        yield None
        return
    ahead = early if early is not None else _started(workers)
    if ahead is None:
        yield None
        return
    token = _AHEAD.set(ahead)
    try:
        yield ahead
    finally:
        _AHEAD.reset(token)
        ahead.close()


def scan_soon(offset: int, text: Callable[[], str]) -> None:
    """Announce a scope whose facts this run will ask for (nothing without a scanner)."""
    ahead = _AHEAD.get()
    if ahead is not None:
        ahead.announce(offset, text)


def made_ahead(text: str, offset: int) -> Made | None:
    """The scan of a scope made ahead by a worker, if this run has one for it."""
    ahead = _AHEAD.get()
    return ahead.take(text, offset) if ahead is not None else None
