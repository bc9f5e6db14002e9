"""A fold's stats: its children's, merged exactly.

Counts, levels, field counters, sums and per-minute counts add; the time range is the
widest; templates are re-mined together in a fixed order (:func:`canonical`), so a
template two children both mined is one template with the sum of their counts. Each list
is capped again, what falls past a cap is added to its ``*_other`` count.

A line cut in two by the children's scopes is counted once: each child counted the pieces
at its edges as lines (:func:`provisional`) and recorded what they added; the merge takes
that back out, joins a tail with the next head, counts the whole line, and counts the
pieces at its own edges in turn.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache

from gapless.engine.core.logstats import Form, Fragment, LogStats, TemplateStat
from gapless.engine.extractive.logs.bounded import (
    Counted,
    bumped,
    cap_counter,
    merged_counter,
)
from gapless.engine.extractive.logs.bursts import MINUTE_CAP
from gapless.engine.extractive.logs.fields import FIELD_CAP
from gapless.engine.extractive.logs.scan import exact_templates, form_stats, scan_log
from gapless.engine.extractive.logs.skeleton import family, holds
from gapless.engine.extractive.logs.templates import (
    FORM_CAP,
    TEMPLATE_CAP,
    Tally,
    TemplateBag,
    canonical,
    earlier,
    later,
)


def _add(dicts: Sequence[dict[str, int]]) -> Counter[str]:
    total: Counter[str] = Counter()
    for d in dicts:
        total.update(d)
    return total


def _line_stats(line: str, fmt: str) -> LogStats:
    """One line, counted (its bytes are already in the scopes it was cut from)."""
    stats = scan_log(line + "\n", fmt, remember=False, ends=True).stats
    assert stats is not None  # (a scan made here)
    return stats.model_copy(update={"bytes": 0, "tail": None})


# --- counting the pieces at a scope's edges, and taking them back -------------------------


def _bump(d: dict[str, int], key: str, by: int, cap: int) -> int:
    """Add ``by`` to ``d[key]`` within ``cap`` keys; returns what did not fit (for *_other)."""
    if key in d:
        d[key] += by
        if d[key] <= 0:
            del d[key]
        return 0
    if by > 0 and len(d) < cap:
        d[key] = by
        return 0
    return by


def _settle(shorts: dict[str, dict[str, int]], bounds: dict[str, int], name: str,
            bound: int) -> None:
    """Keep a counter's short counts and bound only where it has some."""
    if not shorts.get(name):
        shorts.pop(name, None)
    if bound:
        bounds[name] = bound
    else:
        bounds.pop(name, None)


