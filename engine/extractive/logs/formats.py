"""Log formats: one line to one record (time, level, the message, structured fields).

Each format is a parser that accepts a line or says it is not of its shape: syslog
(RFC 3164 and ISO-stamped), Apache / Nginx access (combined and common), the Apache error
log (2.2 and 2.4), HDFS / Hadoop, JSON lines with a level and a message, and any other
line that :data:`~engine.extractive.noise.LOG_LINE` calls a log record (generic). Times
become sortable ``YYYY-MM-DDTHH:MM:SS`` strings (year ``0000`` where the format has none).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.noise import LOG_LINE

MONTHS = {m: i + 1 for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"))}

# a level written as one capital letter (glog's "I0102 …", Android's "V D I W E" column)
LETTER_LEVELS = {"V": "debug", "D": "debug", "I": "info", "W": "warning", "E": "error",
                 "F": "error", "A": "error", "C": "error"}  # (C: Python's CRITICAL)
_PRIORITY = re.compile(r"^<(\d{1,3})>$")
# a syslog priority's severity (its value mod 8) on the common scale
_SEVERITIES = ("error", "error", "error", "error", "warning", "info", "info", "debug")


# the numbered levels of JSON loggers (10 trace … 60 fatal) on the common scale
_NUMBERED = {"10": "debug", "20": "debug", "30": "info", "40": "warning", "50": "error",
             "60": "error"}


def numeric_level(written: str) -> str | None:
    """A numbered level (``30``) on the common scale, or None."""
    return _NUMBERED.get(written)


@lru_cache(maxsize=1024)
def common_level(written: str | None) -> str | None:
    """A level as a log writes it (a word in any case, a capital letter, a syslog priority
    ``<13>``) on the common scale error | warning | info | debug; a written level of no
    severity (``DETAIL``, ``STATEMENT``) as its own lower-case word; None for no level."""
    if not written:
        return None
    level = level_of(written)
    if level is not None:
        return level
    if written in LETTER_LEVELS:
        return LETTER_LEVELS[written]
    if len(written) == 2 and written[0] in LETTER_LEVELS and written[1].isdigit():
        return LETTER_LEVELS[written[0]]  # a letter and its verbosity (MongoDB's "D2")
    if written[-1:].isdigit() and (tier := level_of(written[:-1])) is not None:
        return tier  # a level word and its tier of verbosity (OpenSSH's "debug3")
    m = _PRIORITY.match(written)
    if m is not None:
        return _SEVERITIES[int(m.group(1)) % 8]
    if len(written) == 1 and "0" <= written <= "7":  # a syslog severity, bare (journald's)
        return _SEVERITIES[int(written)]
    number = numeric_level(written)
    if number is not None:
        return number
    word = written.strip()
    if len(word) == 1 and not word.isalnum():
        return word  # a level written as a symbol ("*", "#"): no common scale
    if " " in word:  # a level of two words ("Fatal error", "Parse error"): its last one's
        return level_of(word.rsplit(None, 1)[1]) or None
    return word.lower() if word.isalpha() and len(word) <= 12 else None


class Record(NamedTuple):
    """One log record: what the statistics count (a tuple: a log has a record a line, and a
    tuple is made in a fraction of a dataclass's time)."""

    time: str | None
    level: str | None  # as written in the record (None when the format has no level)
    message: str  # the part that is mined for templates
    fields: dict[str, str]  # host, program, ip, status…
    number: int = 0  # bytes sent (access logs)


Parser = Callable[[str], "Record | None"]


def _record(time: str | None, level: str | None, message: str, fields: dict[str, str],
            number: int = 0) -> Record:
    """``Record(...)`` at half the cost: the tuple made directly, without the class call
    and the Python-level ``__new__`` a NamedTuple has (a line costs a few microseconds)."""
    return _make_tuple(Record, (time, level, message, fields, number))


_make_tuple = tuple.__new__


# --- syslog --------------------------------------------------------------------------------
_SYSLOG = re.compile(
    r"^(?:<(?P<pri>\d{1,3})>)?(?P<mon>[A-Z][a-z]{2}) +(?P<day>\d{1,2}) (?P<time>\d{2}:\d{2}:\d{2})"
    r"(?:\.\d+)? (?P<host>\S+) +(?:-- )?(?P<prog>[^\s:\[]{1,64}?"
    r"|[^\s:\[]{1,64} [^\s:\[]{1,64}(?=\[\d+\]))(?: v?[\d.]+)?"
    r"(?:\[(?P<pid>\d+)\])?(?: \([^()\s]{1,200}\))?: ?(?P<msg>.*)$"
)
# (a tag's colon is followed by a blank or the message, never a digit: "main.go:81" after an
# ISO stamp and a level is a caller, zerolog's "… INF main.go:81 > …", no program's tag)
_SYSLOG_ISO = re.compile(
    r"^(?:<(?P<pri>\d{1,3})>1? ?)?(?P<date>\d{4}-\d{2}-\d{2})T(?P<time>\d{2}:\d{2}:\d{2})(?:\.\d+)?"
    r"(?:Z|[+-]\d{2}:?\d{2})? (?P<host>\S+) (?P<prog>[^\s:\[]{1,64}?)(?:\[(?P<pid>\d+)\])?:"
    r"(?!\d) ?(?P<msg>.*)$"
)
# RFC 5424: "<pri>1 stamp host app procid msgid [structured data]|- message"
_SYSLOG_5424 = re.compile(
    r"^<(?P<pri>\d{1,3})>1 (?P<date>\d{4}-\d{2}-\d{2})T(?P<time>\d{2}:\d{2}:\d{2})(?:\.\d+)?"
    r"(?:Z|[+-]\d{2}:?\d{2}) (?P<host>\S+) (?P<prog>\S+) \S+ \S+ "
    r"(?:-|(?:\[(?:[^\]\\]|\\.)*\])+)(?: \ufeff?(?P<msg>.*))?$"
)
_PROG_SUFFIX = re.compile(r"\(.*\)$")


def parse_syslog(line: str) -> Record | None:
    m = _SYSLOG.match(line)
    if m is not None:
        mon = MONTHS.get(m["mon"])
        if mon is None:
            return None
        time = f"0000-{mon:02d}-{int(m['day']):02d}T{m['time']}"
    else:
        m = _SYSLOG_ISO.match(line) or _SYSLOG_5424.match(line)
        if m is None:
            return None
        time = f"{m['date']}T{m['time']}"
    prog = _PROG_SUFFIX.sub("", m["prog"]) or m["prog"]
    # the priority a sender writes first ("<13>"): its severity is the record's level
    level = f"<{m['pri']}>" if m["pri"] is not None else None
    return _record(time, level, m["msg"] or "", {"host": m["host"], "program": prog})


# --- Apache / Nginx access -----------------------------------------------------------------
# a quoted field's text, unrolled (runs of plain characters between escapes): the same
# strings as ``(?:[^"\\]|\\.)*``, matched in half the time, one branch a run not a character
_QUOTED = r'[^"\\]*(?:\\.[^"\\]*)*'
_ACCESS = re.compile(
    r'^(?P<ip>\S+) (?P<ident>\S+) (?P<user>\S+) \[(?P<day>\d{2})/(?P<mon>[A-Z][a-z]{2})/'
    r'(?P<year>\d{4}):(?P<time>\d{2}:\d{2}:\d{2})(?: [+-]\d{4})?\] "(?P<req>' + _QUOTED + r')" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-)'
    r'(?: "(?P<ref>' + _QUOTED + r')" "(?P<ua>' + _QUOTED + r')")?'
)
_REQUEST = re.compile(r"^(?P<method>[A-Z]{3,10}) (?P<target>\S+)(?: (?P<proto>HTTP/[\d.]+))?$")


def parse_access(line: str) -> Record | None:
    m = _ACCESS.match(line)
    if m is None or m["mon"] not in MONTHS:
        return None
    time = f"{m['year']}-{MONTHS[m['mon']]:02d}-{m['day']}T{m['time']}"
    req = _REQUEST.match(m["req"])
    method = req["method"] if req else "-"
    path = req["target"].split("?", 1)[0] if req else m["req"][:80] or "-"
    status = m["status"]
    fields = {"ip": m["ip"], "status": status, "method": method, "path": path}
    if m["user"] != "-":
        fields["user"] = m["user"]
    size = int(m["bytes"]) if m["bytes"].isdigit() else 0
    return _record(time, None, f"{method} {route(path)}", fields, size)


_DIGIT = re.compile(r"\d")


def route(path: str) -> str:
    """A request path as its route: each segment that holds a digit is a value (an id, a
    size, a hash: ``/image/60844/productModel/200x200`` is ``/image/<*>/productModel/<*>``)."""
    if _DIGIT.search(path) is None:
        return path
    return "/".join("<*>" if _DIGIT.search(seg) else seg for seg in path.split("/"))


# --- Apache error log ----------------------------------------------------------------------
_APACHE_ERROR = re.compile(
    r"^\[(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?P<mon>[A-Z][a-z]{2}) (?P<day>\d{2}) "
    r"(?P<time>\d{2}:\d{2}:\d{2})(?:\.\d+)? (?P<year>\d{4})\] \[(?:(?P<module>[\w-]+):)?"
    r"(?P<level>[a-z]+\d?)\](?: \[pid (?P<pid>\d+)(?::tid \d+)?\])? ?(?P<msg>.*)$"
)
_CLIENT = re.compile(r"\[client (?P<ip>[0-9a-fA-F.:]+?)(?::\d+)?\]")


def parse_apache_error(line: str) -> Record | None:
    m = _APACHE_ERROR.match(line)
    if m is None or m["mon"] not in MONTHS:
        return None
    time = f"{m['year']}-{MONTHS[m['mon']]:02d}-{m['day']}T{m['time']}"
    fields: dict[str, str] = {}
    if m["module"]:
        fields["module"] = m["module"]
    c = _CLIENT.search(m["msg"])
    if c is not None:
        fields["ip"] = c["ip"]
    return _record(time, m["level"], m["msg"], fields)


# --- HDFS / Hadoop -------------------------------------------------------------------------
_HDFS = re.compile(
    r"^(?P<date>\d{6}) (?P<time>\d{6}) (?P<pid>\d+) (?P<level>[A-Z]{4,7}) "
    r"(?P<comp>[\w.$-]+): (?P<msg>.*)$"
)


def parse_hdfs(line: str) -> Record | None:
    m = _HDFS.match(line)
    if m is None or level_of(m["level"]) is None:
        return None
    d, t = m["date"], m["time"]
    time = f"20{d[:2]}-{d[2:4]}-{d[4:6]}T{t[:2]}:{t[2:4]}:{t[4:6]}"
    return _record(time, m["level"], m["msg"], {"component": m["comp"]})


# --- JSON lines ----------------------------------------------------------------------------
_LEVEL_KEYS = ("level", "severity", "lvl", "levelname", "log.level", "loglevel")
_MESSAGE_KEYS = ("msg", "message", "event", "log", "text")
_TIME_KEYS = ("time", "timestamp", "ts", "@timestamp", "t", "datetime", "date")
_LOGGER_KEYS = ("logger", "name", "module", "component", "service", "caller")
_ISO = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})")


