"""What a log's summary says: its numbers, in words a person reads first.

The summary opens with the volume and the time range, then states the levels (or, for an
access log, requests, statuses, bytes), one line per top template with its exact count
(``1,204 × `Failed password for <*> from <*> port <*> ssh2```), the error and warning
bursts and the top talkers. Under a small budget the template lines past the fifth, the
talkers, the bursts and the levels go first. The headline says what the log is and its
span; topics are the top templates' key words and the programs, never fragments of user
agents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gapless.engine.core.logstats import LogStats, TemplateStat
from gapless.engine.core.recent import ByObject
from gapless.engine.extractive.logs.after_message import column_after, without
from gapless.engine.extractive.logs.angle_fields import is_angles
from gapless.engine.extractive.logs.attribute_records import is_attributes
from gapless.engine.extractive.logs.block_records import is_blocks
from gapless.engine.extractive.logs.bounded import Counted, proven_top
from gapless.engine.extractive.logs.bursts import (
    MINUTE_CAP,
    find_bursts,
    may_wrap,
    parse_time,
    span_minutes,
)
from gapless.engine.extractive.logs.csv_records import is_csv
from gapless.engine.extractive.logs.fields import FIELD_CAP
from gapless.engine.extractive.logs.formats import common_level
from gapless.engine.extractive.logs.glued_stamp import is_glued
from gapless.engine.extractive.logs.headed_table import is_table
from gapless.engine.extractive.logs.json_fields import is_json, is_pairs
from gapless.engine.extractive.logs.named_columns import is_columns, requests
from gapless.engine.extractive.logs.paired import is_paired
from gapless.engine.extractive.logs.service_prefix import is_services
from gapless.engine.extractive.logs.shape import is_shape
from gapless.engine.extractive.logs.templates import TEMPLATE_CAP
from gapless.engine.extractive.logs.wrapped import underlying

TEMPLATE_CHARS = 240  # a template is the name of its count: cut only the rare very long one
_FORMAT_NAMES = {
    "syslog": "syslog", "apache-access": "access-log", "apache-error": "Apache error-log",
    "hdfs": "HDFS", "json": "JSON", "generic": "log", "generic-bare": "log",
    "generic-plain": "log", "generic-level-first": "log",
}
_TALKERS = (("ip", "IPs"), ("user", "users"), ("host", "hosts"), ("program", "programs"),
            ("component", "components"), ("logger", "loggers"), ("module", "modules"))
_TOPIC_WORD = re.compile(r"^[A-Za-z][A-Za-z-]{1,30}$")
_STOP = frozenset(("for", "from", "to", "the", "of", "by", "with", "in", "on", "at", "a",
                   "an", "and", "or", "is", "was", "port", "via", "as", "into"))


def n(value: int) -> str:
    return f"{value:,}"


def when(value: str | None) -> str:
    """A stats time as a person reads it (no year where the log wrote none)."""
    t = parse_time(value)
    if t is None or value is None:
        return "?"
    if value.startswith("0000-00-00"):
        return t.strftime("%H:%M:%S")  # a time of day, no date
    if value.startswith("0000"):
        return t.strftime("%b %d %H:%M:%S")
    return t.strftime("%Y-%m-%d %H:%M:%S")


def dateless(time: str | None) -> bool:
    """Whether a record's time is a time of day only (the log writes no date)."""
    return time is not None and time.startswith("0000-00-")


def duration(first: str | None, last: str | None) -> str | None:
    """How long the log runs, or None when it cannot be told: times of day without a date
    (the earliest and the latest of them need not be the first and the last record's)."""
    if dateless(first) or dateless(last):
        return None
    minutes = span_minutes(first, last)
    if minutes is None:
        return None
    if minutes < 1:
        return f"{round(minutes * 60)} s"
    if minutes < 60:
        return f"{round(minutes)} min"
    hours = minutes / 60
    if hours < 48:
        h, m = divmod(round(minutes), 60)  # (11 h 59.9 min is 12 h, not "11 h 60 min")
        return f"{h} h {m} min" if m else f"{h} h"
    days = hours / 24
    return f"{days:.1f} days" if days < 10 else f"{round(days)} days"


