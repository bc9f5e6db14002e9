"""A request line quoted inside another log's records (a proxy's HTTP lines inside syslog, a
development server's inside a Python log) is a request: the summary states the requests by
method and route with exact counts, as an access log's, whatever the pieces the log is read
in, while its event templates stay as mined."""

from __future__ import annotations

import random
import re
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.answer import log_answer
from gapless.engine.extractive.logs.render import REQUESTS, summary_lines
from gapless.engine.extractive.logs.request_line import quoted_request
from tests.support.helpers import clock, folds_alike

_AGENTS = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:65.0) Gecko/20100101 Firefox/65.0",
           "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/537.36 (KHTML, like "
           "Gecko) Chrome/72.0.3626.109 Safari/537.36"]
_TARGETS = ["GET /portal/?Script=934&lehrer={k}", "POST /portal/?Script=934&anm={k}",
            "GET /admin/colt/administration?survey={k}", "GET /media/core/core.css?{k}",
            "GET /media/core/bootstrap_3.3.{k}/css/bootstrap.css", "GET /portal/"]


def _haproxy(records: int) -> tuple[str, Counter[str]]:
    """HAProxy's HTTP log inside BSD syslog, with the proxy's own messages between, and the
    requests counted here by method and route (query cut, a segment with a digit a value)."""
    rnd = random.Random(5)
    lines, truth = [], Counter[str]()
    for k in range(records):
        stamp = f"Feb 25 {clock(36000 + k * 3)}"
        if k % 9 == 4:
            lines.append(f"{stamp} 192.168.4.2 haproxy[7]: 95.216.197.{k % 200}:5{k % 999:03d} "
                         f"[25/Feb/2019:{clock(36000 + k * 3)}.{k % 1000:03d}] "
                         "prod_http_in/sktst2: SSL handshake failure")
            continue
        target = rnd.choice(_TARGETS).format(k=rnd.randint(1, 9999))
        method, path = target.split(" ")
        route = "/".join("<*>" if re.search(r"\d", s) else s for s in path.split("?")[0]
                         .split("/"))
        truth[f"{method} {route}"] += 1
        lines.append(f"{stamp} 192.168.4.2 haproxy[7]: 87.183.41.{k % 250}:50{k % 999:03d} "
                     f"[25/Feb/2019:{clock(36000 + k * 3)}.{k % 1000:03d}] prod_http_in~ "
                     f"bk_ktest_kt/nginx_sonst 0/0/1/{k % 400}/{k % 900} 200 {300 + k} - - "
                     f"---- 3/2/0/0/0 0/0 {{{rnd.choice(_AGENTS)}}} {{}} \"{target} HTTP/1.1\"")
    return "\n".join(lines) + "\n", truth


def test_a_proxys_requests_inside_syslog_are_counted_by_method_and_route() -> None:
    text, truth = _haproxy(900)
    fmt = detect_format(text)
    assert fmt == "syslog"
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.fields["request"] == dict(truth)
    said = summary_lines(stats, 6000)
    assert REQUESTS in said, said
    shown = said[said.index(REQUESTS) + 1:]
    for request, count in truth.most_common(5):
        assert f"{count:,} × `{request}`" in shown, (request, count, shown)
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_an_access_log_states_its_requests_once() -> None:
    lines = [f'10.0.0.{k % 9} - - [01/Mar/2024:{clock(k)} +0000] "GET /orders/{k} HTTP/1.1" '
             f'200 {k}' for k in range(300)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt == "apache-access"
    stats = scan_log(text, fmt).stats
    assert stats is not None and "request" not in stats.fields  # (its templates are those)
    said = summary_lines(stats, 6000)
    assert REQUESTS not in said and "300 × `GET /orders/<*>`" in said, said


def test_a_quoted_request_is_a_method_a_target_and_a_protocol_or_none() -> None:
    assert quoted_request('1.2.3.4 - - [x] "GET /api/orders/97 HTTP/1.1" 200 -') == (
        "GET /api/orders/<*>")
    assert quoted_request('"CONNECT http://example.com:443/a?b=1 HTTP/1.0"') == (
        "CONNECT http://<*>/a")
    assert quoted_request('proxy "PURGE /cache/home"') == "PURGE /cache/home"
    # a quoted phrase that is no request: a word that is no method, no path, text after it
    assert quoted_request('said "Hello /there HTTP/1.1"') is None
    assert quoted_request('"GET the weather"') is None
    assert quoted_request('"GET /a b c"') is None
    assert quoted_request("GET /api/orders HTTP/1.1 (no quotes)") is None


def test_a_question_of_paths_is_answered_by_the_requests_the_messages_quote() -> None:
    text, truth = _haproxy(300)
    stats = scan_log(text, "syslog").stats
    assert stats is not None
    top = ", ".join(f"{r} ({c})" for r, c in sorted(truth.items(), key=lambda rc: (-rc[1],
                                                                                  rc[0]))[:5])
    for question in ("which endpoints were hit most?", "top requests by route"):
        answer, _ = log_answer(stats, question, lambda t: None)
        assert f"Top requests: {top}" in answer, (question, answer)