_EPOCH_SCALES = ((1e8, 1), (1e11, 1e3), (1e14, 1e6), (1e17, 1e9))


_EPOCH_DIGITS = re.compile(r"^[1-9]\d{9}(?:\d{3}|\d{6})?$")  # seconds, milli- or microseconds
# (a leading zero writes a code, "0100032001": no epoch since 2001 opens with one)


def _json_time(value: object) -> str | None:
    if isinstance(value, str):
        m = _ISO.match(value)
        if m is None and _EPOCH_DIGITS.match(value):  # journald's "__REALTIME_TIMESTAMP"
            return _json_time(int(value))
        return f"{m[1]}T{m[2]}" if m else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        # epoch seconds, milli-, micro- or nanoseconds of 1973-2286: a small number (a
        # level's 30, a pid) is no time
        scale = next((s for low, s in _EPOCH_SCALES if low <= value < low * 100), None)
        if scale is None:
            return None
        secs = value / scale
        try:
            t = dt.datetime.fromtimestamp(secs, tz=dt.UTC)
        except (OverflowError, OSError, ValueError):
            return None
        return t.strftime("%Y-%m-%dT%H:%M:%S")
    return None


def parse_json(line: str) -> Record | None:
    if not line.startswith("{"):
        return None
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):  # a line nested too deep to parse is not a record
        return None
    if not isinstance(obj, dict):
        return None
    level = next((obj[k] for k in _LEVEL_KEYS if isinstance(obj.get(k), str)), None)
    if level is None or level_of(level) is None:
        return None  # a session export, an event stream: not a log
    msg = next((obj[k] for k in _MESSAGE_KEYS if isinstance(obj.get(k), str)), "")
    time = next((t for k in _TIME_KEYS if (t := _json_time(obj.get(k))) is not None), None)
    fields = {"key": ",".join(sorted(str(k) for k in obj))}
    logger = next((obj[k] for k in _LOGGER_KEYS if isinstance(obj.get(k), str)), None)
    if logger:
        fields["logger"] = logger[:80]
    return _record(time, level, msg or "(no message)", fields)


