"""One scope of a log, read line by line into its exact :class:`LogStats`."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from gapless.engine.core.logstats import Form, Fragment, LogStats, TemplateStat
from gapless.engine.core.recent import Recent
from gapless.engine.extractive.logs.block_records import BLANK, is_blocks
from gapless.engine.extractive.logs.bounded import cap_counter
from gapless.engine.extractive.logs.bursts import MINUTE_CAP
from gapless.engine.extractive.logs.fields import FIELD_CAP, record_fields, record_level
from gapless.engine.extractive.logs.formats import Record
from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.logs.mask import mask
from gapless.engine.extractive.logs.named_columns import requests
from gapless.engine.extractive.logs.opening import NONE, scope_opening
from gapless.engine.extractive.logs.paired import ends_record, is_paired, joined
from gapless.engine.extractive.logs.shape import parser_for
from gapless.engine.extractive.logs.templates import Tally, TemplateBag, canonical
from gapless.engine.extractive.logs.wrapped import underlying


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
    fmt = underlying(fmt)
    return fmt == "apache-access" or requests(fmt)


FRAGMENT_CHARS = 4000  # of a line cut by a scope's edge, kept to be joined by the fold


def scan_log(text: str, fmt: str, *, starts_input: bool = True, remember: bool = True,
             ends: bool = False) -> Scan:
    """Every line of ``text`` parsed as ``fmt``: counts, levels, templates, fields.

    Unless the text ``starts_input``, its first line may be the end of a line cut in two:
    it is kept as the ``head``, not counted; a last line without a newline is the ``tail``
    (see :class:`~engine.core.logstats.LogStats`; :func:`~.merge.provisional` counts them),
    and so is a last line whose record's second line may open the next scope (a format of
    two-line records, :mod:`.paired`), unless the text ``ends`` there (a fold's joined
    piece). The last few scans are remembered: a chunk's prompt and the offline provider's
    answer to it read the same text (``remember=False`` for one-off lines). Treat the result
    as read-only."""
    if not remember or ends:
        return _scan(text, fmt, starts_input, ends)
    hit = _SCANS.get((text, fmt, starts_input))
    if hit is None:
        hit = _scan(text, fmt, starts_input, False)
        _SCANS.put((text, fmt, starts_input), hit)
    return hit


def remember_scan(text: str, fmt: str, starts_input: bool, scan: Scan) -> None:
    """Keep a scan made elsewhere (another process) as if :func:`scan_log` had made it."""
    _SCANS.put((text, fmt, starts_input), scan)


_SCANS: Recent[tuple[str, str, bool], Scan] = Recent(8)


def _scan(text: str, fmt: str, starts_input: bool, ends: bool) -> Scan:
    nl_first = text.find("\n")
    # a byte-order mark opening the input (as Windows tools write UTF-8) is no part of its
    # first record: read past it, or that record would count as a line of no shape
    lo = 1 if starts_input and text.startswith("\ufeff") else 0
    if nl_first < 0:  # one piece of one line: nothing to count yet
        piece = Fragment(text=text[lo:][:FRAGMENT_CHARS])
        return Scan(LogStats(format=fmt, bytes=len(text.encode("utf-8")),
                             head=None if starts_input else piece,
                             tail=piece if starts_input else None, open=not starts_input,
                             forms=None if exact_templates(fmt) else []))
    head: Fragment | None = None
    if not starts_input:
        cut = nl_first
        if is_paired(fmt):  # the first line may be a record's first: its second goes with it
            after = text.find("\n", nl_first + 1)
            second = text[nl_first + 1:after].rstrip("\r") if after >= 0 else ""
            if ends_record(fmt, second, level_word):
                cut = after
        elif is_blocks(fmt):  # the rest of a block cut by the edge, to its blank line
            blank = BLANK.search(text)
            cut = blank.start() if blank is not None else len(text)
        head = Fragment(text=text[:cut][:FRAGMENT_CHARS])
        # (the next block read from the blank line's end: its blanks open no block)
        lo = min(blank.end() - 1 if is_blocks(fmt) and blank is not None else cut + 1,
                 len(text))
    hi = text.rfind("\n") + 1
    tally = _Tally(fmt)
    # (the lines a program prints before its first record are none: .opening)
    opening = NONE if is_blocks(fmt) else scope_opening(text, fmt, starts_input,
                                                         parser_for(fmt))
    if is_paired(fmt):
        hi = tally.read_pairs(text, lo, hi, ends, opening)
    elif is_blocks(fmt):
        hi = tally.read_blocks(text, lo, max(lo, hi), ends)
    else:
        tally.read(text, lo, hi, opening)
    forms = tally.bag.forms()
    if forms is not None:  # mined from the distinct messages: the same whatever the split
        templates, templates_other, where = canonical(forms, of_forms=True)
        spans = tally.spans(where, of_forms=True)
    else:
        templates, templates_other, where = canonical(tally.bag.tallies(),
                                                      exact=exact_templates(fmt))
        spans = tally.spans(where, of_forms=False)
    stats = tally.stats(len(text.encode("utf-8")), templates, templates_other,
                        head=head, tail=Fragment(text=text[hi:][:FRAGMENT_CHARS]))
    stats.forms = form_stats(forms, where)
    return Scan(stats, spans)


def form_stats(forms: list[Tally] | None, where: dict[str, str]) -> list[Form] | None:
    """``forms`` as a scope's stats keep them, each with the template it went to."""
    if forms is None:
        return None
    return [Form(f.template, f.count, f.first, f.last, f.errors, f.warnings,
                 where.get(f.template, ""))
            for f in sorted(forms, key=lambda f: (-f.count, f.template))]


