"""Lines of several services interleaved, each behind its service's name and a bar.

A tool that runs several services and shows their output together writes each line behind
the name of the service (and its replica's number) that wrote it, padded to one column and
closed by a bar ("api-1     | INFO:     …", "worker-1  | [2024-03-01 …: INFO/Main…] …").
Behind the bar each service writes its own log, in its own format. Read as one format, the
lines would share no shape and the whole would be no log. So when (nearly) every line opens
with a name padded to the bar at one column, each service's lines (its replicas' alike) are
detected as a log of their own, and a line is read by its service's format: its record is
the one that line is in that log, its service its component. A line of a service whose
format is unknown (too few of its lines to tell) is a record of no level.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.formats import Parser, Record, _record
from gapless.engine.extractive.weights import LOG

PREFIX = "services:"
_SERVICE = re.compile(r"^([A-Za-z0-9][\w.-]*?)(?:[-_]\d+)? *(\|) ?")


def is_services(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def _split(line: str) -> tuple[str, str, int] | None:
    """The service's name (its replica's number left out), the line behind the bar and the
    bar's column, or None."""
    m = _SERVICE.match(line)
    if m is None:
        return None
    return m.group(1), line[m.end():], m.start(2)


def learn_services(lines: Sequence[str], need: float,
                   inner: Callable[[list[str]], str | None]) -> str | None:
    """The format of interleaved services' lines, or None; ``inner(lines)``: the log format
    of one service's lines (None when they are none)."""
    split = [s for s in map(_split, lines) if s is not None]
    if len(split) < need:
        return None
    bars = [bar for _, _, bar in split]
    column = max(set(bars), key=bars.count)
    if bars.count(column) < LOG.level_share * len(split):
        return None  # (the names padded to one column: the tool's, not a message's bar)
    by_service: dict[str, list[str]] = defaultdict(list)
    for name, rest, _ in split:
        by_service[name].append(rest)
    if len(by_service) < 2 or any(level_of(name) is not None for name in by_service):
        return None  # (one name before a bar on every line is a column of one log, and
        # level words there are its level column: "WARN  | …")
    formats = {name: inner(own) for name, own in sorted(by_service.items())
               if len(own) >= LOG.min_records}
    known = {name: fmt for name, fmt in formats.items() if fmt is not None}
    if not known:
        return None
    return PREFIX + json.dumps(known, sort_keys=True)


@lru_cache(maxsize=16)
def services_parser(fmt: str, parser_for: Callable[[str], Parser]) -> Parser:
    """The parser of interleaved services' lines (``parser_for``: a format's parser)."""
    known = {name: parser_for(inner) for name, inner in json.loads(fmt[len(PREFIX):]).items()}

    def parse(line: str) -> Record | None:
        split = _split(line)
        if split is None:
            return None
        name, rest, _ = split
        own = known.get(name)
        if own is None:
            return _record(None, None, rest.strip() or line, {"component": name})
        record = own(rest)
        if record is None:
            return None  # (a line of the record above, in that service's log)
        return _record(record.time, record.level, record.message,
                       {**record.fields, "component": name}, record.number)

    return parse
