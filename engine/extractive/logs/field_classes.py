"""A line's first fields, each field's class, and a column's class where most lines agree.

A learned shape (:mod:`.shape`) is a run of columns. Each line is cut into its first fields
(a ``[bracketed group]`` or a braced one is one field; fields are parted by blanks or ``|``,
or glued by colons after a time, :mod:`.glued`), and each field gets a class from its
characters: a time, a number, a level (:mod:`.level_words`), a bracket, a month, a piece of
punctuation, a "name:", or a word. A column has a class when the same class holds in most
lines; its level judgements are made on the column's values as a whole (a closed set of
words, a few symbols, a severity digit in a "name:" token, :mod:`.severity`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.logs.bracket_levels import BRACKET_LEVEL, bracket_levels
from gapless.engine.extractive.logs.caller_close import caller_close
from gapless.engine.extractive.logs.empty_cell import EMPTY, empty_cell
from gapless.engine.extractive.logs.first_words import opens_messages
from gapless.engine.extractive.logs.formats import LETTER_LEVELS, MONTHS
from gapless.engine.extractive.logs.glued import GLUE, glued_end
from gapless.engine.extractive.logs.level_words import (
    SET_SIZE,
    bracket_word,
    closed_set,
    letter_set,
    level_word,
    lower_word_set,
    one_bare_word,
    stamped_level,
    symbol_levels,
    word_set,
)
from gapless.engine.extractive.logs.severity import severity_share
from gapless.engine.extractive.logs.stamps import bracket_time, is_time
from gapless.engine.extractive.weights import LOG

MAX_FIELDS = 12
# a bracket that opens with a date or a time of day ("[03-01|10:00:00.123]", "[2024-03-01 …"):
# a word glued to it is a field of its own (a level glued to the stamp: "ERROR[03-01|…]")
_STAMP_BRACKET = r"\[(?:\d{2,4}[-/.]\d\d[-/.|]|\d\d:\d\d:\d\d)"
# a bracketed group may hold one level of brackets of its own ("[Peer[myid=1]/0:2181:Elect]")
# (a braced group is one field too, blanks and all: a span and its fields, "name{a=1 b=2}:")
_FIELD = re.compile(r"\[[^\w\s\[\]|]{1,2}(?=\|)"
                    r"|\[[^\[\]\n]{0,200}(?:\[[^\[\]\n]{0,60}\][^\[\]\n]{0,200}){0,4}\]:?"
                    r"|\[[^\]\n]{0,200}\]:?|[\w.:-]{0,60}\{[^{}\n]{0,200}\}[^\s|{]*"
                    r"|<[A-Za-z]{1,12}>(?=\d)|[A-Za-z]{1,12}+(?=" + _STAMP_BRACKET + r")|[^\s|]+")
_SEP = re.compile(r"[ \t]*\|[ \t]*|[ \t]+")
# (a word in angle brackets glued to a number, "<W>2024-03-01", is a field of its own: a
# level glued to the stamp, :func:`first_fields`)
# (a record written as a bracketed list of fields parted by "|", "[#|…|#]": its opening
# mark is a field of its own, not a bracket that runs on to the first "]" of its message)
# (a signed one: a flag of -1; an Erlang process's "<0.161.0>", a number in parentheses)
# a short name glued to bracketed groups (a process, its request's id, its logger): one
# field, a bracket's class
_NAMED_BRACKETS = re.compile(r"^[A-Za-z][\w.-]{0,19}(?:\[[^\[\]\s]*\]){2,}$")
# a thread's number glued to its subsystem's bracket ("09[IKE]"): one field, a bracket's
# class (the number alone would be a column of its own, the bracket glued to it none)
_NUMBERED_BRACKET = re.compile(r"^\d{1,4}\[[A-Za-z]{2,8}\]$")
_NUMBER = re.compile(r"^[-+]?\d+,?$|^<\d+(?:\.\d+)+>$|^\(\d+\)$|^\d+#\d+$")
# a level letter glued to the month and day that open a record ("I0102 15:04:05.123 …")
_LETTER_DATE = re.compile(r"^[A-Z](?:\d\d)?(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$")
# a level word, a level letter, a letter glued to a date, a bracket of a time and a level
# (LA: a level after a closing "name:"; LP: a level after a run of pairs; both learned)
# (LS: a severity digit inside the "name:" token that opens the message, :mod:`.severity`)
LEVELS = ("L", "L1", "LT", "BL", "LA", "LP", "LS", "LB", "LK")
# (LB: :mod:`.bracket_levels`; LK: :mod:`.level_before_logger`)
TIMES = ("T", "BT", "LT", "BL", "HX")  # the classes that hold a time of day or a date
# (HX: an epoch in hex digits, a column judged as a whole: :mod:`.hex_epoch`)
_PUNCT = re.compile(r"^[^\w\s]{1,3}$")
FLAGGED_MONTH = re.compile(r"^[^\w\s\[(<{][A-Z][a-z]{2}$")


def field_class(field: str) -> str:
    if not field:
        return EMPTY  # (an empty cell between two bars: :mod:`.empty_cell`)
    if field.startswith('["') and field.endswith('"]'):
        return "W"  # a message quoted in its bracket (TiDB's '["msg"]'): no header's
    if field[0] == "[":
        if level_word(field) is not None:
            return "L"
        if stamped_level(field) is not None:
            return "BL"
        if bracket_time(field):
            return "BT"
        return "C" if field.endswith(":") else "B"  # "[logger]:" closes a header
    if field[0] == "{" and field[-1] == "}":
        return "B"  # a braced group: a query's or a task's id ("{}", "{file.py:12}")
    if is_time(field):
        return "T"
    if _NUMBER.match(field):
        return "N"
    if field[0] == "(" and field[-1] == ")" and len(field) > 2 and level_word(field) is None:
        return "B"  # a thread in parentheses ("(main)", "(executor-thread-1)")
    if field in LETTER_LEVELS or (field[-1] == "!" and field[:-1] in LETTER_LEVELS):
        return "L1"  # (a letter closed by a mark of its own, as a word by a colon: "W!")
    if field[0] in LETTER_LEVELS and _LETTER_DATE.match(field):
        return "LT"
    if level_word(field) is not None:
        return "L"
    if field[:3] in MONTHS and len(field) <= 4:
        return "M"
    if len(field) == 4 and field[1:4] in MONTHS and FLAGGED_MONTH.match(field):
        return "M"  # a month behind a one-symbol flag (a clock not in sync: "*Mar")
    if _PUNCT.match(field):
        return "P"
    if field.endswith(":") and len(field) > 1:
        return "C"
    if caller_close(field):
        return "C"  # ("server.go:123]": the caller that closes a header, :mod:`.caller_close`)
    if field[-1] == "]" and (_NAMED_BRACKETS.match(field) or _NUMBERED_BRACKET.match(field)):
        return "B"  # a process's name with its bracketed parts ("web[][o.s.s.p.Platform]")
    return "W"


def first_fields(line: str, limit: int = MAX_FIELDS, glue: bool = True
            ) -> list[tuple[str, str, int]]:
    """The first fields of a line: (text, separator code, end of the separator); ``glue``:
    a colon may part them (:mod:`.glued`)."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    n = len(line)
    glued = False
    while pos < n and len(out) < limit:
        m = _FIELD.match(line, pos)
        if m is None:
            cell = empty_cell(line, pos, out[-1][1] if out else "")
            if cell < 0:
                break
            out.append(("", "p", cell))  # (a blank cell between two bars: no value)
            pos = cell
            continue
        field = m.group(0)
        if glue and ":" in field and (glued or field[0].isdigit()):
            cut = glued_end(line, pos, glued)
            if cut > pos:  # ("12:00:00,123:INFO:…": a colon parts the header's fields)
                out.append((line[pos:cut], GLUE, cut + 1))
                pos = cut + 1
                glued = True
                continue
        glued = False
        end = m.end()
        s = _SEP.match(line, end)
        if s is None and ((field[-1] == "]" and line.startswith("[", end)) or (
                field[0] == "<" and field[-1] == ">" and line[end:end + 1].isdigit()) or (
                field.isalpha() and line.startswith("[", end))):
            out.append((field, "s", end))  # brackets glued in a row ("[…][INFO ][…]"), a
            pos = end  # level glued to the stamp ("<W>2024-03-01 …", "ERROR[03-01|…]")
            continue
        if s is None:
            if end < n:  # a field glued to the next ("]x"): no clean column
                out.append((field, "g", end))
                break
            out.append((field, "", end))
            break
        sep = s.group(0)
        code = "p" if "|" in sep else ("w" if len(sep) > 1 or "\t" in sep else "s")
        out.append((field, code, s.end()))
        pos = s.end()
    return out