def short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _top(stats: LogStats, name: str, k: int) -> list[tuple[str, int]]:
    """A field's top ``k`` values, as far as their counts and ranks are proved."""
    return proven_top(stats.fields.get(name, {}), stats.fields_short.get(name, {}),
                      stats.fields_bound.get(name, 0), k)


def _top_line(stats: LogStats, name: str, k: int, label: str) -> str:
    """``Top <label>: a (3), b (2).``, saying so when the rest could not be ranked."""
    top = _top(stats, name, k)
    values = stats.fields.get(name, {})
    said = ", ".join(f"{key} ({n(v)})" for key, v in top)
    if len(top) >= min(k, len(values)):
        return f"Top {label}: {said}." if top else ""
    rest = (f"more distinct values than the {n(FIELD_CAP)} kept per part, whose counts are "
            "not all exact")
    return (f"Top {label}: {said}; the rest not ranked by exact count ({rest})." if top
            else f"Top {label}: not ranked by exact count ({rest}).")


def _whole(stats: LogStats, name: str) -> dict[str, int] | None:
    """Every value of a field with its count, or None when some fell past the cap."""
    return None if stats.fields_other.get(name) else stats.fields.get(name, {})


def _access(fmt: str) -> bool:
    """A log of requests: an access log's, or named columns holding a method and a path."""
    fmt = underlying(fmt)
    return fmt == "apache-access" or requests(fmt)


def kind(stats: LogStats) -> str:
    """What the log is, in a few words."""
    fmt = underlying(stats.format)  # (a coloured or collected log: as its own lines are)
    if _access(fmt):
        return "Web access log"
    if fmt == "apache-error":
        return "Apache error log"
    if fmt == "hdfs":
        return "HDFS log"
    if is_pairs(fmt):
        return "key=value log"
    if fmt == "json" or is_json(fmt):
        return "JSON log"
    if fmt == "syslog":
        programs = _top(stats, "program", 1)
        if programs and programs[0][0] == "sshd" and programs[0][1] * 2 >= stats.records:
            return "OpenSSH auth log"
        hosts = stats.fields.get("host", {})
        if stats.fields_other.get("host"):
            return f"Syslog of more than {n(len(hosts))} hosts"
        if len(hosts) == 1:
            return f"Syslog of {next(iter(hosts))}"
        return f"Syslog of {len(hosts)} hosts" if hosts else "Syslog"
    return "Log"


def headline(stats: LogStats) -> str:
    span = duration(stats.first, stats.last)
    head = f"{kind(stats)}, {n(stats.lines)} lines" + (f" over {span}" if span else "")
    if _access(stats.format):
        # (a log of requests that writes no status column states no count of errors)
        statuses = _whole(stats, "status") if stats.fields.get("status") else None
        errors = sum(v for k, v in (statuses or {}).items() if k[:1] == "5")
        tail = f"{n(stats.records)} requests" + (
            f", {n(errors)} server errors (5xx)" if statuses is not None else "")
    elif stats.templates:
        top = stats.templates[0]
        words = top.template.split()
        while len(words) > 2 and "<*>" in words[-1]:
            words.pop()
        tail = f"{records_of(top, stats)} × {short(' '.join(words), 52)}"
    else:
        tail = ""
    return f"{head}: {tail}" if tail else head


_SCALE = ("error", "warning", "info", "debug")
NO_LEVEL = "No level field found (no level counts)."


def _levels_line(stats: LogStats) -> str:
    """The level counts as the log writes them, each with its common level beside
    ("24 E (error), 3,599 I (info)"); a log without a level field says so instead."""
    leveled = {k: v for k, v in stats.levels.items() if k != "none" and v}
    if not leveled:
        return NO_LEVEL if stats.records else ""
    written = stats.fields.get("level", {})
    exact = not stats.fields_other.get("level") and sum(written.values()) == sum(
        leveled.values())
    rank = {k: i for i, k in enumerate(_SCALE)}
    parts: list[tuple[int, str, int, str]] = []
    if exact:
        for word, count in written.items():
            common = common_level(word) or word
            shown = f"{word} ({common})" if common in rank and word != common else word
            parts.append((rank.get(common, len(_SCALE)), common, -count, f"{n(count)} {shown}"))
    else:  # written spellings past the field's cap: the common scale only
        parts = [(rank.get(k, len(_SCALE)), k, -v, f"{n(v)} {k}") for k, v in leveled.items()]
    said = [text for *_, text in sorted(parts)]
    if stats.levels.get("none"):
        said.append(f"{n(stats.levels['none'])} without a level")
    return "Levels: " + ", ".join(said) + "."


