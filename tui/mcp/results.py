"""The results of ``gapless mcp``'s tools, each fitted to its byte budget (:mod:`.mcp_budget`):
a structured object and a short text rendering of it, the two together within ``max_bytes``,
and every cut named in the object's ``omitted`` list (and in the text's last line).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gapless.tui.mcp.budget import (
    Budget,
    cut_text,
    fit_read,
    json_size,
    shrink,
    suggest_max_bytes,
    text_size,
)

__all__ = [
    "drill_result",
    "journal_result",
    "read_object",
    "read_result",
    "summarize_result",
    "why_result",
]

Result = tuple[dict[str, Any], str]


def _finish_text(parts: list[str], notes: list[str], limit: int) -> str:
    """Text parts (already cut) and a last line naming what was left out, within ``limit``."""
    tail = f"Not shown: {'; '.join(notes)}" if notes else ""
    body = "\n".join(p for p in parts if p)
    room = limit - text_size(tail) - 1 if tail else limit
    if room < limit // 3 and tail:  # a long list of notes: the body comes first
        tail = cut_text(tail, limit // 3)
        room = limit - text_size(tail) - 1
    text = cut_text(body, max(0, room))
    return f"{text}\n{tail}" if tail else text


# ---------------------------------------------------------------------- read_summary


def read_object(result: dict[str, Any], file_path: str) -> dict[str, Any]:
    """The whole answer of a read, before any budget: the ``gapless read --json`` object plus
    status, reason, run id and the file, each outline entry numbered (``section``) for
    drill-down, and the answer's anchors as file lines."""
    outline = [{"section": i, **e} for i, e in enumerate(result.get("outline") or [], start=1)]
    obj: dict[str, Any] = {
        "file_path": file_path,
        "status": result.get("status"),
        "reason": result.get("reason") or "",
        "run_id": result.get("run_id"),
        "stats": result.get("stats"),
        "cursor": result.get("cursor"),
        "truncated": result.get("truncated"),
    }
    if "answer" in result:
        obj["answer"] = result["answer"]
        obj["answer_anchors"] = [_line_anchor(a) for a in result.get("answer_anchors") or []]
    obj["summary"] = result.get("summary") or ""
    obj["outline"] = outline
    return obj


