"""A version as the whole value of a data field (a JSON string, an XML leaf).

A heading's version (:data:`~engine.extractive.kinds.changelog_headings.VERSION`) takes a
pre-release glued to its numbers ("2.0.0rc1") or set off by a hyphen ("2.0.0-rc.1"). A
package index writes it set off by a dot as well ("7.1.0.rc1", "2.0.0.beta.2",
"5.3.0.RELEASE"): in running text that shape is also a file's name ("1.2.tar"), but a field
whose whole value it is holds nothing else, so there it is a version. A list of records
that read only some of their versions as versions counted the rest out: a wrong count. A
number of seconds since 1970 is dotted too ("1714550000.000059", a chat message's stamp):
a list of messages was read as 60 releases.
"""

from __future__ import annotations

import re

from gapless.engine.extractive.kinds.changelog_headings import VERSION

__all__ = ["is_field_version"]

_DOTTED_PRE = re.compile(r"v?\d+(?:\.\d+)+\.[A-Za-z]+(?:\.?\d+)?")


# a leading number of nine digits or more: a time in seconds since 1970 ("1714550000.000059",
# a chat message's stamp) or an id, never a release's number (a date as one is eight)
_HUGE = re.compile(r"v?\d{9}")


def is_field_version(value: str) -> bool:
    """Whether ``value``, a field's whole value, is a version."""
    if _HUGE.match(value):
        return False
    return VERSION.fullmatch(value) is not None or _DOTTED_PRE.fullmatch(value) is not None
