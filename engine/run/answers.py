"""Answers: whether what the model said can be used, and asking again once when not.

An answer is usable when it parses as an extraction and is content rather than a copy of
the prompt's own example wording (:func:`parroted`); after a run of unusable answers the
call site is halted (:meth:`Answering.note_answer`), so a model that answers nothing usable
stops the run instead of spending its budget.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from gapless.engine.core.extraction import Extraction, extraction_schema, normalise
from gapless.engine.core.jsonrepair import LlmJsonError, parse_llm_json
from gapless.engine.core.spans import Span
from gapless.engine.providers.base import ProviderError
from gapless.engine.run.calls import CallSite, ModelUnusable, PromptSource
from gapless.engine.run.prompts import Prompt

# where the data a prompt carries begins (it ends at the closing tag with the same id)
_FENCE_OPEN = re.compile(r'<(transcript-data|child-extractions) id="([0-9a-f]{12})"[^>]*>')
# a placeholder value in a prompt's example of the answer's shape: "topics": ["3 to 8 ..."]
_PLACEHOLDER = re.compile(r'"[a-z_]+":\s*\[?\s*"([^"\n]{3,120})"')


def parroted(extraction: Extraction, prompt: str) -> str:
    """What of the answer only copies the prompt's own wording (the placeholder values of
    its example of the answer's shape, outside the data it carries), or "" when it is
    content: a headline or summary that is a placeholder, or topics that all are."""
    own = {_words(m) for m in _PLACEHOLDER.findall(_outside_fences(prompt))}
    if extraction.skipped or not own:
        return ""
    if extraction.headline and _only_placeholders(extraction.headline, own):
        return f"headline {extraction.headline!r}"
    if extraction.summary and _only_placeholders(extraction.summary, own):
        return f"summary {extraction.summary[:60]!r}"
    if extraction.topics and all(_words(t) in own for t in extraction.topics):
        return f"topics {extraction.topics[:3]!r}"
    return ""


def _outside_fences(prompt: str) -> str:
    """The prompt's own words: its text without the data fenced in it (found by the exact
    closing tag, not a lazy regex over every byte of the data)."""
    out: list[str] = []
    pos = 0
    while (m := _FENCE_OPEN.search(prompt, pos)) is not None:
        close = f'</{m.group(1)} id="{m.group(2)}">'
        end = prompt.find(close, m.end())
        if end < 0:  # not closed: not a fence; look for one further on
            out.append(prompt[pos:m.end()])
            pos = m.end()
            continue
        out.append(prompt[pos:m.start()])
        pos = end + len(close)
    out.append(prompt[pos:])
    return " ".join(out)


# what joins copies of a placeholder: "1. what happened: 2. what happened", "- one line"
_JOINS = re.compile(r"(?:^|[\s:;|])(?:\d+[.)]|[-*•])(?=\s)|[:;|\n]")


def _only_placeholders(text: str, own: set[str]) -> bool:
    """The text is a placeholder, or copies of placeholders numbered or joined together."""
    if _words(text) in own:
        return True
    seen = False
    for piece in _JOINS.split(text):
        words = _words(piece)
        if words and words not in own:
            return False  # content: most answers stop here, at their first words
        seen = seen or bool(words)
    return seen


def _words(text: str) -> str:
    return " ".join(text.lower().split()).strip(" .")


class Answering(CallSite):
    """The call site, asking for extractions and judging the answers."""

    def note_answer(self, usable: bool, answer: str = "") -> None:
        """Count an answer as usable or not; after ``max_unusable`` unusable ones in a row
        the run is halted (every later call fails at once) and ModelUnusable is raised."""
        if usable:
            self.unusable_streak = 0
            return
        self.unusable_streak += 1
        if self.halted is None and self.unusable_streak >= self.max_unusable:
            quote = " ".join(answer.split())
            quote = quote[:120] + ("…" if len(quote) > 120 else "")
            self.halted = (f"the model {self.provider.model or self.provider.name} gave "
                           f"{self.unusable_streak} unusable answers in a row and none usable, "
                           f"e.g. “{quote}”")
        if self.halted is not None:
            raise ModelUnusable(self.halted)


    async def ask_extraction(self, inv: str, prompt: PromptSource, scope: Span) -> Extraction:
        """Call until the answer is a usable extraction (one corrective retry)."""
        extraction, _raw = await self.ask_extraction_json(inv, prompt, scope)
        return extraction

    async def ask_extraction_json(
        self, inv: str, prompt: PromptSource, scope: Span,
        schema: dict[str, Any] | None = None,
    ) -> tuple[Extraction, dict[str, Any]]:
        """Like :meth:`ask_extraction`, also returning the raw JSON object, for callers whose
        answers carry more than an extraction (a chunk's outline)."""
        problem = ""
        built: Prompt | None = None
        for _attempt in range(2):
            if built is None:
                reply, built = await self.call_built(inv, prompt, schema or extraction_schema())
            else:  # the corrective retry, checked by _corrective itself
                reply, built = await self.call_built(
                    inv, self._corrective(built, problem), schema or extraction_schema(),
                    check=False)
            try:
                raw = parse_llm_json(reply.text)
                if built.stats is not None and isinstance(raw, dict):
                    # a log's figures are those computed for its prompt, whatever the
                    # answer says (and an answer's copy of them is not parsed again)
                    raw = {**raw, "stats": built.stats}
                extraction = Extraction.model_validate(raw)
            except LlmJsonError as exc:
                problem = str(exc)
                self.note_answer(False, reply.text)
                continue
            except ValidationError as exc:
                first = exc.errors()[0]
                problem = f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
                self.note_answer(False, reply.text)
                continue
            copied = "" if self.provider.writes_from_data else parroted(extraction, built.text)
            if copied:
                problem = f"its {copied} only copies the prompt's own wording"
                self.note_answer(False, reply.text)
                continue
            self.note_answer(True)
            cleaned, _dropped = normalise(extraction, scope)
            return cleaned, raw
        raise ProviderError(f"the model's answer was not a usable extraction: {problem}")

    def _corrective(self, sent: Prompt, problem: str) -> PromptSource:
        """The corrective retry's prompt: the prompt as sent with a note on what was wrong,
        or that same prompt again when the note would take it over the window. A full leaf
        has no room to spare, and the server took the prompt once, so a corrective retry must
        not turn into a split (even when the replies since showed denser tokens)."""

        def build() -> Prompt:
            fixed = Prompt(f"{sent.text}\n\nYour previous answer was not usable "
                           f"({problem[:160]}). Answer with the JSON object only.", sent.task,
                           sent.stats)
            if self.prompt_tokens(fixed) + self.capacity.answer_reserve(sent.task.kind) <= \
                    self.capacity.context_tokens:
                return fixed
            return sent

        return build
