"""A record written as a bracketed list of fields parted by "|", its marks at both ends.

GlassFish's uniform log format writes a record as ``[#|stamp|LEVEL|product|logger|
name=value;…|message|#]``: an opening mark, the fields parted by ``|``, and the mirrored
closing mark after the message (on the record's last line, the message on the line after
the header's). The opening mark is a field of its own (:mod:`.field_classes`); the closing
one is no word of the message: it is taken off the message's end, so the messages of one
event are one template, the mark glued to none of their words.
"""

from __future__ import annotations

import re

OPENING = re.compile(r"^\[[^\w\s\[\]|]{1,2}$")  # "[#", a bracket and one or two symbols


def without_closing(message: str, first: str) -> str:
    """``message`` without the closing mark that mirrors ``first``, the record's opening
    field, when it opens one ("[#" closes with "|#]")."""
    if not message.endswith("]") or OPENING.match(first) is None:
        return message
    closing = "|" + first[:0:-1] + "]"
    return message[:-len(closing)].rstrip() if message.endswith(closing) else message
