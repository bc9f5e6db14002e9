"""A table of comma- (or tab-, or semicolon-) separated rows under a row of column names,
read as records: each row an object of its columns' names to its cells.

Messengers and social sites export a conversation as such a table — a row a message, a
column for who sent it, one for the words (in quotes when they hold the separator or span
lines) — and such records are a collection like a JSON list: the structural chat reader
(:mod:`.chat_shape`) finds its speaker and its words the same way. An empty cell is no value
(a field the record does not have). A text is such a table only when its first row names
three columns or more, each once (names, not a record's pieces: no quote or brace inside
one), and every row has as many cells.
"""

from __future__ import annotations

import csv
import io
import re

from gapless.engine.sources.common import JsonObj

SEPARATORS = (",", "\t", ";")
MIN_COLUMNS = 3
MIN_ROWS = 2


def _rows(text: str, sep: str) -> list[list[str]] | None:
    try:
        return list(csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=True))
    except csv.Error:
        return None


# blanks that end a line: after a quoted cell they are no cell's (a strict reader refuses
# them), and a name or a cell is read without them anyway
_LINE_END_BLANKS = re.compile(r"[ \t]+(?=\r?\n|\Z)")


# a quote or a brace inside a cell of the first row: a record's (a JSON object, or a log
# line holding one, cut at its commas), never a column's name
_NOT_NAME = re.compile(r'.["{}]')


def csv_records(text: str, *, partial: bool = False) -> list[JsonObj] | None:
    """The rows of a table of named columns as records, or None when ``text`` is none
    (``partial``: the text is a file's start, its last row maybe cut)."""
    text = _LINE_END_BLANKS.sub("", text)
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    for sep in SEPARATORS:
        try:
            names = [n.strip() for n in next(csv.reader([first], delimiter=sep), [])]
        except csv.Error:  # (a carriage return alone inside the line: no row of names)
            continue
        if (len(names) < MIN_COLUMNS or len(set(names)) != len(names)
                or not all(names) or any(_NOT_NAME.search(n) for n in names)):
            continue
        rows = _rows(text.lstrip("\ufeff"), sep)
        if rows is None:
            if not partial:
                continue
            rows = _rows(text.lstrip("\ufeff").rsplit("\n", 2)[0], sep)
            if rows is None:
                continue
        body = [r for r in rows[1:] if r]
        if partial and body and len(body[-1]) != len(names):
            body = body[:-1]  # a row cut by the end of the sample
        if len(body) < MIN_ROWS or any(len(r) != len(names) for r in body):
            continue
        return [{k: v for k, v in zip(names, r, strict=True) if v.strip()} for r in body]
    return None