def _line_anchor(a: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k in ("line", "end_line", "label"):
        if a.get(k) not in (None, ""):
            out[k] = a[k]
    return out


def _read_notes(full: dict[str, Any], limits: dict[str, int | None], needed: int
                ) -> list[str]:
    notes: list[str] = []
    more = suggest_max_bytes(needed)
    n = len(full.get("outline") or [])
    shown = min(n, limits["entries"]) if limits["entries"] is not None else n
    if shown < n:
        read_on = ", cursor=… to read on" if full.get("cursor") else ""
        notes.append(f"outline: {n} entries, {shown} shown (spread over the file, each with "
                     f"its section number) — call read_summary with section=N to open one"
                     f"{read_on}, or max_bytes={more} to list them all")
    d = limits["digest"]
    if d is not None and shown and any(len(str(e.get("digest") or "")) > d
                                       for e in full.get("outline") or []):
        what = "left out" if d == 0 else f"cut to {d} characters"
        notes.append(f"outline digests: {what} — section=N gives one section's own summary")
    for key in ("summary", "answer"):
        lim = limits[key]
        value = full.get(key)
        if lim is not None and isinstance(value, str) and text_size(value) > lim:
            hint = ("narrow it with section=N or lines=\"a-b\", or call with "
                    f"max_bytes={more}" if key == "answer" else
                    f"call again with max_bytes={more} for all of it")
            notes.append(f"{key}: {text_size(cut_text(value, lim)):,} of "
                         f"{text_size(value):,} bytes shown — {hint}")
    anchors = full.get("answer_anchors") or []
    if limits["anchors"] is not None and len(anchors) > limits["anchors"]:
        notes.append(f"answer_anchors: {limits['anchors']} of {len(anchors)} shown")
    return notes


def _outline_lines(outline: list[dict[str, Any]], room: int) -> tuple[list[str], int]:
    lines: list[str] = []
    size = 0
    for e in outline:
        line = (f"§{e['section']} L{e['start_line']}-{e['end_line']} [{e.get('kind', '')}] "
                f"{e.get('title', '')}")
        if size + text_size(line) + 1 > room:
            break
        lines.append(line)
        size += text_size(line) + 1
    return lines, len(lines)


def read_text(full: dict[str, Any], limit: int) -> str:
    """The short rendering of a read: a status line, the answer, the summary's head, the
    outline's titles and line anchors, the cursor when it fits."""
    s = full.get("stats") or {}
    name = Path(str(full.get("file_path") or "")).name
    head = (f"{name}: {full.get('status')}, {s.get('total_bytes', 0):,} bytes, "
            f"{s.get('total_lines', 0):,} lines, {s.get('chunks_read', 0)} of "
            f"{s.get('chunks_total', 0)} chunks read — run {full.get('run_id')}")
    parts = [head]
    if full.get("reason") and full.get("status") != "complete":
        parts.append(str(full["reason"]))
    cursor = full.get("cursor")
    cursor_line = ""
    if cursor:
        cursor_line = (f"cursor: {cursor}" if text_size(cursor) + 200 < limit // 2 else
                       f"cursor: {text_size(cursor):,} bytes, in the structured result's "
                       "cursor field — pass it back as cursor to read on")
    room = limit - sum(text_size(p) + 1 for p in parts) - text_size(cursor_line) - 160
    if "answer" in full:
        answer = full.get("answer") or "none found"
        lines = [a["line"] for a in full.get("answer_anchors") or [] if "line" in a][:8]
        at = f" (lines {', '.join(str(x) for x in lines)})" if lines else ""
        part = cut_text(f"Answer{at}: {answer}", max(80, room * 2 // 5))
        parts.append(part)
        room -= text_size(part) + 1
    if full.get("summary"):
        part = cut_text(f"Summary: {full['summary']}", max(80, room * 2 // 5))
        parts.append(part)
        room -= text_size(part) + 1
    outline = full.get("outline") or []
    if outline:
        title = f"Outline ({len(outline)} sections; section=N opens one):"
        lines_, k = _outline_lines(outline, room - text_size(title) - 120)
        parts += [title, *lines_]
        if k < len(outline):
            parts.append(f"… {len(outline) - k} more sections (§{k + 1}-§{len(outline)}) are in "
                         "the structured result's outline")
    if cursor_line:
        parts.append(cursor_line)
    return cut_text("\n".join(parts), limit)


def settle(make_obj: Callable[[int], dict[str, Any]], make_text: Callable[[list[str]], str],
           budget: Budget) -> Result:
    """The object fitted to what the text leaves of the budget; the text names the object's
    cuts (``omitted``), so both are made again until the two together fit."""
    limit = budget.max_bytes - text_size(make_text([]))
    obj, text = make_obj(limit), ""
    for _ in range(8):
        obj = make_obj(limit)
        text = make_text(list(obj.get("omitted") or []))
        over = json_size(obj) + text_size(text) - budget.max_bytes
        if over <= 0:
            break
        limit -= over + 32
    return obj, text


def read_result(full: dict[str, Any], budget: Budget) -> Result:
    """A read within ``budget``: the text (at most a third) and the object in the rest."""
    needed = json_size(full) + text_size(read_text(full, budget.text))
    src = full
    extra: list[str] = []
    cursor = full.get("cursor")
    if cursor and text_size(cursor) + 600 > budget.max_bytes - budget.text:
        # the cursor alone does not fit: named, and the read can be made again
        src = {**full, "cursor": None}
        extra = [f"cursor: {len(cursor):,} bytes, more than max_bytes={budget.max_bytes} "
                 f"leaves room for — call again with max_bytes={suggest_max_bytes(needed)} "
                 "to get it"]

    def make_obj(limit: int) -> dict[str, Any]:
        obj, _limits = fit_read(src, limit,
                                lambda lim: [*_read_notes(src, lim, needed), *extra])
        return obj

    def make_text(notes: list[str]) -> str:
        reserve = min(text_size("; ".join(notes)) + 16, budget.text // 3) if notes else 0
        return _finish_text([read_text(src, budget.text - reserve)], notes, budget.text)

    return settle(make_obj, make_text, budget)


# ------------------------------------------------------------------------ drill-down


def _drill_priority(path: str) -> float:
    if path.startswith("answer_anchors"):
        return 1.0
    if path.startswith("answer"):
        return 10.0
    if path.startswith("summary"):
        return 2.0
    return 1.0


def drill_result(head: dict[str, Any], rng_text: Any, rest: dict[str, Any], budget: Budget
                 ) -> Result:
    """One section or line range: ``head`` (file, section, lines, run), the range's lines
    (``rng_text(limit) -> (text, last line)``, whole lines only), and ``rest`` (summary,
    outline of the range, answer) — the lines come whole when they fit, else their head
    after the rest has had up to two fifths of the budget."""
    first, last = int(head["first_line"]), int(head["last_line"])
    whole, got = rng_text(budget.max_bytes)
    fits_whole = got >= last and (
        text_size(whole) * 2 + json_size(head) + json_size(
            {k: v for k, v in rest.items() if k.startswith("answer")}) + 600
        <= budget.max_bytes)
    notes: list[str] = []
    if fits_whole:
        keep = {k: v for k, v in rest.items() if k.startswith("answer") or k == "note"}
        text_part = whole
    else:
        keep = rest
    # the text rendering: header, answer, the lines' head
    label = head.get("section") or {}
    title = f" §{label['section']} {label.get('title', '')}" if label else ""
    header = f"{Path(str(head['file_path'])).name}{title} L{first}-{last}"
    t_parts = [header]
    if "answer" in keep:
        t_parts.append(cut_text(f"Answer: {keep.get('answer') or 'none found'}",
                                budget.text // 3))
    t_room = budget.text - sum(text_size(p) + 1 for p in t_parts) - 200
    t_lines, t_got = rng_text(max(0, t_room))
    if t_lines:
        t_parts.append(t_lines.rstrip("\n"))
    if t_got < last:
        t_parts.append(f"… lines {t_got + 1}-{last} are in the structured result"
                       if fits_whole else f"… lines {t_got + 1}-{last} not shown here")
    text = cut_text("\n".join(t_parts), budget.text)
    limit = budget.structured(text)
    obj = dict(head)
    if fits_whole:
        obj.update(keep)
        obj["text_lines"] = f"{first}-{last}"
        obj["text"] = text_part
        return obj, text
    # the rest within two fifths, then as many of the range's first lines as fit
    share = limit * 2 // 5
    hint = f"call with max_bytes={suggest_max_bytes(json_size(rest) + text_size(whole))}"
    shrunk = shrink(keep, share, _drill_priority,
                            extra=lambda s: json_size(s.notes(hint)) + 40)
    obj.update(shrunk.obj)
    notes = shrunk.notes(hint)
    note_room = json_size(notes) + 260
    room = limit - json_size(obj) - note_room - 40
    lines, got = rng_text(max(0, room))
    obj["text_lines"] = f"{first}-{got}" if got >= first else ""
    obj["text"] = lines
    if got < last:
        nxt = f"{got + 1}-{last}"
        notes.insert(0, f"text: lines {first}-{got} of {first}-{last} shown — call "
                     f"read_summary with lines=\"{nxt}\" to read on (or a narrower range)")
    if notes:
        obj["omitted"] = notes
    while json_size(obj) > limit and obj["text"]:
        lines, got = rng_text(max(0, text_size(obj["text"]) - 400))
        obj["text"], obj["text_lines"] = lines, (f"{first}-{got}" if got >= first else "")
        obj["omitted"][0] = (f"text: lines {first}-{got} of {first}-{last} shown — call "
                             f"read_summary with lines=\"{got + 1}-{last}\" to read on")
    return obj, text


# ------------------------------------------------------------------------- summarize


def _summarize_priority(path: str) -> float:
    if path.endswith("headline"):
        return 20.0
    if "answer_anchors" in path:
        return 0.6
    if "answer" in path:
        return 8.0
    if "topics" in path or "open_questions" in path:
        return 4.0
    if "stats.levels" in path:
        return 6.0
    if "minutes" in path or "stats.head" in path or "stats.tail" in path:
        return 0.2
    if "stats.templates" in path:
        return 1.5
    if path == "entry.summary":
        return 3.0
    if "anchors" in path:
        return 0.5
    if "gaps" in path or "unread" in path:
        return 0.7
    if path.startswith("source"):
        return 0.4
    return 1.0


def summarize_text(obj: dict[str, Any], limit: int) -> str:
    e = obj.get("entry") or obj.get("partial_entry") or {}
    head = (f"{obj.get('status')}: coverage {float(obj.get('coverage') or 0):.0%} of "
            f"{int(obj.get('input_bytes') or 0):,} bytes, {obj.get('strategy')}, "
            f"{obj.get('calls')} calls — run {obj.get('run_id')}")
    parts = [head]
    if obj.get("reason"):
        parts.append(str(obj["reason"]))
    if e.get("headline"):
        parts.append(str(e["headline"]))
    room = limit - sum(text_size(p) + 1 for p in parts) - 200
    if "answer" in e:
        part = cut_text(f"Answer: {e.get('answer') or 'none found'}", max(80, room // 2))
        parts.append(part)
        room -= text_size(part) + 1
    if e.get("summary"):
        parts.append(cut_text(f"Summary: {e['summary']}", max(80, room * 2 // 3)))
        room -= text_size(parts[-1]) + 1
    if e.get("topics"):
        parts.append(cut_text("Topics: " + ", ".join(str(t) for t in e["topics"]),
                              max(40, room)))
    return cut_text("\n".join(parts), limit)


def summarize_result(full: dict[str, Any], budget: Budget) -> Result:
    """A summarize object within ``budget``; a log's stats keep their top templates and
    values; the whole object stays in the run."""
    run_id = full.get("run_id")
    needed = json_size(full) + text_size(summarize_text(full, budget.text))
    hint = (f"the whole result is kept in run {run_id}: call summarize again with "
            f"max_bytes={suggest_max_bytes(needed)} (the stored run is returned, nothing is "
            f"read again), or run `gapless why {run_id}` in a shell")

    def make_obj(limit: int) -> dict[str, Any]:
        shrunk = shrink(full, limit, _summarize_priority,
                        extra=lambda s: json_size(s.notes(hint)) + 20)
        notes = shrunk.notes(hint)
        return {**shrunk.obj, "omitted": notes} if notes else shrunk.obj

    def make_text(notes: list[str]) -> str:
        reserve = min(text_size("; ".join(notes)) + 16, budget.text // 3) if notes else 0
        return _finish_text([summarize_text(full, budget.text - reserve)], notes, budget.text)

    return settle(make_obj, make_text, budget)


# ------------------------------------------------------------------------------ why


def why_result(head: dict[str, Any], tree_for: Any, budget: Budget) -> Result:
    """A run's tree: ``tree_for(limit) -> (text, cut)`` makes it within ``limit`` bytes (cut
    on a line, with a marker line saying how to see the rest)."""
    text, _cut = tree_for(budget.text)
    limit = budget.structured(text)
    tree, cut = tree_for(max(400, limit - json_size(head) - 120))
    obj = {**head, "tree": tree, "cut": cut}
    return obj, text


# -------------------------------------------------------------------------- journal


def _journal_priority(path: str) -> float:
    if path.endswith("headline") or path.endswith("reason"):
        return 10.0
    if path.endswith("summary") or path.endswith("explanation"):
        return 0.7
    return 1.0


def journal_result(full: dict[str, Any], budget: Budget) -> Result:
    lines = [f"{e['date']} {e['project']}: {e.get('headline', '')} (run {e.get('run_id')})"
             for e in full.get("entries", [])]
    lines += [f"{s.get('date')} {s.get('project')} skipped: {s.get('reason')}"
              for s in full.get("skipped", [])]
    if not lines:
        lines = ["no journal entries or skipped groups match"]
    text_lines: list[str] = []
    size = 0
    for line in lines:
        if size + text_size(line) + 1 > budget.text - 120:
            text_lines.append(f"… {len(lines) - len(text_lines)} more in the structured result")
            break
        text_lines.append(line)
        size += text_size(line) + 1
    base = "\n".join(text_lines)
    hint = "filter with date=… or project=…, or call with a larger max_bytes"

    def make_obj(limit: int) -> dict[str, Any]:
        shrunk = shrink(full, limit, _journal_priority,
                        extra=lambda s: json_size(s.notes(hint)) + 20)
        notes = shrunk.notes(hint)
        return {**shrunk.obj, "omitted": notes, "more": True} if notes else shrunk.obj

    def make_text(notes: list[str]) -> str:
        return _finish_text([base], notes, budget.text)

    return settle(make_obj, make_text, budget)