def _opening(stats: LogStats) -> str:
    fmt = underlying(stats.format)
    what = _FORMAT_NAMES.get(fmt, "key=value" if is_pairs(fmt) else "JSON" if is_json(fmt)
                             else "request" if requests(fmt) else "CSV" if is_csv(fmt)
                             else "log" if is_shape(fmt) or is_columns(fmt) or is_paired(fmt)
                             or is_table(fmt) or is_services(fmt) or is_blocks(fmt)
                             or is_glued(fmt) or is_attributes(fmt) or is_angles(fmt)
                             else fmt)
    line = f"{n(stats.lines)} lines, {n(stats.records)} {what} records"
    if stats.first is not None:
        span = duration(stats.first, stats.last)
        if dateless(stats.first):
            line += (f", times of day {when(stats.first)} to {when(stats.last)} (no dates "
                     "read)")
        elif may_wrap(stats.first, stats.last):
            line += (f", dates {when(stats.first)} to {when(stats.last)} (no years written: "
                     "it may cross a year's end, so its span is not told)")
        else:
            line += f", {when(stats.first)} to {when(stats.last)}" + (
                f" ({span})" if span else "")
    if stats.other_lines:
        line += f"; {n(stats.other_lines)} other line{'' if stats.other_lines == 1 else 's'}"
    return line + "."


def _access_lines(stats: LogStats) -> list[str]:
    statuses = _top(stats, "status", 8)
    methods = _top(stats, "method", 4)
    out = [f"{n(stats.records)} requests" + ("; status " + ", ".join(
        f"{k} × {n(v)}" for k, v in statuses) if statuses else "") + "."]
    detail = []
    if methods:
        detail.append("methods " + ", ".join(f"{k} {n(v)}" for k, v in methods))
    if "bytes_sent" in stats.sums:
        detail.append(f"{_size(stats.sums['bytes_sent'])} sent")
    line = "; ".join(detail)
    out.append(line[:1].upper() + line[1:] + ".")
    out.extend(line for line in (_top_line(stats, "ip", 5, "client IPs"),
                                 _top_line(stats, "path", 5, "paths")) if line)
    return out


def _size(value: int) -> str:
    size = float(value)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{value} B" if unit == "B" else f"{size:.1f} {unit} ({n(value)} bytes)"
        size /= 1024
    return f"{value} B"


def records_of(t: TemplateStat, stats: LogStats) -> str:
    """A template's count, or its least when parts dropped records that may belong to it
    (``LogStats.templates_short``): "≥1,204"."""
    return f"≥{n(t.count)}" if stats.templates_short else n(t.count)


_COLUMNS: ByObject[LogStats, str | None] = ByObject(8)


def _column_of(stats: LogStats) -> str | None:
    """The column every message of ``stats`` is followed by (:mod:`.after_message`): asked
    of all its templates once, not again for each line that says one (stats are not
    changed once made)."""
    return _COLUMNS.get(stats, lambda s: column_after(s.templates))


def template_text(t: TemplateStat, stats: LogStats) -> str:
    """A template as said: without a column every message is followed by
    (:mod:`.after_message`)."""
    return without(t.template, _column_of(stats))


def template_line(t: TemplateStat, stats: LogStats) -> str:
    return f"{records_of(t, stats)} × `{short(template_text(t, stats), TEMPLATE_CHARS)}`"


