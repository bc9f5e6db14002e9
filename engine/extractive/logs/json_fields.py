"""JSON lines read by their fields: which keys hold the level, the message and the time is
learned from the values of the sampled records, at any depth.

Each record is flattened (nested objects as dotted paths: ``record.level``); a line may
carry a prefix before its object (``caddy  | {…}``, a container's name). The level path is
one present on most records whose values form a small closed set holding level words (or
a logger's numbered levels, multiples of ten from 10 to 60); the
time path one whose values read as times (ISO stamps, epoch seconds or milliseconds); the
message path the string path of most words per value among those present on most records.
No key is known by its name. The learned paths travel as the format's name
(``json:["level","msg","ts"]``), so every chunk and worker reads the log alike. Lines of
``key=value`` pairs (:mod:`.pairs`) are flat records learned the same way
(``pairs:["level","msg","time"]``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.extractive.logs.formats import (
    Parser,
    Record,
    _json_time,
    _record,
    common_level,
    numeric_level,
)
from gapless.engine.extractive.logs.level_set import alike_levels
from gapless.engine.extractive.logs.list_word import leading_word
from gapless.engine.extractive.logs.pairs import split_pairs
from gapless.engine.sources.chat_shape import find_speaker

PREFIX = "json:"
PAIRS_PREFIX = "pairs:"
_MAX_DEPTH = 4
_PREFIX_CHARS = 80  # of a line before its object (a container's name, a stamp)
_SET_SIZE = 12  # distinct values of a level path, at most
_MOST = 0.5  # of the records a level, time or message path is present on
_MIN_SPARSE = 5  # records holding a level path that only some records hold, at least
_STAMP_CHARS = 40  # of a time's value at most ("2024-03-01T12:00:01.123456789+00:00")
_LINE_WORDS = 3  # words a line of a log carried in an envelope holds, on average
_SCALE = ("error", "warning", "info", "debug")  # (a level word, a capital letter: MongoDB's "I")
_LOGGER_KEYS = ("logger", "name", "module", "component", "service", "caller")


def split_line(line: str) -> tuple[str, dict[str, object]] | None:
    """A line's prefix and its JSON object, or None when it holds none."""
    start = line.find("{")
    if start < 0 or start > _PREFIX_CHARS or '"' in line[:start]:
        return None
    if not line.rstrip().endswith("}"):
        return None
    try:
        obj = json.loads(line[start:])
    except (ValueError, RecursionError):  # a line nested too deep to parse is no record
        return None
    if not isinstance(obj, dict):
        return None
    return line[:start], obj


def flatten(obj: dict[str, object], path: str = "", depth: int = 0,
            out: dict[str, object] | None = None) -> dict[str, object]:
    """The scalar values of ``obj`` by their dotted paths."""
    if out is None:
        out = {}
    for key, value in obj.items():
        at = f"{path}.{key}" if path else str(key)
        if isinstance(value, dict):
            if depth < _MAX_DEPTH:
                flatten(value, at, depth + 1, out)
        elif isinstance(value, str | int | float) and not isinstance(value, bool):
            out[at] = value
        elif isinstance(value, list) and value and leading_word(value[0]):
            out[f"{at}.0"] = value[0]  # (a list's leading word: a level among tags)
    return out


Split = Callable[[str], tuple[str, dict[str, object]] | None]


def _reader(fmt: str) -> Split:
    return split_pairs if fmt.startswith(PAIRS_PREFIX) else split_line


# the path of a record's prefix (a stamp before the object or the pairs), read as its time
# when it is one
PREFIX_PATH = ""


def _fields(found: tuple[str, dict[str, object]]) -> dict[str, object]:
    """A record's scalar values by their paths, its prefix's under :data:`PREFIX_PATH`."""
    prefix, obj = found
    flat = flatten(obj)
    head = prefix.strip(" |:\t")
    if head:
        flat[PREFIX_PATH] = head
    return flat


def learn_json(lines: Sequence[str], need: float,
               inner: Callable[[list[str]], str | None] | None = None) -> str | None:
    """The format of sampled JSON-line records (their level, message and time paths), else
    of ``key=value`` records; None when fewer than ``need`` lines are either with a level
    path. A JSON envelope without a level around lines of a log of their own (Docker's
    json-file: ``{"log": "2024-… WARN …\\n", "stream": …, "time": …}``) is read by the
    format ``inner`` finds in its message values (the format's fourth path)."""
    for prefix, split in ((PREFIX, split_line), (PAIRS_PREFIX, split_pairs)):
        found = [o for ln in lines if (o := split(ln)) is not None]
        records = [_fields(o) for o in found]
        if len(records) < need:
            continue
        level = _level_path(records)
        if level is not None and _severities(_values(records, level)) and find_speaker(
                [o for _, o in found]) is not None:
            level = None  # (a conversation's events: a turn's number is no severity)
        if level is None:
            wrapped = _wrapped(records, inner) if prefix == PREFIX else None
            if wrapped is not None:
                return wrapped
            bare = _unleveled(records, [o for _, o in found]) if prefix == PREFIX else None
            if bare is not None:
                return bare
            continue  # a session export, an event stream: no level field, no log
        time = _time_path(records, {level})
        message = _message_path(records, {level, time, PREFIX_PATH})
        return prefix + json.dumps([level, message, time])
    return None


