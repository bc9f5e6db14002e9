"""The held-out logs again, each opened by lines that are no record: are its records,
levels and templates read as without them?

Run:  python bench/banner_bench.py [--only NAME,NAME]

A program's log often opens with what it prints before its first record (issue #36): an
ASCII logo (a framework's art and its version, a figlet of the program's name, a logo with
the port and pid beside it), a version and licence notice, the command line a launcher
echoed ("+ exec …", "$ java -jar …"), a dump of its configuration ("key = value", 10–40
lines, under a heading or tab-indented), and a blank line before the records. Those lines
add no record, no level and no template. Each log the tests hold to (``SYSTEMS`` of
``heldout_logs.py``; not a CSV export's, whose first line names its columns) is written
from the same draws with each of ``PER_SYSTEM`` banners before it (their kinds and lines
drawn per system, seeded by its name) and summarized offline; a row is worse when a top
template named without the banner is not, or levels exact without it are not (as
``sizes_bench.py`` compares with 2,000 lines). Prints each worse row, then per kind and in
all the rows read as without the banner.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_logs as logs
from sizes_bench import _score, _worse, measured

PER_SYSTEM = 3

_SPRING = r"""  .   ____          _            __ _ _
 /\\ / ___'_ __ _ _(_)_ __  __ _ \ \ \ \
( ( )\___ | '_ | '_| | '_ \/ _` | \ \ \ \
 \\/  ___)| |_)| | | | | || (_| |  ) ) ) )
  '  |____| .__|_| |_|_| |_\__, | / / / /
 =========|_|==============|___/=/_/_/_/
 :: Spring Boot ::               (v{version})"""

_FIGLET = r"""  ____
 / ___|  ___ _ ____   _____ _ __
 \___ \ / _ \ '__\ \ / / _ \ '__|
  ___) |  __/ |   \ V /  __/ |
 |____/ \___|_|    \_/ \___|_|
                                        v{version}"""

_SLANT = r"""__  ____  __  _____   ___  __ ____  ______
 --/ __ \/ / / / _ | / _ \/ //_/ / / / __/
 -/ /_/ / /_/ / __ |/ , _/ ,< / /_/ /\ \
--\___\_\____/_/ |_/_/|_/_/|_|\____/___/
Powered by Quarkus {version}"""

_BESIDE = r"""                _._
           _.-``__ ''-._
      _.-``    `.  `_.  ''-._           {name} {version} (00000000/0) 64 bit
  .-`` .-```.  ```\/    _.,_ ''-._
 (    '      ,       .-`  | `,    )     Running in standalone mode
 |`-._`-...-` __...-.``-._|'` _.-'|     Port: {port}
 |    `-._   `._    /     _.-'    |     PID: {pid}
  `-._    `-._  `-./  _.-'    _.-'
 |`-._`-._    `-.__.-'    _.-'_.-'|
 |    `-._`-._        _.-'_.-'    |           https://{name}.example.org
  `-._    `-._`-.__.-'_.-'    _.-'
      `-._    `-.__.-'    _.-'
          `-._        _.-'
              `-.__.-'"""

_BOXED = """==============================================================
   {title} v{version}  (build {build}, {date})
=============================================================="""


def _version(r: random.Random) -> str:
    return f"{r.randint(1, 9)}.{r.randint(0, 24)}.{r.randint(0, 12)}"


def _name(system: logs.System) -> str:
    return "".join(c for c in system.name.lower() if c.isalnum())[:12] or "app"


def _logo(r: random.Random, system: logs.System) -> list[str]:
    art = r.choice([_SPRING, _FIGLET, _SLANT, _BESIDE, _BOXED])
    return art.format(version=_version(r), name=_name(system), port=r.randint(1024, 9999),
                      pid=r.randint(100, 60000), title=system.name.upper(),
                      build=f"{r.getrandbits(28):07x}", date="2024-02-27").split("\n")


def _licence(r: random.Random, system: logs.System) -> list[str]:
    name, version = _name(system), _version(r)
    year = r.randint(2019, 2024)
    head = r.choice([f"{name} {version} (commit {r.getrandbits(32):08x}, built {year}-03-01)",
                     f"{name} version {version}", f"Starting {name} v{version} ...",
                     f"=== Starting {name} v{version} ==="])
    notice = r.choice([
        [f"Copyright (C) {year - 6}-{year} The {name} Authors.",
         "This is free software; see the source for copying conditions.  There is NO",
         "warranty; not even for MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE."],
        [f"Copyright (c) {year} Example Corp. All rights reserved.",
         "Licensed under the Apache License, Version 2.0 (the \"License\");",
         "you may not use this file except in compliance with the License."],
        [f"Copyright {year} {name} contributors. Released under the MIT License."],
    ])
    runtime = r.choice([[], [f"Go: go1.{r.randint(18, 22)}.{r.randint(0, 9)} linux/amd64"],
                        [f"Java: 17.0.{r.randint(1, 10)} (Eclipse Adoptium), "
                         f"OS: Linux 5.15.0-{r.randint(50, 99)}-generic amd64"],
                        [f"Python {r.choice(['3.10', '3.11', '3.12'])}.{r.randint(0, 9)} "
                         "on linux"]])
    return [head, *notice, *runtime]


_KEYS = ["server.port", "server.host", "server.read_timeout", "server.write_timeout",
         "log.level", "log.format", "log.file", "db.url", "db.user", "db.pool.max_size",
         "db.pool.min_idle", "db.connect_timeout", "cache.enabled", "cache.ttl",
         "cache.max_entries", "queue.name", "queue.prefetch", "queue.retry.max",
         "queue.retry.backoff", "metrics.enabled", "metrics.port", "tracing.sampler",
         "tls.enabled", "tls.cert_file", "tls.key_file", "auth.issuer", "auth.audience",
         "workers", "max_connections", "data_dir", "tmp_dir", "pid_file", "node.id",
         "cluster.name", "cluster.peers", "heartbeat.interval", "snapshot.interval",
         "compaction.enabled", "gc.interval", "shutdown.grace_period", "feature.flags",
         "http.cors.origins", "http.gzip", "rate_limit.rps", "rate_limit.burst"]


def _value(r: random.Random, key: str) -> str:
    if key.endswith(("port", "size", "idle", "max", "entries", "prefetch", "workers",
                     "connections", "rps", "burst")):
        return str(r.choice([1, 4, 8, 16, 32, 64, 100, 1000, 8080, 9090]))
    if key.endswith(("timeout", "ttl", "interval", "backoff", "period")):
        return r.choice(["30s", "5s", "1m0s", "250ms", "10000"])
    if key.endswith(("enabled", "gzip")):
        return r.choice(["true", "false"])
    if key.endswith(("file", "dir")):
        return r.choice(["/var/lib/app", "/etc/app/tls/server.pem", "/tmp", "null"])
    if key.endswith("level"):
        return r.choice(["info", "debug"])
    if key.endswith("url"):
        return "postgres://app@db-01:5432/app?sslmode=require"
    return r.choice(["default", "null", "[]", "app-01", "0.5", "[a, b]", "\"\"", "json"])


def _config(r: random.Random, system: logs.System) -> list[str]:
    keys = sorted(r.sample(_KEYS, r.randint(10, min(40, len(_KEYS)))))
    style = r.choice(["heading", "tabbed", "bare"])
    if style == "tabbed":  # (a config object's values, one a line, as a JVM program prints)
        return [f"{_name(system).capitalize()}Config values: "] + [
            f"\t{k} = {_value(r, k)}" for k in keys]
    rows = [f"{k} = {_value(r, k)}" for k in keys]
    if style == "heading":
        return [r.choice(["Configuration:", "Effective configuration:", "--- config ---"]),
                *rows]
    return rows


def _command(r: random.Random, system: logs.System) -> list[str]:
    name = _name(system)
    return [r.choice([
        f"+ exec /usr/local/bin/{name} --config /etc/{name}/config.yaml --port "
        f"{r.randint(1024, 9999)}",
        f"$ java -Xms512m -Xmx2g -Dfile.encoding=UTF-8 -jar /opt/{name}/{name}.jar "
        "--spring.profiles.active=prod",
        f"Running: /opt/{name}/bin/{name} -c /etc/{name}.conf -v",
        f"exec python -m {name} --workers 4 --bind 0.0.0.0:8000",
    ])]


BANNERS: dict[str, Callable[[random.Random, logs.System], list[str]]] = {
    "logo": _logo, "licence": _licence, "config": _config, "command": _command}


def banner(kind: str, system: logs.System, k: int) -> list[str]:
    """The ``k``-th banner of ``system``: a block of ``kind``, sometimes a command line
    before it and another block after, and often a blank line before the records."""
    r = random.Random(f"{system.name}-banner-{k}")
    lines = BANNERS[kind](r, system)
    if kind != "command" and r.random() < 0.3:
        lines = _command(r, system) + lines
    if r.random() < 0.4:
        other = r.choice([x for x in sorted(BANNERS) if x not in (kind, "command")])
        lines += [""] * r.randint(0, 1) + BANNERS[other](r, system)
    return lines + [""] * r.choice([0, 1, 1, 2])


def bannered(lines_before: list[str]) -> Callable[..., tuple[Path, object, object]]:
    """``heldout_logs.write`` with ``lines_before`` ahead of the log's first line."""
    plain = logs.write

    def write(system: logs.System, folder: Path, seed: int = 7) -> tuple[Path, object, object]:
        path, counts, levels = plain(system, folder, seed)
        text = path.read_text(encoding="utf-8")
        path.write_text("\n".join(lines_before) + "\n" + text, encoding="utf-8")
        return path, counts, levels

    return write


def _kinds(name: str) -> list[str]:
    return random.Random(f"{name}-banners").sample(sorted(BANNERS), PER_SYSTEM)


def main() -> int:
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    start = time.monotonic()
    systems = [s for s in logs.SYSTEMS if not s.preamble and (only is None or s.name in only)]
    before = {row["file"]: row for row in measured([s.name for s in systems])}
    total = worse = 0
    by_kind: dict[str, list[int]] = {k: [0, 0] for k in BANNERS}
    for system in systems:
        for k, kind in enumerate(_kinds(system.name)):
            row = measured([system.name], bannered(banner(kind, system, k)))[0]
            total += 1
            by_kind[kind][1] += 1
            if _worse(row, _score(before[system.name])):
                worse += 1
                then = before[system.name]
                print(f"{system.name:<14}{kind:<8}{then['named']:>5} →{row['named']:>5}  "
                      f"{row['levels'][:70]:<10}  {row['format']}", flush=True)
            else:
                by_kind[kind][0] += 1
    print("  ".join(f"{k} {a}/{b}" for k, (a, b) in by_kind.items() if b))
    print(f"banners: {total - worse}/{total} read as without the banner "
          f"({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
