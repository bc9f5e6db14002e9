"""JSON kept as a script's one assignment: ``window.YTD.direct_messages.part0 = [ … ]``.

Some exports write their data as a JavaScript file whose one statement assigns a JSON
document to a name, so that a viewer bundled with the export can load it with a script tag.
The document is the text after the assignment's ``=`` (before an optional closing ``;``);
the name it is assigned to says nothing about what it holds.
"""

from __future__ import annotations

import re

# ``[var ]name(.name|[0])* = `` followed by a JSON document's first character
_ASSIGNMENT = re.compile(r"^(?:(?:var|let|const)\s+)?[A-Za-z_$][\w$]*"
                         r"(?:\.[A-Za-z_$][\w$]*|\[\d+\])*\s*=\s*(?=[\[{])")


def assigned_document(text: str) -> str | None:
    """The JSON text a script's one assignment holds, or None when ``text`` does not open
    with an assignment."""
    m = _ASSIGNMENT.match(text.lstrip("\ufeff \t\r\n"))
    if m is None:
        return None
    rest = text.lstrip("\ufeff \t\r\n")[m.end():].rstrip()
    return rest[:-1] if rest.endswith(";") else rest