# --- anything LOG_LINE calls a record ------------------------------------------------------
# A generic record's stamp: its date and time, optionally bracketed.
_STAMP = (r"^\[?(?P<date>\d{4}-\d{2}-\d{2})[T ](?P<time>\d{1,2}:\d{2}:\d{2})(?:[.,]\d+)?"
          r"(?:Z|[+-]\d{2}:?\d{2})?\]?")
GENERIC_BARE = "generic-bare"  # ISO-stamped (or LOG_LINE) records with no level column
GENERIC_PLAIN = "generic-plain"  # … with a level column, and no logger's name on most
# (the logger's name may be a source file with its line: Python's "%(filename)s:%(lineno)d")
# (a level may be glued to the stamp and to what follows by "::" on both sides, as
# "%(asctime)s::%(levelname)s::[%(module)s:%(lineno)d] " writes it)
_GENERIC = re.compile(
    _STAMP + r"(?:\s+|::(?=[A-Za-z]{3,8}::))"
    r"(?:\[?(?P<level>TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL|CRIT|"
    r"SEVERE|ERRO|DEBG|DEBU|TRAC|BLAT)(?: *\]?:?\s+|::))?(?:\[(?P<thread>[^\]=]{1,60})\]\s+)?"
    r"(?:(?P<logger>[\w$.-]{2,80}(?:\[[\w.-]{1,40}\])?)(?::\d{1,6}:?|:| -)\s+)?(?P<msg>.*)$",
    re.IGNORECASE,
)
_LEVEL_WORD = re.compile(r"\b(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL|SEVERE)"
                         r"\b")


