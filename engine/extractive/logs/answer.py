"""Answers to a question about a log, offline: from its computed figures, not its lines.

A log's records repeat; its passages are its event templates, each with its exact count,
time range and errors. The templates are scored with BM25 against the question (a template
that holds errors or warnings also counts as saying "error" or "warning"), and the best are
the answer, one line each (``539 × `mod_jk child workerEnv in error state <*>` (539
errors), 2005-12-04 04:47:44 to 2005-12-05 19:15:57``), anchored at the template's first
record. A question about the levels ("how many errors") opens with the level counts; one
that names a field ("which IPs", "what status codes", "which users") gets its top values.
The templates kept are listed most frequent first.
A fold answers again from its merged figures, so the root's counts are the whole input's,
however it was split.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gapless.engine.core.extraction import Anchor
from gapless.engine.core.limits import MAX_ANSWER_WORDS
from gapless.engine.core.logstats import LogStats, TemplateStat
from gapless.engine.extractive.answers import (
    ANSWER_CLAIM,
    bm25_scores,
    query_terms,
)
from gapless.engine.extractive.answers import stem as stem_word
from gapless.engine.extractive.logs.bounded import proven_top
from gapless.engine.extractive.logs.bursts import may_wrap
from gapless.engine.extractive.logs.fields import FIELD_CAP
from gapless.engine.extractive.logs.render import (
    NO_LEVEL,
    n,
    records_of,
    short,
    template_text,
    when,
)
from gapless.engine.extractive.terms import content_terms

_KEEP = 0.3  # a template is kept when it scores at least this share of the best
_MAX_TEMPLATES = 6
_TEMPLATE_CHARS = 120

# the question's words that ask about the levels, and the level each names
_LEVEL_WORDS = {
    "error": "error", "errors": "error", "fail": "error", "fails": "error",
    "failed": "error", "failure": "error", "failures": "error", "fatal": "error",
    "warn": "warning", "warns": "warning", "warning": "warning", "warnings": "warning",
}
# the question's words that name a field, and how the answer names its values
_FIELD_WORDS = {
    "ip": ("ip", "client IPs"), "ips": ("ip", "client IPs"), "address": ("ip", "client IPs"),
    "addresses": ("ip", "client IPs"), "client": ("ip", "client IPs"),
    "clients": ("ip", "client IPs"),
    "user": ("user", "users"), "users": ("user", "users"), "account": ("user", "users"),
    "accounts": ("user", "users"), "login": ("user", "users"), "logins": ("user", "users"),
    "host": ("host", "hosts"), "hosts": ("host", "hosts"), "server": ("host", "hosts"),
    "servers": ("host", "hosts"),
    "program": ("program", "programs"), "programs": ("program", "programs"),
    "process": ("program", "programs"), "processes": ("program", "programs"),
    "service": ("program", "programs"), "services": ("program", "programs"),
    "daemon": ("program", "programs"), "daemons": ("program", "programs"),
    "status": ("status", "statuses"), "statuses": ("status", "statuses"),
    "code": ("status", "statuses"), "codes": ("status", "statuses"),
    "path": ("path", "paths"), "paths": ("path", "paths"), "url": ("path", "paths"),
    "urls": ("path", "paths"), "page": ("path", "paths"), "pages": ("path", "paths"),
    "endpoint": ("path", "paths"), "endpoints": ("path", "paths"),
    "method": ("method", "methods"), "methods": ("method", "methods"),
    "request": ("request", "requests"), "requests": ("request", "requests"),
    "route": ("request", "requests"), "routes": ("request", "requests"),
    "module": ("module", "modules"), "modules": ("module", "modules"),
    "component": ("component", "components"), "components": ("component", "components"),
    "logger": ("logger", "loggers"), "loggers": ("logger", "loggers"),
}
# the same, by the stems the question's terms are compared in
_LEVEL_STEMS = {stem_word(w): level for w, level in _LEVEL_WORDS.items()}
_FIELD_STEMS = {stem_word(w): field for w, field in _FIELD_WORDS.items()}

AnchorOf = Callable[[TemplateStat], tuple[int, int] | None]
LOG_LABEL = "log: "
_LABEL_TEMPLATE_CHARS = 120
_WHO = re.compile(r"\bwho(?:m|se)?\b", re.IGNORECASE)


def template_label(template: str) -> str:
    """The label of an anchor at a template's first record: a fold finds the template's
    anchor again by it."""
    return LOG_LABEL + template[:_LABEL_TEMPLATE_CHARS]


def answer_template(label: str) -> str | None:
    """The template label inside an answer anchor's label ("answer #2: log: …"), else None."""
    m = ANSWER_CLAIM.match(label)
    rest = label[m.end():] if m else ""
    return rest if rest.startswith(LOG_LABEL) else None


def _template_terms(t: TemplateStat) -> list[str]:
    words = [stem_word(w) for w in content_terms(t.template.replace("<*>", " "))]
    if t.errors:
        words.append("error")
    if t.warnings:
        words.append(stem_word("warning"))
    return words


