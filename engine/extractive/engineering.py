"""The public :class:`Entities` of a text, for callers that want facts, not a summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gapless.engine.extractive.cues import DECISION, QUESTION_END
from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.limits import MAX_ENTITIES
from gapless.engine.extractive.questions import find_open_questions
from gapless.engine.extractive.segment import parse_text
from gapless.engine.extractive.units import OrderedSet, Parsed, Unit, is_prose


@dataclass(frozen=True, slots=True)
class Entities:
    """Engineering entities of a text; each list deduplicated, in order of appearance."""

    files: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    open_questions: list[str] = field(default_factory=list)


def _decisions(units: Sequence[Unit]) -> list[str]:
    """Prose that states a choice; a question about one decides nothing."""
    out = OrderedSet()
    for u in units:
        if is_prose(u) and len(u.terms) >= 3 and DECISION.search(u.text) and not (
            QUESTION_END.search(u.text)
        ):
            out.add(shorten(u.text, 200))
    return out.items


def entities(text: str) -> Entities:
    """File paths, commands run, errors, decisions and open questions found in ``text``."""
    if not text or not text.strip():
        return Entities()
    parsed = parse_text(text)
    return entities_of(parsed)


def entities_of(parsed: Parsed) -> Entities:
    """The entities of an already parsed text (the leaf summary parses only once)."""
    return Entities(
        files=list(parsed.file_order[:MAX_ENTITIES]),
        commands=list(parsed.commands),
        errors=list(parsed.errors),
        decisions=_decisions(parsed.units)[:MAX_ENTITIES],
        open_questions=find_open_questions(parsed.units)[:MAX_ENTITIES],
    )
