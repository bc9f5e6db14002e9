"""A level padded to its width glues to the lone mark after it when it fills the width.

A log that pads its level before a lone mark (``INFO  : …``, ``ERROR : …``) writes its
widest level with the mark glued to it (``NOTICE: …``): the same two columns, written as
one field. Such a field closes the header where the mark's column does, so those records
are records, their level read and their message after it, not lines of the record before.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.level_words import level_word

_MARKS = ":|-"


def glued_level(fields: Sequence[tuple[str, str, int]], at: int) -> bool:
    """Whether field ``at`` (the level's column, before the lone mark's) is a level word
    with one mark glued to it, a blank after."""
    if at < 0 or at >= len(fields):
        return False
    field, sep, _ = fields[at]
    word = field[:-1]
    return (len(field) > 1 and field[-1] in _MARKS and word.isalpha() and sep in ("s", "w")
            and level_word(word) is not None)
