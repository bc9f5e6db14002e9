"""Computed statistics of a machine log: what a log's summary states as exact numbers.

A leaf computes them for its scope; a fold merges its children's exactly (counts add, the
same template mined in two children is one template), so the root's numbers are those of
the whole input however it was split. Every list is capped (see the ``*_other`` counts), so
a node's stats stay small whatever the size of the log it covers.

A scope cut inside a line (a tree leaf, a chunk) counts the pieces of that line as if they
were whole lines, and says so: the text before its first newline is its ``head`` (when the
scope does not start the input), the text after its last newline its ``tail``, each with
what it added (:class:`Fragment`). A fold takes those back out, joins a child's tail with
the next child's head and counts the whole line, so no line is counted twice or cut in two,
and the root counts the input's last line even when it ends without a newline. A scope
without any newline is ``open``: all head.

Times are ``YYYY-MM-DDTHH:MM:SS`` strings as the log wrote them (no time-zone conversion),
so they sort as text; a format without a year (syslog) writes the year as ``0000``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, Field


def _empty(value: object) -> bool:
    return not value


class TemplateStat(BaseModel):
    """One event template (``<*>`` for the variable parts) and the records it covers."""

    template: str
    count: int
    first: str | None = None
    last: str | None = None
    errors: int = 0
    warnings: int = 0


@dataclass(slots=True)
class Form:
    """A distinct masked message and its records, with the template of its scope it went
    to (``joined``). A plain value, not a model: a scope holds up to thousands."""

    text: str
    count: int
    first: str | None = None
    last: str | None = None
    errors: int = 0
    warnings: int = 0
    joined: str = ""


class LogStats(BaseModel):
    """Exact figures of a log (``format`` says which parser read its records)."""

    format: str
    lines: int = 0  # non-blank lines
    records: int = 0  # lines read as log records of ``format``
    other_lines: int = 0  # continuation lines (stack traces…) and lines of no known shape
    bytes: int = 0
    first: str | None = None
    last: str | None = None
    levels: dict[str, int] = Field(default_factory=dict)
    levels_inferred: bool = False  # levels read from keywords / HTTP status, not a field
    templates: list[TemplateStat] = Field(default_factory=list)  # by count, at most the cap
    templates_other: int = 0  # records in templates past the cap
    fields: dict[str, dict[str, int]] = Field(default_factory=dict)  # top values per field
    fields_other: dict[str, int] = Field(default_factory=dict)  # counts past each field's cap
    sums: dict[str, int] = Field(default_factory=dict)  # e.g. bytes sent
    error_minutes: dict[str, int] = Field(default_factory=dict)  # "YYYY-MM-DDTHH:MM" -> n
    warning_minutes: dict[str, int] = Field(default_factory=dict)
    minutes_other: int = 0  # error / warning records in minutes past the cap
    # What the capped counters above may lack (engine.extractive.logs.bounded), so that a
    # figure taken from them is printed only when proved: for a kept value whose count may
    # be short, by how much at most; the most records a value not kept may have; and the
    # records past the cap of each minute counter. Empty (and not stored) while nothing
    # was dropped, as in most logs.
    fields_short: dict[str, dict[str, int]] = Field(default_factory=dict, exclude_if=_empty)
    fields_bound: dict[str, int] = Field(default_factory=dict, exclude_if=_empty)
    minutes_short: dict[str, dict[str, int]] = Field(default_factory=dict, exclude_if=_empty)
    minutes_bound: dict[str, int] = Field(default_factory=dict, exclude_if=_empty)
    minutes_past: dict[str, int] = Field(default_factory=dict, exclude_if=_empty)
    # The most records any template's count may lack: those the parts of a fold dropped
    # past their template cap, which had they been kept might have merged into any of its
    # templates (0 when the templates were mined from every distinct message).
    templates_short: int = Field(default=0, exclude_if=_empty)
    own_first: str | None = None  # the time range of the records wholly inside the scope
    own_last: str | None = None  # (a fold's: its edge pieces' times may be pieces of times)
    head: Fragment | None = None  # the piece of the line this scope starts inside of
    tail: Fragment | None = None  # the piece of the line it ends inside of ("" at a line end)
    open: bool = False  # no newline at all: the whole scope is one piece of one line
    # Every distinct masked message with its records while the scope has few enough: the
    # templates are mined from them in a fixed order, so they are those of the whole input
    # however it was split. None past the cap (templates are merged from the children's
    # then) and in what is stored: they are kept in memory for the fold above.
    forms: list[Form] | None = Field(default=None, exclude=True)


class Fragment(BaseModel):
    """A piece of a line at a scope's edge, counted as a line until a fold joins it."""

    text: str
    counted: LogStats | None = None  # what counting it added (None: blank, nothing)
    template: str | None = None  # the template it added a record to (None: past the cap)


LogStats.model_rebuild()
