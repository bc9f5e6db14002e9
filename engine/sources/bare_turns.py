"""A conversation kept as a bare list of strings: the person's words and the answer's in turn.

Data sets of chats, one conversation a record, often keep a conversation as nothing but the
words of its turns (``{"id": "7", "data": ["ask", "answer", "ask", "answer"]}``). No field
says who spoke; the position does: the first string is the person's, the next the answer,
and so on. What tells such lists from lists of sentences that are no turns (a recipe's
steps, a page's paragraphs, a set of examples) is how they come: each answer is longer than
the ask before it in nearly every pair over all the records (asks against answers), which
a document's list gives only by chance. Only a list that every record of a collection holds
at the same field is read so — never the one list of a lone document.
"""

from __future__ import annotations

from typing import Any

PERSON, ANSWER = "user", "assistant"
MIN_RECORDS = 2
MIN_PAIRS = 8  # (ask, answer) pairs over all the records, at least (a list of
# sentences in no such order passes 7 of 8 by chance once in thirty)
LONGER_SHARE = 0.8  # of the pairs whose answer is longer than its ask


def _field(record: Any) -> str | None:
    """The one field of ``record`` holding a list of two strings or more, every one words
    (a string with a space); None when there is none or several."""
    if not isinstance(record, dict):
        return None
    found = [k for k, v in record.items() if isinstance(v, list) and len(v) >= 2
             and all(isinstance(s, str) and " " in s.strip() for s in v)]
    return found[0] if len(found) == 1 else None


def bare_turns(doc: Any, speaker: str, words: str) -> list[tuple[Any, list[dict[str, Any]]]]:
    """Each record of ``doc`` (a list of records) as ``(record, turns)``, its list of bare
    strings read as turns by position in the given speaker and words fields; [] when the
    records hold no such lists, or their strings do not come as asks and longer answers."""
    if not isinstance(doc, list) or len(doc) < MIN_RECORDS:
        return []
    keys = {_field(r) for r in doc}
    if len(keys) != 1 or None in keys:
        return []
    (key,) = keys
    pairs = longer = 0
    for record in doc:
        said = record[key]
        for ask, answer in zip(said[::2], said[1::2], strict=False):
            pairs += 1
            longer += len(answer) > len(ask)
    if pairs < MIN_PAIRS or longer < LONGER_SHARE * pairs:
        return []
    return [(record, [{speaker: PERSON if i % 2 == 0 else ANSWER, words: s}
                      for i, s in enumerate(record[key])]) for record in doc]
