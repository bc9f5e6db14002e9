"""Sentence units with exact character spans, so that every quoted sentence can be anchored
back to the bytes it came from (including sentences read out of escaped JSON strings)."""

from __future__ import annotations

import re

from gapless.engine.extractive.display import display_form
from gapless.engine.extractive.limits import MAX_UNIT_CHARS
from gapless.engine.extractive.terms import content_terms
from gapless.engine.extractive.units import Said, Unit
from gapless.engine.sources.meeting import SPOKEN_MARKUP

# what is left of a spoken sentence that held only markup: "{vocalsound} ." or "Uh ,"
_NOTHING_SAID = re.compile(r"^[\W_]*$")

# (after a sentence's end, a closing quote, bracket or markdown emphasis: "were not.** A")
SENTENCE_BREAK = re.compile(
    r"(?<=[.!?])(?:[\"')\]]|\*{1,2}|_{1,2})?\s+(?=[\"'(\[`*_]*[A-Z0-9\u3400-\u9fff])"
    r"|(?<=[。！？；])\s*"
)

_BREAK_AFTER = "。！？；"


def split_sentences(text: str, start: int) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (which begins at ``start``)."""
    spans: list[tuple[int, int]] = []
    pos = 0
    # Every break follows one of .!? or _BREAK_AFTER: a text without any has none.
    breaks = ("." in text or "!" in text or "?" in text
              or (not text.isascii() and any(c in text for c in _BREAK_AFTER)))
    if not breaks and len(text) <= MAX_UNIT_CHARS:  # one sentence: the text, trimmed
        s, e = len(text) - len(text.lstrip()), len(text.rstrip())
        return [(start + s, start + e)] if e > s else []
    for m in SENTENCE_BREAK.finditer(text) if breaks else ():
        if m.end() <= pos:
            continue
        spans.append((pos, m.start() if m.start() > pos else m.end()))
        pos = m.end()
    spans.append((pos, len(text)))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        while e - s > MAX_UNIT_CHARS:
            cut = text.rfind(" ", s + MAX_UNIT_CHARS // 2, s + MAX_UNIT_CHARS)
            if cut <= s:
                cut = s + MAX_UNIT_CHARS
            out.append((s, cut))
            s = cut
        out.append((s, e))
    result: list[tuple[int, int]] = []
    for s, e in out:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            result.append((start + s, start + e))
    return result


def add_units(units: list[Unit], text: str, span: tuple[int, int], said: Said,
              display: str | None = None, spoken: bool = False) -> None:
    """Sentences of ``text[start:end]`` (``span``) as units of ``said``. ``display`` is the
    unescaped form of a JSON
    string whose raw (escaped) span is ``[start, end)``. A ``spoken`` turn (a raw meeting
    line, as ``gapless read`` sees it) is shown without its transcription markup
    (``{disfmarker}``, ``[laughter]``): the anchor keeps the raw span, the words it quotes
    and counts are what was said."""
    start, end = span
    segment = text[start:end] if display is None else display
    for s, e in split_sentences(segment, 0):
        shown = display_form(segment[s:e])
        if spoken and shown and SPOKEN_MARKUP.search(shown):
            shown = " ".join(SPOKEN_MARKUP.sub(" ", shown).split())
            shown = "" if _NOTHING_SAID.match(shown) else shown
        if not shown:
            continue
        if display is None:
            rs, re_ = start + s, start + e
        else:
            rs, re_ = _raw_span(start, end, len(display), s, e)
        units.append(Unit(rs, re_, shown, said.role, said.msg, len(units), said.noise,
                          content_terms(shown), said.meta))


def _raw_span(start: int, end: int, display_len: int, s: int, e: int) -> tuple[int, int]:
    """Map display offsets of an unescaped JSON string back onto its raw (escaped) span.

    The mapping is proportional and clamped, so the anchor always lies inside the very JSON
    string the sentence was read from."""
    size = end - start
    display_len = max(1, display_len)
    rs = start + min(size - 1, s * size // display_len)
    re_ = start + max(1, min(size, -(-e * size // display_len)))
    return rs, max(rs + 1, re_)
