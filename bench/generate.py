"""Deterministic generator of realistic Claude Code session JSONL, of any size.

Run:  python bench/generate.py OUT --mb 10 [--seed N]      (or --bytes N)

It writes one long coding session in the shape of ``~/.claude/projects/<project>/<id>.jsonl``:
the user asks for several distinct tasks in turn (fix a flaky test, add a CLI flag, migrate
a DB schema, tune a cache, chase a ``ModuleNotFoundError`` after an upgrade, fix a 500 in an
endpoint, ...), and the assistant works through each with Bash / Read / Edit / Write / Grep
tool calls whose results carry realistic multi-line output (pytest failures, tracebacks,
``git diff`` hunks, log lines, numbered file dumps). Each task has a decision ("let's switch
to ...", "decided to ..."), and some end with a question left open, so summaries have
something to find. Lines carry ``sessionId`` / ``uuid`` / ``parentUuid`` / ``cwd`` /
``gitBranch`` / ``version`` fields and strictly increasing timestamps like the real files;
assistant turns are split one content block per line (same ``message.id``), and tool results
repeat their output in ``toolUseResult`` as Claude Code does.

Everything comes from one seeded ``random.Random``: the same (size, seed) gives the same bytes.
Lines are produced lazily (``generate_session`` is an iterator), so any size streams in
constant memory. Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid as _uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = ["generate_session", "write_session"]

# ------------------------------------------------------------------------------ vocabulary

PROJECT = "ledgerline"
USER = "maya"
CWD = f"/home/{USER}/code/{PROJECT}"
VERSION = "2.1.68"
MODEL = "claude-opus-4-5-20251101"
PY = "3.11.9"

MODULES = {
    "api": ["create_invoice", "refund_invoice", "list_invoices", "get_balance", "health"],
    "cache": ["get", "put", "invalidate", "_evict", "stats"],
    "cli": ["main", "build_parser", "cmd_export", "cmd_sync", "cmd_report"],
    "db": ["connect", "session_scope", "apply_migrations", "vacuum"],
    "models": ["Invoice", "Customer", "LineItem", "Payment", "Tenant"],
    "billing": ["compute_total", "apply_discount", "prorate", "round_cents"],
    "exporter": ["export_csv", "export_parquet", "write_manifest", "_chunk_rows"],
    "scheduler": ["schedule", "run_due", "next_run_at", "_lock_job"],
    "webhooks": ["deliver", "sign_payload", "retry_failed", "verify_signature"],
    "auth": ["issue_token", "verify_token", "refresh", "revoke"],
    "metrics": ["observe_latency", "counter", "histogram", "flush"],
    "settings": ["load", "from_env", "validate", "merge"],
}
MODULE_NAMES = list(MODULES)
VARS = ["invoice", "customer", "tenant", "rows", "payload", "entry", "key", "total", "amount",
        "cursor", "batch", "job", "token", "record", "result", "items", "ttl", "now", "cfg"]
ADJ = ["stale", "pending", "archived", "overdue", "partial", "cached", "signed", "queued"]
TABLES = ["invoices", "customers", "payments", "line_items", "webhook_deliveries", "jobs"]
COLUMNS = [("currency", "VARCHAR(3)", "'EUR'"), ("archived_at", "TIMESTAMP", "NULL"),
           ("retry_count", "INTEGER", "0"), ("external_ref", "VARCHAR(64)", "NULL"),
           ("tax_rate", "NUMERIC(5,4)", "0"), ("region", "VARCHAR(16)", "'eu-west'"),
           ("is_test", "BOOLEAN", "false"), ("due_on", "DATE", "NULL")]
FLAGS = [("--dry-run", "print what would change without writing"),
         ("--since", "only include records updated after this ISO date"),
         ("--format", "output format: csv, json or parquet"),
         ("--tenant", "restrict the command to one tenant id"),
         ("--limit", "stop after N records"),
         ("--no-color", "disable ANSI colours in the output"),
         ("--parallel", "number of worker threads"),
         ("--fail-fast", "stop at the first error instead of collecting them")]
COMMANDS = ["export", "sync", "report", "reconcile", "purge", "backfill"]
ENDPOINTS = ["/invoices", "/invoices/{id}", "/customers/{id}/balance", "/reports/monthly",
             "/payments", "/webhooks/retry"]
PACKAGES = [("pydantic", "2.8.2", "1.10.17", "pydantic.v1"),
            ("sqlalchemy", "2.0.31", "1.4.52", "sqlalchemy.orm.decl_api"),
            ("httpx", "0.27.0", "0.23.3", "httpx._transports"),
            ("redis", "5.0.7", "4.6.0", "redis.asyncio"),
            ("structlog", "24.2.0", "21.5.0", "structlog.contextvars"),
            ("cachetools", "5.4.0", "4.2.4", "cachetools.func")]
EXC = ["KeyError", "AttributeError", "TypeError", "ValueError", "AssertionError",
       "sqlite3.OperationalError", "TimeoutError", "decimal.InvalidOperation"]
LOG_MSGS = [
    "cache miss for {k} (size={n}, evictions={m})",
    "served {ep} in {ms}ms status=200",
    "slow query took {ms}ms: SELECT * FROM {t} WHERE tenant_id = ?",
    "retrying webhook delivery {n} (attempt {a5}/5) after {ms}ms",
    "job {n} finished in {ms}ms, {m} rows",
    "connection pool exhausted, waiting {ms}ms (size={a})",
    "stale entry for {k} (age {age}s)",
    "token refreshed for tenant {tn}",
    "exported {n} rows to /tmp/export-{a}.csv",
]
LEVELS = ["INFO"] * 6 + ["DEBUG"] * 3 + ["WARNING"] * 2 + ["ERROR"]


def _now_base(rng: random.Random) -> float:
    return datetime(2026, 3, rng.randint(2, 20), 8, rng.randint(0, 59), tzinfo=UTC).timestamp()


# ------------------------------------------------------------------------------ the session


class _Session:
    """Line factory: ids, timestamps, the parent chain and the running byte count."""

    def __init__(self, rng: random.Random, target: int) -> None:
        self.rng = rng
        self.target = target
        self.bytes = 0
        self.session_id = self.uuid()
        self.branch = "main"
        self.parent: str | None = None
        self.t = _now_base(rng)
        # Scale the clock so that a session of any size spans about a working day or less.
        est_lines = max(1, target // 1400)
        self.clock = min(1.0, (9 * 3600) / (est_lines * 14.0))
        self.tool_n = 0
        self.ticket = rng.randint(300, 900)

    # ids and time
    def uuid(self) -> str:
        return str(_uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def tool_id(self) -> str:
        self.tool_n += 1
        return "toolu_01" + "".join(self.rng.choices(_B58, k=22))

    def tick(self, lo: float, hi: float) -> str:
        self.t += 0.001 + self.rng.uniform(lo, hi) * self.clock
        return datetime.fromtimestamp(self.t, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + (
            f"{int(self.t * 1000) % 1000:03d}Z"
        )

    def _emit(self, d: dict[str, Any]) -> str:
        line = json.dumps(d, ensure_ascii=False, separators=(",", ":"))
        self.bytes += len(line.encode("utf-8")) + 1
        self.parent = d.get("uuid", self.parent)
        return line

    def bookkeeping(self, d: dict[str, Any]) -> str:
        """A non-message line (no uuid, not part of the parent chain)."""
        line = json.dumps(d, ensure_ascii=False, separators=(",", ":"))
        self.bytes += len(line.encode("utf-8")) + 1
        return line

    def _head(self) -> dict[str, Any]:
        return {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": CWD,
            "sessionId": self.session_id,
            "version": VERSION,
            "gitBranch": self.branch,
        }

    # records
    def user(self, text: str) -> Iterator[str]:
        ts = self.tick(20, 420)
        yield self.bookkeeping({"type": "file-history-snapshot", "messageId": self.uuid(),
                                "snapshot": {"trackedFileBackups": {}, "timestamp": ts},
                                "isSnapshotUpdate": False})
        d = self._head()
        d.update(type="user", message={"role": "user", "content": text}, uuid=self.uuid(),
                 timestamp=ts, permissionMode="default")
        yield self._emit(d)

    def assistant(self, blocks: list[dict[str, Any]], stop: str | None = "end_turn") -> Iterator[str]:
        """One API message, written one content block per line (as Claude Code does)."""
        msg_id = "msg_01" + "".join(self.rng.choices(_B58, k=22))
        req_id = "req_011C" + "".join(self.rng.choices(_B58, k=20))
        for i, block in enumerate(blocks):
            last = i == len(blocks) - 1
            d = self._head()
            d["message"] = {
                "id": msg_id, "type": "message", "role": "assistant", "model": MODEL,
                "content": [block], "stop_reason": stop if last else None,
                "stop_sequence": None,
                "usage": {"input_tokens": self.rng.randint(4, 40),
                          "cache_creation_input_tokens": self.rng.randint(0, 3000),
                          "cache_read_input_tokens": self.rng.randint(20000, 150000),
                          "output_tokens": self.rng.randint(40, 900) if last else 0,
                          "service_tier": "standard"},
            }
            d.update(requestId=req_id, type="assistant", uuid=self.uuid(),
                     timestamp=self.tick(1.5, 25 if i == 0 else 2))
            yield self._emit(d)

    def say(self, text: str) -> Iterator[str]:
        yield from self.assistant([{"type": "text", "text": text}])

    def tool(self, name: str, args: dict[str, Any], output: str, *, is_error: bool = False,
             lead: str | None = None, result: dict[str, Any] | str | None = None
             ) -> Iterator[str]:
        """An assistant tool_use (optionally after a text block) and its tool_result."""
        tid = self.tool_id()
        blocks: list[dict[str, Any]] = []
        if lead:
            blocks.append({"type": "text", "text": lead})
        blocks.append({"type": "tool_use", "id": tid, "name": name, "input": args})
        yield from self.assistant(blocks, stop="tool_use")
        source = self.parent
        d = self._head()
        d.update(type="user", message={"role": "user", "content": [
            {"tool_use_id": tid, "type": "tool_result", "content": output, "is_error": is_error}]},
            uuid=self.uuid(), timestamp=self.tick(0.2, 30 if name == "Bash" else 1.5))
        if result is None:
            result = {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}
            if is_error:
                result = f"Error: {output}"
        d["toolUseResult"] = result
        d["sourceToolAssistantUUID"] = source
        yield self._emit(d)

    # common tools
    def bash(self, command: str, output: str, desc: str, *, error: bool = False,
             lead: str | None = None) -> Iterator[str]:
        args = {"command": command, "description": desc}
        shown = output if not error else f"Exit code 1\n{output}"
        yield from self.tool("Bash", args, shown or "(Bash completed with no output)",
                             is_error=error, lead=lead,
                             result={"stdout": output, "stderr": "", "interrupted": False,
                                     "isImage": False} if not error else f"Error: {shown}")

    def read(self, path: str, content: str, *, lead: str | None = None,
             offset: int | None = None) -> Iterator[str]:
        lines = content.split("\n")
        first = offset or 1
        numbered = "\n".join(f"{first + i:>6}\t{ln}" for i, ln in enumerate(lines))
        args: dict[str, Any] = {"file_path": f"{CWD}/{path}"}
        if offset:
            args.update(offset=offset, limit=len(lines))
        yield from self.tool("Read", args, numbered, lead=lead, result={
            "type": "text", "file": {"filePath": f"{CWD}/{path}", "content": content,
                                     "numLines": len(lines), "startLine": first,
                                     "totalLines": first + len(lines) + self.rng.randint(0, 80)}})

    def edit(self, path: str, old: str, new: str, *, lead: str | None = None) -> Iterator[str]:
        args = {"file_path": f"{CWD}/{path}", "old_string": old, "new_string": new}
        n = self.rng.randint(12, 400)
        snippet = "\n".join(f"{n + i:>6}\t{ln}" for i, ln in enumerate(new.split("\n")[:12]))
        out = (f"The file {CWD}/{path} has been updated. Here's the result of running `cat -n` "
               f"on a snippet of the edited file:\n{snippet}")
        yield from self.tool("Edit", args, out, lead=lead, result={
            "filePath": f"{CWD}/{path}", "oldString": old, "newString": new,
            "replaceAll": False, "userModified": False})

    def write(self, path: str, content: str, *, lead: str | None = None) -> Iterator[str]:
        args = {"file_path": f"{CWD}/{path}", "content": content}
        yield from self.tool("Write", args, f"File created successfully at: {CWD}/{path}",
                             lead=lead, result={"type": "create", "filePath": f"{CWD}/{path}",
                                                "content": content})

    def grep(self, pattern: str, output: str, *, path: str = "", lead: str | None = None
             ) -> Iterator[str]:
        args: dict[str, Any] = {"pattern": pattern, "output_mode": "content", "-n": True}
        if path:
            args["path"] = f"{CWD}/{path}"
        yield from self.tool("Grep", args, output or "No matches found", lead=lead, result={
            "mode": "content", "numFiles": output.count("\n") + 1, "content": output})


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


# ------------------------------------------------------------------------- text fragments


class _Text:
    """Realistic tool output and code, from the shared RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, seq: list[Any]) -> Any:
        return self.rng.choice(seq)

    # code
    def stmt(self, depth: int = 1) -> list[str]:
        r, ind = self.rng, "    " * depth
        a, b = r.sample(VARS, 2)
        kind = r.randrange(9)
        if kind == 0:
            return [f"{ind}if {a} is None:", f"{ind}    return {r.choice(['None', '0', '[]', b])}"]
        if kind == 1:
            return [f"{ind}{a} = self._{r.choice(['store', 'session', 'client', 'pool'])}"
                    f".get({b}, {r.randint(0, 300)})"]
        if kind == 2:
            return [f'{ind}logger.{r.choice(["debug", "info", "warning"])}'
                    f'("{r.choice(ADJ)} {a}: %s", {b})']
        if kind == 3:
            return [f"{ind}for {a[:-1] if a.endswith('s') else 'item'} in {b}:",
                    f"{ind}    {r.choice(VARS)}.append({a})"]
        if kind == 4:
            return [f"{ind}{a} = Decimal({b}).quantize(Decimal(\"0.01\"), rounding=ROUND_HALF_UP)"]
        if kind == 5:
            return [f"{ind}try:", f"{ind}    {a} = {b}[{r.randint(0, 9)}]",
                    f"{ind}except (IndexError, KeyError):",
                    f"{ind}    raise {r.choice(['LookupError', 'ValueError'])}"
                    f"(f\"no {a} for {{{b}!r}}\") from None"]
        if kind == 6:
            return [f"{ind}if time.monotonic() - {a}.created_at > self.ttl:",
                    f"{ind}    self._evict({b})"]
        if kind == 7:
            return [f"{ind}with session_scope() as s:",
                    f"{ind}    {a} = s.execute(select({r.choice(MODULES['models'])})"
                    f".where(tenant_id == {b})).scalars().all()"]
        return [f"{ind}{a} = {b} or {r.choice(['{}', '[]', 'DEFAULT_TTL', 'settings.timeout'])}"]

    def function(self, name: str) -> list[str]:
        r = self.rng
        args = ", ".join(r.sample(VARS, r.randint(1, 3)))
        out = [f"def {name}({args}):" if not name[0].isupper() else f"class {name}(Base):",
               f'    """{r.choice(["Return", "Compute", "Load", "Store", "Validate"])} the '
               f'{r.choice(ADJ)} {r.choice(VARS)} for {r.choice(VARS)}."""']
        for _ in range(r.randint(3, 9)):
            out += self.stmt()
        out.append(f"    return {r.choice(VARS)}")
        return out

    def module_source(self, module: str, n_funcs: int | None = None) -> str:
        r = self.rng
        lines = ['"""' + f"{module.capitalize()} helpers for {PROJECT}." + '"""', "",
                 "from __future__ import annotations", "", "import logging", "import time",
                 "from decimal import ROUND_HALF_UP, Decimal", "",
                 f"from {PROJECT}.db import session_scope",
                 f"from {PROJECT}.settings import settings", "",
                 "logger = logging.getLogger(__name__)", ""]
        funcs = MODULES[module]
        for name in r.sample(funcs, min(len(funcs), n_funcs or r.randint(2, 4))):
            lines += ["", *self.function(name), ""]
        return "\n".join(lines)

    def test_source(self, module: str, tests: list[str]) -> str:
        r = self.rng
        lines = ["import pytest", "", f"from {PROJECT}.{module} import *  # noqa: F403", "",
                 "", "@pytest.fixture", "def client(app):", "    return app.test_client()", ""]
        for t in tests:
            lines += ["", f"def {t}(client, seeded_invoice{', frozen_clock' if r.random() < .3 else ''}):",
                      f'    resp = client.post("/invoices/{{seeded_invoice.id}}/{r.choice(["refund", "pay", "void"])}", '
                      f'json={{"amount": "{r.randint(1, 300)}.00"}})',
                      f"    assert resp.status_code == {r.choice([200, 201, 204])}",
                      f'    assert resp.json()["{r.choice(["balance", "status", "total"])}"] == '
                      f'"{r.randint(1, 999)}.00"', ""]
        return "\n".join(lines)

    # tool output
    def pytest_header(self, n: int) -> str:
        return ("============================= test session starts ==============================\n"
                f"platform linux -- Python {PY}, pytest-8.3.2, pluggy-1.5.0\n"
                f"rootdir: {CWD}\nconfigfile: pyproject.toml\n"
                "plugins: asyncio-0.23.8, timeout-2.3.1, xdist-3.6.1, randomly-3.15.0\n"
                f"collected {n} items\n")

    def pytest_pass(self, files: list[str]) -> str:
        r = self.rng
        body, total = [], 0
        for f in files:
            k = r.randint(4, 60)
            total += k
            body.append(f"{f} {'.' * k}{' ' * max(1, 60 - k)}[{min(100, 100 * total // (total + 5))}%]")
        return (self.pytest_header(total) + "\n" + "\n".join(body) + "\n\n"
                f"============================== {total} passed in {r.uniform(0.5, 40):.2f}s "
                "==============================")

    def pytest_fail(self, test_file: str, test: str, detail: tuple[str, str], passed: int = 0
                    ) -> str:
        r = self.rng
        exc, msg = detail
        passed = passed or r.randint(3, 80)
        src = [f"    def {test}(client, seeded_invoice):",
               f'        resp = client.post(f"/invoices/{{seeded_invoice.id}}/refund", '
               f'json={{"amount": "{r.randint(1, 90)}.00"}})',
               "        assert resp.status_code == 200"]
        frame_line = r.randint(20, 400)
        out = [self.pytest_header(passed + 1), "",
               f"{test_file} {'.' * (passed % 50)}F", "",
               "=================================== FAILURES ===================================",
               f"{'_' * 25} {test} {'_' * 25}", "",
               f"client = <starlette.testclient.TestClient object at 0x7f{r.getrandbits(36):010x}>",
               f"seeded_invoice = Invoice(id={r.randint(1000, 9999)}, tenant='{r.choice(['acme', 'globex', 'initech'])}', "
               f"total=Decimal('{r.randint(10, 900)}.00'))", "", *src]
        if exc == "AssertionError":
            out += ['>       assert resp.json()["balance"] == expected',
                    f"E       AssertionError: {msg}", "E       ", "E         - expected",
                    "E         + actual", "", f"{test_file}:{frame_line}: AssertionError"]
        else:
            mod = r.choice(MODULE_NAMES)
            out += ["", f"src/{PROJECT}/{mod}.py:{frame_line}: in {r.choice(MODULES[mod])}",
                    f"    {r.choice(VARS)} = {r.choice(VARS)}[{r.choice(VARS)}]",
                    f"E   {exc}: {msg}", "", f"src/{PROJECT}/{mod}.py:{frame_line}: {exc}"]
        out += ["----------------------------- Captured log call ------------------------------",
                *self.log_lines(r.randint(1, 4), pytest_style=True),
                "=========================== short test summary info ============================",
                f"FAILED {test_file}::{test} - {exc}: {msg[:70]}",
                "!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!",
                f"========================= 1 failed, {passed} passed in {r.uniform(0.4, 9):.2f}s "
                "========================="]
        return "\n".join(out)

    def traceback(self, exc: str, msg: str, entry: str = "ledgerline") -> str:
        r = self.rng
        out = ["Traceback (most recent call last):",
               f'  File "/home/{USER}/.venvs/{PROJECT}/bin/{entry}", line 8, in <module>',
               "    sys.exit(main())"]
        for _ in range(r.randint(2, 6)):
            mod = r.choice(MODULE_NAMES)
            out += [f'  File "{CWD}/src/{PROJECT}/{mod}.py", line {r.randint(10, 600)}, '
                    f"in {r.choice(MODULES[mod])}",
                    f"    {r.choice(VARS)} = {r.choice(VARS)}.{r.choice(['get', 'load', 'run', 'execute'])}"
                    f"({r.choice(VARS)})"]
        out.append(f"{exc}: {msg}")
        return "\n".join(out)

    def log_lines(self, n: int, *, pytest_style: bool = False, t0: float | None = None) -> list[str]:
        r = self.rng
        t = t0 or _now_base(r)
        out = []
        for _ in range(n):
            t += r.uniform(0.001, 3)
            lvl = r.choice(LEVELS)
            mod = r.choice(MODULE_NAMES)
            msg = r.choice(LOG_MSGS).format(
                k=f"{r.choice(['invoice', 'customer', 'tenant', 'job'])}:{r.randint(1, 99999)}",
                n=r.randint(1, 50000), m=r.randint(0, 9000), ep=r.choice(ENDPOINTS),
                ms=r.randint(1, 4000), t=r.choice(TABLES), a=r.randint(1, 32),
                a5=r.randint(1, 5), tn=r.choice(["acme", "globex", "initech", "umbrella"]),
                age=f"{r.uniform(1, 900):.1f}")
            if pytest_style:
                out.append(f"{lvl:<8} {PROJECT}.{mod}:{mod}.py:{r.randint(10, 500)} {msg}")
            else:
                stamp = datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S")
                out.append(f"{stamp},{int(t * 1000) % 1000:03d} {lvl} {PROJECT}.{mod} {msg}")
        return out

    def diff(self, path: str, n_hunks: int | None = None) -> str:
        r = self.rng
        out = [f"diff --git a/{path} b/{path}",
               f"index {r.getrandbits(28):07x}..{r.getrandbits(28):07x} 100644",
               f"--- a/{path}", f"+++ b/{path}"]
        for _ in range(n_hunks or r.randint(1, 4)):
            at = r.randint(5, 400)
            ctx = [ln for _ in range(2) for ln in self.stmt()]
            minus = [ln for _ in range(r.randint(1, 2)) for ln in self.stmt()]
            plus = [ln for _ in range(r.randint(1, 3)) for ln in self.stmt()]
            out.append(f"@@ -{at},{len(ctx) + len(minus)} +{at},{len(ctx) + len(plus)} @@ "
                       f"def {r.choice(r.choice(list(MODULES.values())))}(")
            out += [" " + c for c in ctx[:2]] + ["-" + m for m in minus] + \
                   ["+" + p for p in plus] + [" " + c for c in ctx[2:]]
        return "\n".join(out)

    def grep_hits(self, word: str, n: int) -> str:
        r = self.rng
        out = []
        for _ in range(n):
            mod = r.choice(MODULE_NAMES)
            where = r.choice([f"src/{PROJECT}/{mod}.py", f"tests/test_{mod}.py"])
            out.append(f"{CWD}/{where}:{r.randint(1, 500)}:{r.choice(self.stmt()).rstrip()}"
                       f"  # {word}" if r.random() < 0.3 else
                       f"{CWD}/{where}:{r.randint(1, 500)}:    {word}({r.choice(VARS)})")
        return "\n".join(out)

    def git_log(self, n: int) -> str:
        r = self.rng
        subjects = ["fix flaky refund test", "add --since to export", "cache: switch to TTL",
                    "db: add currency column", "bump pydantic", "webhooks: jittered backoff",
                    "api: 404 instead of 500 for unknown invoice", "ci: run tests in random order",
                    "scheduler: lock jobs with SELECT ... FOR UPDATE SKIP LOCKED"]
        return "\n".join(f"{r.getrandbits(28):07x} {r.choice(subjects)}" for _ in range(n))