def _wrapped(records: Sequence[dict[str, object]],
             inner: Callable[[list[str]], str | None] | None) -> str | None:
    """The format of an envelope whose message values are a log's lines, else None."""
    time = _time_path(records, {PREFIX_PATH})
    message = _message_path(records, {PREFIX_PATH, time})
    if inner is None or message is None:
        return None
    texts = [v.rstrip("\r\n") for r in records if isinstance(v := r.get(message), str)]
    if sum(len(t.split()) for t in texts) < _LINE_WORDS * len(texts):
        return None  # (a log's line holds a stamp, a level or a name, and its message)
    found = inner(texts)
    if found is None:
        return None
    return PREFIX + json.dumps([None, message, time, found])


# A record without a level is a log's when each carries a time and a message of a log's
# line: a few words, one line, short (a conversation's turns run long and over many lines).
_BARE_WORDS = 2  # words a message holds, on average, at least
_BARE_CHARS = 200  # characters a message holds, on average, at most
_BARE_LINES = 0.05  # of the messages that run over more than one line, at most


def _unleveled(records: Sequence[dict[str, object]], objects: Sequence[dict[str, object]]
               ) -> str | None:
    """The format of JSON lines with no level field that are a log's records (a time on
    each, a message of a log's line, no speaker whose voices alternate: a conversation's
    records are no log's), else None: counted as records, with no level."""
    time = _time_path(records, {PREFIX_PATH})
    if time is None or sum(1 for r in records if time in r) < 0.9 * len(records):
        return None
    message = _message_path(records, {PREFIX_PATH, time})
    if message is None:
        return None
    texts = [v for r in records if isinstance(v := r.get(message), str)]
    if (sum(len(t.split()) for t in texts) < _BARE_WORDS * len(texts)
            or sum(map(len, texts)) > _BARE_CHARS * len(texts)
            or sum(1 for t in texts if "\n" in t.rstrip("\r\n")) > _BARE_LINES * len(texts)):
        return None
    if find_speaker(objects) is not None:
        return None
    return PREFIX + json.dumps([None, message, time])


def envelope(fmt: str) -> tuple[str, str | None, str] | None:
    """The message path, time path and inner format of an envelope's format, else None."""
    if not fmt.startswith(PREFIX):
        return None
    paths = json.loads(fmt[len(PREFIX):])
    return (paths[1], paths[2], paths[3]) if len(paths) > 3 else None


