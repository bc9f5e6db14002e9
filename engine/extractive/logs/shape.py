"""A log format learned from the text: the line-start shape its records share.

No format is known by name here. Each sampled line is cut into its first fields (a
``[bracketed group]`` is one field; fields are parted by blanks or ``|``) and each field
gets a class from its characters: a time (``16:13:38.811``, ``2016-09-28``,
``20171223-22:15:29:606``, a 10-digit epoch), a number, a level word (``INFO``, ``Warning``;
a column of single letters ``V D I W E`` too), a bracketed group, a month, a constant piece
of punctuation (``-``), a name ending in a colon (``WindowManager:``, ``sshd[24]:``), or a
word. A column is part of the header when the same class holds in most lines; the header
runs to its last column that is not a plain word (a word column counts when a wide blank,
a fixed-width column's, follows it in most lines), and ends at a colon-terminated name or
a "-" (not at a "-" that starts the line, a label, nor at one before a level column). The
rest of the line is the record's message. A level column gives each record its level; the
time columns its time. Fields glued by colons after a time are columns too (:mod:`.glued`),
blanks that align every line's first field are the header's (:mod:`.margin`), and a
"name:" token holding a severity digit is a level column (:mod:`.severity`).

The learned shape is a format string (``shape:T_s,T_w,N_w,N_s,L1_s,C_s``) that travels
like a known format's name: a chunk, a worker process and a fold's re-count of a line cut
in two all parse by it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from gapless.engine.extractive.logs.event_text import quoted_text, without_context
from gapless.engine.extractive.logs.formats import (
    LETTER_LEVELS,
    MONTHS,
    PARSERS,
    Parser,
    Record,
    level_of,
)
from gapless.engine.extractive.logs.glued import GLUE, glued_end
from gapless.engine.extractive.logs.json_fields import (
    envelope,
    envelope_parser,
    is_json,
    json_parser,
)
from gapless.engine.extractive.logs.margin import MARK, aligned, from_first_field, unmarked
from gapless.engine.extractive.logs.named_columns import columns_parser, is_columns
from gapless.engine.extractive.logs.paired import inner, is_paired
from gapless.engine.extractive.logs.severity import severity_digit, severity_share
from gapless.engine.extractive.logs.stamps import EPOCH, MERIDIEM, month_date, stamp_of
from gapless.engine.extractive.weights import LOG

PREFIX = "shape:"
MAX_FIELDS = 12

# a bracketed group may hold one level of brackets of its own ("[Peer[myid=1]/0:2181:Elect]")
# (a braced group is one field too, blanks and all: a span and its fields, "name{a=1 b=2}:")
_FIELD = re.compile(r"\[[^\[\]\n]{0,200}(?:\[[^\[\]\n]{0,60}\][^\[\]\n]{0,200}){0,4}\]:?"
                    r"|\[[^\]\n]{0,200}\]:?|[\w.:-]{0,60}\{[^{}\n]{0,200}\}[^\s|{]*|[^\s|]+")
# a span before the name that closes a header: "source{component_id=in}:" (tracing's)
_SPAN = re.compile(r"^[\w.:-]{1,60}\{[^{}]*\}:$")
_SEP = re.compile(r"[ \t]*\|[ \t]*|[ \t]+")
_TIME_OF_DAY = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
# a time of day in a bracket, not a piece of an address or a path ("0.0.0.0:2181", "@1:22")
_BRACKET_TIME = re.compile(r"(?<![\w.:/@$])\d{1,2}:\d{2}(?::\d{2})?(?![\w:/@$])")
_TIMEISH = re.compile(r"^[\d\-/:.,T+Z_]+$")
_DATEISH = re.compile(r"^(?:\d{4}[-/]\d{1,2}[-/]\d{1,2}|\d{4}\.\d{2}\.\d{2}|\d{1,2}[-/.]\d{1,2}"
                      r"|\d{8}|\d{1,2}\.\d{1,2}\.\d{4})[,T]?$")
# (a signed one: a flag of -1; an Erlang process's "<0.161.0>", a number in parentheses)
_NUMBER = re.compile(r"^[-+]?\d+,?$|^<\d+(?:\.\d+)+>$|^\(\d+\)$")
_STAMP = re.compile(r"\d{4}[-/]\d{1,2}[-/]\d{1,2}[T_]\d")  # a date glued to its time
# a level letter glued to the month and day that open a record ("I0102 15:04:05.123 …")
_LETTER_DATE = re.compile(r"^[A-Z](?:\d\d)?(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$")
# a level word, a level letter, a letter glued to a date, a bracket of a time and a level
# (LA: a level after a closing "name:"; LP: a level after a run of pairs; both learned)
# (LS: a severity digit inside the "name:" token that opens the message, :mod:`.severity`)
_LEVELS = ("L", "L1", "LT", "BL", "LA", "LP", "LS")
_TIMES = ("T", "BT", "LT", "BL")  # the classes that hold a time of day or a date
_PUNCT = re.compile(r"^[^\w\s]{1,3}$")
_FLAGGED_MONTH = re.compile(r"^[^\w\s\[(<{][A-Z][a-z]{2}$")


_PAIRED = re.compile(r"[/.]")  # "thread/LEVEL", "channel.LEVEL"
# a level and a counter: "WARN[0042]"; a process's id and a call's: "WARNING[1234][C-0001]"
_GLUED = re.compile(r"^([A-Za-z]{3,8})\[\d+\](?:\[[^\[\]\s]{1,40}\])*$")


def level_word(field: str) -> str | None:
    """The level a field writes: ``WARN``, ``[WARN]``, ``LOG:``, the last part of a pair
    (``[Server thread/INFO]:``, ``local.ERROR:``) or a letter before a tag (``I/Tag(``);
    else None."""
    inner = field.rstrip(":,")
    if inner[:1] in "[(<" and inner[-1:] in "])>":  # ("<Information>")
        inner = inner[1:-1].strip()
        if inner in LETTER_LEVELS:
            return inner  # a level letter in its own bracket ("[I]", "[W]")
    if level_of(inner) is not None:
        return inner
    glued = _GLUED.match(inner)
    if glued is not None and level_of(glued.group(1)) is not None:
        return glued.group(1)  # logrus's "WARN[0042]": the seconds since start beside it
    parts = _PAIRED.split(inner)
    last = parts[-1] if len(parts) > 1 else ""
    if last and level_of(last) is not None:
        return last
    if len(parts) == 2 and parts[0] in LETTER_LEVELS and parts[1][:1].isalpha():
        return parts[0]  # a letter and the tag it is about (logcat's "I/ActivityManager(")
    return None


def _stamped_level(field: str) -> str | None:
    """The level of a bracket that holds a time and a level among a few words
    ("[12:00:01 INF]", "[2024-03-01T12:00:01Z WARN  app::db]"), else None."""
    words = field.rstrip(":").strip("[]").split()
    if not 2 <= len(words) <= 4 or not _bracket_time(field):
        return None
    levels = [lv for w in words if (lv := _word_level(w)) is not None]
    return levels[0] if len(levels) == 1 else None


def _word_level(word: str) -> str | None:
    """The level a bracket's word writes: itself, or one part of a pair (Celery's
    "INFO/MainProcess", a thread's "main/INFO")."""
    word = word.rstrip(":,")
    if level_of(word) is not None or word in LETTER_LEVELS:  # (Tornado's "[I 240301 …]")
        return word
    parts = [p for p in _PAIRED.split(word) if level_of(p) is not None]
    return parts[0] if len(parts) == 1 else None


def _is_time(field: str) -> bool:
    """Whether a field is a stamp: a time of day or a date, or an epoch."""
    return bool(EPOCH.match(field.rstrip(":"))) or month_date(field) is not None or (
        any(c.isdigit() for c in field) and bool(
        _TIMEISH.match(field)) and bool(_TIME_OF_DAY.search(field) or _DATEISH.match(field)))


def _bracket_time(field: str) -> bool:
    """Whether a bracket holds a time of day ("[12:00:01 …]") or a stamp of its own
    ("[2024-03-01T12:00:01Z …]")."""
    return bool(_BRACKET_TIME.search(field) or EPOCH.match(field.rstrip(":").strip("[]"))) or any(
        _STAMP.match(w) and _is_time(w) for w in field.rstrip(":").strip("[]").split())


def _bracket_word(field: str) -> str | None:
    """The first word of a bracket that is no time ("FAILURE" of "[12:00:01 FAILURE]"; of a
    pair, its first part: Celery's "[… FAILURE/MainProcess]")."""
    word = next((w for w in field.rstrip(":").strip("[]").split() if not _is_time(w)), None)
    return None if word is None else word.split("/", 1)[0] or word


def _klass(field: str) -> str:
    if field.startswith('["') and field.endswith('"]'):
        return "W"  # a message quoted in its bracket (TiDB's '["msg"]'): no header's
    if field[0] == "[":
        if level_word(field) is not None:
            return "L"
        if _stamped_level(field) is not None:
            return "BL"
        if _bracket_time(field):
            return "BT"
        return "C" if field.endswith(":") else "B"  # "[logger]:" closes a header
    if field[0] == "{" and field[-1] == "}":
        return "B"  # a braced group: a query's or a task's id ("{}", "{file.py:12}")
    if _is_time(field):
        return "T"
    if _NUMBER.match(field):
        return "N"
    if field[0] == "(" and field[-1] == ")" and len(field) > 2 and level_word(field) is None:
        return "B"  # a thread in parentheses ("(main)", "(executor-thread-1)")
    if field in LETTER_LEVELS:
        return "L1"
    if field[0] in LETTER_LEVELS and _LETTER_DATE.match(field):
        return "LT"
    if level_word(field) is not None:
        return "L"
    if field[:3] in MONTHS and len(field) <= 4:
        return "M"
    if len(field) == 4 and field[1:4] in MONTHS and _FLAGGED_MONTH.match(field):
        return "M"  # a month behind a one-symbol flag (a clock not in sync: "*Mar")
    if _PUNCT.match(field):
        return "P"
    if field.endswith(":") and len(field) > 1:
        return "C"
    return "W"


def _fields(line: str, limit: int = MAX_FIELDS, glue: bool = True
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
            break
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
        if s is None and field[-1] == "]" and line.startswith("[", end):
            out.append((field, "s", end))  # brackets glued in a row ("[…][INFO ][…]")
            pos = end
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


def _column(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float
            ) -> tuple[str, str] | None:
    """Column ``j``'s class and separator when most rows agree on them, else None."""
    klasses: Counter[str] = Counter()
    seps: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            klasses[_klass(r[j][0])] += 1
            seps[r[j][1]] += 1
    if not klasses:
        return None
    klass, count = klasses.most_common(1)[0]
    if klass == "BL" and klasses["BT"]:
        # a stamped bracket whose word is no level of the common scale ("[12:00:01 FAILURE]")
        # is the same column's, when those words are a small closed set
        unknown = {_bracket_word(r[j][0]) for r in rows
                   if len(r) > j and _klass(r[j][0]) == "BT"}
        if len(unknown) <= _SET_SIZE and None not in unknown:
            count += klasses["BT"]
    if klass in _LEVELS and count < LOG.level_share * len(rows):
        # a level column holds a level in (almost) every record: the levels of the common
        # scale, and the few other words of its closed set ("DETAIL:", "STATEMENT:")
        others = _closed_set(rows, j)
        if others is None or count + others < LOG.level_share * len(rows):
            klass, count = "W", count + klasses["W"]
        else:
            count += others
    if klass in ("B", "W") and klasses["L"]:
        # a level column whose own words outnumber the common scale's ("[System]",
        # "[Note]" beside "[Warning]", "[ERROR]"): a small closed set of capitalised words,
        # two or more of them levels of the common scale
        worded = _word_set(rows, j)
        if worded is not None and worded >= LOG.level_share * len(rows):
            klass, count = "L", worded
    if klass == "L" and _one_bare_word(rows, j):
        # one lower-case word in every row ("error", in a part of a log where an event
        # column holds nothing else) is no evidence of a level column
        klass = "W"
    if j == 0 and klasses["P"] >= LOG.min_share * len(rows):
        # a label column: "-", or a word in the few records it flags ("KERNDTLB 1117…")
        klass, count = "P", klasses["P"] + klasses["W"]
    elif klass == "P" and _symbols(rows, j):
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


_SET_SIZE = 12  # distinct values of a level column, at most


def _symbols(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j`` holds a few one-symbol values, two or more of them recurring: a
    level written as a symbol, not a delimiter (one value) nor a message's punctuation."""
    values = Counter(r[j][0] for r in rows if len(r) > j)
    symbols = Counter({v: c for v, c in values.items() if len(v) == 1 and not v.isalnum()})
    # (on nearly every row: a piece of a log may open with a line cut in two)
    if not 2 <= len(symbols) <= 4 or symbols.total() < LOG.level_share * len(rows):
        return False
    second = symbols.most_common(2)[1][1]
    return second >= max(2, 0.01 * len(rows))


def _one_bare_word(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j`` holds one value, a bare lower-case word, in every row."""
    values = {r[j][0] for r in rows if len(r) > j}
    return len(values) == 1 and next(iter(values)).isalpha() and next(iter(values)).islower()


def _closed_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a capitalised word that is no level of the common
    scale, when the column's values form a small closed set (else None): the other
    members of a level column's set."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            values[r[j][0].strip("[]():,")] += 1
    if len(values) > _SET_SIZE:
        return None
    return sum(c for v, c in values.items()
               if level_of(v) is None and v.isalpha() and v.isupper() and len(v) <= 12)


def _word_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a capitalised word, when the column's values form
    a small closed set with two levels of the common scale or more (else None)."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            values[r[j][0].strip("[]():,")] += 1
    if len(values) > _SET_SIZE or sum(1 for v in values if level_of(v) is not None) < 2:
        return None
    return sum(c for v, c in values.items() if v.isalpha() and len(v) <= 12 and v[0].isupper())


def _delimiter(rows: Sequence[list[tuple[str, str, int]]], at: int, klass: str,
               need: float) -> bool:
    """Whether most rows hold a field of ``klass`` (a "-", a "name:") a few fields after
    ``at``: a name of varying width ("chrome.exe *64 -") before the message."""
    hits = sum(1 for r in rows if any(_klass(f[0]) == klass for f in r[at: at + _REACH]))
    return hits >= need


def _inner_dash(rows: Sequence[list[tuple[str, str, int]]], j: int,
                cols: Sequence[tuple[str, str]], need: float) -> bool:
    """Whether the punctuation column ``j`` (a "-") is inside the header, not its end: a
    label that starts the line ("- 1117838570 2005.06.03 …"), or a separator before a level
    column ("2015-07-29 17:41:00,947 - WARN  [main] - …"), or before a name and the level
    (Python's "%(asctime)s - %(name)s - %(levelname)s - %(message)s")."""
    if all(k == "P" for k, _ in cols):
        return True
    # a level column after it, or after a name and another "-" ("… - app.db - WARNING - …");
    # or a thread's bracket, a name and a closing delimiter (Spring Boot's "12345 --- [main]
    # o.s.b.App : …"); or a bracket of tags and a counter (CockroachDB's "⋮ [n1] 5 …")
    bracket = False
    for k in range(j + 1, j + 1 + _REACH):
        after = _column(rows, k, need)
        if after is None or after[0] in ("L", "L1"):
            return after is not None
        if bracket and (after[0] in ("P", "C") or (after[0] == "N" and k == j + 2)):
            return True
        if after[0] == "B" and not bracket and k == j + 1:
            bracket = True
        elif after[0] not in ("W", "P"):
            return False
    return False


_REACH = 4  # fields searched for a header's closing delimiter
_NAMED = ("W", "L", "L1", "B", "M")  # what a colon-terminated name follows in a header


def learn(lines: Sequence[str], min_lines: int = LOG.shape_min_lines) -> str | None:
    """The shape format of sampled log lines, or None when their starts share no shape
    (or fewer than ``min_lines`` of them are sampled)."""
    padded = aligned(lines)  # (blanks before the first field: the header's, no continuation)
    rows = [_fields(from_first_field(ln) if padded else ln) for ln in lines
            if ln.strip() and (padded or not ln[:1].isspace())]
    if len(rows) < min_lines or len(rows) < LOG.min_share * len(lines):
        return None
    need = LOG.shape_share * len(rows)
    cols: list[tuple[str, str]] = []
    closed = False
    for j in range(MAX_FIELDS):
        col = _column(rows, j, need)
        if col is None:
            break
        if col[0] == "C" and not (cols and cols[-1][0] in _NAMED) and not (
                cols and cols[-1][0] == "N" and _named_everywhere(rows, j)) and not (
                cols and _level_after(rows, j)):
            break  # "Change:" after a number is the message's own word (not a process's
            # name on every record: macOS's "… 0x0  900  0  kernel: …"; nor a category
            # before a level on every record: BIND's "… 00:00:00.123 general: info: …")
        if col[1] == "e":
            if col[0] != "W":
                cols.append(col)
            break
        cols.append(col)
        if col[0] == "L" and _colon_ends(rows, j, need) and not _named_next(rows, j, need):
            closed = True  # "LOG:", "[thread/INFO]:": the level closes the header
            break
        if col[0] in ("C", "LS") or (col[0] == "P" and not _inner_dash(rows, j, cols, need)):
            break
    # the header ends at its last column that is not a plain word (a word between wide
    # blanks or "|"s is a fixed-width column of its own)
    while cols and cols[-1][0] == "W" and not (
            cols[-1][1] == GLUE and len(cols) > 1 and cols[-2][1] == GLUE) and not (
            cols[-1][1] in ("w", "p") and len(cols) > 1 and (
                cols[-2][1] in ("w", "p") or (
                    cols[-2][0] != "W" and _padded(rows, len(cols) - 1)))):
        cols.pop()
    if not cols or cols[-1][1] == "e":
        return None
    if cols[-1][0] in ("L", "B", "BL") and (not closed or cols[-1][0] == "L") and _optional(
            rows, len(cols), "D"):
        cols.append(("D", "s"))  # the logger's dotted name after the level or the thread
    elif cols[-1][0] == "C" and _optional(rows, len(cols), "I"):
        cols.append(("I", "s"))  # a connection's or a request's number after "pid#tid:"
    if cols[-1][0] not in ("C", "P", "LS") and not closed:
        # a delimiter after a name of varying width: " - " (after any column), "name:"
        # (after a word, a level or a bracket)
        at = len(cols)
        if _delimiter(rows, at, "P", need):
            cols += [("P", "s")]
        elif cols[-1][0] in _NAMED and _delimiter(rows, at, "C", need):
            cols += [("C", "s")]
    if cols[-1][0] in ("C", "P"):
        # the words before a closing delimiter are a name that may hold blanks: it is
        # searched for from the first of them (so every chunk of the log learns one shape)
        while len(cols) > 1 and cols[-2][0] == "W" and cols[-2][1] != "p":
            del cols[-2]
        if cols[-1][0] == "C" and _level_after(rows, len(cols) - 1):
            cols.append(("LA", "s"))  # fail2ban's "fail2ban.actions [1234]: NOTICE  …"
    if not closed and cols and not any(k in _LEVELS for k, _ in cols) and _level_after_pairs(
            rows, len(cols)):
        cols.append(("LP", "s"))  # Sidekiq's "… pid=7 tid=a1 class=HardJob INFO: …"
    labels = next((i for i, (k, _) in enumerate(cols) if k != "P"), len(cols))
    if not any(k in _TIMES for k, _ in cols) and not (
            closed or any(k in _LEVELS for k, _ in cols)):
        return None  # a header holds a time or a level
    # (a bracket of a time and a level; an epoch alone: "1709251200: …", "[1709251200] …")
    whole = closed or any(k == "BL" for k, _ in cols) or (
        len(cols) - labels == 1 and _epochs(rows, labels))
    if len(cols) - labels < (1 if whole else 2):
        return None  # (a leading "-" is a label: a "- item" list is no header)
    codes = [sep if sep in ("p", GLUE) else "s" for _, sep in cols]
    if closed:  # (a level that closes the header may be written in two words)
        codes[max(i for i, (k, _) in enumerate(cols) if k in _LEVELS)] = "c"
    return PREFIX + (MARK if padded else "") + ",".join(
        f"{k}_{code}" for (k, _), code in zip(cols, codes, strict=True))


# org.apache.x.Y.start; a .NET category and its event's number: Microsoft.Hosting.Lifetime[14]
_DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\[\d+\])?$")
_ID = re.compile(r"^[*#]\d+$")  # nginx's "*5": the connection a record is about
# a header's last column that a record may go without (its message then starts there): a
# logger's dotted name, on nearly every record; a numbered id, on many
_OPTIONAL = {"D": (_DOTTED, LOG.level_share), "I": (_ID, 0.5)}


def _optional(rows: Sequence[list[tuple[str, str, int]]], j: int, klass: str) -> bool:
    """Whether field ``j`` holds a value of ``klass`` (:data:`_OPTIONAL`) in its share of
    the rows, after a blank, with a message after it: a header column of its own."""
    pattern, share = _OPTIONAL[klass]
    hits = sum(1 for r in rows if len(r) > j + 1 and r[j][1] in ("s", "w")
               and pattern.match(r[j][0]))
    return hits >= share * len(rows)


def _named_everywhere(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a "name:" in (nearly) every row, of more than one name."""
    names = [r[j][0] for r in rows if len(r) > j + 1 and _klass(r[j][0]) == "C"]
    return len(names) >= LOG.level_share * len(rows) and len(set(names)) > 1


def _level_after_name(field: str) -> str | None:
    """The level a field after a header's closing "name:" writes: a level word, or a
    capitalised word of the column's own set ("FAILURE": a level column holds nothing
    else)."""
    word = level_word(field)
    bare = field.rstrip(":")  # (BIND's "general: FAILURE: …")
    if word is None and bare.isalpha() and bare.isupper() and len(bare) <= 12:
        return bare
    return word


_PAIR = re.compile(r"^[A-Za-z_][\w.-]{0,40}=\S*$")
_PAIRS_REACH = 8  # pairs before a level, at most


def _level_at_pairs_end(fields: Sequence[tuple[str, str, int]], j: int) -> int:
    """Where a level word with a colon follows one or more ``key=value`` fields from field
    ``j`` on (-1: none)."""
    i = j
    while i < len(fields) and i < j + _PAIRS_REACH and _PAIR.match(fields[i][0]):
        i += 1
    if i == j or i >= len(fields) - 1:
        return -1
    word = fields[i][0]
    return i if word.endswith(":") and _level_after_name(word) is not None else -1


def _level_after_pairs(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether a level word with a colon follows a run of pairs (as many as a record has)
    after the header in (nearly) every row (a capitalised word there is the level column's
    own, as after a name)."""
    return sum(1 for r in rows if _level_at_pairs_end(r, j) >= 0) >= LOG.level_share * len(
        rows)


def _padded(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether a wide blank follows field ``j`` in (nearly) every row: a column padded to
    its width (SQL Server's "spid5s      "), or a "|" (Squid's "kid1| "), never a message's
    first word."""
    return sum(1 for r in rows if len(r) > j + 1 and r[j][1] in ("w", "p")) >= (
        LOG.level_share * len(rows))


def _level_after(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether the field after each row's closing "name:" (searched from column ``j``) holds
    a level word in (nearly) every row: the level follows the header's name."""
    hits = 0
    for r in rows:
        at = next((i for i in range(j, min(len(r), j + _REACH)) if _klass(r[i][0]) == "C"), -1)
        if 0 <= at < len(r) - 1 and level_word(r[at + 1][0]) is not None:
            hits += 1
    return hits >= LOG.level_share * len(rows)


def _epochs(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is an epoch's seconds (bare, bracketed or before a colon) in
    (nearly) every row."""
    return sum(1 for r in rows if len(r) > j and EPOCH.match(r[j][0].rstrip(":").strip("[]"))
               ) >= LOG.level_share * len(rows)


def _named_next(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether a "name:" follows a level glued to its counters in most rows (Asterisk's
    "WARNING[1234] chan_sip.c: …"): the header runs on to that name."""
    return sum(1 for r in rows if len(r) > j + 1 and _GLUED.match(r[j][0])
               and _klass(r[j + 1][0]) == "C") >= need


def _colon_ends(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether column ``j`` ends in a colon (or a counter glued in brackets: logrus's
    "INFO[0042]") in most rows: the level closes the header."""
    return sum(1 for r in rows if len(r) > j and (
        r[j][0].endswith(":") or _GLUED.match(r[j][0]))) >= need


def first_field_is_time(line: str) -> bool:
    """Whether a line opens with a time (a stamp, a bracketed time, a level letter glued to
    a date): the start of a record, in a log whose records run over several lines."""
    fields = _fields(line, 2)
    if not fields:
        return False
    first = _klass(fields[0][0])
    if first in _TIMES:
        return True
    return len(fields) > 1 and first == "M" and fields[0][1] != "g"  # "Jan 02 15:04:05"


def parser_for(fmt: str) -> Parser:
    """The parser of a format: a known one's, or a learned shape's."""
    known = PARSERS.get(fmt)
    if known is not None:
        return known
    if is_columns(fmt):
        return columns_parser(fmt)
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
    return any(c.split("_", 1)[0] in _LEVELS for c in unmarked(fmt[len(PREFIX):])[0].split(","))


@lru_cache(maxsize=64)
def shape_parser(fmt: str) -> Parser:
    """The parser of a learned shape format."""
    columns, padded = unmarked(fmt[len(PREFIX):])
    cols = [c.split("_", 1) for c in columns.split(",")]
    after = cols[-1][0] == "LA"  # (the level after the closing "name:", not a column of its own)
    paired = cols[-1][0] == "LP"  # (the level after the pairs, wherever they end)
    if after or paired:
        cols = cols[:-1]
    klasses = [k for k, _ in cols]
    seps = [s for _, s in cols]
    level_at = next((i for i, k in enumerate(klasses) if k in _LEVELS), None)
    glue = GLUE in seps  # (a shape of no glued fields reads none)
    severe = klasses[-1] == "LS"  # (the token that holds the severity closes the header)
    last_word = max((i for i, k in enumerate(klasses) if k in ("W", "C")), default=None)
    h = len(cols)
    closing = klasses[-1] in ("C", "P")
    reach = h - 1 + _REACH if closing else h  # the fields a record's header may take
    worded = level_at is not None and seps[level_at] == "c"
    if worded or after:
        reach += 1  # (the second word of a level: "Fatal error:"; the level after a name)
    if paired:
        reach += _PAIRS_REACH + 1

    def parse(line: str) -> Record | None:
        if padded:
            line = from_first_field(line)
        if not line or line[0].isspace():
            return None
        fields = _fields(line, reach, glue)
        if len(fields) < h:
            return None
        end = h - 1
        for i in range(h - 1 if closing else h):
            field, sep, _ = fields[i]
            k = klasses[i]
            if k in ("T", "N", "B", "BT", "C", "L1", "LT", "BL") and _klass(field) != k and (
                    k != "BL" or _klass(field) != "BT"):
                return None
            if seps[i] in ("p", GLUE) and sep != seps[i]:
                return None
        if severe and severity_digit(fields[h - 1][0]) is None:
            return None
        if closing:  # the first "-" or "name:" from its column on (a name may hold blanks)
            end = next((i for i in range(h - 1, min(len(fields), h - 1 + _REACH))
                        if _klass(fields[i][0]) == klasses[-1]), -1)
            if end < 0:
                return None
            while end + 1 < len(fields) and _SPAN.match(fields[end][0]) and _klass(
                    fields[end + 1][0]) == "C":
                end += 1  # (a span's "name{…}:" before the name: the header runs on)
        optional = _OPTIONAL.get(klasses[-1])
        named = optional is None or optional[0].match(fields[h - 1][0]) is not None
        if not named or severe:
            end = h - 2  # (a record without the optional column: its message starts there;
            # the token that holds the severity names the event: the message's own)
        message = line[fields[end][2]:] if end >= 0 else line
        if closing and message.startswith(": "):  # Ruby's "-- progname: …", no progname
            message = message[2:]
        level = None
        if after and end + 1 < len(fields) and (word := _level_after_name(fields[end + 1][0])):
            level, message = word, line[fields[end + 1][2]:]
        if paired and (at := _level_at_pairs_end(fields, h)) >= 0:
            level, message = _level_after_name(fields[at][0]), line[fields[at][2]:]
        if message.startswith('["'):
            message = quoted_text(message)
        if message.endswith(("}", "]")):
            message = without_context(message)
        if level_at is not None:  # as the log writes it
            level = _written(fields[level_at][0], klasses[level_at])
            if worded and len(fields) > level_at + 1 and not fields[level_at][0].endswith(
                    (":", "]")) and _SECOND_WORD.match(fields[level_at + 1][0]):
                # a level of two words in a column the others close with one ("Warning:",
                # "Fatal error:"): the level is both, the message follows them
                level = f"{level} {fields[level_at + 1][0][:-1]}"
                message = line[fields[level_at + 1][2]:] or line
        time = stamp_of([part for i in range(h) if klasses[i] in (*_TIMES, "M", "N") or (
            klasses[i] == "W" and fields[i][0].upper() in MERIDIEM)
                      for part in _time_parts(fields[i][0], klasses[i])])
        extra: dict[str, str] = {}
        if klasses[-1] == "D":
            if named:
                extra["component"] = fields[h - 1][0][:80]
        elif closing and end > h - 1:  # the name before the closing "-" or "name:"
            name = line[fields[h - 2][2] if h > 1 else 0: fields[end - 1][2]].strip()
            extra["component"] = name[:80]
        elif last_word is not None and fields[last_word][0].upper() not in MERIDIEM:
            name = fields[last_word][0].rstrip(":")  # (an AM/PM is the time's, no name)
            name = name.split("[", 1)[0].split("(", 1)[0] or name
            if any(c.isalpha() for c in name):  # ("909#174:", a pid and a thread: no name)
                extra["component"] = name[:80]
        return Record(time, level, message or line, extra)

    return parse


_SECOND_WORD = re.compile(r"^[a-z]{3,12}:$")


def _written(value: str, klass: str) -> str | None:
    """A level column's value as the level it writes: the letter of ``I0102``, the level
    of ``[main/INFO]``, the word of ``LOG:``."""
    if klass == "LT":
        return value[0]
    if klass == "LS":
        return severity_digit(value)
    if klass == "BL":
        return _stamped_level(value) or _bracket_word(value)
    glued = _GLUED.match(value)  # ("FAILURE[1603]": the word, not its counters)
    return level_word(value) or (glued.group(1) if glued else value.strip("[]()<>:,")) or None


def _time_parts(value: str, klass: str) -> list[str]:
    if klass == "M" and _FLAGGED_MONTH.match(value):
        return [value[1:]]
    if klass == "LT":  # a letter, the month and the day (and before them the year's two digits)
        if len(value) == 7:
            return [f"20{value[1:3]}-{value[3:5]}-{value[5:7]}"]
        return [f"{value[1:3]}-{value[3:5]}"]
    return value.strip("[]").split()