def _apply(stats: LogStats, line: LogStats, template: str | None, sign: int) -> LogStats:
    """``stats`` plus (sign 1) or minus (sign -1) the one-line ``line`` whose record went
    to ``template``. Taking a line back leaves the time range alone: the piece that has a
    line's time has the whole line's, which the merge counts again."""
    # Copies of what changes only (a node's stats hold up to thousands of field values).
    minutes = bool(line.error_minutes or line.warning_minutes)
    s = stats.model_copy(update={
        "levels": dict(stats.levels), "sums": dict(stats.sums),
        "fields": {k: (dict(v) if k in line.fields else v) for k, v in stats.fields.items()},
        "fields_other": dict(stats.fields_other),
        # (what a capped counter may lack changes only with the counter: nearly never)
        "fields_short": {k: dict(v) for k, v in stats.fields_short.items()} if line.fields
        else stats.fields_short,
        "fields_bound": dict(stats.fields_bound) if line.fields else stats.fields_bound,
        "minutes_short": {k: dict(v) for k, v in stats.minutes_short.items()} if minutes
        else stats.minutes_short,
        "minutes_bound": dict(stats.minutes_bound) if minutes else stats.minutes_bound,
        "minutes_past": dict(stats.minutes_past) if minutes else stats.minutes_past,
        "error_minutes": dict(stats.error_minutes) if line.error_minutes
        else stats.error_minutes,
        "warning_minutes": dict(stats.warning_minutes) if line.warning_minutes
        else stats.warning_minutes,
        "templates": list(stats.templates),  # the one entry that changes is copied below
        "forms": _forms_plus(stats.forms, line.forms, template, sign),
    })
    if sign > 0:
        if line.first is not None and (s.first is None or line.first < s.first):
            s.first = line.first
        if line.last is not None and (s.last is None or line.last > s.last):
            s.last = line.last
    s.lines += sign * line.lines
    s.records += sign * line.records
    s.other_lines += sign * line.other_lines
    for k, v in line.levels.items():
        _bump(s.levels, k, sign * v, 1 << 30)
    for k, v in line.sums.items():
        s.sums[k] = s.sums.get(k, 0) + sign * v
    for name, values in line.fields.items():
        target = s.fields.setdefault(name, {})
        short = s.fields_short.setdefault(name, {})
        bound = s.fields_bound.get(name, 0)
        for value, count in values.items():
            rest, bound = bumped(target, short, bound, value, sign * count, FIELD_CAP)
            if rest:
                s.fields_other[name] = s.fields_other.get(name, 0) + rest
        _settle(s.fields_short, s.fields_bound, name, bound)
        if not target:
            del s.fields[name]
    for what, counts, theirs in (("error", s.error_minutes, line.error_minutes),
                                 ("warning", s.warning_minutes, line.warning_minutes)):
        if not theirs:
            continue
        short = s.minutes_short.setdefault(what, {})
        bound = s.minutes_bound.get(what, 0)
        for k, v in theirs.items():
            rest, bound = bumped(counts, short, bound, k, sign * v, MINUTE_CAP)
            if rest:
                s.minutes_other += rest
                s.minutes_past[what] = s.minutes_past.get(what, 0) + rest
        _settle(s.minutes_short, s.minutes_bound, what, bound)
    if line.records and line.templates:
        own = line.templates[0]
        at = next((i for i, t in enumerate(s.templates) if t.template == template), None)
        if at is None:
            s.templates_other += sign * own.count
        else:
            entry = s.templates[at] = s.templates[at].model_copy()
            entry.count += sign * own.count
            entry.errors += sign * own.errors
            entry.warnings += sign * own.warnings
            if sign > 0:
                entry.first = own.first if entry.first is None or (
                    own.first is not None and own.first < entry.first) else entry.first
                entry.last = own.last if entry.last is None or (
                    own.last is not None and own.last > entry.last) else entry.last
            s.templates = [t for t in s.templates if t.count > 0]
            s.templates.sort(key=lambda t: (-t.count, t.template))
    return s


def _forms_plus(forms: list[Form] | None, line: list[Form] | None,
                template: str | None, sign: int) -> list[Form] | None:
    """``forms`` plus (sign 1) or minus (sign -1) a one-line scan's, which went to
    ``template``; None once past the cap."""
    if forms is None or line is None:
        return None
    out = list(forms)
    for own in line:
        at = next((i for i, f in enumerate(out) if f.text == own.text), None)
        if at is None:
            if sign < 0 or len(out) >= FORM_CAP:
                return None  # (taking back what was never added: not kept, as past the cap)
            out.append(replace(own, joined=template or ""))
            continue
        entry = out[at] = replace(out[at])
        entry.count += sign * own.count
        entry.errors += sign * own.errors
        entry.warnings += sign * own.warnings
        if sign > 0:
            entry.first = earlier(entry.first, own.first)
            entry.last = later(entry.last, own.last)
    return [f for f in out if f.count > 0]


def _merged_forms(bodies: Sequence[LogStats]) -> list[Tally] | None:
    """The bodies' distinct messages added up (None when one has none kept, or past the
    cap)."""
    total: dict[str, Tally] = {}
    for b in bodies:
        if b.forms is None:
            return None
        for f in b.forms:
            have = total.get(f.text)
            if have is None:
                if len(total) >= FORM_CAP:
                    return None
                total[f.text] = Tally(f.text, f.count, f.first, f.last, f.errors, f.warnings)
                continue
            have.count += f.count
            have.first = earlier(have.first, f.first)
            have.last = later(have.last, f.last)
            have.errors += f.errors
            have.warnings += f.warnings
    return list(total.values())


def _template_for(stats: LogStats, line: LogStats) -> tuple[LogStats, str | None]:
    """The template of ``stats`` that ``line``'s record belongs to (drain's match among
    them), or a new one of its own; None when past the cap."""
    if not line.records or not line.templates:
        return stats, None
    own = line.templates[0].template
    names = {t.template for t in stats.templates}
    if own in names:
        return stats, own
    if not exact_templates(stats.format) and stats.templates:
        found = _bag_of(tuple(t.template for t in stats.templates)).match(own)
        if found in names:
            return stats, found
        words = family(own)  # one that holds more or fewer values (see .templates)
        found = next((t.template for t in stats.templates if family(t.template) == words),
                     None) or next((t.template for t in stats.templates
                                    if holds(t.template, own)), None)
        if found is not None:
            return stats, found
    if len(stats.templates) >= TEMPLATE_CAP:
        return stats, None
    empty = TemplateStat(template=own, count=0)
    return stats.model_copy(update={"templates": [*stats.templates, empty]}), own


