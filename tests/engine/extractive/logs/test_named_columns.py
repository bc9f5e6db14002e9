"""A log that names its columns in a "#" line is read by its columns, each found by its
values: the requests (method and route), statuses and clients of a W3C-style or a
tab-separated log, the same in a part of it that does not hold the naming line."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log

_PATHS = ("/", "/login", "/img/{}.png", "/api/items/{}", "/search")


def _w3c(rng: random.Random, n: int, sep: str) -> tuple[str, Counter[str], Counter[str]]:
    """A log of requests in named columns: (text, requests by route, statuses)."""
    routes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    head = ["#Software: a web server", "#Fields: date time s-ip verb uri query port c-ip "
            "agent status substatus win32 sent received taken"]
    lines = [sep.join(h.split()) if h.startswith("#Fields") and sep == "\t" else h
             for h in head]
    for i in range(n):
        method = rng.choice(("GET", "GET", "POST", "HEAD"))
        path = rng.choice(_PATHS)
        # (a path segment holding a digit is a value: an id, a file named by a number)
        routes[method + " " + "/".join("<*>" if "{}" in seg else seg
                                       for seg in path.split("/"))] += 1
        status = rng.choice(("200", "200", "404", "500", "304"))
        statuses[status] += 1
        row = [f"2024-03-0{1 + i % 5}", f"10:{i % 60:02d}:{(i * 7) % 60:02d}", "10.0.0.1",
               method, path.format(rng.randrange(10**5)), "-", "443",
               f"203.0.113.{rng.randrange(1, 200)}", "Mozilla/5.0+(X11)", status, "0", "0",
               str(rng.randrange(10**5)), str(rng.randrange(999)), str(rng.randrange(999))]
        lines.append(sep.join(row))
    return "\n".join(lines) + "\n", routes, statuses


def test_named_columns_are_read_as_requests() -> None:
    for sep in (" ", "\t"):
        text, routes, statuses = _w3c(random.Random(11), 300, sep)
        fmt = detect_format(text)
        assert fmt is not None and fmt.startswith("columns:"), fmt
        stats = scan_log(text, fmt).stats
        assert stats is not None
        assert stats.records == 300 and stats.other_lines == 2
        assert {t.template: t.count for t in stats.templates} == dict(routes)
        assert stats.fields["status"] == dict(statuses)
        assert stats.levels == {"none": 300}


def test_a_part_without_the_naming_line_reads_alike() -> None:
    text, _, _ = _w3c(random.Random(12), 300, " ")
    whole = detect_format(text)
    rest = "\n".join(text.splitlines()[150:]) + "\n"  # past the "#Fields" line
    assert detect_format(rest) == whole
