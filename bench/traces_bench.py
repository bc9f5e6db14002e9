"""The held-out logs again, with a stack trace after each error record: does a record's
trace stay the record's?

Run:  python bench/traces_bench.py [--only NAME,NAME]

A program that logs an error often writes the exception's trace on the lines below it: a
Java trace (the exception's line, then "\\tat …" frames, a "Caused by:" and "\\t... N
more"), a Python traceback ("Traceback (most recent call last):", '  File "…", line N, in
f', the source line, "ValueError: …") or a Go stack ("goroutine N [running]:", "main.f()",
"\\t/app/main.go:12 +0x1d"). Those lines belong to the record above (issue #36): they add
no record, no level and no template. Each log the tests hold to (``SYSTEMS`` of
``heldout_logs.py``) that has levels and an error template is written again from the same
draws with a trace after each error record (its kind drawn per system, seeded by its name)
and summarized offline; a row is worse when a top template named without traces is not,
or levels exact without traces are not (as ``sizes_bench.py`` compares with 2,000 lines).

A record of several lines closed by a blank line (a block) has its trace inside, before
that blank, as a block writer puts it.

Left out, by the log's reading without traces (its stats format), not by its name: JSON
lines ("json:"), logfmt pairs ("pairs:"), CSV ("csv:"), and tables of delimited or padded
cells ("columns:", "table:"): their writers escape a newline inside a field ("\\n" in a
JSON string, a quoted logfmt value), so a raw trace line never follows their records.
Prints each worse row, then the total of rows that read as without traces.
"""

from __future__ import annotations

import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_logs as logs
from sizes_bench import _score, _worse, measured

# formats whose writers escape a newline within a record (see the docstring)
ESCAPED = ("json:", "pairs:", "csv:", "columns:", "table:")

_PACKAGES = ["com.example.db", "com.example.api", "org.acme.billing", "io.shop.cart"]
_CLASSES = ["Pool", "OrderService", "InvoiceRepository", "CartController", "Scheduler"]
_JAVA_EXC = ["java.lang.IllegalStateException: pool exhausted",
             "java.lang.NullPointerException: Cannot invoke \"String.length()\" because "
             "\"name\" is null",
             "java.io.IOException: Connection reset by peer",
             "org.springframework.dao.DataAccessResourceFailureException: could not acquire"
             " connection"]
_PY_EXC = ["ValueError: invalid literal for int() with base 10: 'abc'",
           "KeyError: 'user_id'", "ConnectionRefusedError: [Errno 111] Connection refused",
           "TimeoutError: timed out", "RuntimeError: worker pool is closed"]
_PY_FILES = ["/app/worker.py", "/app/jobs/handlers.py", "/usr/lib/python3.11/socket.py",
             "/srv/api/views.py"]
_GO_FUNCS = ["main.(*Server).handle", "main.process", "net/http.(*conn).serve",
             "github.com/acme/shop/store.(*DB).Query", "main.main"]


def _java(r: random.Random) -> list[str]:
    lines = [r.choice(_JAVA_EXC)]
    for _ in range(r.randint(2, 6)):
        cls, method = r.choice(_CLASSES), r.choice(["take", "place", "run", "save"])
        lines.append(f"\tat {r.choice(_PACKAGES)}.{cls}.{method}({cls}.java:{r.randint(20, 900)})")
    if r.random() < 0.4:
        lines.append("Caused by: java.net.SocketTimeoutException: Read timed out")
        lines.append(f"\tat java.base/java.net.SocketInputStream.read"
                     f"(SocketInputStream.java:{r.randint(100, 200)})")
        lines.append(f"\t... {r.randint(3, 40)} more")
    lines.append(f"\tat java.base/java.lang.Thread.run(Thread.java:{r.choice([833, 840])})")
    return lines


def _python(r: random.Random) -> list[str]:
    lines = ["Traceback (most recent call last):"]
    for _ in range(r.randint(1, 4)):
        func = r.choice(["handle", "process", "run", "connect", "<module>"])
        lines.append(f'  File "{r.choice(_PY_FILES)}", line {r.randint(5, 700)}, in {func}')
        lines.append("    " + r.choice(["result = process(job)", "return int(value)",
                                        "sock.connect(address)", "raise self._error"]))
    lines.append(r.choice(_PY_EXC))
    return lines


def _go(r: random.Random) -> list[str]:
    lines = [f"goroutine {r.randint(1, 400)} [running]:", "runtime/debug.Stack()",
             f"\t/usr/local/go/src/runtime/debug/stack.go:24 +0x{r.getrandbits(8):x}"]
    for _ in range(r.randint(2, 4)):
        func = r.choice(_GO_FUNCS)
        args = f"0xc000{r.getrandbits(16):x}" if "*" in func else "..."
        lines.append(f"{func}({args})")
        lines.append(f"\t/app/{r.choice(['server', 'store', 'main'])}.go:{r.randint(10, 400)}"
                     f" +0x{r.getrandbits(12):x}")
    return lines


TRACES = {"java": _java, "python": _python, "go": _go}


def _is_error(system: logs.System, level: str) -> bool:
    from gapless.engine.extractive.logs.formats import common_level

    value = str(logs._PINO.get(level, level)) if system.line is logs._pino else level
    return bool(level) and common_level(value) == "error"


def write_traced(system: logs.System, folder: Path, seed: int = 7) -> tuple[
        Path, collections.Counter[str], collections.Counter[str]]:
    """``heldout_logs.write``'s log of ``system``, the same draws, with a trace (drawn from
    a generator of its own) after each error record."""
    r = random.Random(f"{system.name}-{seed}")
    t = random.Random(f"{system.name}-trace")
    trace = TRACES[t.choice(sorted(TRACES))]
    weights = [w for _, _, w in system.templates]
    counts: collections.Counter[str] = collections.Counter()
    levels: collections.Counter[str] = collections.Counter()
    lines = []
    for n in range(logs.LINES):
        template, level, _ = r.choices(system.templates, weights=weights)[0]
        varied = "<:" in template or " ||" in template
        counts[logs._truth_key(template) if varied else template] += 1
        if level:
            levels[level] += 1
        elif system.levels:
            levels["none"] += 1
        fill = logs._vfill if varied else logs._fill
        if system.line is not None:
            record = system.line(r, n, level, fill(template, r))
        else:
            record = system.header(r, n, level or "-") + fill(template, r)
        closing = record.endswith("\n")  # (a block's blank line: the trace goes before it)
        lines.append(record[:-1] if closing else record)
        if _is_error(system, level):
            lines += trace(t)
        if closing:
            lines[-1] += "\n"
    path = folder / f"{system.name}_traced.log"
    if system.preamble:
        lines.insert(0, system.preamble)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, counts, levels


def main() -> int:
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    start = time.monotonic()
    names = [s.name for s in logs.SYSTEMS if s.levels and (only is None or s.name in only)
             and any(_is_error(s, lv) for _, lv, _ in s.templates)]
    before = {row["file"]: row for row in measured(names)}
    names = [n for n in names if not before[n]["format"].startswith(ESCAPED)]
    print(f"left out (escaped newlines): {len(before) - len(names)}; traced: {len(names)}")
    rows = measured(names, write_traced)
    worse = [row for row in rows if _worse(row, _score(before[row["file"]]))]
    for row in worse:
        then = before[row["file"]]
        print(f"{row['file']:<14}{then['named']:>5} →{row['named']:>5}  "
              f"{row['levels'][:70]:<10}  {row['format']}")
    print(f"traces: {len(rows) - len(worse)}/{len(rows)} read as without traces "
          f"({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