class _Tally:
    """What a scope's whole lines add up to, record by record: the counts, levels, times,
    field values, error and warning minutes, and each mined cluster's first line."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.bag = TemplateBag(exact=exact_templates(fmt), forms=True)
        self.first_form: dict[str, tuple[int, int]] = {}  # (while the bag only counts)
        self.levels: Counter[str] = Counter()
        self.counters: dict[str, Counter[str]] = defaultdict(Counter)
        self.minutes: dict[str, Counter[str]] = {"error": Counter(), "warning": Counter()}
        self.first_at: dict[int, tuple[int, int]] = {}
        self.lines = self.records = self.other = self.sent = 0
        self.first: str | None = None
        self.last: str | None = None
        self._scale: dict[str, str | None] = {}  # each written level on the common scale

    def read(self, text: str, lo: int, hi: int, opening: frozenset[str] = NONE) -> None:
        """Every non-blank line of ``text[lo:hi]`` (whole lines), parsed and counted (the
        loop runs for every line of a log: its names are local, its counts kept aside); a
        line of the ``opening`` is none."""
        parse = parser_for(self.fmt)
        add = self.add
        pos = lo
        lines = other = 0
        for line in text[lo:hi].splitlines(keepends=True):
            start = pos
            pos += len(line)
            body = line.rstrip()  # (blanks that end a line are no part of its record)
            if not body:
                continue
            lines += 1
            rec = parse(body)
            if rec is None or (opening and body in opening):
                other += 1
                continue
            add(rec, start, start + len(line.rstrip("\r\n")))  # (its span: the whole line)
        self.lines += lines
        self.other += other

    def read_pairs(self, text: str, lo: int, hi: int, ends: bool,
                   opening: frozenset[str] = NONE) -> int:
        """Every non-blank line of ``text[lo:hi]``, two by two where a line at the margin
        and the one after it make a record (:mod:`.paired`); returns where the lines read
        end: before a last line at the margin, whose second line the next scope may hold,
        unless the text ``ends`` here."""
        parse = parser_for(self.fmt)
        lines = text[lo:hi].splitlines(keepends=True)
        pos = lo
        i = 0
        while i < len(lines):
            line = lines[i]
            start = pos
            pos += len(line)
            body = line.rstrip()
            i += 1
            if not body.strip():
                continue
            if not body[0].isspace() and not (opening and body in opening):
                if i == len(lines) and not ends:
                    return start  # (its second line may open the next scope)
                second = lines[i].rstrip() if i < len(lines) else ""
                rec = parse(joined(body, second)) if second.strip() else None
                if rec is not None:
                    self.lines += 2
                    self.add(rec, start, pos + len(lines[i].rstrip("\r\n")))  # (whole lines)
                    pos += len(lines[i])
                    i += 1
                    continue
            self.lines += 1
            self.other += 1
        return hi

    def read_blocks(self, text: str, lo: int, hi: int, ends: bool) -> int:
        """Every block of ``text[lo:hi]`` (lines up to a blank one) read as one record
        (:mod:`.block_records`); returns where the blocks read end: before the last block,
        which the next scope may continue, unless the text ``ends`` here."""
        parse = parser_for(self.fmt)
        if not ends:  # (the blocks read end at the last blank line)
            blanks = list(BLANK.finditer(text, lo, hi))
            hi = blanks[-1].end() if blanks else lo
        start = lo
        for blank in [*BLANK.finditer(text, lo, hi), None]:
            end = blank.start() if blank is not None else hi
            block = text[start:end]
            lines = sum(1 for ln in block.splitlines() if ln.strip())
            if lines:
                self.lines += lines
                rec = parse(block.strip("\r\n"))  # (a line end's "\r" left by a cut)
                if rec is None:
                    self.other += lines
                else:
                    self.add(rec, start + len(block) - len(block.lstrip("\r\n")), end)
            if blank is None:
                break
            start = blank.end()
        return hi

    def add(self, rec: Record, start: int, end: int) -> None:
        self.records += 1
        written = rec.level
        if written:  # the spelling the log writes, beside the common scale
            try:
                level = self._scale[written]
            except KeyError:
                level = self._scale[written] = record_level(rec)[1]
            self.levels[level or "none"] += 1
            self.counters["level"][written] += 1
        else:
            level = None
            self.levels["none"] += 1
        t = rec.time
        if t is not None:
            if self.first is None or t < self.first:
                self.first = t
            if self.last is None or t > self.last:
                self.last = t
            if level in self.minutes:
                self.minutes[level][t[:16]] += 1
        for name, value in record_fields(rec, self.fmt):
            self.counters[name][value] += 1
        self.sent += rec.number
        text = mask(rec.message)
        cid = self.bag.add(text, 1, t, t, level == "error", level == "warning")
        if not cid:  # (the bag counts distinct messages, to mine them at the end)
            if text not in self.first_form:
                self.first_form[text] = (start, end)
        elif cid not in self.first_at:
            self.first_at[cid] = (start, end)

    def spans(self, where: dict[str, str], *, of_forms: bool) -> dict[str, tuple[int, int]]:
        """Where each merged template first occurs (``where``: the merged template of each
        distinct message ``of_forms``, else of each mined template, from :func:`canonical`)."""
        firsts: list[tuple[str, tuple[int, int]]] = []
        if of_forms:
            firsts = list(self.first_form.items())
        else:  # the messages counted before the bag began to mine, and the clusters since
            bag = self.bag
            known = ((bag.cid_of(text), span) for text, span in self.first_form.items())
            firsts = [(bag.template_of(cid), span) for cid, span in
                      [*((c, s) for c, s in known if c is not None), *self.first_at.items()]]
        spans: dict[str, tuple[int, int]] = {}
        for name, span in firsts:
            merged = where.get(name)
            if merged is not None and (merged not in spans or span < spans[merged]):
                spans[merged] = span
        return spans

    def stats(self, size: int, templates: list[TemplateStat], templates_other: int, *,
              head: Fragment | None, tail: Fragment) -> LogStats:
        fields: dict[str, dict[str, int]] = {}
        fields_other: dict[str, int] = {}
        fields_bound: dict[str, int] = {}
        for name in sorted(self.counters):
            kept = cap_counter(self.counters[name], FIELD_CAP)
            fields[name] = kept.counts
            if kept.rest:
                fields_other[name] = kept.rest
                fields_bound[name] = kept.bound
        minutes = {what: cap_counter(self.minutes[what], MINUTE_CAP)
                   for what in ("error", "warning")}
        errors, warnings = minutes["error"], minutes["warning"]
        return LogStats(
            format=self.fmt, lines=self.lines, records=self.records, other_lines=self.other,
            bytes=size, first=self.first, last=self.last,
            levels=dict(sorted(self.levels.items())),
            templates=templates, templates_other=templates_other, fields=fields,
            fields_other=fields_other, fields_bound=fields_bound,
            sums={"bytes_sent": self.sent} if self.fmt == "apache-access" else {},
            error_minutes=dict(sorted(errors.counts.items())),
            warning_minutes=dict(sorted(warnings.counts.items())),
            minutes_other=errors.rest + warnings.rest, head=head, tail=tail,
            minutes_past={w: m.rest for w, m in minutes.items() if m.rest},
            minutes_bound={w: m.bound for w, m in minutes.items() if m.bound},
        )