def parse_generic(line: str, named: bool = True) -> Record | None:
    """A record of an ISO-stamped line (or one LOG_LINE calls a record); ``named``: a
    "name:" after the level is the logger's (else the message's first word)."""
    m = _GENERIC.match(line)
    if m is not None:  # (the groups in one call, the hour padded only when it needs it)
        date, time, level, _, logger, msg = m.groups()  # (date, time, level, thread, …)
        if len(time) != 8 or not time.isascii():
            time = f"{int(time[:-6]):02d}{time[-6:]}"
        if logger and not named:
            return _record(f"{date}T{time}", level, line[m.start("logger"):], {})
        return _record(f"{date}T{time}", level, msg, {"logger": logger} if logger else {})
    lm = LOG_LINE.match(line)
    if lm is None:
        return None
    head = line[: lm.end()]
    lw = _LEVEL_WORD.search(head) or _LEVEL_WORD.search(line[lm.end(): lm.end() + 12])
    rest = line[lm.end():].strip()
    if lw is not None and lw.start() <= 1 and lw.end() <= lm.end():
        # a line that opens with its level ("[INFO] plugin/…"): the message starts after the
        # level, not after the first character of the message's that LOG_LINE looked at
        rest = line[lw.end():].lstrip(" :]")
    elif lw is not None and rest.upper().startswith(lw[1]):
        rest = rest[len(lw[1]):].lstrip(" :]")
    fields: dict[str, str] = {}
    if lw is not None and head.endswith(":") and (name := _GLUED_NAME.match(rest)):
        # Python's "%(levelname)s:%(name)s:%(message)s": the logger's name glued between
        fields["logger"], rest = name[1], rest[name.end():]
    return _record(None, lw[1] if lw else None, rest or line, fields)


def parse_generic_plain(line: str) -> Record | None:
    """A generic record of a log where a "name:" after the level opens only some messages
    ("spawned: 'web' with pid 7", "success: …"): no logger column, the message's words."""
    return parse_generic(line, named=False)


def has_logger(line: str) -> bool:
    """Whether the generic parser reads a logger's name ("name:", "name -") in a line."""
    m = _GENERIC.match(line)
    return m is not None and m.group("logger") is not None


def parse_generic_bare(line: str) -> Record | None:
    """A generic record of a log with no level column: a level word that opens some of its
    messages ("Error count reset …") is the message's, not a level."""
    record = parse_generic(line)
    if record is None or record.level is None:
        return record
    start = _GENERIC_START.match(line) or LOG_LINE.match(line)
    message = line[start.end():].strip() if start is not None else line
    return _record(record.time, None, message or line, {})


_GLUED_NAME = re.compile(r"([A-Za-z_][\w.$-]{0,79}):(?=[^\s/])")


# Where _GENERIC matches a line: its stamp and one blank (what follows the blank is all
# optional, and ``.*$`` takes the rest of any line), tried in a fraction of its time.
_GENERIC_START = re.compile(_STAMP + r"\s", re.IGNORECASE)


def accepts_generic(line: str) -> bool:
    """``parse_generic(line) is not None``, without making the record (a line has no
    newline: :func:`str.splitlines` made it)."""
    return _GENERIC_START.match(line) is not None or LOG_LINE.match(line) is not None


PARSERS: dict[str, Parser] = {
    "syslog": parse_syslog,
    "apache-access": parse_access,
    "apache-error": parse_apache_error,
    "hdfs": parse_hdfs,
    "json": parse_json,
    "generic": parse_generic,
    GENERIC_BARE: parse_generic_bare,
    GENERIC_PLAIN: parse_generic_plain,
}