# ------------------------------------------------------------------------------ the tasks


Step = Callable[[_Session, _Text, dict[str, Any]], Iterator[str]]


def _generic_steps() -> list[Step]:
    def read_src(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        mod = c["module"] if x.rng.random() < 0.6 else x.pick(MODULE_NAMES)
        yield from s.read(f"src/{PROJECT}/{mod}.py", x.module_source(mod),
                          lead=x.pick([None, f"Let me look at `{mod}.py`.",
                                       f"Reading the {mod} module to see how {c['topic']} is wired."]))

    def read_test(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.read(c["test_file"], x.test_source(c["module"], c["tests"]))

    def grep(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        word = x.pick(c["words"])
        yield from s.grep(word, x.grep_hits(word, x.rng.randint(2, 14)),
                          lead=x.pick([None, f"Where else is `{word}` used?"]))

    def run_tests(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        if x.rng.random() < c.get("fail_rate", 0.5):
            yield from s.bash(f"pytest -x {c['test_file']} -q", x.pytest_fail(
                c["test_file"], x.pick(c["tests"]), x.pick(c["failures"])),
                f"Run {c['test_file']}", error=True)
            yield from s.say(x.pick(c["after_fail"]))
        else:
            yield from s.bash(f"pytest {c['test_file']} tests/test_{x.pick(MODULE_NAMES)}.py",
                              x.pytest_pass([c["test_file"], f"tests/test_{x.pick(MODULE_NAMES)}.py"]),
                              "Run the related tests")

    def logs(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        n = x.rng.randint(15, 80)
        yield from s.bash(f"tail -n {n} logs/{PROJECT}.log | grep -v healthz",
                          "\n".join(x.log_lines(n, t0=s.t - 1.5 * n)), "Check recent application logs")

    def git_diff(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        path = f"src/{PROJECT}/{c['module']}.py"
        yield from s.bash(f"git diff {path}", x.diff(path), "Show the diff so far")

    def git_log(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.bash(f"git log --oneline -n 15 -- src/{PROJECT}/{c['module']}.py",
                          x.git_log(15), "Recent history of the module")

    def musing(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.say(x.pick(c["notes"]).format(**c, v=x.pick(VARS), adj=x.pick(ADJ),
                                                   n=x.rng.randint(2, 40)))

    return [read_src, read_src, read_test, grep, grep, run_tests, run_tests, logs, git_diff,
            git_log, musing, musing]


GENERIC = _generic_steps()


def _common(x: _Text, topic: str, module: str, words: list[str]) -> dict[str, Any]:
    r = x.rng
    tests = [f"test_{r.choice(ADJ)}_{r.choice(VARS)}_{r.choice(['roundtrip', 'is_idempotent', 'updates_balance', 'expires', 'rejects_bad_input', 'keeps_order'])}"
             for _ in range(4)]
    return {
        "topic": topic, "module": module, "test_file": f"tests/test_{module}.py", "tests": tests,
        "test": tests[0], "words": words,
        "failures": [("AssertionError", f"assert '{r.randint(1, 400)}.00' == '{r.randint(1, 400)}.00'"),
                     ("KeyError", f"'{r.choice(VARS)}'")],
        "after_fail": ["Same failure as before, so the change didn't address it yet.",
                       f"Still failing, but now in `{tests[1]}` as well. Looking closer.",
                       "That failure is expected at this point: the fix isn't in yet."],
        "notes": ["The {adj} {v} path looks suspicious: it is only touched from {module}.py and "
                  "never reset between tests.",
                  "I counted {n} call sites. Most of them go through the same helper, so one "
                  "change there should cover them.",
                  "Noting for later: nothing in {test_file} covers the empty case."],
        "fail_rate": 0.5,
    }


def task_flaky(x: _Text) -> dict[str, Any]:
    r = x.rng
    mod = r.choice(["api", "scheduler", "webhooks", "cache"])
    c = _common(x, "the flaky test", mod, ["datetime.now", "time.sleep", "tmp_path",
                                           "freeze_time", "random.seed", "monkeypatch"])
    cause = r.choice([
        ("the fixture writes to a shared `/tmp/ledgerline-test.db` file, so tests running in "
         "parallel under xdist step on each other", "use pytest's `tmp_path` fixture per test"),
        ("`next_run_at` calls `datetime.now()` twice and the test fails when the second call "
         "crosses a second boundary", "inject a frozen clock instead of calling `time.sleep`"),
        ("the cache is module-global and keeps entries from the previous test when "
         "pytest-randomly reorders the suite", "clear the cache in an autouse fixture"),
    ])
    c.update(
        request=f"{c['test']} in {c['test_file']} keeps failing on CI maybe one run in ten, but "
                f"never locally. Can you figure out why and fix it properly? Don't just add a "
                f"retry.",
        ack="I'll reproduce it first by running the test in a loop, then look at what state "
            "it shares with other tests.",
        decision=f"Found it: {cause[0]}. Let's switch to a deterministic setup: I decided to "
                 f"{cause[1]} rather than adding `@pytest.mark.flaky`, which would only hide it.",
        report=f"Fixed the flaky `{c['test']}`. Root cause: {cause[0]}. The fix was to "
               f"{cause[1]}. It passed 200 runs in a row with `-p randomly` and `-n 4`.",
        open=r.choice([f"Not sure whether `{c['tests'][2]}` has the same problem: it uses the "
                       f"same fixture but I couldn't make it fail. Should we audit the other "
                       f"fixtures too?", None]),
    )

    def loop(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        n = x.rng.randint(20, 200)
        fails = x.rng.randint(0, 3)
        out = (f"for i in $(seq {n}): {fails} failures\n" +
               "\n".join(f"run {x.rng.randint(1, n)}: FAILED {c['test_file']}::{c['test']}"
                         for _ in range(fails)) +
               f"\n{n - fails} passed, {fails} failed")
        yield from s.bash(f"for i in $(seq {n}); do pytest -x -q -p randomly {c['test_file']}"
                          f"::{c['test']} >/dev/null || echo \"run $i: FAILED\"; done",
                          out, "Run the flaky test in a loop")

    c["notes"] += [
        "Interesting: it only fails when `{test}` runs after a test from a different module, "
        "which points at shared state rather than at the code under test.",
        "The failure rate goes up with `-n 4`, so parallel workers make it worse. That fits a "
        "shared temp file or a module-level global.",
        "Adding `--randomly-seed=12345` makes it fail deterministically on run {n}; that gives "
        "me a reliable reproduction.",
    ]
    c["investigate"] = [loop, loop]
    c["fix"] = [loop]
    c["fix_edit"] = ("conftest.py" if "fixture" in cause[1] else f"src/{PROJECT}/{mod}.py")
    return c


def task_cli_flag(x: _Text) -> dict[str, Any]:
    r = x.rng
    flag, help_ = r.choice(FLAGS)
    cmd = r.choice(COMMANDS)
    c = _common(x, f"the {flag} flag", "cli", ["add_argument", "build_parser", f"cmd_{cmd}",
                                               "argparse", flag.lstrip("-").replace("-", "_")])
    dest = flag.lstrip("-").replace("-", "_")
    c["failures"] = [("SystemExit", "2"),
                     ("AttributeError", f"'Namespace' object has no attribute '{dest}'")]
    c.update(
        request=f"Please add a `{flag}` option to `{PROJECT} {cmd}` ({help_}). It should also "
                f"be settable from the config file, and document it in the --help text.",
        ack=f"I'll find where `{cmd}` builds its parser, add the flag with a test first, then "
            f"thread it through to the command.",
        decision=f"Decided to put `{flag}` on the shared parent parser instead of only on `{cmd}`, "
                 f"since `sync` and `report` need the same option; the config key will be "
                 f"`{dest}` and the flag wins over the config file.",
        report=f"Added `{flag}` ({help_}) to `{PROJECT} {cmd}` and the other commands through "
               f"the parent parser, with the config key `{dest}`; tests cover the flag, the "
               f"config value and the precedence between them.",
        open=r.choice([f"Open question: should `{flag}` be an error for `purge`, or silently "
                       f"ignored? I left it ignored for now.", None]),
    )

    def help_out(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        opts = "\n".join(f"  {f:<16}{h}" for f, h in x.rng.sample(FLAGS, 5))
        yield from s.bash(f"python -m {PROJECT} {cmd} --help",
                          f"usage: {PROJECT} {cmd} [-h] [options] [PATH]\n\n"
                          f"positional arguments:\n  PATH            where to write\n\n"
                          f"options:\n  -h, --help      show this help message and exit\n{opts}",
                          f"Show {cmd} help")

    def bad_flag(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.bash(f"python -m {PROJECT} {cmd} {flag} out/", f"usage: {PROJECT} {cmd} "
                          f"[-h] [options] [PATH]\n{PROJECT} {cmd}: error: unrecognized "
                          f"arguments: {flag}", "Try the new flag", error=True)

    c["notes"] += [
        f"`build_parser` creates each subcommand separately, so `{flag}` would have to be "
        f"repeated in {{n}} places unless it goes on a parent parser.",
        f"The config loader already maps `export_*` keys to arguments; `{dest}` can follow the "
        f"same convention.",
        f"argparse exits with status 2 on the unknown `{flag}`, which is what the failing test "
        f"shows.",
    ]
    c["investigate"] = [help_out, bad_flag]
    c["fix"] = [help_out]
    c["fix_edit"] = f"src/{PROJECT}/cli.py"
    return c


def task_migration(x: _Text) -> dict[str, Any]:
    r = x.rng
    table = r.choice(TABLES)
    col, typ, default = r.choice(COLUMNS)
    rev = f"{r.getrandbits(48):012x}"
    c = _common(x, f"the {table}.{col} migration", "db", ["op.add_column", "batch_alter_table",
                                                          col, table, "server_default"])
    c["failures"] = [("sqlite3.OperationalError", f"no such column: {table}.{col}"),
                     ("sqlalchemy.exc.IntegrityError",
                      f"(psycopg.errors.NotNullViolation) column \"{col}\" of relation "
                      f"\"{table}\" contains null values")]
    c.update(
        request=f"We need a `{col}` column on `{table}` ({typ}, default {default}). Write the "
                f"alembic migration, backfill existing rows, and make sure it works on both "
                f"sqlite (tests) and postgres (prod).",
        ack="I'll check the current alembic head and the model first, then write the migration "
            "and try it against a copy of the dev database.",
        decision=f"SQLite can't ALTER a column to NOT NULL in place, so let's switch to "
                 f"`op.batch_alter_table` with a `server_default={default}` and do the backfill in "
                 f"batches of 5000 inside the migration, instead of one big UPDATE that would "
                 f"lock `{table}` in prod.",
        report=f"Migration `{rev}` adds `{table}.{col}` ({typ}) with server default {default}, "
               f"backfills in batches of 5000, and downgrades cleanly; tested on sqlite and on "
               f"the postgres container.",
        open=r.choice([f"TODO: the backfill for archived `{table}` rows is skipped; do we need "
                       f"those in prod, or can they keep the default?", None]),
    )

    def upgrade(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        ok = x.rng.random() < 0.5
        head = (f"INFO  [alembic.runtime.migration] Context impl SQLiteImpl.\n"
                f"INFO  [alembic.runtime.migration] Will assume non-transactional DDL.\n"
                f"INFO  [alembic.runtime.migration] Running upgrade {x.rng.getrandbits(48):012x} "
                f"-> {rev}, add {col} to {table}")
        if ok:
            yield from s.bash("alembic upgrade head", head + "\n" + "\n".join(
                f"INFO  [{PROJECT}.migrations] backfilled {i * 5000} / {x.rng.randint(40000, 900000)} rows"
                for i in range(1, x.rng.randint(3, 12))), "Apply migrations")
        else:
            yield from s.bash("alembic upgrade head", head + "\n" + x.traceback(
                "sqlalchemy.exc.OperationalError",
                f"(sqlite3.OperationalError) Cannot add a NOT NULL column with default value "
                f"NULL\n[SQL: ALTER TABLE {table} ADD COLUMN {col} {typ} NOT NULL]", "alembic"),
                "Apply migrations", error=True)

    def schema(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        cols = "\n".join(f"    {a} {b}," for a, b, _ in x.rng.sample(COLUMNS, 4))
        yield from s.bash(f"sqlite3 dev.db '.schema {table}'",
                          f"CREATE TABLE {table} (\n    id INTEGER NOT NULL,\n    tenant_id "
                          f"VARCHAR(36) NOT NULL,\n{cols}\n    created_at TIMESTAMP NOT NULL,\n"
                          f"    PRIMARY KEY (id)\n);\nCREATE INDEX ix_{table}_tenant_id ON "
                          f"{table} (tenant_id);", "Inspect the current schema")

    def write_mig(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        body = (f'"""add {col} to {table}\n\nRevision ID: {rev}\n"""\nfrom alembic import op\n'
                f"import sqlalchemy as sa\n\nrevision = \"{rev}\"\n\n\ndef upgrade():\n"
                f"    with op.batch_alter_table(\"{table}\") as batch:\n"
                f"        batch.add_column(sa.Column(\"{col}\", sa.{typ.split('(')[0].title()}(), "
                f"server_default=sa.text(\"{default}\"), nullable=False))\n"
                f"    _backfill(batch_size=5000)\n\n\ndef downgrade():\n"
                f"    with op.batch_alter_table(\"{table}\") as batch:\n"
                f"        batch.drop_column(\"{col}\")\n")
        yield from s.write(f"migrations/versions/{rev}_add_{col}_to_{table}.py", body,
                           lead="Writing the migration with a batch alter so sqlite can run it.")

    c["notes"] += [
        f"Prod has about {r.randint(2, 90)} million rows in `{table}`, so the backfill must be "
        f"batched; a single UPDATE would hold the lock for minutes.",
        f"The model already declares `{col}` but no migration creates it, which is why the "
        f"tests pass on a fresh `create_all()` and fail on the migrated dev database.",
        "SQLite cannot add a NOT NULL column without a default, and it has no ALTER COLUMN, "
        "so the migration needs a batch (copy-and-move) operation there.",
    ]
    c["investigate"] = [upgrade, schema]
    c["fix"] = [upgrade, write_mig]
    c["fix_edit"] = f"src/{PROJECT}/models.py"
    return c


def task_cache(x: _Text) -> dict[str, Any]:
    r = x.rng
    ep = r.choice(ENDPOINTS)
    c = _common(x, "the cache", "cache", ["lru_cache", "TTLCache", "maxsize", "ttl",
                                           "invalidate", "hit_ratio"])
    size_old, size_new = r.choice([128, 256, 512]), r.choice([4096, 8192, 16384])
    ttl = r.choice([60, 120, 300, 600])
    c.update(
        request=f"p95 latency on `{ep}` went from ~80ms to ~400ms after last week's deploy. "
                f"I suspect the cache. Can you measure and tune it?",
        ack="I'll get numbers first: the load test against a local instance, plus the cache "
            "hit ratio from the metrics endpoint.",
        decision=f"The hit ratio is only ~{r.randint(20, 45)}% because `maxsize={size_old}` is "
                 f"far below the working set, so entries are evicted before reuse. Let's switch "
                 f"to a `TTLCache(maxsize={size_new}, ttl={ttl})` and invalidate on write instead "
                 f"of relying on LRU eviction alone.",
        report=f"Replaced the `lru_cache(maxsize={size_old})` on `{ep}` with "
               f"`TTLCache(maxsize={size_new}, ttl={ttl}s)` plus explicit invalidation on writes; "
               f"hit ratio went from ~{r.randint(20, 45)}% to ~{r.randint(85, 97)}% and p95 back "
               f"to ~{r.randint(60, 95)}ms in the local load test.",
        open=r.choice([f"Not sure how much memory {size_new} entries cost per worker in prod; "
                       f"someone should check the RSS after deploy. Should the TTL be "
                       f"configurable per tenant?", None]),
    )

    def bench(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        r = x.rng
        rows = "\n".join(f"  {p:>3}%  {r.randint(20, 600)}ms" for p in (50, 75, 90, 95, 99))
        yield from s.bash(f"hey -z 30s -c 20 http://127.0.0.1:8000{ep.replace('{id}', '1842')}",
                          f"Summary:\n  Total:\t30.0112 secs\n  Slowest:\t{r.uniform(0.5, 2):.4f} secs\n"
                          f"  Fastest:\t0.0031 secs\n  Average:\t{r.uniform(0.05, 0.4):.4f} secs\n"
                          f"  Requests/sec:\t{r.uniform(50, 900):.2f}\n\nLatency distribution:\n{rows}\n\n"
                          f"Status code distribution:\n  [200]\t{r.randint(2000, 30000)} responses",
                          "Load test the endpoint")

    def stats(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        r = x.rng
        yield from s.bash("curl -s localhost:8000/metrics | grep ledgerline_cache",
                          "\n".join(f'ledgerline_cache_{k}{{cache="{n}"}} {r.randint(0, 900000)}'
                                    for k in ("hits_total", "misses_total", "evictions_total",
                                              "size")
                                    for n in ("invoices", "balances")),
                          "Read cache metrics")

    c["notes"] += [
        f"Evictions are roughly equal to misses: the cache of {size_old} entries churns "
        f"constantly under this load.",
        "The key includes the request's `x-request-id`, so identical queries never share an "
        "entry. That alone explains part of the low hit ratio.",
        f"p95 in the local test is ~{r.randint(250, 450)}ms with the cache and "
        f"~{r.randint(400, 600)}ms without it, so the cache is barely helping.",
    ]
    c["investigate"] = [bench, stats]
    c["fix"] = [bench, stats]
    c["fix_edit"] = f"src/{PROJECT}/cache.py"
    return c


def task_dependency(x: _Text) -> dict[str, Any]:
    r = x.rng
    pkg, new, old, sub = r.choice(PACKAGES)
    c = _common(x, f"the {pkg} upgrade", r.choice(MODULE_NAMES), [pkg, sub, "import", "requires"])
    c["failures"] = [("ModuleNotFoundError", f"No module named '{sub}'"),
                     ("ImportError", f"cannot import name 'BaseSettings' from '{pkg}'")]
    c.update(
        request=f"CI is red since the dependabot PR that bumped {pkg} from {old} to {new}. "
                f"Can you get it green again without pinning back if possible?",
        ack="I'll reproduce the CI failure in a fresh venv with the new version first.",
        decision=f"Going with the real migration to {pkg} {new} rather than pinning `<{new}`: "
                 f"only a handful of imports use the removed `{sub}` path. I'll add a lower "
                 f"bound `{pkg}>={new}` in pyproject.toml.",
        report=f"CI is green again on {pkg} {new}: replaced the removed `{sub}` imports, added "
               f"`{pkg}>={new}` to pyproject.toml, and the lock file is regenerated.",
        open=r.choice([f"I haven't checked whether the docker image still builds with the "
                       f"new {pkg}; still need to confirm that on the staging pipeline.", None]),
    )

    def venv(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.bash(f"python -m venv /tmp/ci-venv && /tmp/ci-venv/bin/pip install -q -e "
                          f"'.[dev]' && /tmp/ci-venv/bin/python -m {PROJECT} --version",
                          x.traceback("ModuleNotFoundError", f"No module named '{sub}'"),
                          "Reproduce CI in a fresh venv", error=True)

    def pip_list(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        rows = "\n".join(f"{p:<20}{v}" for p, v, _, _ in PACKAGES)
        yield from s.bash("pip list 2>/dev/null | grep -iE 'pydantic|sqlalchemy|httpx|redis|"
                          "structlog|cachetools'", rows, "Installed versions")

    c["notes"] += [
        f"`{sub}` was removed in {pkg} {new.split('.')[0]}.x; {r.randint(3, 12)} imports in "
        f"src/ still use it.",
        f"The lock file pins {pkg} {old} but CI installs from pyproject.toml without the lock, "
        f"which is why only CI broke.",
    ]
    c["investigate"] = [venv, pip_list]
    c["fix"] = [pip_list]
    c["fix_edit"] = "pyproject.toml"
    return c


def task_endpoint_500(x: _Text) -> dict[str, Any]:
    r = x.rng
    ep = r.choice(ENDPOINTS)
    exc = r.choice(["KeyError: 'currency'", "TypeError: unsupported operand type(s) for +: "
                    "'Decimal' and 'float'", "AttributeError: 'NoneType' object has no "
                    "attribute 'tenant_id'"])
    c = _common(x, f"the 500 on {ep}", "api", ["get_balance", "HTTPException", "Decimal",
                                                "tenant_id", "404"])
    c.update(
        request=f"Sentry shows a burst of 500s on `GET {ep}` since this morning ({exc}). "
                f"Can you find the cause and fix it?",
        ack="Let me pull the traceback from the logs and reproduce it with a failing test.",
        decision="The handler assumes every invoice row has been through the new billing path. "
                 "Decided to return a 404 with a clear message for unknown ids and to convert "
                 "floats to Decimal at the boundary, instead of patching each arithmetic site.",
        report=f"Fixed the 500s on `{ep}`: the cause was `{exc}` for legacy rows; the handler "
               f"now validates input at the boundary and returns 404 for unknown ids. A "
               f"regression test reproduces the Sentry event.",
        open=r.choice(["Should we backfill the legacy rows too, or is handling them at read "
                       "time enough? I'd like your call on that.", None]),
    )

    def tb(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        e, m = exc.split(": ", 1)
        lines = x.log_lines(x.rng.randint(3, 10), t0=s.t - 600)
        yield from s.bash(f"grep -B2 -A25 'Traceback' logs/{PROJECT}.log | tail -n 60",
                          "\n".join(lines) + "\n" + x.traceback(e, m, "uvicorn"),
                          "Find the traceback in the logs")

    def curl(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
        yield from s.bash(f"curl -si localhost:8000{ep.replace('{id}', str(x.rng.randint(1, 9999)))}",
                          "HTTP/1.1 500 Internal Server Error\ncontent-type: application/json\n"
                          f"x-request-id: {x.rng.getrandbits(64):016x}\n\n"
                          '{"detail":"Internal Server Error"}', "Reproduce with curl")

    c["notes"] += [
        "All failing requests are for invoices created before the billing rewrite; newer "
        "invoices return 200.",
        f"The error only happens for tenants on the legacy plan, about {r.randint(2, 15)}% "
        f"of traffic.",
    ]
    c["investigate"] = [tb, curl]
    c["fix"] = [curl]
    c["fix_edit"] = f"src/{PROJECT}/api.py"
    return c


TASKS: list[Callable[[_Text], dict[str, Any]]] = [task_flaky, task_cli_flag, task_migration, task_cache, task_dependency,
         task_endpoint_500]

INTERJECTIONS = [
    "While you're in there, can you also make the error message mention the tenant id?",
    "Quick question: how long do you think this will take? I have a release at 4pm.",
    "Please don't touch the public API of `{module}.py`, other services import it.",
    "Is this related to the incident from last Tuesday?",
    "ok, keep going",
    "Use the existing helpers in `{module}.py` if you can rather than adding new ones.",
]


def _task(s: _Session, x: _Text, make: Callable[[_Text], dict[str, Any]], budget: int
          ) -> Iterator[str]:
    r = x.rng
    c = make(x)
    start = s.bytes
    end = min(s.target, start + budget)
    s.ticket += r.randint(1, 9)
    if r.random() < 0.5:
        s.branch = f"{r.choice(['fix', 'feat', 'chore'])}/{PROJECT[:4]}-{s.ticket}"
    yield from s.user(c["request"])
    yield from s.say(c["ack"])
    steps = GENERIC + c["investigate"] * 2
    while s.bytes < start + 0.45 * (end - start):
        yield from r.choice(steps)(s, x, c)
        if r.random() < 0.04:
            yield from s.user(r.choice(INTERJECTIONS).format(**c))
            yield from s.say(r.choice(["Noted, I'll keep that in mind.",
                                       "Understood, I'll keep the change local to that module.",
                                       "Good point; I'll fold that into the fix."]))
    yield from s.say(c["decision"])
    path = c["fix_edit"]
    c["fail_rate"] = 0.3
    steps = GENERIC + c["fix"] * 2 + [_fix_edit] * 3
    while s.bytes < start + 0.9 * (end - start):
        yield from r.choice(steps)(s, x, c)
    yield from s.edit(path, "\n".join(x.stmt()), "\n".join(x.stmt() + x.stmt()),
                      lead=f"Final touch in `{path}`.")
    yield from s.bash(f"pytest -q {c['test_file']} && ruff check src tests",
                      x.pytest_pass([c["test_file"], f"tests/test_{x.pick(MODULE_NAMES)}.py"])
                      + "\nAll checks passed!", "Run tests and lint")
    report = c["report"]
    if c["open"]:
        report += "\n\n" + c["open"]
    yield from s.say(report)


def _fix_edit(s: _Session, x: _Text, c: dict[str, Any]) -> Iterator[str]:
    path = c["fix_edit"]
    if path.endswith(".py"):
        old = "\n".join(x.stmt())
        new = "\n".join(x.stmt() + x.stmt())
    else:
        pkg = x.pick(PACKAGES)
        old, new = f'"{pkg[0]}>={pkg[2]}",', f'"{pkg[0]}>={pkg[1]}",'
    yield from s.edit(path, old, new, lead=x.pick([None, f"Applying the change to `{path}`.",
                                                   f"Updating `{path}` as planned."]))


# ------------------------------------------------------------------------------ public API


def generate_session(target_bytes: int, seed: int = 0) -> Iterator[str]:
    """JSON lines (without newlines) of one Claude Code session of about ``target_bytes``.

    The file written by joining them with ``\\n`` (plus a final newline) is ``target_bytes``
    long give or take the last task's wrap-up (a few KB). Deterministic in (size, seed).
    """
    rng = random.Random(seed)
    s = _Session(rng, max(1, int(target_bytes)))
    x = _Text(rng)
    yield s.bookkeeping({"type": "permission-mode", "permissionMode": "default",
                         "sessionId": s.session_id})
    order: list[Callable[[_Text], dict[str, Any]]] = []
    while s.bytes < s.target:
        if not order:
            order = TASKS[:]
            rng.shuffle(order)
        make = order.pop()
        budget = int(min(max(60_000, s.target / 6), 400_000) * rng.uniform(0.6, 1.4))
        yield from _task(s, x, make, budget)
    yield s.bookkeeping({"type": "last-prompt", "lastPrompt": "", "leafUuid": s.parent,
                         "sessionId": s.session_id})


def write_session(path: str | Path, target_bytes: int, seed: int = 0) -> Path:
    """Stream a generated session to ``path`` (parent folders are created)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("w", encoding="utf-8", newline="\n") as f:
        buf: list[str] = []
        for line in generate_session(target_bytes, seed):
            buf.append(line)
            if len(buf) >= 256:
                f.write("\n".join(buf) + "\n")
                buf.clear()
        if buf:
            f.write("\n".join(buf) + "\n")
    return p


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="the .jsonl file to write")
    size = ap.add_mutually_exclusive_group()
    size.add_argument("--mb", type=float, default=10.0, help="target size in MB (10^6 bytes)")
    size.add_argument("--bytes", type=int, help="target size in bytes")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    target = args.bytes if args.bytes is not None else int(args.mb * 1_000_000)
    t0 = time.perf_counter()
    p = write_session(args.out, target, args.seed)
    print(f"wrote {p} ({p.stat().st_size:,} bytes, target {target:,}) in "
          f"{time.perf_counter() - t0:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
