"""A name glued to its message is a name of the column all the same.

Where every record names its source after a number (ESP-IDF's ``I (1234) wifi_sta: …``),
some sources write the name glued to their text (a closed library's ``wifi:new:<11,0>, …``):
the column's "name:" with the message run on, no blank between. Counted as no name, those
records would keep a piece where they are over one in twenty from learning the name column
at all, so the pieces of one log would read apart. By structure: a field that opens with a
word closed by a colon and runs on with no "/" after it (not a URL's ``https://``) is a
name glued to its message. Its record is a record (:mod:`.shape`: a record without a
"name:" is read after the column before it), its message the field on.
"""

from __future__ import annotations

import re

from gapless.engine.extractive.logs.field_classes import field_class

_GLUED = re.compile(r"^[A-Za-z][\w-]{0,31}:[^\s/:]")


def names_column(field: str) -> bool:
    """Whether ``field`` holds a name in a column of "name:"s: one, or one glued to its text."""
    return field_class(field) == "C" or _GLUED.match(field) is not None
