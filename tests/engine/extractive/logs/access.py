"""A realistic combined-format access log with known counts (for the tests and the bench)."""

from __future__ import annotations

import collections
import datetime as dt
import random
from dataclasses import dataclass, field
from pathlib import Path

FIRST = dt.datetime(2024, 3, 1, 0, 0, 5)
LAST = dt.datetime(2024, 3, 3, 23, 59, 50)
_AGENTS = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 "
    "Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "curl/8.4.0",
)
_PATHS = ("/", "/index.html", "/api/orders", "/api/users/42", "/login", "/static/app.js",
          "/img/logo.png")
_STATUSES = ("200",) * 80 + ("304",) * 6 + ("404",) * 8 + ("500",) * 3 + ("302",) * 3


@dataclass
class Truth:
    requests: int = 0
    ips: collections.Counter[str] = field(default_factory=collections.Counter)
    statuses: collections.Counter[str] = field(default_factory=collections.Counter)
    paths: collections.Counter[str] = field(default_factory=collections.Counter)
    bytes_sent: int = 0


def access_lines(n: int, seed: int = 7) -> tuple[list[str], Truth]:
    rnd = random.Random(seed)
    ips = [f"203.0.113.{i}" for i in range(1, 40)] + [f"198.51.100.{i}" for i in range(1, 20)]
    heavy = ("192.0.2.10", "192.0.2.77", "192.0.2.200")
    step = (LAST - FIRST) / (n - 1)
    truth = Truth(requests=n)
    lines = []
    for i in range(n):
        when = FIRST + step * i
        ip = heavy[i % 3] if i % 5 == 0 else rnd.choice(ips)
        status = rnd.choice(_STATUSES)
        method = "POST" if rnd.random() < 0.1 else "GET"
        route = rnd.choice(_PATHS)
        target = route + (f"?q={i}" if rnd.random() < 0.2 else "")
        size = rnd.randint(200, 50000) if status != "304" else 0
        stamp = when.strftime("%d/%b/%Y:%H:%M:%S +0000")
        lines.append(f'{ip} - - [{stamp}] "{method} {target} HTTP/1.1" {status} {size} '
                     f'"https://example.com/" "{rnd.choice(_AGENTS)}"')
        truth.ips[ip] += 1
        truth.statuses[status] += 1
        truth.paths[route] += 1
        truth.bytes_sent += size
    return lines, truth


def write_access_log(out: Path, n: int = 3000, seed: int = 7) -> Truth:
    lines, truth = access_lines(n, seed)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return truth
