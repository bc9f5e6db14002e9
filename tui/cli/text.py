"""Readable blocks of text for the terminal: summaries wrapped on spaces, never inside a word.

Rich wraps a long URL or path mid-word, which breaks copy and paste; and the offline
summarizer often opens its summary with the headline it has just printed.
"""

from __future__ import annotations

import re
import shutil
import textwrap

from gapless.engine import size_text

# ``size_text`` is the one size format of the CLI's human output and the workbench's
# (decimal: 1 KB = 1,000 bytes; exact byte counts are written out where precision matters).
__all__ = ["size_text", "without_headline", "wrap_block"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"\w+")
_LEAD = re.compile(r"\s*(?:[-*•]\s+|\d+[.)]\s+)?")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def without_headline(headline: str, summary: str) -> str:
    """``summary`` less a first sentence that only repeats ``headline``."""
    head = _words(headline)
    if not head:
        return summary
    first, *rest = _SENTENCE_END.split(summary.strip(), maxsplit=1)
    said = _words(first)
    if said[: len(head)] == head and len(said) <= len(head) + 2:
        return rest[0] if rest else ""
    return summary


def wrap_block(text: str, width: int | None = None, indent: str = "") -> str:
    """``text`` wrapped to the terminal on spaces only; paragraphs and list lines kept."""
    cols = width or max(40, min(100, shutil.get_terminal_size((100, 24)).columns))
    out: list[str] = []
    for line in text.splitlines() or [""]:
        if not line.strip():
            out.append("")
            continue
        lead = _LEAD.match(line)
        bullet = lead.group(0).strip() + " " if lead and lead.group(0).strip() else ""
        out.append(textwrap.fill(line[lead.end() if lead else 0:].strip(), width=cols,
                                 initial_indent=indent + bullet,
                                 subsequent_indent=indent + " " * len(bullet),
                                 break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)
