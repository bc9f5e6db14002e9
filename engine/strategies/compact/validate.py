"""Checking a compaction summary against the head's entities, and the fallback.

When the summary misses an entity, the split moves back so the messages carrying it stay
verbatim and the smaller head is summarized again (at most ``FALLBACK_ROUNDS`` times, and
only as far as the target allows, beyond which the next turn would compact again). What
is still missing is reported, never hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gapless.engine.core.events import CompactionValidated
from gapless.engine.run.memo import Outcome
from gapless.engine.strategies.compact.entities import Entity, head_entities, mentions
from gapless.engine.strategies.compact.memory import summary_message, summary_text
from gapless.engine.strategies.compact.messages import message_tokens
from gapless.engine.strategies.compact.summarize import ROOT, Compactor

__all__ = ["FALLBACK_ROUNDS", "Validation", "validate_summary"]

FALLBACK_ROUNDS = 2


@dataclass
class Validation:
    required: list[Entity] = field(default_factory=list)
    found: list[Entity] = field(default_factory=list)
    missing: list[Entity] = field(default_factory=list)
    fallback: bool = False
    kept_verbatim: list[Entity] = field(default_factory=list)
    unresolved: list[Entity] = field(default_factory=list)
    moved: int = 0  # messages the fallback moved from the summarized head to the tail

    def to_json(self) -> dict[str, Any]:
        def names(items: list[Entity]) -> list[str]:
            return [e.value for e in items]

        return {
            "required": names(self.required),
            "found": names(self.found),
            "missing": names(self.missing),
            "fallback": self.fallback,
            "kept_verbatim": names(self.kept_verbatim),
            "unresolved": names(self.unresolved),
            "moved_to_tail": self.moved,
        }


async def validate_summary(work: Compactor, accepted: Outcome, split: int, wm_tokens: int
                           ) -> tuple[Validation, Outcome, int]:
    """The validation of ``accepted`` (the summary of ``body[:split]``), and the summary and
    split that stand after any fallback."""
    assert accepted.extraction is not None
    ctx = work.ctx
    body = work.body
    n = len(body)
    validation = Validation(required=head_entities(body, split))
    text = summary_text(accepted.extraction)
    validation.found = [e for e in validation.required if mentions(text, e, work.conv.cwd)]
    validation.missing = [e for e in validation.required if e not in validation.found]
    missing = list(validation.missing)
    rounds = 0
    first_split = split
    while missing and rounds < FALLBACK_ROUNDS:
        validation.fallback = True
        ctx.emit(CompactionValidated(inv=ROOT, n=rounds + 1, stage="missed",
                                     summary=accepted.inv, missing=[e.value for e in missing]))
        # Move the split back so the messages carrying the missing entities stay verbatim,
        # as far as the target allows (beyond it the next turn would compact again).
        summary_tokens = message_tokens(summary_message(accepted.extraction, split, n))
        fits = [k for k in work.boundaries() if k < split
                and work.result_tokens(k, summary_tokens, wm_tokens) <= work.target]
        limit = min(e.last for e in missing)
        ideal = [k for k in fits if k <= limit]
        k = max(ideal) if ideal else min(fits, default=split)
        if k >= split or not any(e.last >= k for e in missing):
            break
        rounds += 1
        tail_text = "\n".join(m.text for m in body[k:])
        must = [e for e in head_entities(body, k) if not _in_text(tail_text, e, work.conv.cwd)]
        outcome = await work.summarize(f"{ROOT}.f{rounds}", 0, k, None, must)
        if not outcome.complete or outcome.extraction is None:
            break  # keep the summary we have; the entities stay reported as missing
        if work.result_tokens(k, message_tokens(summary_message(outcome.extraction, k, n)),
                              wm_tokens) > work.target:
            break  # the new summary came out too large for the longer tail
        accepted, split = outcome, k
        text = summary_text(outcome.extraction)
        missing = [e for e in must if not mentions(text, e, work.conv.cwd)]
    assert accepted.extraction is not None
    tail_text = "\n".join(m.text for m in body[split:])
    validation.moved = first_split - split
    if validation.fallback:
        validation.kept_verbatim = [e for e in validation.missing
                                    if e.last >= split or _in_text(tail_text, e, work.conv.cwd)]
        final_text = summary_text(accepted.extraction)
        validation.unresolved = [
            e for e in head_entities(body, split)
            if not mentions(final_text, e, work.conv.cwd)
            and not _in_text(tail_text, e, work.conv.cwd)
        ]
        if validation.unresolved:
            ctx.emit(CompactionValidated(inv=ROOT, n=rounds + 1, stage="unresolved",
                                         unresolved=[e.value for e in validation.unresolved]))
    else:
        ctx.emit(CompactionValidated(inv=ROOT, n=1, stage="passed", found=len(validation.found)))
    return validation, accepted, split


def _in_text(text: str, entity: Entity, cwd: str) -> bool:
    """Is the entity present verbatim (files, errors) or nearly so (the task) in ``text``?"""
    return mentions(text, entity, cwd)
