"""A log format learned from the text: the line-start shape its records share.

No format is known by name here. Each sampled line is cut into its first fields (a
``[bracketed group]`` is one field; fields are parted by blanks or ``|``) and each field
gets a class from its characters (:mod:`.field_classes`): a time (``16:13:38.811``,
``2016-09-28``, ``20171223-22:15:29:606``, a 10-digit epoch), a number, a level word
(``INFO``, ``Warning``; a column of single letters ``V D I W E`` too: :mod:`.level_words`),
a bracketed group, a month, a constant piece of punctuation (``-``), a name ending in a colon
(``WindowManager:``, ``sshd[24]:``), or a word. A column is part of the header when the same
class holds in most lines; the header runs to its last column that is not a plain word (a
word column counts when a wide blank, a fixed-width column's, follows it in most lines), and
ends at a colon-terminated name or a "-" (not at a "-" that starts the line, a label, nor at
one before a level column: :mod:`.header_end`). The rest of the line is the record's
message. A level column gives each record its level; the time columns its time. Fields
glued by colons after a time are columns too (:mod:`.glued`), blanks that align every
line's first field are the header's (:mod:`.margin`), and a "name:" token holding a
severity digit is a level column (:mod:`.severity`).

The learned shape is a format string (``shape:T_s,T_w,N_w,N_s,L1_s,C_s``) that travels
like a known format's name: a chunk, a worker process and a fold's re-count of a line cut
in two all parse by it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from gapless.engine.extractive.logs.angle_fields import angles_parser, is_angles
from gapless.engine.extractive.logs.attribute_records import attributes_parser, is_attributes
from gapless.engine.extractive.logs.before_level import GONE, filled, goes_without
from gapless.engine.extractive.logs.block_records import block_parser, is_blocks
from gapless.engine.extractive.logs.bracket_levels import BRACKET_LEVEL, is_bracket
from gapless.engine.extractive.logs.caller_close import callers
from gapless.engine.extractive.logs.collector_prefix import collected_parser, is_collected
from gapless.engine.extractive.logs.colour_codes import coloured_parser, is_coloured, plain
from gapless.engine.extractive.logs.context_logger import (
    CONTEXT_LOGGER,
    logger_after_context,
    logger_at,
)
from gapless.engine.extractive.logs.context_logger import REACH as CONTEXT_REACH
from gapless.engine.extractive.logs.csv_records import csv_parser, is_csv
from gapless.engine.extractive.logs.dash_name import name_after_dash
from gapless.engine.extractive.logs.event_text import quoted_text, without_context
from gapless.engine.extractive.logs.field_classes import (
    FLAGGED_MONTH,
    LEVELS,
    MAX_FIELDS,
    TIMES,
    column_of,
    field_class,
    first_fields,
)
from gapless.engine.extractive.logs.formats import PARSERS, Parser, Record
from gapless.engine.extractive.logs.glued import GLUE
from gapless.engine.extractive.logs.glued_mark import glued_level
from gapless.engine.extractive.logs.glued_stamp import glued_parser, is_glued
from gapless.engine.extractive.logs.headed_table import is_table, table_parser
from gapless.engine.extractive.logs.header_end import (
    CONTEXT,
    CONTEXT_BRACKET,
    DASH_REACH,
    DASHED_FIELDS,
    ID_OR_NONE,
    NAMED,
    OPTIONAL,
    PAIRS_REACH,
    REACH,
    SPAN,
    colon_ends,
    context_column,
    dashed_context,
    delimiter_follows,
    ids_or_none,
    inner_dash,
    level_after,
    level_after_pairs,
    level_at_pairs_end,
    named_everywhere,
    named_next,
    optional_column,
    padded_column,
    padded_to_widest,
    padded_word,
    quote_opens,
    tagged_everywhere,
)
from gapless.engine.extractive.logs.hex_epoch import HEX_EPOCH, HEX_TIME, hex_epochs, seconds
from gapless.engine.extractive.logs.json_fields import (
    envelope,
    envelope_parser,
    is_json,
    json_parser,
)
from gapless.engine.extractive.logs.leading_id import without_leading_id
from gapless.engine.extractive.logs.level_before_logger import (
    FIELDS_REACH,
    LEVEL_LOGGER,
    level_before_logger,
    level_then_logger,
)
from gapless.engine.extractive.logs.level_first import LEVEL_FIRST, parse_level_first
from gapless.engine.extractive.logs.level_opening import opens_no_record
from gapless.engine.extractive.logs.level_words import SECOND_WORD, level_after_name, written
from gapless.engine.extractive.logs.list_marks import without_closing
from gapless.engine.extractive.logs.logger_bracket import LOGGER, is_logger, logger_follows
from gapless.engine.extractive.logs.logger_bracket import REACH as LOGGER_REACH
from gapless.engine.extractive.logs.margin import MARK, aligned, from_first_field, unmarked
from gapless.engine.extractive.logs.margin_records import time_opening
from gapless.engine.extractive.logs.message_key import message_key
from gapless.engine.extractive.logs.named_columns import columns_parser, is_columns
from gapless.engine.extractive.logs.optional_bracket import message_bracket
from gapless.engine.extractive.logs.optional_tail import core_end
from gapless.engine.extractive.logs.padded_colon import closes_name
from gapless.engine.extractive.logs.padded_event import PADDED, event_of, is_mark, padded_width
from gapless.engine.extractive.logs.paired import inner, is_paired
from gapless.engine.extractive.logs.paren_group import GROUP, GROUP_REACH, group_end, opens_group
from gapless.engine.extractive.logs.service_prefix import is_services, services_parser
from gapless.engine.extractive.logs.severity import severity_digit
from gapless.engine.extractive.logs.stamps import EPOCH, MERIDIEM, TAI64N, stamp_of
from gapless.engine.extractive.logs.trailing_columns import TRAILING, cut, trailing_count
from gapless.engine.extractive.logs.uptime import is_uptime
from gapless.engine.extractive.weights import LOG

PREFIX = "shape:"


def learn(lines: Sequence[str], min_lines: int = LOG.shape_min_lines) -> str | None:
    """The shape format of sampled log lines, or None when their starts share no shape
    (or fewer than ``min_lines`` of them are sampled); with the count of the columns its
    records write after the message, when it has some (:mod:`.trailing_columns`)."""
    shape = _learn_lines(lines, min_lines)
    if shape is not None and not has_level(shape):
        shape = _level_before_logger(shape, lines)
    if shape is None:
        return shape
    if shape.endswith("_p"):
        parse = shape_parser(shape)
        k = trailing_count(r.message for ln in lines if (r := parse(ln)) is not None)
        shape = f"{shape},{TRAILING}{k}_p" if k else shape
    shape = _padded_not_named(shape, lines)
    parse = shape_parser(shape)
    width = padded_width([r.message for ln in lines if (r := parse(ln)) is not None])
    return f"{shape},{PADDED}{width}_s" if width else shape


def _padded_not_named(shape: str, lines: Sequence[str]) -> str:
    """``shape`` without its closing "name:" after the level when the messages after the
    level are events padded to one column with their context's pairs after them
    (:mod:`.padded_event`): the "name:" read as the header's end is then the context's first
    key, after an event of as many words as it has (``INFO Delayed head block   slot: 9``)."""
    if not shape.endswith(",C_s"):
        return shape
    bare = shape[:-len(",C_s")]
    if not has_level(bare) or bare.rsplit(",", 1)[-1].split("_", 1)[0] not in LEVELS:
        return shape
    parse = shape_parser(bare)
    width = padded_width([r.message for ln in lines if (r := parse(ln)) is not None])
    return bare if width else shape


_PLAIN_COLUMNS = ("T", "N", "B", "BT", "W")  # (columns of one field each, read in place)


def _level_before_logger(shape: str, lines: Sequence[str]) -> str:
    """``shape`` with a level at no fixed place after its columns, closed by the logger's
    bracket (:mod:`.level_before_logger`), when its lines hold one; else ``shape``. The
    lines' fields are read further than a column's are (the level may follow a thread's
    name of several words, the logger a request's context)."""
    cols = [c.split("_", 1) for c in shape[len(PREFIX):].split(",")]
    if any(k not in _PLAIN_COLUMNS or sep not in ("s", "w") for k, sep in cols):
        return shape
    rows = [first_fields(ln, len(cols) + FIELDS_REACH) for ln in lines
            if ln.strip() and not ln[:1].isspace()]
    if not level_before_logger(rows, len(cols)):
        return shape
    return f"{shape},{LEVEL_LOGGER}_s"


def _runs(lines: Sequence[str]) -> int:
    """The lines a shape's share is taken of: an indented line right after another one is
    the same run's. A record of two lines (a header, its message indented below) holds one
    indented line for each header, a shape's share of none; a trace's frames are one run
    under one record however many, so a part of an incident, its records' traces long,
    learns the shape its other parts learn."""
    return sum(1 for i, ln in enumerate(lines)
               if not (ln[:1].isspace() and i > 0 and lines[i - 1][:1].isspace()))


def _learn_lines(lines: Sequence[str], min_lines: int) -> str | None:
    """The shape of sampled log lines, without its trailing columns (:func:`learn`)."""
    padded = aligned(lines)  # (blanks before the first field: the header's, no continuation)
    rows = [first_fields(from_first_field(ln) if padded else ln, DASHED_FIELDS) for ln in lines
            if ln.strip() and (padded or not ln[:1].isspace())]
    if len(rows) < min_lines or len(rows) < LOG.min_share * (
            len(lines) if padded else _runs(lines)):
        return None
    shape = _learn_rows(rows, padded)
    if shape is None or not has_level(shape):
        # (a record's lines written flush under it hide its level column: the records are
        # the lines that open with the time, :mod:`.margin_records`)
        records = time_opening(rows, field_class)
        if records is not None:
            again = _learn_rows(records, padded)
            if again is not None and has_level(again):
                return again
    return shape


def _learn_rows(rows: list[list[tuple[str, str, int]]], padded: bool) -> str | None:
    """The shape of the first fields of a log's lines (:func:`learn`), or None. Columns
    are learned over the first ``MAX_FIELDS`` fields; a run of dashed context columns may
    go on past them (``wide``, the rows read further)."""
    need = LOG.shape_share * len(rows)
    wide, rows = rows, [r[:MAX_FIELDS] for r in rows]
    cols: list[tuple[str, str]] = []
    closed = False
    for j in range(MAX_FIELDS):
        if j == 0 and (hexed := hex_epochs(rows)) is not None:
            cols.append(hexed)  # (a time in hex digits, by the column's values: OpenLDAP's)
            continue
        if cols and not any(k in LEVELS for k, _ in cols) and goes_without(rows, j):
            rows = [filled(r, j) for r in rows]  # (a user@db some records go without)
            wide = [filled(r, j) for r in wide]
            cols.append((GONE, "s"))
            continue
        col = column_of(rows, j, need)
        if col is None or quote_opens(rows, j, need):
            break  # (a quoted field that runs on past its column is the message's)
        if col[0] == "C" and not (cols and cols[-1][0] in NAMED) and not (
                cols and cols[-1][0] in ("N", "BT") and named_everywhere(rows, j)) and not (
                cols and cols[-1][0] == "T" and tagged_everywhere(rows, j)) and not (
                cols and level_after(rows, j)) and not (cols and callers(rows, j, need)):
            break  # "Change:" after a number is the message's own word (not a process's
            # name on every record: macOS's "… 0x0  900  0  kernel: …", nor a logger's after
            # a bracketed stamp: Dropwizard's "INFO  [stamp] com.x.Y: …"; nor a category
            # before a level on every record: BIND's "… 00:00:00.123 general: info: …")
        if col[0] == "C" and cols and cols[-1][0] in LEVELS and column_of(
                rows, j, LOG.level_share * len(rows)) is None:
            break  # a "name:" after the level on most records but not on nearly all is the
            # message's own (a driver's "modeset(0): …"; see the closing delimiter below)
        if col[0] == "C" and padded_word(cols):
            break  # a class's "Name::Method:" after a component padded to its width
        if col[0] == "C" and message_key(rows, j):
            break  # WebSphere's "WSVR0221I:", a message's key: the message's own
        if col[0] == "B" and message_bracket(rows, j, cols):
            break  # CUPS's "[Job 12]" on most records but not all: the message's
        if col[1] == "e":
            if col[0] != "W":
                cols.append(col)
            break
        cols.append(col)
        if col[0] == "L" and colon_ends(rows, j, need) and not named_next(rows, j, need):
            closed = True  # "LOG:", "[thread/INFO]:": the level closes the header
            break
        if col[0] == "P" and len(cols) > 1 and cols[-2][0] in LEVELS and dashed_context(rows, j):
            # "… - INFO - GET-42 - message", and as many such columns as every record holds
            # ("… - INFO - job - 1a2b3c - STEP_START - message"), past the fields other
            # columns are learned over: a dashed run is parted alike to its end
            at = j
            while dashed_context(wide, at) and len(cols) + 2 <= DASHED_FIELDS:
                cols += [(CONTEXT, "s"), ("P", "s")]
                at += 2
            break
        if col[0] == "P" and _severity_next(rows, j + 1, need):
            continue  # a host's " : " before the event's "%ASA-6-302013:" (Cisco's firewalls)
        if col[0] in ("C", "LS") or (col[0] == "P" and not inner_dash(rows, j, cols, need)):
            if col[0] == "P" and name_after_dash(rows, j, cols):
                cols.append(("C", "s"))  # Ruby's Logger's "LEVEL -- progname: " (.dash_name)
            break
    # the header ends at its last column that is not a plain word (a word between wide
    # blanks or "|"s is a fixed-width column of its own)
    while cols and cols[-1][0] == "W" and not (
            cols[-1][1] == GLUE and len(cols) > 1 and cols[-2][1] == GLUE) and not (
            cols[-1][1] in ("w", "p") and len(cols) > 1 and (
                cols[-2][1] in ("w", "p") or (
                    cols[-2][0] != "W" and padded_column(rows, len(cols) - 1)))) and not (
            len(cols) > 1 and cols[-2][0] != "W" and padded_to_widest(rows, len(cols) - 1)):
        cols.pop()
    if not cols or cols[-1][1] == "e":
        return None
    if cols[-1][0] in ("L", "B", "BL") and (not closed or cols[-1][0] == "L") and optional_column(
            rows, len(cols), "D"):
        cols.append(("D", "s"))  # the logger's dotted name after the level or the thread
    elif cols[-1][0] in ("L", "B", "BL") and not closed and logger_after_context(wide, len(cols)):
        cols.append((CONTEXT_LOGGER, "s"))  # the logger after a request's context some
        # records write (:mod:`.context_logger`)
    elif cols[-1][0] in ("B", "L") and not closed and context_column(rows, len(cols)):
        cols.append((CONTEXT_BRACKET, "s"))  # a context's "[db/1a2b]" after the logger's
    elif (cols[-1][0] == "C" or (closed and cols[-1][0] in LEVELS)) and optional_column(
            rows, len(cols), "I"):
        cols.append(("I", "s"))  # a connection's or a request's number after "pid#tid:"
        # (or after the level that closes the header: a worker's "[info]: #0 ")
    elif not closed and cols[-1][0] not in ("C", "P") and ids_or_none(rows, len(cols)):
        cols.append((ID_OR_NONE, "s"))  # a request's id, "--------" for none
    grouped = cols[-1][0] in ("B", "BL", "L") and opens_group(rows, len(cols))
    if grouped:
        cols.append((GROUP, "s"))  # a thread's "(default task-12)" after the category
    if cols[-1][0] not in ("C", "P", "LS", GROUP) and not closed:
        # a delimiter after a name of varying width: " - " (after any column), "name:"
        # (after a word, a level or a bracket)
        at = len(cols)
        if delimiter_follows(rows, at, "P", need):
            cols += [("P", "s")]
        elif cols[-1][0] in LEVELS and logger_follows(rows, at):
            cols += [(LOGGER, "s")]  # log4j's "%p %X{…} [%c] %m" (:mod:`.logger_bracket`)
        elif cols[-1][0] in NAMED and not message_key(rows, at) and not padded_word(
                cols) and delimiter_follows(
                rows, at, "C", LOG.level_share * len(rows) if cols[-1][0] in LEVELS else need):
            # (after a level, on nearly every record: a "name:" on most messages but not
            # all, a driver's "modeset(0): …", is the message's; a record without it would
            # be read as no record)
            cols += [("C", "s")]
    if cols[-1][0] in ("C", "P"):
        # the words before a closing delimiter are a name that may hold blanks: it is
        # searched for from the first of them (so every chunk of the log learns one shape)
        while len(cols) > 1 and cols[-2][0] == "W" and cols[-2][1] != "p":
            del cols[-2]
        if cols[-1][0] == "C" and level_after(rows, len(cols) - 1):
            cols.append(("LA", "s"))  # fail2ban's "fail2ban.actions [1234]: NOTICE  …"
    if not closed and cols and not any(k in LEVELS for k, _ in cols) and level_after_pairs(
            rows, len(cols)):
        cols.append(("LP", "s"))  # Sidekiq's "… pid=7 tid=a1 class=HardJob INFO: …"
    labels = next((i for i, (k, _) in enumerate(cols) if k != "P"), len(cols))
    if not any(k in TIMES for k, _ in cols) and not (
            closed or any(k in LEVELS for k, _ in cols)):
        return None  # a header holds a time or a level
    # (a bracket of a time and a level; an epoch alone: "1709251200: …", "[1709251200] …";
    # an event's name holding its severity alone: a firewall's buffer, "%ASA-6-302013: …")
    whole = closed or any(k == "BL" for k, _ in cols) or (
        len(cols) - labels == 1 and (cols[labels][0] in (HEX_EPOCH, "LS") or _epochs(rows, labels)
                                     or _stamped(rows, labels)
                                     or _bracketed_level(rows, labels, cols)))
    if len(cols) - labels < (1 if whole else 2):
        return None  # (a leading "-" is a label: a "- item" list is no header)
    codes = [sep if sep in ("p", GLUE) else "s" for _, sep in cols]
    if closed:  # (a level that closes the header may be written in two words)
        codes[max(i for i, (k, _) in enumerate(cols) if k in LEVELS)] = "c"
    return PREFIX + (MARK if padded else "") + ",".join(
        f"{k}_{code}" for (k, _), code in zip(cols, codes, strict=True))


def _severity_next(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether column ``j`` is an event's name holding the record's severity
    (:mod:`.severity`): the header runs on to it past a delimiter."""
    col = column_of(rows, j, need)
    return col is not None and col[0] == "LS"


def _stamped(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a bracket holding a date and a time of day ("[2024/03/01
    00:00:01.123,  0]") in (nearly) every row: a stamp of its own, a header alone."""
    return sum(1 for r in rows if len(r) > j and r[j][0][:1] == "[" and stamp_of(
        r[j][0].strip("[]:").replace(",", " ").split()) is not None and _DATED.match(
        r[j][0][1:])) >= LOG.level_share * len(rows)


_DATED = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}[ T]\d{1,2}:\d{2}")


def _bracketed_level(rows: Sequence[list[tuple[str, str, int]]], j: int,
                     cols: Sequence[tuple[str, str]]) -> bool:
    """Whether field ``j``, a level column, is a level word in brackets in (nearly) every
    row ("[INFO] ", "[WARNING] "): a header of its own, as a build tool's output writes
    it (a word alone is a sentence's first word, a bracket closes a field)."""
    return cols[j][0] == "L" and sum(
        1 for r in rows if len(r) > j and r[j][0][:1] == "[" and r[j][0].endswith("]")
    ) >= LOG.level_share * len(rows)


def _bracketed_epoch(field: str) -> bool:
    """Whether a field after a level read after its closing "name:" is an epoch's seconds in
    brackets ("<info>  [1709294400.4732] …"): the record's time, written again as the
    program counts it, a header's field and no word of the message (a message's own words
    do not open with a bracket of the seconds since 1970)."""
    return field[:1] == "[" and field[-1:] == "]" and EPOCH.match(field[1:-1]) is not None


def _epochs(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is an epoch's seconds (bare, bracketed or before a colon) or a
    bracketed uptime (:mod:`.uptime`) in (nearly) every row."""
    return sum(1 for r in rows if len(r) > j and (EPOCH.match(r[j][0].rstrip(":").strip("[]"))
                                                  or TAI64N.match(r[j][0])
                                                  or is_uptime(r[j][0]))
               ) >= LOG.level_share * len(rows)


def first_field_is_time(line: str) -> bool:
    """Whether a line opens with a time (a stamp, a bracketed time, a level letter glued to
    a date): the start of a record, in a log whose records run over several lines."""
    fields = first_fields(line, 2)
    if not fields:
        return False
    first = field_class(fields[0][0])
    if first in TIMES:
        return True
    return len(fields) > 1 and first == "M" and fields[0][1] != "g"  # "Jan 02 15:04:05"


# the learned formats whose names carry all their parser needs: (is it one, its parser)
_LEARNED: tuple[tuple[Callable[[str], bool], Callable[[str], Parser]], ...] = (
    (is_columns, columns_parser), (is_table, table_parser), (is_blocks, block_parser),
    (is_csv, csv_parser), (is_glued, glued_parser), (is_attributes, attributes_parser),
    (is_angles, angles_parser))


def parser_for(fmt: str) -> Parser:
    """The parser of a format: a known one's, or a learned shape's."""
    if is_coloured(fmt):  # (its lines read without the terminal's colour codes)
        return coloured_parser(parser_for(plain(fmt)))
    if is_collected(fmt):  # (its lines read behind the collector's prefix)
        return collected_parser(fmt, parser_for)
    known = PARSERS.get(fmt)
    if known is not None:
        return known
    if fmt == LEVEL_FIRST:
        return parse_level_first
    learned = next((parse for is_kind, parse in _LEARNED if is_kind(fmt)), None)
    if learned is not None:
        return learned(fmt)
    if is_services(fmt):
        return services_parser(fmt, parser_for)
    if is_paired(fmt):
        return shape_parser(inner(fmt))  # (of a record's two lines, joined)
    if is_json(fmt):
        return _enveloped(fmt) if envelope(fmt) is not None else json_parser(fmt)
    return shape_parser(fmt)


@lru_cache(maxsize=16)
def _enveloped(fmt: str) -> Parser:
    """The parser of lines of a log of their own in a JSON envelope."""
    wrapped = envelope(fmt)
    assert wrapped is not None
    return envelope_parser(fmt, parser_for(wrapped[2]))


def is_shape(fmt: str) -> bool:
    return fmt.startswith(PREFIX)


def stamped_bracket(fmt: str) -> bool:
    """Whether a learned shape opens with a bracket that holds the time and the level."""
    return fmt.startswith(PREFIX + "BL_")


def has_level(fmt: str) -> bool:
    """Whether a learned shape has a level column."""
    return any(c.split("_", 1)[0] in LEVELS for c in unmarked(fmt[len(PREFIX):])[0].split(","))


@lru_cache(maxsize=64)
def shape_parser(fmt: str) -> Parser:
    """The parser of a learned shape format."""
    columns, padded = unmarked(fmt[len(PREFIX):])
    cols = [c.split("_", 1) for c in columns.split(",")]
    width = is_mark(cols[-1][0])  # (an event padded to a width: :mod:`.padded_event`)
    if width is not None:
        cols.pop()
    trailing = int(cols.pop()[0][len(TRAILING):]) if cols[-1][0].startswith(TRAILING) else 0
    after = cols[-1][0] == "LA"  # (the level after the closing "name:", not a column of its own)
    paired = cols[-1][0] == "LP"  # (the level after the pairs, wherever they end)
    logged = cols[-1][0] == LEVEL_LOGGER  # (a level, then the logger's bracket: at no place)
    if after or paired or logged:
        cols = cols[:-1]
    klasses = [k for k, _ in cols]
    seps = [s for _, s in cols]
    level_at = next((i for i, k in enumerate(klasses) if k in LEVELS), None)
    glue = GLUE in seps  # (a shape of no glued fields reads none)
    gone = klasses.index(GONE) if GONE in klasses else None  # (a column some records lack)
    severe = klasses[-1] == "LS"  # (the token that holds the severity closes the header)
    last_word = max((i for i, k in enumerate(klasses) if k in ("W", "C")), default=None)
    # a word before the time opens the record: a "key=value" pair there is the record's kind
    # written as its message's pairs are ("type=PATH msg=audit(…): item=0 …"), whose value
    # is the event's first word
    kind_first = klasses[:2] == ["W", "T"]
    h = len(cols)
    closing = klasses[-1] in ("C", "P", LOGGER)
    # the fields a record's header may take
    # (a "-" closes a name of a few words: "from play.api.Play in main - ", as learned)
    closes_at = {LOGGER: LOGGER_REACH, "P": DASH_REACH}.get(klasses[-1], REACH)
    reach = h - 1 + closes_at if closing else h
    worded = level_at is not None and seps[level_at] == "c"
    if worded or after:
        reach += 1  # (the second word of a level: "Fatal error:"; the level after a name)
    if after:
        reach += 1  # (and the bracketed epoch after that level)
    if paired:
        reach += PAIRS_REACH + 1
    if logged:
        reach += FIELDS_REACH
    contexted = klasses[-1] == CONTEXT_LOGGER  # (a logger past a context: .context_logger)
    if contexted:
        reach += CONTEXT_REACH + 1
    grouped = klasses[-1] == GROUP
    if grouped:
        reach += GROUP_REACH
    opened = klasses[0] == "B" and seps[0] == "p"  # (a list's opening mark may be "[#")
    # a record whose message holds no "name:" where the others' do is a record all the same,
    # when the header's level is read, right before it or further ahead (its message starts
    # after the column before the name: ESP-IDF's "I (1234) ")
    unnamed = klasses[-1] == "C" and h > 1 and level_at is not None
    core = core_end(klasses)  # (the columns after it a record may lack: :mod:`.optional_tail`)

    timed = klasses[0] in TIMES  # (a line may open with a session's id: :mod:`.leading_id`)

    def parse(line: str) -> Record | None:
        record = read(line)
        if record is None and timed and (rest := without_leading_id(line)) is not None:
            return read(rest)
        return record

    def read(line: str) -> Record | None:
        if padded:
            line = from_first_field(line)
        if not line or line[0].isspace():
            return None
        fields = first_fields(line, reach, glue)
        if fields and opens_no_record(line, fields[0][0], klasses[0]):
            return None  # (a trace's line below a record that opens with its level)
        if gone is not None:
            fields = filled(fields, gone)
        if len(fields) < h and (core is None or len(fields) < core + 2):
            return None
        end = h - 1
        for i in range(h - 1 if closing else h):
            if i >= len(fields):  # (a line shorter than the header: its last field the message)
                return _short(line, fields, len(fields) - 1, klasses, level_at)
            field, sep, _ = fields[i]
            k = klasses[i]
            if k in ("T", "N", "B", "BT", "C", "L1", "LT", "BL") and field_class(field) != k and (
                    k != "BL" or field_class(field) != "BT") and field:  # (.empty_cell)
                if core is not None and i > core:
                    return _short(line, fields, i, klasses, level_at)
                return None
            if k == BRACKET_LEVEL and not is_bracket(field):
                return None
            if seps[i] in ("p", GLUE) and sep != seps[i]:
                return None
            if k == HEX_EPOCH and HEX_TIME.match(field) is None:
                return None
        if severe and severity_digit(fields[h - 1][0]) is None:
            return None
        if closing and klasses[-1] == "P" and h > 1 and klasses[-2] in LEVELS and glued_level(
                fields, h - 2):
            end = h - 2  # (the widest level, the lone mark glued to it: .glued_mark)
        elif closing:  # the first "-" or "name:" from its column on (a name may hold blanks)
            end = next((i for i in range(h - 1, min(len(fields), h - 1 + closes_at))
                        if (closes_name(fields, i) if klasses[-1] == "C"
                            else is_logger(fields[i][0]) if klasses[-1] == LOGGER
                            else field_class(fields[i][0]) == klasses[-1])), -1)
            if end < 0 and not unnamed:
                return None
            while end >= 0 and end + 1 < len(fields) and SPAN.match(fields[end][0]) and field_class(
                    fields[end + 1][0]) == "C":
                end += 1  # (a span's "name{…}:" before the name: the header runs on)
        nameless = end < 0  # (no "name:" after the level: the message starts after it)
        if nameless:
            end = h - 2
        if grouped:  # (a record without the group: its message starts there)
            end = group_end(fields, h - 1)
            end = end if end >= 0 else h - 2
        if contexted:  # (a record without a context or a logger: its message starts there)
            end = logger_at(fields, h - 1)
            end = end if end >= 0 else h - 2
        optional = OPTIONAL.get(klasses[-1])
        named = optional is None or optional[0].match(fields[h - 1][0]) is not None
        if not named or severe:
            end = h - 2  # (a record without the optional column: its message starts there;
            # the token that holds the severity names the event: the message's own)
        message = line[fields[end][2]:] if end >= 0 else line
        if closing and message.startswith(": "):  # Ruby's "-- progname: …", no progname
            message = message[2:]
        level = None
        if after and end + 1 < len(fields) and (word := level_after_name(fields[end + 1][0])):
            level, message = word, line[fields[end + 1][2]:]
            if message.startswith(": "):  # (a padded level's lone colon: "error : …")
                message = message[2:]
            elif end + 2 < len(fields) and _bracketed_epoch(fields[end + 2][0]):
                message = line[fields[end + 2][2]:] or message
        if paired and (at := level_at_pairs_end(fields, h)) >= 0:
            level, message = level_after_name(fields[at][0]), line[fields[at][2]:]
        bracket = level_then_logger(fields, h) if logged else (-1, -1)
        if bracket[0] >= 0:
            level, message = fields[bracket[0]][0], line[fields[bracket[1]][2]:]
        if opened:  # (a bracketed list's closing mark: :mod:`.list_marks`)
            message = without_closing(message, fields[0][0])
        if message.startswith('["'):
            message = quoted_text(message)
        logger = None
        if trailing:  # (a logger and a thread after the message: :mod:`.trailing_columns`)
            message, logger = cut(message, trailing)
        if message.endswith(("}", "]")):
            message = without_context(message)
        if width is not None:
            message = event_of(message, width)
        if level_at is not None:  # as the log writes it
            level = written(fields[level_at][0], klasses[level_at])
            if worded and len(fields) > level_at + 1 and not fields[level_at][0].endswith(
                    (":", "]")) and SECOND_WORD.match(fields[level_at + 1][0]):
                # a level of two words in a column the others close with one ("Warning:",
                # "Fatal error:"): the level is both, the message follows them
                level = f"{level} {fields[level_at + 1][0][:-1]}"
                message = line[fields[level_at + 1][2]:] or line
        if kind_first and (kind := fields[0][0].partition("=")[2]):
            message = f"{kind} {message}"
        time = stamp_of([part for i in range(h) if klasses[i] in (*TIMES, "M", "N") or (
            klasses[i] == "W" and fields[i][0].upper() in MERIDIEM)
                      for part in _time_parts(fields[i][0], klasses[i])])
        extra: dict[str, str] = {}
        if klasses[-1] == "D":
            if named:
                extra["component"] = fields[h - 1][0][:80]
        elif contexted:
            if end >= h - 1:
                extra["component"] = fields[end][0][:80]
        elif klasses[-1] == LOGGER:
            extra["component"] = fields[end][0].strip("[]")[:80]
        elif closing and end > h - 1:  # the name before the closing "-" or "name:"
            name = line[fields[h - 2][2] if h > 1 else 0: fields[end - 1][2]].strip()
            extra["component"] = name[:80]
        elif last_word is not None and not nameless and fields[last_word][
                0].upper() not in MERIDIEM:
            name = fields[last_word][0].rstrip(":")  # (an AM/PM is the time's, no name)
            name = name.split("[", 1)[0].split("(", 1)[0] or name
            if any(c.isalpha() for c in name):  # ("909#174:", a pid and a thread: no name)
                extra["component"] = name[:80]
        if logger is not None:
            extra["component"] = logger[:80]
        if bracket[0] >= 0:
            extra = {"component": fields[bracket[1]][0].strip("[]")[:80]}
        return Record(time, level, message or line, extra)

    return parse if timed else read


def _short(line: str, fields: Sequence[tuple[str, str, int]], at: int, klasses: Sequence[str],
           level_at: int | None) -> Record:
    """The record of a line that holds the shape's time and level but not its column
    ``at``: its message starts there (:mod:`.optional_tail`)."""
    time = stamp_of([part for i in range(at) if klasses[i] in (*TIMES, "M", "N") or (
        klasses[i] == "W" and fields[i][0].upper() in MERIDIEM)
                     for part in _time_parts(fields[i][0], klasses[i])])
    level = written(fields[level_at][0], klasses[level_at]) if level_at is not None else None
    message = line[fields[at - 1][2]:]
    return Record(time, level, message or line, {})


def _time_parts(value: str, klass: str) -> list[str]:
    if klass == "M" and FLAGGED_MONTH.match(value):
        return [value[1:]]
    if klass == HEX_EPOCH:  # (as the epoch's decimal seconds the stamps read)
        return [str(seconds(value))]
    if klass == "LT":  # a letter, the month and the day (and before them the year's two digits)
        if len(value) == 7:
            return [f"20{value[1:3]}-{value[3:5]}-{value[5:7]}"]
        return [f"{value[1:3]}-{value[3:5]}"]
    return value.strip("[]").split()
