"""One scope of a log, read line by line into its exact :class:`LogStats`."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from engine.core.logstats import Fragment, LogStats
from engine.core.recent import Recent
from engine.extractive.logs.bursts import MINUTE_CAP
from engine.extractive.logs.fields import capped, record_fields, record_level
from engine.extractive.logs.mask import mask
from engine.extractive.logs.shape import parser_for
from engine.extractive.logs.templates import TemplateBag, canonical


@dataclass
class Scan:
    """The stats of a scope, and where (character span) each template first occurs.

    A scan made ahead by a worker process (:mod:`.ahead`) comes with its ``counted`` stats
    only, ``stats`` None: that is all anyone reads of it, and half the bytes to send back."""

    stats: LogStats | None
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)
    counted: LogStats | None = None  # ``provisional(stats)``, once asked (see .summary)


def exact_templates(fmt: str) -> bool:
    """Access logs' templates are their masked routes as they are; others are mined."""
    return fmt == "apache-access"


FRAGMENT_CHARS = 4000  # of a line cut by a scope's edge, kept to be joined by the fold


def scan_log(text: str, fmt: str, *, starts_input: bool = True, remember: bool = True) -> Scan:
    """Every line of ``text`` parsed as ``fmt``: counts, levels, templates, fields.

    Unless the text ``starts_input``, its first line may be the end of a line cut in two:
    it is kept as the ``head``, not counted; a last line without a newline is the ``tail``
    (see :class:`~engine.core.logstats.LogStats`; :func:`~.merge.provisional` counts them).
    The last few scans are remembered: a chunk's prompt and the offline provider's answer
    to it read the same text (``remember=False`` for one-off lines). Treat the result as
    read-only."""
    if not remember:
        return _scan(text, fmt, starts_input)
    hit = _SCANS.get((text, fmt, starts_input))
    if hit is None:
        hit = _scan(text, fmt, starts_input)
        _SCANS.put((text, fmt, starts_input), hit)
    return hit


def remember_scan(text: str, fmt: str, starts_input: bool, scan: Scan) -> None:
    """Keep a scan made elsewhere (another process) as if :func:`scan_log` had made it."""
    _SCANS.put((text, fmt, starts_input), scan)


_SCANS: Recent[tuple[str, str, bool], Scan] = Recent(8)


def _scan(text: str, fmt: str, starts_input: bool) -> Scan:
    head: Fragment | None = None
    nl_first = text.find("\n")
    if nl_first < 0:  # one piece of one line: nothing to count yet
        piece = Fragment(text=text[:FRAGMENT_CHARS])
        return Scan(LogStats(format=fmt, bytes=len(text.encode("utf-8")),
                             head=None if starts_input else piece,
                             tail=piece if starts_input else None, open=not starts_input))
    lo = 0
    if not starts_input:
        head = Fragment(text=text[:nl_first][:FRAGMENT_CHARS])
        lo = nl_first + 1
    hi = text.rfind("\n") + 1
    tail = Fragment(text=text[hi:][:FRAGMENT_CHARS])
    parse = parser_for(fmt)
    bag = TemplateBag(exact=exact_templates(fmt))
    levels: Counter[str] = Counter()
    counters: dict[str, Counter[str]] = defaultdict(Counter)
    err_min: Counter[str] = Counter()
    warn_min: Counter[str] = Counter()
    first_at: dict[int, tuple[int, int]] = {}
    lines = records = other = inferred = 0
    first: str | None = None
    last: str | None = None
    sent = 0
    pos = lo
    for line in text[lo:hi].splitlines(keepends=True):
        start = pos
        pos += len(line)
        body = line.rstrip("\r\n")
        if not body.strip():
            continue
        lines += 1
        rec = parse(body)
        if rec is None:
            other += 1
            continue
        records += 1
        level, was_inferred = record_level(rec, fmt)
        inferred += was_inferred
        levels[level or "none"] += 1
        t = rec.time
        if t is not None:
            if first is None or t < first:
                first = t
            if last is None or t > last:
                last = t
            if level == "error":
                err_min[t[:16]] += 1
            elif level == "warning":
                warn_min[t[:16]] += 1
        for name, value in record_fields(rec, fmt):
            counters[name][value] += 1
        sent += rec.number
        cid = bag.add(mask(rec.message), 1, t, t, level == "error", level == "warning")
        if cid not in first_at:
            first_at[cid] = (start, start + len(body))
    templates, templates_other, where = canonical(bag.tallies(), exact=exact_templates(fmt))
    spans: dict[str, tuple[int, int]] = {}
    for cid, span in first_at.items():
        merged = where.get(bag.template_of(cid))
        if merged is not None and (merged not in spans or span < spans[merged]):
            spans[merged] = span
    fields: dict[str, dict[str, int]] = {}
    fields_other: dict[str, int] = {}
    for name in sorted(counters):
        fields[name], rest = capped(counters[name])
        if rest:
            fields_other[name] = rest
    errors, e_rest = capped(err_min, MINUTE_CAP)
    warnings, w_rest = capped(warn_min, MINUTE_CAP)
    stats = LogStats(
        format=fmt, lines=lines, records=records, other_lines=other,
        bytes=len(text.encode("utf-8")), first=first, last=last,
        levels=dict(sorted(levels.items())), levels_inferred=inferred * 2 > records,
        templates=templates, templates_other=templates_other, fields=fields,
        fields_other=fields_other, sums={"bytes_sent": sent} if fmt == "apache-access" else {},
        error_minutes=dict(sorted(errors.items())), warning_minutes=dict(sorted(warnings.items())),
        minutes_other=e_rest + w_rest, head=head, tail=tail,
    )
    return Scan(stats, spans)
