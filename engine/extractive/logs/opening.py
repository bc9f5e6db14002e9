"""Lines before a log's first record: what a program prints before it logs (issue #36).

A stranger's log often opens with lines that are no record: a banner's ASCII art and
version, a licence notice, an echoed command line, a dump of its configuration. A format
whose records need little of a line (a level first, or a level column the parser does not
insist on) reads some of them as records of no level, or of a level of their own first
word. The log has begun at its first record that holds a level (of the common scale, or a
word its records repeat): the lines before it that read as records of no time are the
opening's, and no record, wherever the same line comes again (a program restarted prints
its banner again). The opening is learned once from the input's start
(:func:`input_opening` while a run reads its scopes, so every scope and window drops the
same lines), else from a scope that starts the input. When no record with a level comes
within :data:`REACH` lines, there is no opening.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from gapless.engine.extractive.logs.formats import Record, common_level
from gapless.engine.extractive.logs.paired import is_paired, joined

REACH = 120  # non-blank lines from the input's start: a banner and a config dump fit
HEAD_CHARS = 60_000  # of the input read for its opening

NONE: frozenset[str] = frozenset()
# the common scale (a first word read as a level column's own word, "Copyright" or "+", is
# no sign the log has begun)
SCALE = ("error", "warning", "info", "debug")

_OPENING: ContextVar[frozenset[str] | None] = ContextVar("gapless_input_opening",
                                                          default=None)


def opening_lines(text: str, fmt: str, parse: Callable[[str], Record | None]) -> frozenset[str]:
    """The lines (right-stripped) at the start of ``text`` that read as records of no time
    before its first record with a level (of a paired format, a line at the margin joined
    with the next); none when no record with a level comes within reach."""
    lines = [ln.rstrip() for ln in text[:HEAD_CHARS].removeprefix("\ufeff").splitlines()]
    two = is_paired(fmt)
    records: list[tuple[str, Record | None]] = []
    for i, body in enumerate(lines):
        if not body.strip() or (two and body[0].isspace()):
            continue
        if two:
            second = lines[i + 1] if i + 1 < len(lines) else ""
            records.append((body, parse(joined(body, second)) if second.strip() else None))
        else:
            records.append((body, parse(body)))
    # a level of the log's own is one of the common scale, or a word its records repeat
    # ("silly", "http"): a banner's first word read as a level is there once ("Copyright")
    written = Counter(rec.level for _, rec in records if rec is not None and rec.level)
    seen: list[str] = []
    for at, (body, rec) in enumerate(records[:REACH]):
        if rec is None:
            continue
        if rec.level and (common_level(rec.level) in SCALE or written[rec.level] > 1):
            return _before_own(seen, records[at:])
        if rec.time is not None:  # (a timed record: the log has begun, levels or none)
            return NONE
        seen.append(body)
    return NONE


def _opens(body: str) -> str:
    """A line's first words, its digits alike: how a kind of line opens."""
    return " ".join(_DIGITS.sub("0", body).split()[:_OPENING_WORDS])


_DIGITS = re.compile(r"\d+")
_OPENING_WORDS = 3


def _before_own(seen: list[str], after: list[tuple[str, Record | None]]) -> frozenset[str]:
    """The opening's lines up to the first that opens as a record of no level after the log
    has begun does (a build tool's progress line, "[0 / 500] Compiling …", written before
    its first levelled record and again between them): from there on, the log's own."""
    again = {_opens(body) for body, rec in after if rec is not None and not rec.level}
    cut = next((k for k, body in enumerate(seen) if _opens(body) in again), len(seen))
    return frozenset(seen[:cut])


@contextmanager
def input_opening(lines: frozenset[str] | None) -> Iterator[None]:
    """Within this block, every scope of the input drops ``lines`` (None: each its own)."""
    token = _OPENING.set(lines)
    try:
        yield
    finally:
        _OPENING.reset(token)


def opening_hint() -> frozenset[str] | None:
    """The input's opening set by :func:`input_opening` (None outside one)."""
    return _OPENING.get()


def scope_opening(text: str, fmt: str, starts_input: bool,
                  parse: Callable[[str], Record | None]) -> frozenset[str]:
    """The opening lines a scope drops: the input's, else its own when it starts the input."""
    hint = _OPENING.get()
    if hint is not None:
        return hint
    return opening_lines(text, fmt, parse) if starts_input else NONE
