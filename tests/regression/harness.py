"""Run a recorded case through the real command line and normalise what it printed.

Every case runs ``python -m gapless.tui.cli ...`` as subprocesses in a fresh temporary directory:
``--db`` points at a new SQLite file there, ``HOME`` is a folder there and ``GAPLESS_CONFIG``
names a file that does not exist, so no user setting or database leaks in. Each step's exit
code, stdout (parsed when it is JSON) and stderr are kept, then normalised: what is random
or depends on the clock or the machine is replaced by stable placeholders, everything else
is compared as printed.

Normalisations (see :class:`Normaliser`):

- run ids (12 hex digits: every id in the database's ``runs`` table and every value of a
  ``run_id`` / ``id`` / ``parent_run_id`` key) become ``<run-1>``, ``<run-2>``, ... in order
  of first appearance in the case, wherever they appear (argv, JSON, stderr, cursors);
- clock values (``created_at``, ``finished_at``, ``elapsed_seconds``, ``latency_ms``,
  ``duration``, ...) become ``"<time>"`` (``null`` stays ``null``);
- absolute paths: the case's temporary directory becomes ``<tmp>``, the test data folder
  ``<data>``, the repository ``<repo>``;
- a ``read`` cursor (base64url of gzip of JSON; in a ``cursor`` field or printed in a
  resume hint) becomes ``<cursor-N>`` wherever it is printed; it is decoded here, without
  the engine, into the record's ``cursors`` map, normalised like the rest (its ``mtime_ns``,
  the input file's mtime, is ``"<time>"``; its ``run_id`` the run placeholder). The raw
  token is still what a later step passes on;
- the ``coherence_token`` a recursive node echoes (random per run) becomes ``<token-N>``;
- in human (non-JSON) output, durations such as ``0.2s`` become ``<secs>``.
"""

from __future__ import annotations

import base64
import binascii
import difflib
import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = (ROOT / "tests" / "data").resolve()
RECORDED = Path(__file__).resolve().parent / "recorded"

RUN_ID = re.compile(r"^[0-9a-f]{12}$")
ID_KEYS = frozenset({"run_id", "id", "parent_run_id"})
TIME_KEYS = frozenset({"created_at", "finished_at", "started_at", "updated_at", "ingested_at",
                       "elapsed_seconds", "latency_ms", "duration", "mtime", "mtime_ns"})
CURSOR_KEYS = frozenset({"cursor"})
# Random per run, drawn anew each time (the fence id a recursive node must echo back).
TOKEN_KEYS = frozenset({"coherence_token"})
CURSOR_TEXT = re.compile(r"H4sI[A-Za-z0-9_-]{16,}")  # base64url of a gzip member
HUMAN_SECONDS = re.compile(r"(?<![\w.])\d+(?:\.\d+)?s(?![\w.])")
STEP_TIMEOUT = 120  # seconds; a step takes 1-5 s on an idle machine


@dataclass(frozen=True)
class Ref:
    """A value taken from the parsed JSON stdout of an earlier step of the same case."""

    step: int
    path: tuple[str | int, ...]

    def resolve(self, outputs: Sequence[Any]) -> str:
        value = outputs[self.step]
        for key in self.path:
            value = value[key]
        if not isinstance(value, str):
            raise TypeError(f"{self} is {value!r}, not a string")
        return value


Arg = str | Ref
Setup = Callable[[Path], dict[str, str]]


@dataclass(frozen=True)
class Case:
    """Named CLI invocations run in order against one fresh database and home."""

    name: str
    steps: tuple[tuple[Arg, ...], ...]
    setup: Setup | None = None
    doc: str = ""


@dataclass
class CaseRun:
    """What one case printed: its normalised record and how long it took."""

    case: Case
    record: dict[str, Any]
    seconds: float
    raw: list[dict[str, Any]] = field(default_factory=list)
    # ``gapless verify --all --json`` over the case's database once its steps ran (None
    # when the case stored no run): kept apart from the record, which stays as printed
    verified: dict[str, Any] | None = None

    @property
    def text(self) -> str:
        return dump(self.record)


