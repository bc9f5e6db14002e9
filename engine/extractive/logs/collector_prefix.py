"""A log passed on by a collector: each line behind the collector's own prefix.

``journalctl`` writes each line a service wrote behind a syslog header of its own ("Mar 01
00:00:07 web-01 app[2301]: "); ``docker logs --timestamps``, ``kubectl logs --timestamps``
and CI runners behind the moment they received it ("2024-03-01T00:00:07.123456789Z "), a
container runtime's files behind it and the stream ("… stdout F ");
``kubectl logs --prefix`` behind the pod and container ("[pod/api-7d9f/api] "), ``docker
compose logs`` behind the service's replica ("api-1  | "). Behind the prefix is the
program's own log, with its own stamp, level and message. Read as one format, the prefix
is the header and the program's whole line the message: no level, and every template
holding the program's stamps. So when nearly every sampled line opens with one such prefix
and the lines behind it are a log whose records carry a time of their own (a line with two
stamps: the writer's is the second), or behind a label (a pod's, a replica's) a time or a
level, each line is read by that log's
format behind its prefix, and the prefix's host and program are fields of the record. A
line whose rest opens no record of that log (a stack frame) belongs to the record above, as
in the log itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.extractive.logs.formats import (
    _PROG_SUFFIX,
    _SYSLOG,
    _SYSLOG_ISO,
    GENERIC_BARE,
    Parser,
    Record,
    _record,
)

PREFIX = "collected:"

# A collector's prefix, by kind: its end is where the program's line begins.
_STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d) ")
# (a container runtime's file: the stamp, the stream and whether the line is whole)
_STREAM = re.compile(r"^(?P<date>\d{4}-\d\d-\d\d)T(?P<time>\d\d:\d\d:\d\d)(?:\.\d{1,9})?"
                     r"(?:Z|[+-]\d\d:\d\d) (?:stdout|stderr) [FP] ")
_POD = re.compile(r"^\[(?:[\w.-]+/){1,2}[\w.-]+\] ")  # ("[pod/name/container] ")
_REPLICA = re.compile(r"^[A-Za-z0-9][\w.-]*?[-_]\d+ *\| ?")  # ("api-1  | ")
_KINDS: dict[str, tuple[re.Pattern[str], ...]] = {
    "syslog": (_SYSLOG, _SYSLOG_ISO), "stream": (_STREAM,), "stamp": (_STAMP,), "pod": (_POD,),
    "replica": (_REPLICA,)}
# prefixes that hold no stamp: behind them, a log whose records carry a level is the
# program's too (behind a stamp, a level alone is the next column of one log: "…Z INFO …")
_LABELS = frozenset({"pod", "replica"})
# a prefix no program's own line takes (a stream's name and a flag after the stamp): its
# lines are the program's whatever they hold, plain lines (format "") at the prefix's time
_ALWAYS = frozenset({"stream"})


def is_collected(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def behind(fmt: str) -> str:
    """The format of the program's lines behind a collector's prefix (else ``fmt``; plain
    lines: a log of no level column)."""
    if not fmt.startswith(PREFIX):
        return fmt
    return str(json.loads(fmt[len(PREFIX):])[1]) or GENERIC_BARE


def prefix_kind(fmt: str) -> str:
    """The kind of a collector's prefix (``syslog``, ``stamp`` …; "" for another format)."""
    return str(json.loads(fmt[len(PREFIX):])[0]) if fmt.startswith(PREFIX) else ""


def _rest(kind: str, line: str) -> tuple[str, re.Match[str]] | None:
    """The program's line behind the prefix of ``kind``, and the prefix's match."""
    for pattern in _KINDS[kind]:
        m = pattern.match(line)
        if m is not None:
            return line[m.start("msg") if "msg" in pattern.groupindex else m.end():], m
    return None


def learn_collected(lines: Sequence[str], need: float,
                    inner: Callable[[list[str]], str | None],
                    parser_for: Callable[[str], Parser]) -> str | None:
    """The format of a collector's lines (see the module), or None; ``inner(lines)``: the
    log format of the program's lines (None when they are none)."""
    for kind in _KINDS:
        rests = [got[0] for got in (_rest(kind, ln) for ln in lines) if got is not None]
        if len(rests) < need:
            continue
        fmt = inner(rests)
        if fmt is None and kind in _ALWAYS:
            return PREFIX + json.dumps([kind, ""])
        if fmt is None:
            continue
        parse = parser_for(fmt)
        owned = sum(1 for rest in rests if _owned(parse(rest), kind in _LABELS))
        if owned >= need or kind in _ALWAYS:
            return PREFIX + json.dumps([kind, fmt])
    return None


def _owned(record: Record | None, leveled: bool) -> bool:
    """Whether ``record`` carries a time of its own (or, ``leveled``, a level)."""
    return record is not None and (record.time is not None or (
        leveled and bool(record.level)))


@lru_cache(maxsize=16)
def collected_parser(fmt: str, parser_for: Callable[[str], Parser]) -> Parser:
    """The parser of a collector's lines (``parser_for``: a format's parser)."""
    kind, inner = json.loads(fmt[len(PREFIX):])
    own = parser_for(inner) if inner else None

    def parse(line: str) -> Record | None:
        got = _rest(kind, line)
        if got is None:
            return None
        rest, m = got
        if own is None:  # (plain lines: the message is the line, at the prefix's time)
            return _record(f"{m['date']}T{m['time']}", None, rest.strip() or line, {})
        record = own(rest)
        if record is None:
            return None  # (a line of the record above, in the program's log)
        if "prog" not in m.re.groupindex:
            return record
        fields = {"host": m["host"], "program": _PROG_SUFFIX.sub("", m["prog"]) or m["prog"],
                  **record.fields}
        return _record(record.time, record.level, record.message, fields, record.number)

    return parse