@lru_cache(maxsize=4)
def _bag_of(templates: tuple[str, ...]) -> TemplateBag:
    """``templates`` mined in their order (drain's clusters do not depend on the counts).
    Remembered: a chunk's prompt and its offline answer count the same edge pieces."""
    bag = TemplateBag()
    for t in templates:
        bag.add(t)
    return bag


def _less_dated(piece: str, body: str | None) -> bool:
    """Whether a piece's time holds less of a date than its scope's records' do (a year or
    a month of zeros where theirs has one): the end of a stamp cut in two."""
    if body is None:
        return False
    return (piece[:4] == "0000" and body[:4] != "0000") or (
        piece[5:7] == "00" and body[5:7] != "00")


def _count_piece(stats: LogStats, piece: Fragment | None, *, timeless: bool = False
                 ) -> tuple[LogStats, Fragment | None]:
    """``stats`` with ``piece`` counted as a line; ``timeless``: the scope's first line,
    which may be the end of a line whose start is in the scope before: when its time holds
    less of a date than the scope's records' ("2:59:46" of a cut "…T12:59:46"), it is no
    time of the log's, and the line is counted without one, so the figures taken back out
    leave no time behind."""
    if piece is None or not piece.text.strip():
        return stats, piece
    line = _line_stats(piece.text, stats.format)
    if timeless and line.first is not None and _less_dated(line.first, stats.first):
        line = line.model_copy(update={
            "first": None, "last": None,
            "templates": [t.model_copy(update={"first": None, "last": None})
                          for t in line.templates],
            "forms": None if line.forms is None else [
                replace(f, first=None, last=None) for f in line.forms]})
    stats, template = _template_for(stats, line)
    return _apply(stats, line, template, 1), Fragment(text=piece.text, counted=line,
                                                       template=template)


def provisional(body: LogStats) -> LogStats:
    """``body`` (its edge pieces not counted) with its head and tail counted as lines:
    what a scope's summary states, and at the root of a whole input its exact figures."""
    # the range of the body alone: a fold's (a head may start inside the line's time,
    # "09-29 02:03:48" after a cut behind "2016-", a time of no record of the log)
    body = body.model_copy(update={"own_first": body.first, "own_last": body.last})
    stats, head = _count_piece(body, body.head, timeless=True)
    tail = body.tail
    if not body.open:
        stats, tail = _count_piece(stats, body.tail)
    return stats.model_copy(update={"head": head, "tail": tail})


def _uncounted(stats: LogStats) -> LogStats:
    """``stats`` with what its edge pieces added taken back out."""
    out = stats
    for piece in (stats.head, stats.tail):
        if piece is not None and piece.counted is not None:
            counted = piece.counted
            if counted.forms is None and stats.forms is not None:  # (sent by a worker)
                counted = counted.model_copy(update={
                    "forms": _line_stats(piece.text, stats.format).forms})
            out = _apply(out, counted, piece.template, -1)
    clear = {"head": Fragment(text=stats.head.text) if stats.head else None,
             "tail": Fragment(text=stats.tail.text) if stats.tail else None}
    return out.model_copy(update=clear)


# --- the merge ---------------------------------------------------------------------------


def _joined(parts: Sequence[LogStats], fmt: str
            ) -> tuple[list[LogStats], Fragment | None, Fragment | None, bool]:
    """The children's bodies plus their joined cut lines; the head and tail left pending,
    and whether no child had a newline at all."""
    bodies: list[LogStats] = []
    lines: list[str] = []
    head: str | None = None
    carry: str | None = None
    seen_body = False
    for p in parts:
        if p.open:
            carry = (carry or "") + (p.head.text if p.head else "")
            continue
        if p.head is not None:
            carry = (carry or "") + p.head.text
        if carry is not None:
            if seen_body:
                lines.append(carry)
            else:
                head = carry
        seen_body = True
        bodies.append(p)
        carry = p.tail.text if p.tail is not None else None
    if not seen_body:
        return [], Fragment(text=carry or ""), None, True
    bodies.extend(_line_stats(line, fmt) for line in lines if line.strip())
    return (bodies, Fragment(text=head) if head is not None else None,
            Fragment(text=carry) if carry is not None else None, False)


