"""How quoted text is shown: colours and markdown dropped, cut at a word, ended like a sentence."""

from __future__ import annotations

import re

from gapless.engine.extractive.terms import CJK_CHAR

_LEADING_MARK = re.compile(
    r"^\s*(?:#{1,6}\s+|>\s*|[-*+•●○◦▪➤→←⎿]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+|[✓✔✗✘❌✅⚠️]+\s*)+"
)
WHITESPACE_RUN = re.compile(r"\s+")
_ANSI_ANY = re.compile(r"(?:\x1b|\\u001b|\\x1b|\\033|\\e)\[[0-9;]*[A-Za-z]")
_EMPH = re.compile(r"\*\*|__|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")


def display_form(text: str) -> str:
    """Display form of a sentence: terminal colours and markdown markers dropped, whitespace
    collapsed."""
    if "[" in text:
        text = _ANSI_ANY.sub("", text)
    lead = _LEADING_MARK.match(text)  # anchored at the start: at most one match, there
    if lead is not None:
        text = text[lead.end():]
    if "*" in text or "__" in text:  # every _EMPH match holds one
        text = _EMPH.sub("", text)
    return " ".join(text.split())  # \s+ as one space, stripped (\s is str.isspace)


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word where one is near, marked by "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,;:-") + "…"


def as_sentence(text: str) -> str:
    """Make a clean fragment read as a sentence in running prose."""
    text = text.strip()
    if text and text[-1].isalnum():
        text += "." if not CJK_CHAR.match(text[-1]) else "。"
    return text