def _template_answer(t: TemplateStat, stats: LogStats) -> str:
    line = f"{records_of(t, stats)} × `{short(template_text(t, stats), _TEMPLATE_CHARS)}`"
    least = "≥" if stats.templates_short else ""  # (its dropped records may hold more)
    said = [f"{least}{n(t.errors)} errors" if t.errors else "",
            f"{least}{n(t.warnings)} warnings" if t.warnings else ""]
    said = [s for s in said if s]
    if said:
        line += f" ({', '.join(said)})"
    if may_wrap(t.first, t.last):  # its earliest and latest date need not be its first and last
        line += (f", dated {when(t.first)} to {when(t.last)} (no years written: it may "
                 "cross a year's end)")
    elif t.first and t.last and t.first != t.last:
        line += f", {when(t.first)} to {when(t.last)}"
    elif t.first:
        line += f", at {when(t.first)}"
    return line + "."


def _levels_answer(stats: LogStats, asked: set[str]) -> str:
    shown = [(level, stats.levels.get(level, 0)) for level in ("error", "warning")
             if level in asked]
    rest = [(k, v) for k, v in sorted(stats.levels.items(), key=lambda kv: -kv[1])
            if k not in asked]
    out = ", ".join(f"{n(v)} {k} records" for k, v in shown)
    if rest:  # "none": records without a level, as the summary's Levels line calls them
        out += " (" + ", ".join(f"{n(v)} {'other' if k == 'none' else k}"
                                for k, v in rest) + ")"
    return f"{out} of {n(stats.records)} records."


def _status_answer(stats: LogStats) -> str:
    """A request log's errors by its status field: 5xx and 4xx responses ("" for a log
    without statuses)."""
    statuses = stats.fields.get("status", {})
    if not statuses or stats.fields_other.get("status"):
        return ""  # (statuses past the cap: the sums below would not be exact)
    server = sum(v for k, v in statuses.items() if k[:1] == "5")
    client = sum(v for k, v in statuses.items() if k[:1] == "4")
    return (f"{n(server)} server errors (status 5xx) and {n(client)} client errors (4xx) "
            f"of {n(stats.records)} requests; the log writes no level.")


def _field_answer(stats: LogStats, field: str, label: str) -> str:
    values = proven_top(stats.fields.get(field, {}), stats.fields_short.get(field, {}),
                        stats.fields_bound.get(field, 0), 5)
    kept = len(stats.fields.get(field, {}))
    if not values:
        return (f"Top {label}: not ranked by exact count (more distinct values than the "
                f"{n(FIELD_CAP)} kept per part)." if kept else "")
    more = kept - len(values)
    tail = (f" and more past the {n(FIELD_CAP)} kept per part" if stats.fields_other.get(field)
            else f" and {n(more)} more" if more > 0 else "")
    return f"Top {label}: " + ", ".join(f"{k} ({n(v)})" for k, v in values) + tail + "."


def log_answer(stats: LogStats, question: str, anchor_of: AnchorOf) -> tuple[str, list[Anchor]]:
    """The answer to ``question`` from a log's figures, with the first record of each
    template it names as its anchor ("" when nothing in the figures matches)."""
    query = query_terms(question)
    if not query and not _WHO.search(question):
        return "", []
    lines: list[str] = []
    levels = {_LEVEL_STEMS[t] for t in query if t in _LEVEL_STEMS}
    if levels and any(stats.levels.get(level) for level in levels):
        lines.append(_levels_answer(stats, levels))
    elif levels and stats.records and not set(stats.levels) - {"none"}:
        # no level field: no count to give, and none guessed (an access log's statuses are
        # its own field, counted)
        lines.append(_status_answer(stats) or NO_LEVEL)
    fields = dict.fromkeys(_FIELD_STEMS[t] for t in query if t in _FIELD_STEMS)
    if _WHO.search(question):  # "who failed?": the users and the addresses named
        fields.update(dict.fromkeys((_FIELD_WORDS["users"], _FIELD_WORDS["ips"])))
    if "path" not in stats.fields and "request" in stats.fields:  # (paths quoted in messages)
        fields = dict.fromkeys(_FIELD_WORDS["requests"] if f[0] == "path" else f for f in fields)
    for field, label in fields:
        line = _field_answer(stats, field, label)
        if line:
            lines.append(line)
    scores = bm25_scores([_template_terms(t) for t in stats.templates], query)
    ranked = sorted(range(len(stats.templates)),
                    key=lambda i: (-scores[i], -stats.templates[i].count, i))
    best = scores[ranked[0]] if ranked else 0.0
    kept: list[tuple[TemplateStat, str]] = []
    used = sum(len(line.split()) for line in lines)
    for i in ranked[:_MAX_TEMPLATES]:
        if best <= 0.0 or scores[i] < _KEEP * best:
            break
        line = _template_answer(stats.templates[i], stats)
        if used + len(line.split()) > MAX_ANSWER_WORDS and (lines or kept):
            break
        kept.append((stats.templates[i], line))
        used += len(line.split())
    anchors: list[Anchor] = []
    for t, line in sorted(kept, key=lambda k: -k[0].count):  # the most frequent first
        lines.append(line)
        span = anchor_of(t)
        if span is not None:
            anchors.append(Anchor(start=span[0], end=span[1], label=(
                f"answer #{len(anchors) + 1}: {template_label(t.template)}")))
    return "\n".join(lines), anchors
