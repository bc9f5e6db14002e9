"""The byte budget of ``gapless mcp``'s tool results: what an agent pays for one call.

Every result is a structured object (``structuredContent``) plus a short text rendering of it
(``content``), and the two *together* stay within ``max_bytes`` (default 8 KB, at most
64 KB): clients differ in which one they hand the model (Claude Code and Codex the structured
object, Cursor the text, some both), so whichever the agent sees, it pays at most the budget.
The text takes at most a third of it.

What does not fit is named, never cut silently: the object's ``omitted`` list says what was
shortened or left out and how to get it (``section=N``, ``lines="a-b"``, ``cursor``, a
larger ``max_bytes``). Cuts follow priorities — for a read, the answer first, then the
summary's head, then the outline's titles and line anchors, then its digests; for any other
object the largest, least important parts are halved first (a log's stats keep their top
templates and values).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DEFAULT_MAX_BYTES",
    "HARD_MAX_BYTES",
    "MIN_MAX_BYTES",
    "Budget",
    "cut_text",
    "fit_read",
    "json_size",
    "shrink",
    "suggest_max_bytes",
    "text_size",
]

DEFAULT_MAX_BYTES = 8 * 1024
MIN_MAX_BYTES = 2 * 1024
HARD_MAX_BYTES = 64 * 1024
TEXT_SHARE = 3  # the text rendering takes at most 1/TEXT_SHARE of the budget


def json_size(value: Any) -> int:
    """Bytes of ``value`` as JSON (UTF-8, the default separators: a little more than any
    client's compact form, so a result measured here never exceeds the budget there)."""
    return len(json.dumps(value, ensure_ascii=False, default=str).encode("utf-8"))


def text_size(text: str) -> int:
    return len(text.encode("utf-8"))


def suggest_max_bytes(needed: int) -> int:
    """The ``max_bytes`` to name in a note: the next power of two of what the whole object
    needs, at most the hard cap."""
    n = DEFAULT_MAX_BYTES
    while n < needed and n < HARD_MAX_BYTES:
        n *= 2
    return min(n, HARD_MAX_BYTES)


@dataclass(frozen=True)
class Budget:
    """``max_bytes`` split between the structured object and its text rendering."""

    max_bytes: int = DEFAULT_MAX_BYTES

    @property
    def text(self) -> int:
        return self.max_bytes // TEXT_SHARE

    def structured(self, text: str) -> int:
        return self.max_bytes - text_size(text)


def cut_text(text: str, limit: int) -> str:
    """``text`` within ``limit`` UTF-8 bytes, cut at a line end, else a sentence end, else a
    space, and marked with an ellipsis when cut."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text
    if limit < 8:
        return ""
    head = raw[: limit - 3].decode("utf-8", errors="ignore")
    floor = len(head) // 2
    for sep in ("\n", ". ", "; ", " "):
        at = head.rfind(sep)
        if at >= floor:
            head = head[: at + (1 if sep != "\n" else 0)]
            break
    return head.rstrip() + "…"


# ------------------------------------------------------------------ any object: halving


Priority = Callable[[str], float]


@dataclass
class _Cut:
    unit: str  # "entries", "keys" or "bytes"
    before: int
    after: int = 0


@dataclass
class Shrunk:
    obj: dict[str, Any]
    cuts: dict[str, _Cut] = field(default_factory=dict)

    def notes(self, hint: str) -> list[str]:
        out = []
        for path, c in self.cuts.items():
            if c.unit == "bytes":
                out.append(f"{path}: {c.after:,} of {c.before:,} bytes shown")
            elif c.after == 0:
                out.append(f"{path}: all {c.before:,} {c.unit} left out")
            else:
                what = "top " if c.unit == "keys" else "first "
                out.append(f"{path}: {what}{c.after:,} of {c.before:,} {c.unit} shown")
        if out and hint:
            out.append(hint)
        return out


def _nodes(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        if path:
            yield path, value
        for k, v in value.items():
            yield from _nodes(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        yield path, value
        for v in value:
            if isinstance(v, dict | list):
                # items of a list share one path (the list is cut as a whole)
                yield from ((p, x) for p, x in _nodes(v, f"{path}[]") if isinstance(x, str))
    elif isinstance(value, str):
        yield path, value


def _replace(root: dict[str, Any], target: Any, new: Any) -> bool:
    """Put ``new`` where ``target`` (by identity) sits in ``root``."""
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if v is target:
                node[k] = new
                return True
            if isinstance(v, dict | list):
                stack.append(v)
    return False


def _counts(d: dict[str, Any]) -> bool:
    """A dict of counts (a log field's values, errors per minute): cut to its largest."""
    return all(isinstance(v, int) and not isinstance(v, bool) for v in d.values())


def _sorted_top(d: dict[str, Any], keep: int) -> dict[str, Any]:
    """A dict of counts' ``keep`` entries with the largest counts, in its own order."""
    top = set(sorted(d, key=lambda k: -d[k])[:keep])
    return {k: v for k, v in d.items() if k in top}


def shrink(obj: dict[str, Any], limit: int, priority: Priority,
           extra: Callable[[Shrunk], int] = lambda s: 0, keep: frozenset[str] = frozenset(),
           ) -> Shrunk:
    """``obj`` halved, its largest least important part first, until ``json_size`` plus
    ``extra`` (the notes the caller adds) is within ``limit``. Lists keep their first items,
    dicts of counts their largest, strings their head; every cut is recorded by path.
    Paths in ``keep`` are never cut."""
    out = Shrunk(copy.deepcopy(obj))
    for _ in range(400):
        if json_size(out.obj) + extra(out) <= limit:
            break
        best: tuple[float, str, Any] | None = None
        for path, node in _nodes(out.obj, ""):
            if path in keep or not path:
                continue
            size = json_size(node)
            if ((isinstance(node, str) and len(node.encode()) <= 80)
                    or (isinstance(node, list) and not node)
                    or (isinstance(node, dict) and (len(node) <= 6 or not _counts(node)))):
                continue
            weight = size / max(priority(path), 0.01)
            if best is None or weight > best[0]:
                best = (weight, path, node)
        if best is None:
            break
        _weight, path, node = best
        if isinstance(node, str):
            before = text_size(node)
            new: Any = cut_text(node, max(60, before // 2))
            after = text_size(new)
            unit = "bytes"
        elif isinstance(node, list):
            before, after, unit = len(node), len(node) // 2, "entries"
            new = node[:after]
        else:
            before, after, unit = len(node), max(3, len(node) // 2), "keys"
            new = _sorted_top(node, after)
        if not _replace(out.obj, node, new):
            break
        cut = out.cuts.get(path)
        if cut is None:
            out.cuts[path] = _Cut(unit, before, after)
        else:
            cut.after = after
    return out


# -------------------------------------------------------------------------- the read


# The read's shrinking steps, in order: what goes first when the budget is short.
_READ_LADDER: list[tuple[str, int]] = [
    ("digest", 160), ("anchors", 8), ("summary", 3000), ("digest", 80), ("summary", 2000),
    ("digest", 0), ("answer", 3000), ("summary", 1200), ("entries", 24), ("answer", 2000),
    ("anchors", 4), ("entries", 16), ("summary", 800), ("answer", 1200), ("entries", 10),
    ("summary", 400), ("entries", 6), ("anchors", 0), ("answer", 600), ("entries", 3),
    ("summary", 200), ("entries", 0), ("answer", 300), ("summary", 0),
]


def _spread(n: int, keep: int) -> list[int]:
    """``keep`` indexes of ``range(n)`` spread evenly, the first and the last among them."""
    if keep >= n:
        return list(range(n))
    if keep <= 0:
        return []
    if keep == 1:
        return [0]
    return sorted({round(i * (n - 1) / (keep - 1)) for i in range(keep)})


def fit_read(full: dict[str, Any], limit: int, notes_for: Callable[[dict[str, Any]], list[str]]
             ) -> tuple[dict[str, Any], dict[str, int | None]]:
    """The read object within ``limit`` bytes by :data:`_READ_LADDER`; returns it (with
    ``omitted`` when anything was cut) and the limits applied. ``notes_for(limits)`` writes
    the notes for a set of limits (so their bytes are counted)."""
    limits: dict[str, int | None] = {"digest": None, "anchors": None, "summary": None,
                                     "answer": None, "entries": None}

    def build() -> dict[str, Any]:
        obj = dict(full)
        outline = full.get("outline") or []
        keep = _spread(len(outline), limits["entries"] if limits["entries"] is not None
                       else len(outline))
        entries = []
        for i in keep:
            e = dict(outline[i])
            d = limits["digest"]
            if d is not None:
                digest = str(e.get("digest") or "")
                if d == 0:
                    e.pop("digest", None)
                elif len(digest) > d:
                    e["digest"] = digest[: d - 1].rstrip() + "…"
            entries.append(e)
        obj["outline"] = entries
        for key in ("summary", "answer"):
            lim = limits[key]
            if lim is not None and isinstance(obj.get(key), str):
                obj[key] = cut_text(obj[key], lim)
        if limits["anchors"] is not None and isinstance(obj.get("answer_anchors"), list):
            obj["answer_anchors"] = obj["answer_anchors"][: limits["anchors"]]
        notes = notes_for(limits)
        if notes:
            obj["omitted"] = notes
        return obj

    obj = build()
    for key, value in _READ_LADDER:
        if json_size(obj) <= limit:
            break
        current = limits[key]
        if current is not None and current <= value:
            continue
        limits[key] = value
        obj = build()
    return obj, limits
