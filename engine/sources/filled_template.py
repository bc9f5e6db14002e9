"""A record whose words are a template the app fills from the record's own fields: a notice.

A team chat's server keeps what happened in a conversation (it was made, a member or a bot
was added, a file was shared) as messages of whoever did it, the words a template with
``{name}`` placeholders — ``{actor} created the conversation`` — and each placeholder's value
an object of the same record (``messageParameters.actor``) that a client renders in its
place. A person does not type placeholders that the record itself fills, so such words are
the app's notice, never an ask or an answer. Found by structure only: every placeholder
names an object of the record, and the words around them are one short sentence with no
question in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

MAX_WORDS = 8  # of the words around the placeholders, at most
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w-]{0,40})\}")


def fills_template(words: str, found: Sequence[tuple[str, Any]]) -> bool:
    """Whether ``words`` are a template whose every placeholder names an object among the
    record's fields (``found``: its ``(path, value)`` leaves)."""
    names = _PLACEHOLDER.findall(words)
    if not names:
        return False
    objects = {step.removesuffix("[]") for path, _v in found for step in path.split(".")[:-1]}
    rest = _PLACEHOLDER.sub(" ", words)
    return (all(n in objects for n in names) and "?" not in rest
            and len(rest.split()) <= MAX_WORDS)
