"""What a compaction summary must keep: modified files, the current task, recent errors.

They are found without a model, from the structure of the messages, so the check does not
depend on the summarizer it checks; a mention is matched loosely enough for a paraphrase
(paths by their last components, the task and errors by most of their significant words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from gapless.engine.sources.common import one_line
from gapless.engine.strategies.compact.messages import Message

__all__ = ["RECENT_ERRORS", "Entity", "EntityKind", "head_entities", "mentions"]

RECENT_ERRORS = 3
EntityKind = Literal["file", "task", "error"]


@dataclass(frozen=True)
class Entity:
    """Something the summary must keep: a modified file, the current task, a recent error.
    ``last`` is the index (in the conversation body) of the last message carrying it."""

    kind: EntityKind
    value: str
    last: int


_TERM = re.compile(r"[A-Za-z][A-Za-z0-9_'-]{3,}")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}")
_EXC = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Failure)\b")
_STOP = frozenset(re.findall(
    r"\w+",
    "that this with from have what when where which would could should there their them then "
    "than they will your about into just like make sure also been were some more other only "
    "over such very does done want need please thanks help here",
))


def _terms(text: str, limit: int | None = 16) -> list[str]:
    """Significant words (and CJK bigrams) of ``text``, first ``limit`` distinct ones."""
    out = [t.lower() for t in _TERM.findall(text) if t.lower() not in _STOP]
    for run in _CJK_RUN.findall(text):
        out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return list(dict.fromkeys(out))[:limit]


def mentions(summary: str, entity: Entity, cwd: str = "") -> bool:
    """Does ``summary`` mention ``entity``? Paths exactly (absolute, relative to the
    project, or by their last two components); the task and errors by most of their
    significant words (and an error by its exception name, if it has one)."""
    s = summary.casefold()
    v = entity.value.casefold().strip()
    if not v:
        return True
    if entity.kind == "file":
        forms = {v}
        root = cwd.casefold().rstrip("/")
        if root and v.startswith(root + "/"):
            forms.add(v[len(root) + 1 :])
        parts = [p for p in v.split("/") if p and p != "."]
        if parts:
            forms.add("/".join(parts[-2:]))
        return any(f and f in s for f in forms)
    if v[:80] in s:
        return True
    if entity.kind == "error":
        exc = _EXC.search(entity.value)
        if exc and exc.group(0).casefold() not in s:
            return False
    terms = _terms(entity.value)
    if not terms:
        return True
    words = set(_terms(summary, None))
    hits = sum(1 for t in terms if t in words or (len(t) >= 6 and t[:6] in s))
    return hits * 2 >= len(terms)


def head_entities(body: Sequence[Message], end: int) -> list[Entity]:
    """Modified files, the current task and the recent errors of ``body[:end]``."""
    files: dict[str, int] = {}
    errors: dict[str, tuple[int, str]] = {}
    task: Entity | None = None
    fallback_task: Entity | None = None
    for i, m in enumerate(body[:end]):
        for f in m.modified:
            files.pop(f, None)
            files[f] = i
        for e in m.errors:
            key = e.casefold()
            errors.pop(key, None)
            errors[key] = (i, e)
        if m.is_request:
            value = one_line(m.text, 200)
            fallback_task = Entity("task", value, i)
            if len(m.text.strip()) >= 12:
                task = fallback_task
    out = [Entity("file", f, i) for f, i in files.items()]
    chosen = task or fallback_task
    if chosen is not None:
        out.append(chosen)
    out.extend(Entity("error", e, i) for i, e in list(errors.values())[-RECENT_ERRORS:])
    return out
