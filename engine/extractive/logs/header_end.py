"""Where a line's header ends and its message begins.

The header of a learned shape (:mod:`.shape`) runs over the columns most lines agree on
(:mod:`.field_classes`), but its end is told by rules of its own: a "name:" closes it (not
one after a number, unless a name is on every record, nor one after a time, unless it is a
program's tag, "name[pid]:", on every record), as does a "-" (not one that starts
the line, a label, nor one before a level column); a level ending in a colon closes it; a
word column counts only when a wide blank (a fixed-width column's) follows it. A header may
run on past its columns: to a delimiter after a name of varying width, to a logger's dotted
name or a numbered id that some records go without, to a column of ids that writes dashes for
none, to a level after the closing "name:" or after a run of ``key=value`` pairs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import LEVELS, column_of, field_class
from gapless.engine.extractive.logs.glued_name import names_column
from gapless.engine.extractive.logs.level_words import GLUED, level_after_name, level_word
from gapless.engine.extractive.logs.padded_colon import closes_name
from gapless.engine.extractive.weights import LOG

CONTEXT = "X"  # a context column between "-"s after the level: any token, no component name
REACH = 4  # fields searched for a header's closing delimiter
# fields searched for a closing "-": the name before it may be a phrase of a few words that
# the header's columns were learned over ("[INFO] from play.api.Play in main - …")
DASH_REACH = 8
NAMED = ("W", "L", "L1", "B", "M")  # what a colon-terminated name follows in a header
# a span before the name that closes a header: "source{component_id=in}:" (tracing's)
SPAN = re.compile(r"^[\w.:-]{1,60}\{[^{}]*\}:$")
# org.apache.x.Y.start; a .NET category and its event's number: Microsoft.Hosting.Lifetime[14]
DOTTED = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\[\d+\])?$")
_ID = re.compile(r"^[*#]\d+$")  # nginx's "*5": the connection a record is about
# a request's id, or a run of dashes where a record is about no request ("--------")
_DASHES = re.compile(r"^-{2,}$")
_ID_OR_NONE = re.compile(r"^-{2,}$|^(?=[^-]*\d)[0-9A-Za-z]{6,40}$")
ID_OR_NONE = "O"  # the class of a column of ids that writes dashes for none
# a bracket after the header's bracket or level ("[neo4j/1a2b3c4d]", "[mqtt-broker:hub]"):
# a context (the database, the request, the node) that some records are about
_CONTEXT_BRACKET = re.compile(r"^\[[^\[\]]{1,60}\]$")
CONTEXT_BRACKET = "V"  # the class of a bracket of context that only some records hold
# a header's last column that a record may go without (its message then starts there): a
# logger's dotted name, on nearly every record; a numbered id, on many; a request's id or
# dashes, on nearly every one; a context's bracket after the header's own, on some
# a logger named by its source's path, "module/function" or "main/main.c" (Icecast's): the
# same column, its parts joined by "/" where a dotted name's are by "."
_NAMED = re.compile(r"^[A-Za-z_$][\w$]*(?:[./][A-Za-z_$][\w$]*)+(?:\[\d+\])?$")
OPTIONAL = {"D": (_NAMED, LOG.level_share), "I": (_ID, 0.5),
            ID_OR_NONE: (_ID_OR_NONE, LOG.level_share),
            CONTEXT_BRACKET: (_CONTEXT_BRACKET, LOG.context_share)}
_PAIR = re.compile(r"^[A-Za-z_][\w.-]{0,40}=\S*$")
PAIRS_REACH = 8  # pairs before a level, at most


def delimiter_follows(rows: Sequence[list[tuple[str, str, int]]], at: int, klass: str,
                      need: float) -> bool:
    """Whether most rows hold a field of ``klass`` (a "-", a "name:") a few fields after
    ``at``: a name of varying width ("chrome.exe *64 -") before the message."""
    if klass == "C":  # (a padded name's lone ":" too: :mod:`.padded_colon`)
        hits = sum(1 for r in rows
                   if any(closes_name(r, i) for i in range(at, min(len(r), at + REACH))))
        return hits >= need
    hits = sum(1 for r in rows if any(field_class(f[0]) == klass for f in r[at: at + REACH]))
    return hits >= need


def inner_dash(rows: Sequence[list[tuple[str, str, int]]], j: int,
               cols: Sequence[tuple[str, str]], need: float) -> bool:
    """Whether the punctuation column ``j`` (a "-") is inside the header, not its end: a
    label that starts the line ("- 1117838570 2005.06.03 …"), or a separator before a level
    column ("2015-07-29 17:41:00,947 - WARN  [main] - …"), or before a name and the level
    (Python's "%(asctime)s - %(name)s - %(levelname)s - %(message)s")."""
    if all(k == "P" for k, _ in cols):
        return True
    if len(cols) == 2 and cols[0][0] == "T" and (
            column_of(rows, j + 1, need) or ("", ""))[0] == "T":
        return True  # a dash between a record's date and its time ("1/3/2024 -- 00:00:01")
    # a level column after it, or after a name and another "-" ("… - app.db - WARNING - …");
    # or a thread's bracket, a name and a closing delimiter (Spring Boot's "12345 --- [main]
    # o.s.b.App : …"); or a bracket of tags and a counter (CockroachDB's "⋮ [n1] 5 …");
    # a number between two "-"s on the way is a column too (a logger's line number:
    # "… - app.db - 739 - INFO - …")
    bracket = False
    for k in range(j + 1, j + 1 + REACH + _NUMBERED):
        after = column_of(rows, k, need)
        if after is None or after[0] in ("L", "L1"):
            return after is not None
        if bracket and (after[0] in ("P", "C") or (after[0] == "N" and k == j + 2)):
            return True
        if after[0] == "C" and k == j + 1 and (column_of(rows, k + 1, need) or ("", ""))[
                0] in ("L", "L1"):
            return True  # a bracketed "name:" and the level after it (Firefox's "… UTC -
            # [Parent 42: Main Thread]: D/nsHttp …")
        if after[0] == "B" and not bracket and k == j + 1:
            bracket = True
        elif after[0] == "N" and not bracket and _between_dashes(rows, k, need):
            continue
        elif after[0] == "T" and not bracket:
            continue  # the record's stamp after the "-", then the level: "pid  - stamp  LEVEL"
        elif after[0] not in ("W", "P") or k >= j + 1 + REACH:
            return False
    return False


DASHED_FIELDS = 18  # fields a header of dashed context columns is read over (MAX_FIELDS: 12)


def dashed_context(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether the "-" at column ``j`` (after the level) is followed by one token and another
    "-" in (nearly) every row: a context column of its own, parted as the header's others are
    (a request's name: "… - INFO - GET-42 - message")."""
    return sum(1 for r in rows if len(r) > j + 3 and r[j + 1][0] != "-" and r[j + 2][0] == "-"
               ) >= LOG.level_share * len(rows)


_NUMBERED = 2  # the fields a number column and its "-" add to a run of dashed columns


def _between_dashes(rows: Sequence[list[tuple[str, str, int]]], k: int, need: float) -> bool:
    """Whether column ``k`` (a number) has a "-" column before and after it."""
    before, after = column_of(rows, k - 1, need), column_of(rows, k + 1, need)
    return before is not None and after is not None and before[0] == after[0] == "P"


def named_everywhere(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a "name:" in (nearly) every row, of more than one name (a
    name glued to its text counts: :mod:`.glued_name`)."""
    names = [r[j][0] for r in rows if len(r) > j + 1 and names_column(r[j][0])]
    return len(names) >= LOG.level_share * len(rows) and len(set(names)) > 1


# a program's name and its process id closing a syslog header: "dnsmasq[812]:", "sshd[24]:"
_TAGGED = re.compile(r"^[A-Za-z][\w./-]{0,47}\[\d{1,10}\]:$")


def tagged_everywhere(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a program's name with its process id in brackets, closed by a
    colon, in (nearly) every row: syslog's tag after its stamp, as a file the program
    writes itself (no host between them) holds it. A message's own first word is no name
    glued to a bracketed number on every record."""
    return sum(1 for r in rows if len(r) > j + 1 and _TAGGED.match(r[j][0])
               ) >= LOG.level_share * len(rows)


def named_next(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether a "name:" follows a level glued to its counters in most rows (Asterisk's
    "WARNING[1234] chan_sip.c: …"): the header runs on to that name."""
    return sum(1 for r in rows if len(r) > j + 1 and GLUED.match(r[j][0])
               and field_class(r[j + 1][0]) == "C") >= need


def colon_ends(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether column ``j`` ends in a colon (or a counter glued in brackets: logrus's
    "INFO[0042]") in most rows: the level closes the header."""
    return sum(1 for r in rows if len(r) > j and (
        r[j][0].endswith(":") or GLUED.match(r[j][0]))) >= need


def padded_word(cols: Sequence[tuple[str, str]]) -> bool:
    """Whether the header's last column is a word padded to its width right after the level
    (a component's: "2024-03-01 10:00:00, Info                  MOUPG  DlpTask: …"): the
    header ends at it, a "name:" after it being the message's first word ("DlpTask:",
    "SetupHost::Initialize:"), not the end of a name of several words."""
    return len(cols) > 1 and cols[-1] == ("W", "w") and cols[-2][0] in LEVELS


def padded_column(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether a wide blank follows field ``j`` in (nearly) every row: a column padded to
    its width (SQL Server's "spid5s      "), or a "|" (Squid's "kid1| "), never a message's
    first word; or, the field's values of several widths, the next field opens at one
    place: padded to its longest value, which has a single blank after it."""
    need = LOG.level_share * len(rows)
    if sum(1 for r in rows if len(r) > j + 1 and r[j][1] in ("w", "p")) >= need:
        return True
    return padded_to_widest(rows, j)


def padded_to_widest(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j``'s values are of several widths, yet the next field opens at one
    place on (nearly) every row, most of them after a wide blank: a column padded to its
    longest value (which has a single blank after it, so most rows but not nearly all show
    a wide blank)."""
    opens = Counter(r[j][2] for r in rows if len(r) > j + 1)
    if not opens:
        return False
    at, count = opens.most_common(1)[0]
    aligned = [r[j] for r in rows if len(r) > j + 1 and r[j][2] == at]
    wide = sum(1 for field in aligned if field[1] == "w")  # (the padding seen, on most)
    return count >= LOG.level_share * len(rows) and len(
        {len(field[0]) for field in aligned}) > 1 and 2 * wide >= len(aligned)


def optional_column(rows: Sequence[list[tuple[str, str, int]]], j: int, klass: str) -> bool:
    """Whether field ``j`` holds a value of ``klass`` (:data:`OPTIONAL`) in its share of
    the rows, after a blank, with a message after it: a header column of its own."""
    pattern, share = OPTIONAL[klass]
    hits = sum(1 for r in rows if len(r) > j + 1 and r[j][1] in ("s", "w")
               and pattern.match(r[j][0]))
    return hits >= share * len(rows)


def ids_or_none(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a column of ids that writes a run of dashes where a record has
    none (a request's id, "--------" for a record of no request): such a column is the
    header's on nearly every record, the dashes on some and an id on others. A word column
    ends no header (:mod:`.shape`), but dashes for "none" make a field, never a word."""
    held = [r[j][0] for r in rows if len(r) > j + 1 and r[j][1] in ("s", "w")
            and _ID_OR_NONE.match(r[j][0])]
    dashed = sum(1 for f in held if _DASHES.match(f))
    return len(held) >= LOG.level_share * len(rows) and 0 < dashed < len(held)


def context_column(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether field ``j`` is a bracket of context that some records hold (the database,
    the request, the node a record is about): a bracket on
    :attr:`~.LogWeights.context_share` of the rows, that messages are written both with and
    without (an id that opens one event's message only, "[C12] new stream", "[Job 12]", is
    the message's own)."""
    if not optional_column(rows, j, CONTEXT_BRACKET):
        return False
    held = {r[j + 1][0] for r in rows if len(r) > j + 1 and _CONTEXT_BRACKET.match(r[j][0])}
    bare = {r[j][0] for r in rows if len(r) > j and not _CONTEXT_BRACKET.match(r[j][0])}
    return len(held & bare) >= 2


def level_after(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether the field after each row's closing "name:" (searched from column ``j``) holds
    a level word in (nearly) every row: the level follows the header's name."""
    hits = 0
    for r in rows:
        at = next((i for i in range(j, min(len(r), j + REACH)) if field_class(r[i][0]) == "C"), -1)
        if 0 <= at < len(r) - 1 and level_word(r[at + 1][0]) is not None:
            hits += 1
    return hits >= LOG.level_share * len(rows)


def level_at_pairs_end(fields: Sequence[tuple[str, str, int]], j: int) -> int:
    """Where a level word with a colon follows one or more ``key=value`` fields from field
    ``j`` on (-1: none)."""
    i = j
    while i < len(fields) and i < j + PAIRS_REACH and _PAIR.match(fields[i][0]):
        i += 1
    if i == j or i >= len(fields) - 1:
        return -1
    word = fields[i][0]
    return i if word.endswith(":") and level_after_name(word) is not None else -1


def level_after_pairs(rows: Sequence[list[tuple[str, str, int]]], j: int) -> bool:
    """Whether a level word with a colon follows a run of pairs (as many as a record has)
    after the header in (nearly) every row (a capitalised word there is the level column's
    own, as after a name)."""
    return sum(1 for r in rows if level_at_pairs_end(r, j) >= 0) >= LOG.level_share * len(
        rows)


def quote_opens(rows: Sequence[list[tuple[str, str, int]]], j: int, need: float) -> bool:
    """Whether field ``j`` opens a double-quoted field that closes in a later one on most
    rows (an access log's ``"GET /path HTTP/1.1"``): one field of the message, its words
    no header columns (each would be a column of its own, and every request one template)."""
    return sum(1 for r in rows if len(r) > j and _opens(r[j][0])) >= need


def _opens(field: str) -> bool:
    return field[:1] == '"' and (len(field) == 1 or field.count('"') % 2 == 1)
