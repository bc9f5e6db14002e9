"""A JSON path's values as a level set of its own: words written alike, two of them levels.

A level key may hold words beside the common scale's, and hold them on most records
("Default" and "Fault" beside "Info", "Error" and "Debug"). Counting only the scale's words
makes the judgement a share that a small piece of the log may fall either side of, so two
pieces would learn two formats. A small closed set of words all written in one case, two
or more of them the scale's, is a level set whatever its other words' share: the same
judgement in every piece that holds two of its levels.
"""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs.formats import common_level

_SCALE = ("error", "warning", "info", "debug")
_WORD = 12  # characters a level word holds, at most


def _case(word: str) -> str | None:
    if not word.isalpha() or len(word) > _WORD:
        return None
    if word.isupper():
        return "upper"
    if word.islower():
        return "lower"
    return "title" if word[0].isupper() and word[1:].islower() else None


def alike_levels(values: Counter[str]) -> bool:
    """Whether ``values`` are words of one case, two or more of them levels of the scale."""
    cases = {_case(v) for v in values}
    if len(cases) != 1 or None in cases:
        return False
    return len({common_level(v) for v in values} & set(_SCALE)) >= 2
