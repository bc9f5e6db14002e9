"""A chunk's coarse kind for an outline entry made without a model (``gapless read``):
opaque (blank, minified, encoded), a log (its own errors' share), an error, data, code,
config or a section. The chunk's extraction says what the registry read it as; the bytes
say the rest."""

from __future__ import annotations

import re

from gapless.engine.core.events import OutlineKind
from gapless.engine.core.extraction import Extraction
from gapless.engine.core.logstats import LogStats
from gapless.engine.extractive.kinds.base import ACCEPT, View
from gapless.engine.extractive.kinds.log import LogKind

__all__ = ["chunk_kind", "opaque_reason"]

_ERRORISH = re.compile(rb"Traceback \(most recent call last\)|\bpanic:|\bFATAL\b|\bSegmentation "
                       rb"fault\b")
_ERROR_LINE = re.compile(rb"(?i)\b(?:error|exception|failed|failure)\b")
_CODE_LINE = re.compile(
    rb"^\s*(?:def |class |import |from \S+ import|function |const |let |var |public |private "
    rb"|func |fn |#include|package |return\b|if \(|for \()|[;{}]\s*$"
)
_CONFIG_LINE = re.compile(rb"^\s*(?:[\w.\"-]+\s*[:=](?:\s|$)|\[[\w.\"-]+\]\s*$|---\s*$|- \w)")
_SAMPLE_LINES = 200
# Bytes that are not letters: ASCII letters and UTF-8 multi-byte sequences (any script) are.
_NON_LETTERS = bytes(b for b in range(128) if not (65 <= b <= 90 or 97 <= b <= 122))


def opaque_reason(data: bytes, extraction: Extraction | None) -> str | None:
    """Why a chunk is boring (blank, minified, encoded, or judged empty), else None."""
    body = data.strip()
    if not body:
        return "blank lines"
    sample = body[: 64 * 1024]
    if len(sample) > 2000 and sample.count(b"\n") < len(sample) // 2000 \
            and not _json_with_prose(sample, extraction):
        return "minified text without line breaks"
    if len(sample) > 200 and sample.count(b" ") + sample.count(b"\n") < len(sample) // 50:
        return "encoded data (base64 or similar), no words"
    head = sample[:4096]
    if len(head.translate(None, _NON_LETTERS)) < len(head) // 4:
        return "mostly numbers and symbols"
    if extraction is not None and extraction.skipped:
        return extraction.skip_reason or "nothing of substance"
    return None


def _json_with_prose(sample: bytes, extraction: Extraction | None) -> bool:
    """Long JSON records whose strings the summarizer read as prose (a session's JSONL
    messages, one record a line): not minified noise, whatever their line lengths."""
    return (b'":' in sample[:4096] and extraction is not None and not extraction.skipped
            and len(extraction.summary) >= 40)


def chunk_kind(data: bytes, extraction: Extraction | None) -> OutlineKind:
    """A coarse kind for a chunk from its bytes, so even a model-less entry says something."""
    if opaque_reason(data, extraction) is not None:
        return "opaque"
    if extraction is not None and extraction.stats is not None:
        return _log_kind(extraction.stats)
    sample = data.strip()[: 64 * 1024]
    if _ERRORISH.search(sample):
        return "error"
    lines = [ln for ln in sample.split(b"\n")[:_SAMPLE_LINES] if ln.strip()]
    n = max(1, len(lines))
    if sum(1 for ln in lines if _ERROR_LINE.search(ln)) * 10 >= n and n >= 3:
        return "error"
    if sample[:1] in (b"{", b"["):
        return "data"
    if LogKind().detect(View(sample.decode("utf-8", errors="replace"))) >= ACCEPT:
        return "log"
    if sum(1 for ln in lines if _CODE_LINE.search(ln)) * 10 >= n * 3:
        return "code"
    if sum(1 for ln in lines if _CONFIG_LINE.match(ln)) * 2 >= n:
        return "config"
    return "section"


def _log_kind(stats: LogStats) -> OutlineKind:
    """A log chunk is a log, or an error where a tenth of its records say they are errors
    (their own level, not a guess from their words)."""
    errors = stats.levels.get("error", 0)
    if not stats.levels_inferred and stats.records and errors * 10 >= stats.records:
        return "error"
    return "log"


