"""Is this text a machine log, and of which format? The one detector that the offline
summarizer, the prompts' facts and ``gapless read``'s outline all use.

A text is a log when most of its non-blank lines (at least 60 % of a sample from its start,
middle and end, and at least three) are records of one format; continuation lines (stack
frames, indented lines) do not count against it. Rendered conversations (message headers,
code fences) never are, whatever they quote.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from gapless.engine.core.recent import Recent
from gapless.engine.extractive.logs.angle_fields import learn_angles
from gapless.engine.extractive.logs.attribute_records import learn_attributes
from gapless.engine.extractive.logs.block_records import (
    is_blocks,
    learn_blocks,
    learn_headed_blocks,
)
from gapless.engine.extractive.logs.collector_prefix import learn_collected, prefix_kind
from gapless.engine.extractive.logs.colour_codes import PREFIX as COLOURED
from gapless.engine.extractive.logs.colour_codes import coloured, without_codes
from gapless.engine.extractive.logs.context_bracket import context_beyond, ends_in_context
from gapless.engine.extractive.logs.csv_records import learn_csv
from gapless.engine.extractive.logs.formats import (
    _GENERIC_START,
    GENERIC_BARE,
    GENERIC_PLAIN,
    LETTER_LEVELS,
    PARSERS,
    Record,
    accepts_generic,
    has_logger,
    parse_generic,
    parse_generic_bare,
)
from gapless.engine.extractive.logs.glued_stamp import learn_glued
from gapless.engine.extractive.logs.headed_table import learn_table
from gapless.engine.extractive.logs.json_fields import envelope, learn_json
from gapless.engine.extractive.logs.level_first import LEVEL_FIRST, level_first
from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.logs.margin import aligned
from gapless.engine.extractive.logs.message_below import message_below
from gapless.engine.extractive.logs.named_columns import data_lines, learn_columns
from gapless.engine.extractive.logs.opening import HEAD_CHARS, input_opening, opening_lines
from gapless.engine.extractive.logs.paired import is_paired, learn_paired
from gapless.engine.extractive.logs.raised_line import continuations
from gapless.engine.extractive.logs.service_prefix import learn_services
from gapless.engine.extractive.logs.shape import (
    first_field_is_time,
    has_level,
    learn,
    parser_for,
    shape_parser,
    stamped_bracket,
)
from gapless.engine.extractive.logs.stamp_alone import mostly_stamps
from gapless.engine.extractive.weights import LOG

SAMPLE_LINES = LOG.sample_lines
MIN_RECORDS = LOG.min_records
MIN_SHARE = LOG.min_share

_RENDERED = re.compile(r"^(?:#{2,4} [^·\n]{1,40}? · |```|~~~)", re.M)
# Specific formats first: a syslog line is also a generic LOG_LINE.
ORDER = ("apache-access", "apache-error", "hdfs", "syslog", "json", "generic")


def _sample(text: str) -> list[str]:
    # (blanks that end a line are no part of its record: the scan reads them so)
    lines = [ln.rstrip() for ln in text[:60_000].splitlines() if ln.strip()][:SAMPLE_LINES]
    if len(text) > 120_000:
        mid = len(text) // 2
        lines += [ln.rstrip() for ln in text[mid: mid + 30_000].splitlines()[1:] if ln.strip()][
            :SAMPLE_LINES // 2]
        lines += [ln.rstrip() for ln in text[-30_000:].splitlines()[1:] if ln.strip()][
            -SAMPLE_LINES // 2:]
    return lines


def detect_format(text: str) -> str | None:
    """The log format of ``text`` (a key of :data:`PARSERS`), or None when it is not a log.
    Within :func:`input_format`, every scope is read by the input's format (a scope inside
    one long record, or a stack trace, is a part of the log all the same). The last few
    answers are remembered (a chunk's prompt and its offline answer ask)."""
    hint = _INPUT.get()
    if hint and text and not text.isspace() and not _rendered(text):  # (no copy)
        return hint
    if len(text) <= 2000:
        return _detect(text)
    hit = _FORMATS.get(text)
    if hit is None:
        hit = _detect(text) or ""
        _FORMATS.put(text, hit)
    return hit or None


def remember_format(text: str, fmt: str | None) -> None:
    """Keep a detection made elsewhere (another process) as if it had been made here."""
    if len(text) > 2000:
        _FORMATS.put(text, fmt or "")


_FORMATS: Recent[str, str] = Recent(8)  # "" for a text that is no log


def _rendered(text: str) -> bool:
    """Whether ``text`` holds a rendered conversation's marks. Each begins with ``##``,
    three backticks or ``~~~``: a text without any is passed in well under a microsecond
    (the search was a quarter of a log chunk's detection). Each mark's one character is
    looked for first: a one-character search is a ``memchr``, a hundred times faster than
    a search for two (47 µs on a 22 KB chunk, for every scope a run reads)."""
    head = text[:200_000]
    if "#" not in head and "`" not in head and "~" not in head:
        return False
    if "##" not in head and "```" not in head and "~~~" not in head:
        return False
    return _RENDERED.search(head) is not None


# The format of the whole input, while a run reads its scopes: each scope is read by it, so
# the figures of every scope count the same records and fields (a scope learning its own
# shape would miss a level column holding one value there, or cut by its edges).
_INPUT: ContextVar[str | None] = ContextVar("gapless_input_log_format", default=None)


@contextmanager
def input_format(fmt: str | None) -> Iterator[None]:
    """Within this block, every scope of the input is read as ``fmt`` (None: each alone)."""
    token = _INPUT.set(fmt)
    try:
        yield
    finally:
        _INPUT.reset(token)


@contextmanager
def reading_input(text_at: Callable[[int, int], str], size: int) -> Iterator[None]:
    """Within this block, the scopes of this input (``size`` bytes, read by ``text_at``)
    are read by its own log format, when it is a log."""
    fmt = detect_input(text_at, size)
    # (the lines before its first record, learned once: every scope drops the same, .opening)
    opening = None if fmt is None or is_blocks(fmt) else opening_lines(
        text_at(0, min(size, HEAD_CHARS)), fmt, parser_for(fmt))
    with input_format(fmt), input_opening(opening):
        yield


def input_hint() -> str | None:
    """The input's format set by :func:`input_format` (None outside one)."""
    return _INPUT.get()


def detect_input(text_at: Callable[[int, int], str], size: int) -> str | None:
    """The log format of a whole input of ``size`` bytes (``text_at(start, end)`` reads a
    piece), from the lines at its start, middle and end, as :func:`detect_format` samples
    a text, without decoding the whole input."""
    if size <= 120_000:
        return _detect(text_at(0, size))
    head = text_at(0, 60_000).removeprefix("\ufeff")  # (see _detect)
    mid, end = text_at(size // 2, size // 2 + 30_000), text_at(size - 30_000, size)
    lines = [ln.rstrip() for ln in head.splitlines() if ln.strip()][:SAMPLE_LINES]
    lines += [ln.rstrip() for ln in mid.splitlines()[1:] if ln.strip()][:SAMPLE_LINES // 2]
    lines += [ln.rstrip() for ln in end.splitlines()[1:] if ln.strip()][-SAMPLE_LINES // 2:]
    return _detect(head, lines)


def _detect(text: str, sampled: list[str] | None = None) -> str | None:
    # a byte-order mark opening the input is no part of its first line (the scan reads past
    # it too): left on, the first record's shape is one of its own, a column more
    text = text.removeprefix("\ufeff")
    if not text or _rendered(text):
        return None
    lines = _sample(text) if sampled is None else sampled
    if len(lines) < MIN_RECORDS:
        return None
    if coloured(lines):  # (a terminal's colour codes between and inside the fields)
        fmt = _detect(without_codes(text), [without_codes(ln) for ln in lines])
        if fmt is None or is_paired(fmt) or is_blocks(fmt):
            return None  # (records of several lines: no coloured reading of their own)
        return COLOURED + fmt
    # (blanks that pad every line's first field to one column open no continuation)
    going_on = continuations(lines)
    counted = lines if aligned(lines) else [
        ln for ln, more in zip(lines, going_on, strict=True) if not more] or lines
    # the lines a shape is learned from: a traceback's opening and its chained causes
    # ("Traceback …", "Caused by: …", "pkg.SomeError: …", the exception after the frames)
    # are no records, its indented frames stay (a shape is none when most lines are
    # indented: a record of two lines)
    learned = lines if counted is lines else [
        ln for ln, more in zip(lines, going_on, strict=True) if ln[:1].isspace() or not more]
    need = max(MIN_RECORDS, MIN_SHARE * len(counted))
    if mostly_stamps(lines):  # (records of a stamp alone, their messages below)
        paired = learn_paired(lines, learn, shape_parser, level_word, has_level)
        if paired is not None:
            return paired
    table = learn_table(lines, _need)  # a first line of capitals names the columns
    if table is not None:
        return table
    services = learn_services(counted, need, _inner_format)  # "api-1  | …", "db-1  | …"
    if services is not None and _share(counted, parser_for(services), need):
        return services
    # each line behind a collector's prefix ("Mar 01 … app[2301]: ", "2024-…Z "), the
    # program's own stamp behind it (several services' lines: read apart, above)
    collected = learn_collected(counted, need, _line_format, parser_for)
    if collected is not None and _share(counted, parser_for(collected), need):
        # (a level word right after a syslog tag on nearly every record: the whole line's
        # shape reads it, as it did before, the same in every piece of the log)
        syslog = PARSERS["syslog"]
        return (prefix_kind(collected) == "syslog" and _leveled_shape(
            learned, counted, need, syslog)) or collected
    named = learn_columns(counted, _need)  # a "#" line names the columns
    if named is not None:
        data = data_lines(counted)
        if _share(data, parser_for(named), _need(len(data))):
            return named
    csv_rows = learn_csv(counted, _need)  # comma-separated rows with a level column
    if csv_rows is not None and _share(counted, parser_for(csv_rows), need):
        return csv_rows
    angles = learn_angles(counted, _need)  # rows of fields each in "<…>", .angle_fields
    if angles is not None and _share(counted, parser_for(angles), need):
        return angles
    for name in ORDER:
        if name == "generic" and _share(counted, _GENERIC_START.match, need):
            # an ISO-stamped record: the generic parser's fields, unless its level column
            # is one that parser does not find and a learned shape does
            return _leveled_shape(learned, counted, need) or _generic(counted, need)
        if name == "generic":
            # no known format: the line-start shape the records share, learned from them
            shape = learn(learned)
            if shape is not None and _share(counted, shape_parser(shape), need):
                return shape
        if name == "json":  # its level, message and time keys learned from their values
            fmt = learn_json(counted, need, inner=_inner_format)
            if fmt is not None and _share(counted, parser_for(fmt), need):
                return fmt
            continue
        parse = PARSERS[name]
        if name == "syslog" and _share(counted, parse, need):
            # a level word after the program's tag on nearly every record, which syslog's
            # own fields do not hold ("Mar 01 00:00:00 imap(u)<7>: Info: …"): the shape's
            return _leveled_shape(learned, counted, need, parse) or name
        # (a generic record is a match of one of two patterns: no record need be made)
        if _share(counted, accepts_generic if name == "generic" else parse, need):
            return _generic(counted, need) if name == "generic" else name
    blocks = learn_blocks(text[:_MULTILINE_CHARS])  # records of "key=value" lines, blank-parted
    if blocks is not None:
        return blocks
    # records of two lines (a header, then the message's line), before records of many
    paired = learn_paired(lines, learn, shape_parser, level_word, has_level)
    if paired is not None:
        return paired
    # (blocks of a header line and free lines, .headed_blocks; a header alone, its message
    # indented below, .message_below; else records whose bracketed time is glued to what
    # follows, .glued_stamp; records whose fields are an element's attributes,
    # .attribute_records)
    return learn_headed_blocks(text[:_MULTILINE_CHARS]) or message_below(
        lines, learn, shape_parser) or _multiline(text, len(lines)) or learn_glued(
        counted, need) or learn_attributes(counted, need)


def _inner_format(lines: list[str]) -> str | None:
    """The log format of the lines an envelope carries (a JSON one: not another envelope)."""
    sampled = [ln for ln in lines if ln.strip()][:SAMPLE_LINES]
    fmt = _detect("\n".join(lines), sampled)
    if fmt is None or envelope(fmt) is not None:
        return None
    return fmt if _worded(sampled, parser_for(fmt), _need(len(sampled))) else None


def _line_format(lines: list[str]) -> str | None:
    """The log format of the lines behind a collector's prefix: records of one line each."""
    fmt = _inner_format(lines)
    return None if fmt is None or is_paired(fmt) or is_blocks(fmt) else fmt


_MULTILINE_CHARS = 200_000  # of the text searched for the lines that open records


def _need(lines: int) -> float:
    """The records ``lines`` sampled lines must hold to be a log."""
    return max(MIN_RECORDS, MIN_SHARE * lines)


def _multiline(text: str, sampled: int) -> str | None:
    """The format of a log whose records run over several lines (a stack trace, a dump under
    each record): the lines that open with a time recur, share one line-start shape and
    carry a message; every other line belongs to the record above it."""
    lines = [ln.rstrip() for ln in text[:_MULTILINE_CHARS].splitlines() if ln.strip()]
    starts = [ln for ln in lines if _opens_with_time(ln)][:SAMPLE_LINES]
    if len(starts) < max(MIN_RECORDS, LOG.multiline_share * len(lines)) or len(
            starts) < LOG.multiline_share * sampled:
        return None
    need = LOG.shape_share * len(starts)
    for name in ORDER:  # the same order: a known format first, then a learned shape
        if name == "json":
            continue  # (a JSON record opens with its object)
        if name == "generic":
            # (the record lines a part holds are few: a shape is learned from as few as
            # make a log, so every part of the log learns the same one)
            shape = learn(starts, MIN_RECORDS)
            leveled = shape if shape is not None and has_level(shape) else None
            fmt = leveled or (_generic(starts, need) if _share(starts, _GENERIC_START.match,
                                                                need) else shape)
        else:
            fmt = name
        if fmt is not None and _worded(starts, parser_for(fmt), need):
            return fmt
    return None


def _opens_with_time(line: str) -> bool:
    head = line[:40].split(None, 1)
    return bool(head) and head[0][:1] in _TIME_FIRST and first_field_is_time(line)


_TIME_FIRST = frozenset("[@0123456789" + "".join(LETTER_LEVELS))  # ("@": a TAI64N label)


def _worded(lines: list[str], parse: Callable[[str], Record | None], need: float) -> bool:
    """Whether at least ``need`` of ``lines`` parse to a record whose message holds a word
    (cues of a subtitle file, "00:01.000 --> 00:04.000", hold none)."""
    hits = 0
    for ln in lines:
        rec = parse(ln)
        if rec is not None and _WORD.search(rec.message):
            hits += 1
    return hits >= need


_WORD = re.compile(r"[^\W\d_]{2}")


def _leveled_shape(lines: list[str], counted: list[str], need: float,
                   known: Callable[[str], Record | None] | None = None) -> str | None:
    """The learned shape of ISO-stamped records whose level the generic parser misses (a
    level after a "-": "2015-07-29 17:41:00,947 - WARN  [main] - …"), when it has a level
    column; else None. A bracket that holds the stamp and the level ("[2024-03-01T12:00:01Z
    WARN  app::db] …") is the header whatever the generic parser finds: its message would
    start inside the bracket. Of records a ``known`` format reads (syslog's), the shape only
    when it has a level column and that format reads no level."""
    shape = learn(lines)
    if shape is None:
        return None
    if known is not None:
        if not has_level(shape) or _share(counted, _leveled(known), need * LOG.level_share):
            return None
        return shape if _share(counted, shape_parser(shape), need) else None
    leveled = _share(counted, _generic_level, need)
    if not has_level(shape):
        # (no level either way: the shape's when its header runs further, a padded source
        # column, a "name:")
        further = not leveled and _share(counted, _further(shape_parser(shape), False), need)
        return shape if further else None
    if leveled and not stamped_bracket(shape) and not _share(
            counted, _further(shape_parser(shape), True), need) and not _levels_beyond(
            counted, shape_parser(shape)) and not (
            ends_in_context(shape) and context_beyond(counted, shape_parser(shape))):
        return None
    return shape if _share(counted, shape_parser(shape), need) else None


def _further(parse: Callable[[str], Record | None], leveled: bool) -> Callable[[str], bool]:
    """Whether a shape's header runs further into a line than the generic parser's (a
    process id, a thread, a logger before a closing ":", a caller between tabs): its message
    is a later part of the generic one, with the generic one's level (``leveled``: both
    have one; else neither)."""
    def further(line: str) -> bool:
        shaped = parse(line)
        generic = parse_generic(line, named=False) if leveled else parse_generic_bare(line)
        return (shaped is not None and generic is not None
                and (shaped.level is not None) == leveled == (generic.level is not None)
                and bool(shaped.message) and generic.message.find(shaped.message) > 0)
    return further


def _levels_beyond(lines: list[str], parse: Callable[[str], Record | None]) -> bool:
    """Whether a shape's level column reads a level on records where the generic parser
    reads none, and the generic parser's level wherever both read one: a member of the
    column's closed set outside the generic parser's words ("[verbose]" beside "[info]"),
    which the generic parser would count as no level."""
    beyond = False
    for line in lines:
        shaped = parse(line)
        if shaped is None or shaped.level is None:
            continue
        generic = parse_generic(line, named=False)
        if generic is None:
            return False
        if generic.level is None:
            beyond = True
        elif generic.level.lower() != shaped.level.lower():
            return False
    return beyond


def _generic(lines: list[str], need: float) -> str:
    """``generic`` when most records carry a level where the generic parser looks for one,
    else ``generic-bare``: a level word that opens a few messages is no level column. Of
    records that open with their level and hold no time, with lines at the margin between
    them that continue none, :data:`~.level_first.LEVEL_FIRST` (:mod:`.level_first`)."""
    if not _share(lines, _generic_level, need):
        return GENERIC_BARE
    if _share(lines, has_logger, need):
        return "generic"
    return LEVEL_FIRST if level_first(lines, need) else GENERIC_PLAIN


def _leveled(parse: Callable[[str], Record | None]) -> Callable[[str], bool]:
    """Whether a line is a record with a level by ``parse``."""
    def leveled(line: str) -> bool:
        record = parse(line)
        return record is not None and record.level is not None
    return leveled


def _generic_level(line: str) -> bool:
    record = parse_generic(line)
    return record is not None and record.level is not None


def _share(lines: list[str], accepts: Callable[[str], object], need: float) -> bool:
    """Whether at least ``need`` of ``lines`` are accepted (stops as soon as it knows)."""
    hits = 0
    for n, ln in enumerate(lines):
        found = accepts(ln)
        if found is not None and found is not False:
            hits += 1
            if hits >= need:
                return True
        elif hits + len(lines) - n - 1 < need:
            return False
    return False


def is_log(text: str) -> bool:
    return detect_format(text) is not None
