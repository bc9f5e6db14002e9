"""A changelog written as a JSON object of versions and their dates, one member a line.

A package registry's publish times (``npm view pkg time --json``) map each version to the
moment it went out: ``"1.2.3": "2024-01-05T10:00:00.000Z",``. A member whose key is a whole
version and whose value a whole date (a time and a zone allowed) is a release, known by that
structure, never by the object's name or its other keys ("created", "modified" are no
versions); a member is one line, so any part cut at a line counts its own.
"""

from __future__ import annotations

import re

from gapless.engine.core.releases import HeadingGroup, ReleaseMark
from gapless.engine.extractive.anchors import ByteOffsets
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_headings import DATE, VERSION

__all__ = ["SHAPE", "member_groups"]

SHAPE = '"version": date'  # the shape of a release written as a member of an object
_MEMBER = re.compile(r'^\s*"([^"\s]+)"\s*:\s*"([^"]+)"\s*,?\s*$')
_CLOCK = r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?"
_DATED = re.compile(rf"({DATE.pattern}){_CLOCK}")


def member_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The releases ``text`` writes as members "version": "date", as a heading group ([]
    when it holds none)."""
    if '"' not in text:
        return []
    byte_at = ByteOffsets(text, base_offset)
    done: list[ReleaseMark] = []
    at = 0
    for line in text.split("\n"):
        m = _MEMBER.match(line) if '":' in line or '" :' in line else None
        if m is not None and VERSION.fullmatch(m.group(1)):
            d = _DATED.fullmatch(m.group(2).strip())
            if d is not None:
                done.append(ReleaseMark(title=m.group(1), at=byte_at(at), date=d.group(1),
                                        version=m.group(1)))
        at += len(line) + 1
    return [release_group(SHAPE, done, None)] if done else []
