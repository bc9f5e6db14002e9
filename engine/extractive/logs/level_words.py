"""Levels as a log writes them: how a field, or a column's values, are judged to be levels.

A level is seldom a bare word of the common scale (``INFO``, ``Warning``): it may sit in its
own bracket or angle brackets (``[WARN]``, ``<Information>``), be one part of a pair
(``[main/INFO]``, ``local.ERROR:``), a letter (``I``, logcat's ``I/Tag(``), a word glued to
its counters (logrus's ``WARN[0042]``), or share a bracket with the time (``[12:00:01 INF]``).
A column whose values are not all of the common scale is a level column still when they form
a small closed set: capitalised words beside the levels (``[Note]``, ``DETAIL:``), or a few
recurring symbols (Redis's ``*``, ``#``). The learned shape (:mod:`.shape`) classes its
fields and columns by these judgements and reads each record's level with them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.core.levels import level_of
from gapless.engine.extractive.logs.colon_bracket import colon_parts
from gapless.engine.extractive.logs.formats import LETTER_LEVELS
from gapless.engine.extractive.logs.severity import severity_digit
from gapless.engine.extractive.logs.stamps import bracket_time, is_time
from gapless.engine.extractive.weights import LOG

_PAIRED = re.compile(r"[/.:]")  # "thread/LEVEL", "channel.LEVEL", "program:level"
# a level and a counter: "WARN[0042]"; a process's id and a call's: "WARNING[1234][C-0001]"
GLUED = re.compile(r"^([A-Za-z]{3,8})\[\d+\](?:\[[^\[\]\s]{1,40}\])*$")
# a level word and the tier of its verbosity, a digit glued to it ("debug1", "debug3"): each
# tier is a value of the level column of its own, written as the log writes it
TIERED = re.compile(r"^([A-Za-z]{4,8})([1-9])$")
# a level in brackets glued to the name of what wrote the record, a module's file or a
# logger ("util.py[DEBUG]:"): the bracket closes the name as a level column's does a field
NAMED_LEVEL = re.compile(r"^[A-Za-z_][\w.$-]{0,60}\[([A-Za-z]{3,12})\]$")
SECOND_WORD = re.compile(r"^[a-z]{3,12}:$")  # a level's second word ("Fatal error:")
SET_SIZE = 12  # distinct values of a level column, at most
TOPICS = 6  # topics a record is tagged with, at most


def level_word(field: str) -> str | None:
    """The level a field writes: ``WARN``, ``[WARN]``, ``LOG:``, the last part of a pair
    (``[Server thread/INFO]:``, ``local.ERROR:``) or a letter before a tag (``I/Tag(``);
    else None."""
    inner = field.rstrip(":,")
    if inner[:1] in "[(<" and inner[-1:] in "])>":  # ("<Information>")
        inner = inner[1:-1].strip()
        if inner in LETTER_LEVELS:
            return inner  # a level letter in its own bracket ("[I]", "[W]")
        if len(inner) == 2 and inner[0] == inner[1] and inner[0] in LETTER_LEVELS:
            return inner[0]  # the letter doubled in its bracket ("(II)", "(WW)", "(EE)")
    if level_of(inner) is not None:
        return inner
    tiered = TIERED.match(inner)
    if tiered is not None and level_of(tiered.group(1)) is not None:
        return inner  # a level and its tier of verbosity ("debug1:", "debug3:"): one value
    glued = GLUED.match(inner)
    if glued is not None and level_of(glued.group(1)) is not None:
        return glued.group(1)  # logrus's "WARN[0042]": the seconds since start beside it
    named = NAMED_LEVEL.match(inner)
    if named is not None and level_of(named.group(1)) is not None:
        return named.group(1)  # a level in brackets closing the writer's name ("util.py[DEBUG]")
    parts = _PAIRED.split(inner)
    last = parts[-1] if len(parts) > 1 else ""
    if last and level_of(last) is not None:
        return last
    tagged = inner.rpartition("#")[2]  # a level after its writer's name ("namespace#info")
    if tagged != inner and level_of(tagged) is not None:
        return tagged
    if len(parts) == 2 and parts[0] in LETTER_LEVELS and parts[1][:1].isalpha():
        return parts[0]  # a letter and the tag it is about (logcat's "I/ActivityManager(")
    if len(parts) == 2 and "/" in inner and level_of(parts[0]) is not None and parts[1][
            :1].isalpha():
        return parts[0]  # a level and the facility it is about ("warning/ApiListener:")
    return _barred_level(inner) or topics_level(inner)


def topics_level(value: str) -> str | None:
    """The level among a record's topics: lower-case words joined by commas, one or more of
    them a level ("firewall,info", "system,error,critical": the first), else None. A router
    tags each record with the topics it belongs to, its severity one of them."""
    if "," not in value:
        return None
    parts = value.split(",")
    if len(parts) > TOPICS or not all(p.isalpha() and p.islower() and len(p) <= 12
                                      for p in parts):
        return None
    return next((p for p in parts if level_of(p) is not None), None)


def _barred_level(inner: str) -> str | None:
    """A level word beside the place that wrote it, parted by a bar ("INFO|trainer.py:20",
    "app.worker|WARNING"): the bar parts a bracket's fields as a space parts a line's."""
    barred = inner.split("|")
    if len(barred) < 2:
        return None
    for part in (barred[0].strip(), barred[-1].strip()):
        if len(part) >= 3 and part.isalpha() and level_of(part) is not None:
            return part
    return None


def stamped_level(field: str) -> str | None:
    """The level of a bracket that holds a time and a level among a few words
    ("[12:00:01 INF]", "[2024-03-01T12:00:01Z WARN  app::db]"), else None."""
    parts = colon_parts(field)
    if parts is not None:  # ("[pid:tid:MMDD/HHMMSS.mmm:LEVEL:file.cc(1)]": :mod:`.colon_bracket`)
        found = [p for p in parts if level_of(p) is not None]
        return found[0] if len(found) == 1 else None
    words = field.rstrip(":").strip("[]").split()
    if not 2 <= len(words) <= 6 or not bracket_time(field):
        return None
    if len(words) <= 4:
        levels = [lv for w in words if (lv := _word_level(w)) is not None]
        if levels or len(words) < 4:
            return levels[0] if len(levels) == 1 else None
    return tagged_bracket(words)


def tagged_bracket(words: list[str]) -> str | None:
    """The level letter of a bracket whose last word is a level letter before a tag, after
    a date, a time and a process's and a thread's numbers (logcat's "-v long" header:
    "[ 03-01 10:00:00.136  1234: 1286 I/ActivityManager ]"), else None."""
    letter, _, tag = words[-1].partition("/")
    if letter in LETTER_LEVELS and tag[:1].isalpha() and all(
            any(c.isdigit() for c in w) for w in words[:-1]):
        return letter
    return None


def _word_level(word: str) -> str | None:
    """The level a bracket's word writes: itself, or one part of a pair (Celery's
    "INFO/MainProcess", a thread's "main/INFO")."""
    word = word.rstrip(":,")
    if level_of(word) is not None or word in LETTER_LEVELS:  # (Tornado's "[I 240301 …]")
        return word
    parts = [p for p in _PAIRED.split(word) if level_of(p) is not None]
    return parts[0] if len(parts) == 1 else None


def bracket_word(field: str) -> str | None:
    """The first word of a bracket that is no time ("FAILURE" of "[12:00:01 FAILURE]"; of a
    pair, its first part: Celery's "[… FAILURE/MainProcess]")."""
    parts = colon_parts(field)
    if parts is not None:  # (of colon-parted fields, the one capitalised word: "FAILURE")
        return next((p for p in parts if p.isalpha() and p.isupper() and len(p) <= 12), None)
    word = next((w for w in field.rstrip(":").strip("[]").split() if not is_time(w)), None)
    return None if word is None else word.split("/", 1)[0] or word


def written(value: str, klass: str) -> str | None:
    """A level column's value as the level it writes: the letter of ``I0102``, the level
    of ``[main/INFO]``, the word of ``LOG:``."""
    if klass == "LT":
        return value[0]
    if klass == "LS":
        return severity_digit(value)
    if klass == "LB":  # (a bracket that holds a level on some records only: .bracket_levels;
        # of a pair, its word of the column's own set too: "[ns#FAILURE]", "[main/FAILURE]")
        tagged = value.strip("[]").rpartition("#")[2]
        own = tagged if tagged.isalpha() and len(tagged) <= 12 and "#" in value else None
        return level_word(value) or pair_word(value) or own
    if klass == "BL":
        return stamped_level(value) or bracket_word(value)
    glued = GLUED.match(value)  # ("FAILURE[1603]": the word, not its counters)
    word = level_word(value)
    if word is None and glued is None:
        word = pair_word(value)  # ("[main/FAILURE]": the pair's word, not the pair)
    return word or (glued.group(1) if glued else value.strip("[]()<>:,!")) or None


def pair_word(value: str) -> str | None:
    """The one capitalised word of a pair that holds no level of the common scale
    ("FAILURE" of "[Server thread/FAILURE]:" and of "FAILURE/ApiListener:"): the word of
    the column's own set, on whichever side the column writes its levels; else None."""
    parts = _PAIRED.split(value.strip("[]()<>:,"))
    words = [p for p in parts if p.isalpha() and p.isupper() and len(p) <= 12]
    return words[0] if len(parts) == 2 and len(words) == 1 else None


def level_after_name(field: str) -> str | None:
    """The level a field after a header's closing "name:" writes: a level word, or a
    capitalised word of the column's own set ("FAILURE": a level column holds nothing
    else)."""
    word = level_word(field)
    bare = field.rstrip(":")  # (BIND's "general: FAILURE: …")
    if word is None and bare.isalpha() and bare.isupper() and len(bare) <= 12:
        return bare
    return word


def symbol_levels(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j`` holds a few one-symbol values, two or more of them recurring: a
    level written as a symbol, not a delimiter (one value) nor a message's punctuation."""
    values = Counter(r[j][0] for r in rows if len(r) > j)
    symbols = Counter({v: c for v, c in values.items() if len(v) == 1 and not v.isalnum()})
    # (on nearly every row: a piece of a log may open with a line cut in two)
    if not 2 <= len(symbols) <= 4 or symbols.total() < LOG.level_share * len(rows):
        return False
    second = symbols.most_common(2)[1][1]
    return second >= max(2, 0.01 * len(rows))


def one_bare_word(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether column ``j`` holds one value, a bare lower-case word, in every row but at
    most :data:`CUT_EDGES` whose value there is no level written as that word is: a piece
    of a log opens and ends with a line cut mid-way, whose fields fall elsewhere ("…2  0
    log_channel(cluster) log [DBG] :"), so Ceph's constant "log" before its "[DBG]" is no
    level column in that piece either (it was one where the cut line put "[DBG]" there)."""
    values = Counter(r[j][0] for r in rows if len(r) > j)
    if not values:
        return False
    word, count = values.most_common(1)[0]
    if not (word.isalpha() and word.islower()) or sum(values.values()) - count > CUT_EDGES:
        return False
    # (a level written as the word is, "error" beside "info", is a level column's)
    return not any(v != word and v.isalpha() and v.islower() and level_of(v) is not None
                   for v in values)


CUT_EDGES = 2  # lines of a piece that may be cut: its first and its last


def closed_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a capitalised word that is no level of the common
    scale (a lower-case one, when the column's levels are written in lower case), when the
    column's values form a small closed set (else None): the other members of a level
    column's set."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            values[r[j][0].strip("[]():,")] += 1
    if len(values) > SET_SIZE:
        return None
    # (a column that writes its levels in lower case writes its own words so: sbt's
    # "[success]" beside "[info]", "[warn]", "[error]")
    levels = [v for v in values if level_of(v) is not None]
    lower = bool(levels) and all(v.islower() for v in levels)
    return sum(c for v, c in values.items() if level_of(v) is None and v.isalpha() and (
        v.isupper() or (lower and v.islower())) and len(v) <= 12)


def word_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a capitalised word, when the column's values form
    a small closed set with two levels of the common scale or more (else None)."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:  # (in a bracket, parentheses or angle brackets: "<Config>")
            values[r[j][0].strip("[]():,<>")] += 1
    if len(values) > SET_SIZE or sum(1 for v in values if level_of(v) is not None) < 2:
        return None
    return sum(c for v, c in values.items() if v.isalpha() and len(v) <= 12 and v[0].isupper())


def lower_word_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a lower-case word, when the column's values form a
    small closed set with two levels of the common scale or more, all written in lower case
    (else None): a log that writes its levels in lower case writes its own ones so too
    (npm's "silly", "timing", "http" beside "info", "warn")."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            values[r[j][0]] += 1
    levels = [v for v in values if level_of(v) is not None]
    if len(values) > SET_SIZE or len(levels) < 2 or not all(v.islower() for v in levels):
        return None
    return sum(c for v, c in values.items() if v.isalpha() and len(v) <= 12 and v.islower())


def letter_set(rows: Sequence[list[tuple[str, str, int]]], j: int) -> int | None:
    """The rows whose column ``j`` holds a capital letter alone in brackets or parentheses,
    when the column's values form a small closed set of such letters, two or more of them
    level letters (else None): a log that writes its levels as letters writes its own ones
    so too ("(N)" beside "(I)", "(W)", "(C)")."""
    values: Counter[str] = Counter()
    for r in rows:
        if len(r) > j:
            values[r[j][0]] += 1
    letters = {v: c for v, c in values.items()
               if len(v) == 3 and v[0] in "[(" and v[2] in "])" and v[1].isupper()}
    if len(values) > SET_SIZE or sum(1 for v in letters if v[1] in LETTER_LEVELS) < 2:
        return None
    return sum(letters.values())
