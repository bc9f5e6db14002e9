"""A name padded to its width before its colon closes a header as a "name:" does.

A log that pads a tag to a fixed width writes the colon after the blanks when the tag is
short (``I Zygote  : …``) and glued to it when the tag fills the width (``I ActivityManager:
…``): one delimiter, written two ways. A lone ":" after a word is read as that word's
closing colon, so both kinds of record end their header at the same place.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.field_classes import field_class


def closes_name(fields: Sequence[tuple[str, str, int]], i: int) -> bool:
    """Whether field ``i`` closes a name: a "name:", or a lone ":" after a word."""
    field = fields[i][0]
    if field_class(field) == "C":
        return True
    return field == ":" and i > 0 and field_class(fields[i - 1][0]) == "W"
