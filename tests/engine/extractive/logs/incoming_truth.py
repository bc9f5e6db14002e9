"""Independent counts of the logs that came in from outside the project (``incoming/logs``
of the shared data, the ones read right carried in ``tests/data/logs``): one small parser
per file, written from that file's own grammar, apart from the engine's code (nothing here
imports it). ``bench/kinds_bench.py`` and the tests both count with it.

Each parser gives the file's records, its level counts as the log writes them (None: the
format has no level field) and the true count of each event template (``<*>`` for a value).
A template is the message with its values masked, by the file's grammar: for a request log,
its method and its path with the segments that hold digits masked (the query dropped); for
a log with a message, the message's tokens that hold a digit (and a quoted string, a
Laravel record's JSON context) masked.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Truth:
    records: int = 0
    levels: Counter[str] | None = None  # as written; None for a log without a level field
    templates: Counter[str] = field(default_factory=Counter)


_DIGIT_TOKEN = re.compile(r"\S*\d\S*")


def _mask_message(message: str) -> str:
    return " ".join(_DIGIT_TOKEN.sub("<*>", message).split())


def _mask_path(path: str) -> str:
    path = path.split("?", 1)[0]
    return "/".join("<*>" if any(c.isdigit() for c in seg) else seg for seg in path.split("/"))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


# --- nginx combined (+ X-Forwarded-For) ---------------------------------------------------
_NGINX = re.compile(r'^\S+ \S+ \S+ \[[^\]]+\] "(\S+) (\S+)[^"]*" \d{3} ')


def nginx_combined(path: Path) -> Truth:
    t = Truth()
    for ln in _lines(path):
        m = _NGINX.match(ln)
        if m:
            t.records += 1
            t.templates[f"{m[1]} {_mask_path(m[2])}"] += 1
    return t


# --- Laravel / Monolog: "[Y-m-d H:i:s] channel.LEVEL: message {context}" + trace lines -----
_LARAVEL = re.compile(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] \w+\.([A-Z]+): (.*)$")


def laravel(path: Path) -> Truth:
    t = Truth(levels=Counter())
    assert t.levels is not None
    for ln in _lines(path):
        m = _LARAVEL.match(ln)
        if m:
            t.records += 1
            t.levels[m[1]] += 1
            message, context, _ = m[2].partition(' {"exception"')
            template = _mask_message(message) + (" <*>" if context or _ else "")
            t.templates[template] += 1
    return t


# --- IIS W3C extended: "#Fields:" names the columns ----------------------------------------
def _named_columns(path: Path, directive: str, sep: str | None) -> list[dict[str, str]]:
    names: list[str] = []
    rows = []
    for ln in _lines(path):
        if ln.startswith(directive):
            names = ln[len(directive):].strip().split(sep)
        elif ln.startswith("#") or not ln.strip():
            continue
        elif names:
            rows.append(dict(zip(names, ln.split(sep), strict=False)))
    return rows


def iis_w3c(path: Path) -> Truth:
    t = Truth()
    for row in _named_columns(path, "#Fields:", None):
        t.records += 1
        t.templates[f"{row['cs-method']} {_mask_path(row['cs-uri-stem'])}"] += 1
    return t


# --- Zeek http.log: "#fields" (tab-separated) ----------------------------------------------
def zeek_http(path: Path) -> Truth:
    t = Truth()
    for row in _named_columns(path, "#fields", "\t"):
        t.records += 1
        t.templates[f"{row['method']} {_mask_path(row['uri'])}"] += 1
    return t


# --- Spark log4j: "yy/MM/dd HH:mm:ss LEVEL logger: message" --------------------------------
_SPARK = re.compile(r"^\d\d/\d\d/\d\d \d\d:\d\d:\d\d ([A-Z]+) [\w.$]+: (.*)$")


def spark(path: Path) -> Truth:
    t = Truth(levels=Counter())
    assert t.levels is not None
    for ln in _lines(path):
        m = _SPARK.match(ln)
        if m:
            t.records += 1
            t.levels[m[1]] += 1
            t.templates[_mask_message(m[2])] += 1
    return t


# --- docker compose "service  | " over a JSON object with level and msg --------------------
def compose_json(path: Path) -> Truth:
    t = Truth(levels=Counter())
    assert t.levels is not None
    for ln in _lines(path):
        _, bar, rest = ln.partition("| ")
        if not bar or not rest.startswith("{"):
            continue
        obj = json.loads(rest)
        t.records += 1
        t.levels[obj["level"]] += 1
        t.templates[_mask_message(obj["msg"])] += 1
    return t


# --- uWSGI request log: "[pid: N|app: N|req: a/b] ip () {..} [date] METHOD path => …" ------
_UWSGI = re.compile(r"^\[pid: \d+\|app: [-\d]+\|req: [-\d]+/\d+\] \S+ \([^)]*\) \{[^}]*\} "
                    r"\[[^\]]+\] (\S+) (\S+) => ")


def uwsgi(path: Path) -> Truth:
    t = Truth()
    for ln in _lines(path):
        m = _UWSGI.match(ln)
        if m:
            t.records += 1
            t.templates[f"{m[1]} {_mask_path(m[2])}"] += 1
    return t


# --- HAProxy inside BSD syslog: its HTTP log lines, and its own messages -------------------
_SYSLOG = re.compile(r"^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ haproxy\[\d+\]: (.*)$")
_HAPROXY_HTTP = re.compile(r'^\S+:\d+ \[[^\]]+\] \S+ \S+/\S+ [-\d/]+ \d{3} .*"(\S+) (\S+)[^"]*"$')


def haproxy(path: Path) -> Truth:
    t = Truth()
    for ln in _lines(path):
        m = _SYSLOG.match(ln)
        if not m:
            continue
        t.records += 1
        http = _HAPROXY_HTTP.match(m[1])
        t.templates[f"{http[1]} {_mask_path(http[2])}" if http else _mask_message(m[1])] += 1
    return t


# file name -> its parser (the files of incoming/logs, wherever they are now)
PARSERS: dict[str, Callable[[Path], Truth]] = {
    "lnav_nginx-combined-xff-access.log": nginx_combined,
    "lnav_laravel-monolog-stacktraces.log": laravel,
    "lnav_iis-w3c-extended.log": iis_w3c,
    "lnav_zeek-bro-http.tsv.log": zeek_http,
    "lnav_spark-log4j-executor.log": spark,
    "lnav_docker-compose-caddy-json.log": compose_json,
    "lnav_uwsgi-request.log": uwsgi,
    "lnav_haproxy-http-syslog.log": haproxy,
}


def top(truth: Truth, k: int = 5) -> list[tuple[str, int]]:
    """The ``k`` most frequent true templates (all of those tied with the k-th)."""
    ranked = truth.templates.most_common()
    if not ranked:
        return []
    floor = ranked[min(k, len(ranked)) - 1][1]
    return [(tmpl, c) for tmpl, c in ranked if c >= floor]
