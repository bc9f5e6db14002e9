"""What replaces the head of a compacted conversation: its summary and a working memory.

The working-memory block is built without a model from the whole conversation, so the
files, task and errors an agent needs survive even a poor summary.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive import entities
from gapless.engine.sources.common import one_line
from gapless.engine.strategies.compact.entities import head_entities
from gapless.engine.strategies.compact.messages import Conversation, JsonObj, Message

__all__ = ["summary_message", "summary_text", "working_memory"]


def working_memory(conv: Conversation, body: Sequence[Message], limit_chars: int) -> str:
    """The block the agent keeps whatever the summary says: built without a model."""
    ents = head_entities(body, len(body))
    files = [e.value for e in ents if e.kind == "file"]
    task = next((e.value for e in ents if e.kind == "task"), "")
    errors = [e.value for e in ents if e.kind == "error"]
    recent = "\n".join(m.text for m in body[-12:] if m.role in ("user", "assistant"))
    blockers = entities(recent[-60_000:]).open_questions[-3:] if recent.strip() else []
    lines = ["[Working memory kept by gapless compaction]"]
    if task:
        lines.append(f"Current task: {task}")
    if files:
        shown = files[-40:]
        more = f" (and {len(files) - len(shown)} earlier)" if len(files) > len(shown) else ""
        lines.append("Files modified: " + ", ".join(shown) + more)
    if conv.cwd:
        lines.append(f"Working directory: {conv.cwd}")
    if errors:
        lines.append("Recent errors:\n" + "\n".join(f"- {e}" for e in errors))
    if blockers:
        lines.append("Open questions / blockers:\n" + "\n".join(f"- {one_line(b, 200)}"
                                                                 for b in blockers))
    text = "\n".join(lines)
    return text if len(text) <= limit_chars else text[: limit_chars - 1] + "…"


def summary_message(extraction: Extraction, summarized: int, total: int) -> JsonObj:
    """The message standing for ``body[:summarized]``, saying so to the agent."""
    lines = [f"[Summary of the earlier conversation by gapless: messages 1-{summarized} of "
             f"{total} were compacted]"]
    head, summary = extraction.headline.strip(), extraction.summary.strip()
    if head and not summary.startswith(head[:40]):
        lines.append(head)
    if summary:
        lines.append(summary)
    if extraction.open_questions:
        lines.append("Open questions: " + " | ".join(extraction.open_questions))
    return {"role": "user", "content": "\n\n".join(lines)}


def summary_text(extraction: Extraction) -> str:
    """Everything the summary says, as the text the entity check reads."""
    return "\n".join([extraction.headline, extraction.summary, *extraction.open_questions])