def column_of(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float
            ) -> tuple[str, str] | None:
    """Column ``j``'s class and separator when most rows agree on them, else None."""
    klasses: Counter[str] = Counter()
    seps: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            klasses[field_class(r[j][0])] += 1
            seps[r[j][1]] += 1
    if not klasses:
        return None
    empty = klasses.pop(EMPTY, 0)
    if not klasses:
        return None
    klass, count = klasses.most_common(1)[0]
    count += empty  # (an empty cell agrees with its column's class: .empty_cell)
    if klass == "BL" and klasses["BT"]:
        # a stamped bracket whose word is no level of the common scale ("[12:00:01 FAILURE]")
        # is the same column's, when those words are a small closed set
        unknown = {bracket_word(r[j][0]) for r in rows
                   if len(r) > j and field_class(r[j][0]) == "BT"}
        if len(unknown) <= SET_SIZE and None not in unknown:
            count += klasses["BT"]
    if klass in LEVELS and count < LOG.level_share * len(rows):
        # a level column holds a level in (almost) every record: the levels of the common
        # scale, and the few other words of its closed set ("DETAIL:", "STATEMENT:")
        others = closed_set(rows, j)
        if others is None or count + others < LOG.level_share * len(rows):
            klass, count = "W", count + klasses["W"]
        else:
            count += others
    if klass in ("B", "W") and klasses["L"]:
        # a level column whose own words outnumber the common scale's ("[System]",
        # "[Note]" beside "[Warning]", "[ERROR]"): a small closed set of capitalised words,
        # two or more of them levels of the common scale (or of lower-case ones, when its
        # levels are written so: npm's "silly", "timing" beside "info", "warn")
        # (capitalised words that each foretell the next field are the messages' own first
        # words: :mod:`.first_words`; a lower-case set with its levels so written is npm's)
        capital = word_set(rows, j)
        if capital is not None and opens_messages(rows, j):
            capital = None
        worded = max((n for n in (capital, lower_word_set(rows, j), letter_set(rows, j))
                      if n is not None), default=None)
        if worded is not None and worded >= LOG.level_share * len(rows):
            klass, count = "L", worded
        elif (bracketed := bracket_levels(rows, j)) is not None:
            klass, count = BRACKET_LEVEL, bracketed  # (some records' bracket holds no level)
    if klass == "W" and klasses["L"] and count < need and _one_level_among_words(rows, j):
        count += klasses["L"]  # a word column one of whose values is a level's word: a
        # module "log" beside "views", "tasks" (a level column holds more than one level)
    if klass == "L" and one_bare_word(rows, j):
        # one lower-case word in every row ("error", in a part of a log where an event
        # column holds nothing else) is no evidence of a level column
        klass = "W"
    if j == 0 and klasses["P"] >= LOG.min_share * len(rows):
        # a label column: "-", or a word in the few records it flags ("KERNDTLB 1117…")
        klass, count = "P", klasses["P"] + klasses["W"]
    elif klass == "P" and symbol_levels(rows, j):
        klass = "L"  # a level written as a symbol ("*", "#": Redis's)
    if klass == "C":  # a "name:" token that holds the record's severity ("%LINK-3-UPDOWN:")
        held = severity_share(r[j][0] for r in rows if len(r) > j)
        if held >= LOG.level_share * len(rows):
            klass, count = "LS", held
    if count < need:
        return None
    blank = seps["s"] + seps["w"]
    if seps["p"] >= need:
        return klass, "p"
    if seps[GLUE] >= need:
        return klass, GLUE
    if blank >= need:
        return klass, ("w" if seps["w"] >= need else "s")
    return klass, "e"


def _one_level_among_words(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j``'s values that read as levels are one word, beside several other
    words: a column of names, one of which is spelt as a level ("log" beside "views")."""
    levels = {r[j][0] for r in rows if len(r) > j and field_class(r[j][0]) == "L"}
    words = {r[j][0] for r in rows if len(r) > j and field_class(r[j][0]) == "W"}
    return len(levels) == 1 and len(words) >= 2
