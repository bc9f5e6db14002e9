"""A JSON record's level may be the first word of a list rather than a field of its own.

Some loggers write a record's level as the first of its tags (Kibana's legacy JSON:
``"tags": ["warning", "plugins", "security"]``), beside a constant scalar that a level
search would otherwise take (``"type": "log"``). By structure: a list whose first item is
one short word is flattened as a path of its own (``tags.0``), so the level search, which
prefers the path of most distinct levels, weighs it as it weighs any field. Only a word is
taken (no sentence, number or object): a message or a time is never a list's first item.
"""

from __future__ import annotations

_WORD_CHARS = 12  # a level word's length, at most


def leading_word(item: object) -> bool:
    """Whether a list's first item is one short word (a tag, perhaps a level)."""
    return isinstance(item, str) and 0 < len(item) <= _WORD_CHARS and item.isalpha()