def _burst_lines(stats: LogStats) -> list[str]:
    out = []
    for what, minutes in (("error", stats.error_minutes), ("warning", stats.warning_minutes)):
        past = stats.minutes_past.get(what, 0)
        if stats.minutes_other and sum(stats.minutes_past.values()) != stats.minutes_other:
            past = -1  # (stats stored before the split by level was kept: not known)
        counted = Counted(minutes, stats.minutes_short.get(what, {}),
                          stats.minutes_bound.get(what, 0))
        found = None if past < 0 else find_bursts(counted, stats.first, stats.last, past=past)
        if found is None:
            out.append(f"{what.capitalize()} bursts: not counted ({what}s fall in more "
                       f"minutes than the {n(MINUTE_CAP)} kept per part).")
            continue
        for b in found:
            end = f"–{when(b.end + ':59')[-8:-3]}" if b.end != b.start else ""
            out.append(f"{what.capitalize()} burst: {n(b.count)} {what}s at "
                       f"{when(b.start + ':00')[:-3]}{end} (usual {_rate(b.usual)}).")
    return out


def _rate(per_minute: float) -> str:
    if per_minute >= 1:
        return f"{per_minute:.1f}/min"
    if per_minute * 60 >= 1:
        return f"{per_minute * 60:.1f}/h"
    return f"{per_minute * 1440:.1f}/day"


def _talker_line(stats: LogStats) -> str:
    parts = []
    for name, label in _TALKERS:
        if _access(stats.format) and name == "ip":
            continue
        top = _top(stats, name, 3)
        one_host = name == "host" and len(stats.fields.get("host", {})) == 1
        if top and top[0][1] > 1 and not one_host:
            parts.append(f"{label} " + ", ".join(f"{k} ({n(v)})" for k, v in top))
    return ("Top " + "; ".join(parts) + ".") if parts else ""


REQUESTS = "Top requests the messages quote (records × method and route):"


def _request_lines(stats: LogStats) -> list[str]:
    """The requests a log's messages quote (:mod:`.request_line`; an access log's are its
    templates), by exact count: the top five and every one tied with the fifth, as far as
    their counts and ranks are proved."""
    values = stats.fields.get("request")
    if not values or _access(stats.format):
        return []
    top = _top(stats, "request", FACTS_TEMPLATES)
    if len(top) > 5:
        top = [(r, c) for i, (r, c) in enumerate(top) if i < 5 or c >= top[4][1]]
    out = [f"{n(c)} × `{short(r, TEMPLATE_CHARS)}`" for r, c in top]
    if len(top) < min(5, len(values)):
        out.append(f"(the rest not ranked by exact count: more distinct requests than the "
                   f"{n(FIELD_CAP)} kept per part)")
    return out


@dataclass(frozen=True, slots=True)
class _Lines:
    """The lines a summary of one stats may say, before the budget picks among them."""

    opening: str
    figures: list[str]  # an access log's request lines, or the levels line
    templates: list[str]  # one per top template, FACTS_TEMPLATES of them at most
    requests: list[str]  # the requests its messages quote, by exact count
    bursts: list[str]
    talkers: str


FACTS_TEMPLATES = 15  # template lines in a prompt's facts (an answer says fewer)
_LINES: ByObject[LogStats, _Lines] = ByObject(8)


def _lines_of(stats: LogStats) -> _Lines:
    """Made once a stats: a chunk's prompt (its facts) and the offline answer to it say the
    same lines of the same stats, within their own budgets (stats are not changed once
    made)."""
    return _LINES.get(stats, _make_lines)


def _make_lines(stats: LogStats) -> _Lines:
    if _access(stats.format):
        lv = _levels_line(stats)  # (an access log writes none: it says so)
        figures = _access_lines(stats) + ([lv] if lv else [])
    else:
        lv = _levels_line(stats)
        figures = [lv] if lv else []
    return _Lines(_opening(stats), figures,
                  [template_line(t, stats) for t in stats.templates[:FACTS_TEMPLATES]],
                  _request_lines(stats), _burst_lines(stats), _talker_line(stats))