_MERGED: dict[tuple[int, ...], tuple[tuple[LogStats, ...], tuple[LogStats, dict[str, str]]]] = {}
_MERGED_KEPT = 8
_merged_lock = threading.Lock()  # the workbench's offline provider merges in a worker thread


@dataclass
class _Waiting:
    """A merge kept while a fold waits for its answer (see merge_kept)."""

    parts: tuple[LogStats, ...]  # held, so their ids stay unused
    holders: int = 0
    result: tuple[LogStats, dict[str, str]] | None = None


_WAITING: dict[tuple[int, ...], _Waiting] = {}


def merge_stats(parts: Sequence[LogStats]) -> tuple[LogStats, dict[str, str]]:
    """The merged stats and, for each child template, the merged template it went to.

    The last few merges are remembered by their parts (the same objects): a fold's prompt,
    its packing and the offline answer to it merge the same children, which was a tenth of
    ``gapless read``. Treat the result as read-only."""
    key = tuple(map(id, parts))
    with _merged_lock:
        hit = _MERGED.get(key)
        waiting = _WAITING.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], parts, strict=True)):
        return hit[1]
    if waiting is not None and not all(a is b for a, b in zip(waiting.parts, parts,
                                                              strict=True)):
        waiting = None
    if waiting is not None and waiting.result is not None:
        return waiting.result
    result = _merge_stats(parts)
    with _merged_lock:
        _MERGED[key] = (tuple(parts), result)  # holding the parts keeps their ids unused
        if len(_MERGED) > _MERGED_KEPT:
            _MERGED.pop(next(iter(_MERGED)))
        if waiting is not None:
            waiting.result = result
    return result


@contextmanager
def merge_kept(parts: Sequence[LogStats]) -> Iterator[None]:
    """While the block runs, the merge of ``parts`` is kept, not only among the last few: a
    fold packs and prompts its children at once, but in a tree the offline answer to it
    comes once the fold has a call slot, which can be hundreds of merges later."""
    key = tuple(map(id, parts))
    with _merged_lock:
        entry = _WAITING.setdefault(key, _Waiting(tuple(parts)))
        entry.holders += 1
    try:
        yield
    finally:
        with _merged_lock:
            entry.holders -= 1
            if entry.holders == 0 and _WAITING.get(key) is entry:
                del _WAITING[key]


def _span(stats: LogStats) -> tuple[str, str] | None:
    """The minutes a part's records may fall in (any, when it has no time)."""
    if stats.first is None or stats.last is None:
        return None
    return stats.first[:16], stats.last[:16]