def _present(records: Sequence[dict[str, object]]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for r in records:
        seen.update(r.keys())
    return seen


def _by_presence(records: Sequence[dict[str, object]]) -> list[str]:
    """The paths present on most records, the most present and shallowest first."""
    seen = _present(records)
    return sorted((p for p, c in seen.items() if c >= _MOST * len(records)),
                  key=lambda p: (-seen[p], p.count("."), p))


def _level_path(records: Sequence[dict[str, object]]) -> str | None:
    """Of the paths that hold levels, the one of most distinct levels (an envelope's constant
    "info" gives way to the severities of the record it carries), then the most present."""
    found = [(len(values), -rank, path)
             for rank, (path, values) in enumerate(_level_paths(records))]
    return max(found)[2] if found else _sparse_level_path(records)


_SPARSE_FLOOR = 0.05  # of the records a level path written on some records only is on


def _sparse_level_path(records: Sequence[dict[str, object]]) -> str | None:
    """A level path that only some records hold (Serilog's compact JSON writes no "@l" on
    an Information event): present on fewer than half the records but a good few, every
    value of it a level word of the common scale, two severities or more. The records
    without it hold no level (counted as none), as they write none."""
    seen = _present(records)
    floor = max(_MIN_SPARSE, _SPARSE_FLOOR * len(records))
    out = []
    for path, count in seen.items():
        if not floor <= count < _MOST * len(records) or path == PREFIX_PATH:
            continue
        if {type(r[path]) for r in records if path in r} != {str}:
            continue
        values = _values(records, path)
        levels = {common_level(v) for v in values}
        if len(values) <= _SET_SIZE and levels <= set(_SCALE) and len(levels) >= 2 and not any(
                v.isdigit() for v in values):
            out.append((count, path))
    return max(out)[1] if out else None


def _level_paths(records: Sequence[dict[str, object]]) -> list[tuple[str, set[str]]]:
    out: list[tuple[str, set[str]]] = []
    for path in _by_presence(records):
        if path == PREFIX_PATH:
            continue  # (a level is a field of the record)
        values = _values(records, path)
        if len(values) > _SET_SIZE:
            continue
        kinds = {type(r[path]) for r in records if path in r}
        if kinds == {int} and all(numeric_level(v) is not None for v in values):
            out.append((path, set(values)))  # a logger's numbered levels (30 info, 50 error)
            continue
        if _severities(values) and sum(values.values()) >= 0.9 * len(records):
            out.append((path, set(values)))  # syslog's numbered severities (6 info, 3 error)
            continue
        if kinds != {str}:
            continue
        known = sum(c for v, c in values.items()
                    if common_level(v) in _SCALE and not v.isdigit())  # (numbers: above)
        if known * 2 >= sum(values.values()):
            out.append((path, {v for v in values if common_level(v) in _SCALE}))
        elif alike_levels(values) and sum(values.values()) >= 0.9 * len(records):
            out.append((path, set(values)))  # ("Default", "Fault" beside "Info": :mod:`.level_set`)
    return out


def _values(records: Sequence[dict[str, object]], path: str) -> Counter[str]:
    values: Counter[str] = Counter()
    for r in records:
        v = r.get(path)
        if v is not None:
            values[str(v)] += 1
    return values


def _severities(values: Counter[str]) -> bool:
    """Whether a path's values are syslog's severities, 0 to 7 (as numbers or as digit
    strings): two of them or more, the most frequent a notice, an info or a debug (a log of
    mostly emergencies and alerts would be no log: numbers of another scale, or no level).
    Such small numbers are weak evidence: the path must also be on (nearly) every record."""
    if len(values) < 2 or not all(len(v) == 1 and "0" <= v <= "7" for v in values):
        return False
    return int(values.most_common(1)[0][0]) >= 5


def _time_path(records: Sequence[dict[str, object]], taken: set[str]) -> str | None:
    """The path whose values read as times, the record's own before its prefix's."""
    paths = _by_presence(records)
    for path in [p for p in paths if p != PREFIX_PATH] + [p for p in paths if p == PREFIX_PATH]:
        if path in taken:
            continue
        present = [r[path] for r in records if path in r]
        if sum(1 for v in present if _json_time(v) is not None and not (
                isinstance(v, str) and len(v) > _STAMP_CHARS)) >= 0.9 * len(present):
            return path  # (a line that opens with a stamp is no time)
    return None


def _message_path(records: Sequence[dict[str, object]], taken: set[str | None]) -> str | None:
    best: tuple[float, str] | None = None
    for path in _by_presence(records):
        if path in taken:
            continue
        texts = [v for r in records if isinstance(v := r.get(path), str)]
        if len(texts) < _MOST * len(records):
            continue
        words = sum(len(t.split()) for t in texts) / len(texts)
        if best is None or words > best[0]:
            best = (words, path)
    return best[1] if best is not None else None


def is_json(fmt: str) -> bool:
    """Whether a learned format reads records by their fields (JSON or ``key=value``)."""
    return fmt.startswith((PREFIX, PAIRS_PREFIX))


def is_pairs(fmt: str) -> bool:
    return fmt.startswith(PAIRS_PREFIX)


def _message_of(flat: dict[str, object], path: str | None) -> object:
    """The value at the message's ``path``; where it is absent, the object that would hold
    it is a plain line on this record (a collector's record of a program that wrote text,
    not JSON): that line is the message."""
    if path is None:
        return None
    message = flat.get(path)
    at = path
    while message is None and "." in at:
        at = at.rsplit(".", 1)[0]
        message = flat.get(at)
    return message


@lru_cache(maxsize=64)
def json_parser(fmt: str) -> Parser:
    """The parser of a learned JSON-lines (or ``key=value``) format."""
    split = _reader(fmt)
    level_path, message_path, time_path, *_ = json.loads(fmt[fmt.index(":") + 1:])

    def parse(line: str) -> Record | None:
        found = split(line)
        if found is None:
            return None
        prefix, obj = found
        flat = _fields(found)
        level = flat.get(level_path)
        message = _message_of(flat, message_path)
        fields = {"key": ",".join(sorted(str(k) for k in obj))}
        name = prefix.strip(" |:\t")
        if name and not any(c.isdigit() for c in name):
            fields["source"] = name[:80]
        logger = next((v for k in _LOGGER_KEYS if isinstance(v := obj.get(k), str)), None)
        if logger:
            fields["logger"] = logger[:80]
        if isinstance(level, int) and not isinstance(level, bool):
            level = str(level)  # (a numbered level, as written)
        written = level if isinstance(level, str) and common_level(level) else None
        return _record(_json_time(flat.get(time_path)) if time_path is not None else None,
                       written,
                       message if isinstance(message, str) and message else "(no message)",
                       fields)

    return parse



def envelope_parser(fmt: str, inner: Parser) -> Parser:
    """The parser of an envelope around a log's lines (:func:`envelope`), ``inner`` its
    lines' parser: each line's record is its message's, at the envelope's time when it has
    one; a message that is no record there (a stack frame) belongs to the record above, as
    in the log itself."""
    found = envelope(fmt)
    assert found is not None
    message_path, time_path, _ = found

    def parse(line: str) -> Record | None:
        got = split_line(line)
        if got is None:
            return None
        flat = _fields(got)
        message = flat.get(message_path)
        if not isinstance(message, str):
            return None
        record = inner(message.rstrip("\r\n"))
        if record is None:
            return None
        time = _json_time(flat.get(time_path)) if time_path is not None else None
        return _record(time or record.time, record.level, record.message, record.fields,
                       record.number)

    return parse