def dump(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def recorded_path(name: str) -> Path:
    return RECORDED / f"{name}.json"


def clean_env(tmp: Path, extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAPLESS_")}
    for var in ("PYTHONSTARTUP", "PYTHONWARNINGS", "NO_COLOR", "FORCE_COLOR"):
        env.pop(var, None)
    env.update({
        "HOME": str(tmp / "home"),
        "GAPLESS_CONFIG": str(tmp / "no-such-dir" / "config.toml"),
        "PYTHONPATH": str(ROOT),
        "PYTHONIOENCODING": "utf-8",
        "TZ": "UTC",
        "COLUMNS": "120",
        "XDG_CONFIG_HOME": str(tmp / "home" / ".config"),
        "XDG_DATA_HOME": str(tmp / "home" / ".local" / "share"),
    })
    env.update(extra)
    return env


def expand(arg: Arg, outputs: Sequence[Any], tmp: Path) -> str:
    if isinstance(arg, Ref):
        return arg.resolve(outputs)
    return (arg.replace("{data}", str(DATA)).replace("{tmp}", str(tmp))
            .replace("{db}", str(tmp / "gapless.db")))


def parse_stdout(text: str) -> tuple[str, Any]:
    stripped = text.strip()
    if stripped:
        try:
            return "json", json.loads(stripped)
        except ValueError:
            pass
    return "text", text.splitlines()


def run_ids_in_db(db: Path) -> list[str]:
    if not db.exists():
        return []
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return [row[0] for row in con.execute("SELECT id FROM runs ORDER BY rowid")]
        finally:
            con.close()
    except sqlite3.Error:
        return []


def run_case(case: Case) -> CaseRun:
    """Run every step of ``case`` in a fresh temporary directory; normalise the lot."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"gapless-rec-{case.name}-") as name:
        tmp = Path(name).resolve()
        (tmp / "home").mkdir()
        extra = case.setup(tmp) if case.setup else {}
        env = clean_env(tmp, extra)
        outputs: list[Any] = []
        raw: list[dict[str, Any]] = []
        known_ids: list[str] = []
        for step in case.steps:
            argv = [expand(a, outputs, tmp) for a in step]
            proc = subprocess.run([sys.executable, "-m", "gapless.tui.cli", *argv], capture_output=True,
                                  text=True, encoding="utf-8", env=env, cwd=tmp, check=False,
                                  timeout=STEP_TIMEOUT)
            kind, stdout = parse_stdout(proc.stdout)
            outputs.append(stdout)
            raw.append({"argv": argv, "exit_code": proc.returncode, "stdout_kind": kind,
                        "stdout": stdout, "stderr": proc.stderr.splitlines()})
            known_ids.extend(i for i in run_ids_in_db(tmp / "gapless.db") if i not in known_ids)
        record = Normaliser(tmp, known_ids).case_record(case, raw)
        verified = None
        if known_ids:
            proc = subprocess.run([sys.executable, "-m", "gapless.tui.cli", "verify", "--all", "--json",
                                   "--no-source", "--db", str(tmp / "gapless.db")],
                                  capture_output=True, text=True, encoding="utf-8", env=env,
                                  cwd=tmp, check=False, timeout=STEP_TIMEOUT)
            verified = {"exit_code": proc.returncode, "stderr": proc.stderr,
                        **(json.loads(proc.stdout) if proc.stdout.strip() else {})}
    return CaseRun(case, record, time.perf_counter() - started, raw, verified)


def run_cases(cases: Sequence[Case], workers: int | None = None) -> dict[str, CaseRun]:
    """Run cases concurrently (each case's own steps stay in order)."""
    workers = workers or max(2, os.cpu_count() or 2)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        runs = list(pool.map(run_case, cases))
    return {r.case.name: r for r in runs}


def decode_cursor(token: str) -> Any:
    """base64url(gzip(json)) -> the JSON object, or None when it is not such a token."""
    try:
        blob = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        return json.loads(gzip.decompress(blob).decode("utf-8"))
    except (binascii.Error, OSError, EOFError, ValueError, UnicodeDecodeError):
        return None


class Normaliser:
    """Stable placeholders for what differs between two runs of the same command."""

    def __init__(self, tmp: Path, known_ids: Sequence[str]) -> None:
        self.ids: dict[str, str] = {}
        self.known = set(known_ids)
        self.cursors: dict[str, str] = {}
        self.tokens: dict[str, str] = {}
        paths = {str(tmp): "<tmp>", str(DATA): "<data>", str(ROOT): "<repo>"}
        # Also the unresolved spellings (e.g. /tmp versus a symlinked /private/tmp).
        paths.setdefault(tempfile.gettempdir().rstrip("/") + "/" + tmp.name, "<tmp>")
        self.paths = sorted(paths.items(), key=lambda kv: -len(kv[0]))

    # --- collecting what must be replaced ------------------------------------------------

    def collect(self, value: Any, key: str | None = None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                self.collect(v, k)
        elif isinstance(value, list):
            for v in value:
                self.collect(v, key)
        elif isinstance(value, str):
            if key in ID_KEYS and RUN_ID.match(value):
                self.known.add(value)
            if key in TOKEN_KEYS and value:
                self.tokens.setdefault(value, f"<token-{len(self.tokens) + 1}>")
            candidates = [value] if key in CURSOR_KEYS else CURSOR_TEXT.findall(value)
            for token in candidates:
                decoded = decode_cursor(token)
                if isinstance(decoded, dict) and token not in self.cursors:
                    self.cursors[token] = f"<cursor-{len(self.cursors) + 1}>"
                    self.collect(decoded)

    # --- replacing -------------------------------------------------------------------------

    def _id(self, match: re.Match[str]) -> str:
        text = match.group(0)
        if text not in self.known:
            return text
        return self.ids.setdefault(text, f"<run-{len(self.ids) + 1}>")

    def text(self, s: str) -> str:
        for raw, placeholder in [*self.cursors.items(), *self.tokens.items()]:
            s = s.replace(raw, placeholder)
        for path, placeholder in self.paths:
            s = s.replace(path, placeholder)
        return re.sub(r"(?<![0-9a-f])[0-9a-f]{12}(?![0-9a-f])", self._id, s)

    def value(self, value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            items = value.items()
            if key == "nodes":  # why's tree by invocation id: concurrent children start in
                items = sorted(items)  # an order the scheduler picks, not the run
            return {self.text(k): self.value(v, k) for k, v in items}
        if isinstance(value, list):
            return [self.value(v, key) for v in value]
        if key in TIME_KEYS and isinstance(value, int | float) and not isinstance(value, bool):
            return "<time>"
        if isinstance(value, str):
            return self.text(value)
        return value

    def human(self, line: str) -> str:
        """A line of human output: also its durations ("0.2s") are the clock's."""
        return HUMAN_SECONDS.sub("<secs>", self.text(line))

    def case_record(self, case: Case, raw: list[dict[str, Any]]) -> dict[str, Any]:
        for step in raw:
            self.collect(step["stdout"])
            self.collect(step["stderr"])
        steps = [{
            "argv": [self.text(a) for a in step["argv"]],
            "exit_code": step["exit_code"],
            "stdout_kind": step["stdout_kind"],
            "stdout": (self.value(step["stdout"]) if step["stdout_kind"] == "json"
                       else [self.human(line) for line in step["stdout"]]),
            "stderr": [self.human(line) for line in step["stderr"]],
        } for step in raw]
        cursors = {placeholder: self.value(decode_cursor(token))
                   for token, placeholder in self.cursors.items()}
        return {"case": case.name, "doc": case.doc, "steps": steps, "cursors": cursors}


def diff(expected: str, actual: str, name: str, limit: int = 200) -> str:
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"recorded/{name}.json", f"now/{name}.json", lineterm="",
                                      n=3))
    if len(lines) > limit:
        lines = [*lines[:limit], f"... {len(lines) - limit} more diff lines"]
    return "\n".join(lines)