def _merge_stats(parts: Sequence[LogStats]) -> tuple[LogStats, dict[str, str]]:
    formats: Counter[str] = Counter()
    for p in parts:
        formats[p.format] += p.records
    fmt = min(formats.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    total_bytes = sum(p.bytes for p in parts)
    children = [_uncounted(p) for p in parts]
    bodies, head, tail, is_open = _joined(children, fmt)
    forms = _merged_forms(bodies)
    if forms is not None:  # mined from the distinct messages: the same whatever the split
        templates, past_cap, by_form = canonical(forms, of_forms=True)
        where: dict[str, str] = {}
        for p in bodies:
            for f in p.forms or ():
                where.setdefault(f.joined, by_form[f.text])
        children_past_cap = 0
    else:
        templates, past_cap, where = canonical(
            [t for p in bodies for t in p.templates], exact=exact_templates(fmt))
        children_past_cap = sum(p.templates_other for p in bodies)
    # (a line cut in two whose pieces parse as no record, a JSON one, has its time in the
    # joined line's stats only)
    # each child's own range (its edge pieces aside: a child that holds no whole line has
    # none) and the joined lines' times
    ranges = [(p.own_first, p.own_last) if p.head is not None or p.tail is not None
              else (p.first, p.last) for p in bodies]
    firsts = [a for a, _ in ranges if a is not None]
    lasts = [b for _, b in ranges if b is not None]
    names = sorted({k for p in bodies for k in p.fields})
    fields: dict[str, dict[str, int]] = {}
    fields_short: dict[str, dict[str, int]] = {}
    fields_bound: dict[str, int] = {}
    fields_other = _add([p.fields_other for p in bodies])
    for name in names:
        kept = merged_counter([Counted(p.fields.get(name, {}), p.fields_short.get(name, {}),
                                       p.fields_bound.get(name, 0)) for p in bodies], FIELD_CAP)
        fields[name] = kept.counts
        fields_other[name] += kept.rest
        if kept.short:
            fields_short[name] = kept.short
        if kept.bound:
            fields_bound[name] = kept.bound
    minutes = {what: merged_counter([Counted(getattr(p, f"{what}_minutes"),
                                             p.minutes_short.get(what, {}),
                                             p.minutes_bound.get(what, 0), _span(p))
                                     for p in bodies], MINUTE_CAP)
               for what in ("error", "warning")}
    errors, warnings = minutes["error"], minutes["warning"]
    past = _add([p.minutes_past for p in bodies])
    for what, kept in minutes.items():
        past[what] += kept.rest
    records = sum(p.records for p in bodies)
    inferred = sum(p.records for p in bodies if p.levels_inferred)
    merged = LogStats(
        format=fmt,
        lines=sum(p.lines for p in bodies),
        records=records,
        other_lines=sum(p.other_lines for p in bodies),
        bytes=total_bytes,
        first=min(firsts) if firsts else None,
        last=max(lasts) if lasts else None,
        levels={k: v for k, v in sorted(_add([p.levels for p in bodies]).items()) if v},
        levels_inferred=inferred * 2 > records,
        templates=templates,
        templates_other=past_cap + children_past_cap,
        templates_short=children_past_cap,
        fields=fields,
        fields_other={k: v for k, v in sorted(fields_other.items()) if v},
        fields_short=fields_short, fields_bound=fields_bound,
        sums=dict(sorted(_add([p.sums for p in bodies]).items())),
        error_minutes=dict(sorted(errors.counts.items())),
        warning_minutes=dict(sorted(warnings.counts.items())),
        minutes_other=errors.rest + warnings.rest + sum(p.minutes_other for p in bodies),
        minutes_short={w: m.short for w, m in minutes.items() if m.short},
        minutes_bound={w: m.bound for w, m in minutes.items() if m.bound},
        minutes_past={w: n for w, n in sorted(past.items()) if n},
        head=head, tail=tail, open=is_open,
    )
    merged.forms = form_stats(forms, by_form) if forms is not None else None
    return provisional(merged), where


def finalized(stats: LogStats) -> LogStats:
    """Kept for callers that counted nothing at the edges yet: counts them."""
    if any(p is not None and p.counted is None and p.text.strip()
           for p in (stats.head, stats.tail)):
        return provisional(stats)
    return stats


def trimmed(stats: LogStats, keep: int = 20) -> LogStats:
    """``stats`` cut to its ``keep`` top templates, field values and minutes (the rest
    counted as other): a chunk's stats as the run's events and the store keep them, so a
    read of any size holds little per chunk (its fold got the full ones)."""
    fields: dict[str, dict[str, int]] = {}
    other = dict(stats.fields_other)
    shorts: dict[str, dict[str, int]] = {}
    bounds: dict[str, int] = {}
    for name, values in stats.fields.items():
        kept = cap_counter(values, keep, stats.fields_short.get(name),
                           stats.fields_bound.get(name, 0))
        fields[name] = kept.counts
        if kept.rest:
            other[name] = other.get(name, 0) + kept.rest
        if kept.short:
            shorts[name] = kept.short
        if kept.bound:
            bounds[name] = kept.bound
    minutes = {what: cap_counter(getattr(stats, f"{what}_minutes"), keep,
                                 stats.minutes_short.get(what),
                                 stats.minutes_bound.get(what, 0))
               for what in ("error", "warning")}
    past = Counter(stats.minutes_past)
    for what, kept in minutes.items():
        past[what] += kept.rest
    errors, warnings = minutes["error"], minutes["warning"]
    return stats.model_copy(update={
        "templates": stats.templates[:keep],
        "templates_other": stats.templates_other + sum(t.count for t in stats.templates[keep:]),
        "fields": fields, "fields_other": other, "fields_short": shorts,
        "fields_bound": bounds, "error_minutes": dict(sorted(errors.counts.items())),
        "warning_minutes": dict(sorted(warnings.counts.items())),
        "minutes_other": stats.minutes_other + errors.rest + warnings.rest,
        "minutes_short": {w: m.short for w, m in minutes.items() if m.short},
        "minutes_bound": {w: m.bound for w, m in minutes.items() if m.bound},
        "minutes_past": {w: n for w, n in sorted(past.items()) if n}, "forms": None,
        "head": stats.head.model_copy(update={"counted": None}) if stats.head else None,
        "tail": stats.tail.model_copy(update={"counted": None}) if stats.tail else None,
    })