def _shown(stats: LogStats, most: int) -> int:
    """How many templates a summary lists: ``most``, or every one tied with the fifth (up
    to the facts' own number), since "the top five" of a tie is any five of them."""
    ranked = stats.templates
    if len(ranked) <= most or most < 5:
        return most
    floor = ranked[4].count
    tied = sum(1 for t in ranked if t.count >= floor)
    return max(most, min(tied, FACTS_TEMPLATES))


def _short_note(stats: LogStats) -> str:
    if not stats.templates_short:
        return ""
    return (f"; each at least: {n(stats.templates_short)} records that parts dropped past "
            f"the {TEMPLATE_CAP} templates they keep may belong to any")


def summary_lines(stats: LogStats, budget: int, max_templates: int = 8) -> list[str]:
    """The summary's lines, in reading order, within ``budget`` characters."""
    said = _lines_of(stats)
    # (priority, order, text): lower priority numbers are kept first under the budget.
    items: list[tuple[int, int, str]] = [(0, 0, said.opening)]
    order = 1
    access = _access(stats.format)
    for i, line in enumerate(said.figures):
        # (the levels line is short and said early: "No level field found" above all)
        items.append((1 + i if access else 2, order, line))
        order += 1
    label = "Top requests" if access else "Top event templates"
    shown = stats.templates[:_shown(stats, max_templates)]
    if shown:
        items.append((1, order, f"{label} (records × template{_short_note(stats)}):"))
        order += 1
        for i, t in enumerate(shown):
            text = said.templates[i] if i < len(said.templates) else template_line(t, stats)
            items.append((1 + i if i < 5 else 4 + i, order, text))
            order += 1
        if stats.templates_other:
            items.append((20, order, f"(+{n(stats.templates_other)} records in rarer "
                                     f"templates past the {TEMPLATE_CAP} kept per part)"))
            order += 1
    if said.requests:  # (after the templates' first five, before bursts and talkers)
        for i, line in enumerate([REQUESTS, *said.requests]):
            items.append((5 if i < 4 else 4 + i, order, line))
            order += 1
    for line in said.bursts:
        items.append((6, order, line))
        order += 1
    if said.talkers:
        items.append((7, order, said.talkers))
        order += 1
    kept: list[tuple[int, str]] = []
    used = 0
    for prio, pos, text in sorted(items, key=lambda x: (x[0], x[1])):
        cost = len(text) + (1 if kept else 0)
        if used + cost > budget:
            if prio == 0:
                kept.append((pos, short(text, budget)))
                used = budget
            continue
        kept.append((pos, text))
        used += cost
    kept.sort()
    lines = [text for _, text in kept]
    if len(lines) >= 2 and lines[-1].endswith(":"):
        lines.pop()  # a heading with nothing under it
    return lines


def topics(stats: LogStats) -> list[str]:
    """Key words of the top templates, the programs, statuses: 3 to 8 of them."""
    out: list[str] = []
    seen: set[str] = set()

    def add(topic: str) -> None:
        if topic and topic.lower() not in seen and len(out) < 8:
            seen.add(topic.lower())
            out.append(topic)

    if _access(stats.format):
        for path, _ in _top(stats, "path", 3):
            add(path)
        for status, _ in _top(stats, "status", 4):
            if status[:1] in "45":
                add(f"HTTP {status}")
    for name in ("program", "component", "logger", "module"):
        for value, _ in _top(stats, name, 2):
            add(value)
    for t in stats.templates[:8] if not _access(stats.format) else ():
        words = [w.strip(":;,.[]()") for w in t.template.split() if "<*>" not in w]
        words = [w for w in words if _TOPIC_WORD.match(w) and w.lower() not in _STOP]
        add(" ".join(words[:2]))
    if len(out) < 3:
        add(kind(stats).lower())
    return out


FACTS_LEAD = "Facts computed from this text by exact count"


def facts(stats: LogStats, budget: int = 2400) -> str:
    """The block a model is given with a log: the computed figures, to quote exactly."""
    body = "\n".join(f"- {line}" for line in summary_lines(stats, budget,
                                                          max_templates=FACTS_TEMPLATES))
    return (f"{FACTS_LEAD} (quote these numbers; do not recount or estimate):\n"
            f"- {headline(stats)}\n{body}")
