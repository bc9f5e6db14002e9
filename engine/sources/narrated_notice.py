"""A record whose words are the app narrating its sender: a notice, not the sender's words.

A messenger's export keeps what happened in a chat as messages of the one it happened to,
the words written by the app in the third person about that very sender: the sender's own
name opening a short sentence (``lena.hoffmann sent an attachment.``, ``Sam Ortiz left the
group``) — a person does not open a message with their own name and a verb. Such a record
is a notice of the app's (its preview or share beside it too), never an ask or an answer.
Found by structure only: the record's speaker value opening its words, a lowercase word
after it, a short sentence with no question in it. An app may also quote the name it
narrates (``"Marco Rossi" recalled a message``) when the speaker field holds no name (a
flag of one's own messages): a name in quotation marks opening the words, that name a value
of one of the record's own fields, is the sender narrated the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_WORDS = 8  # of a notice's sentence, at most
_AFTER = re.compile(r"^ [^\W\d_A-Z][^\W\d]*\b")  # a lowercase word right after the name
_AFTER_QUOTE = re.compile(r"^ ?[^\W\d_A-Z][^\W\d]*\b")  # (a quoted name may touch it)
_QUOTES = (('"', '"'), ("\u201c", "\u201d"), ("\u300c", "\u300d"))
_NAME = re.compile(r"^\w[^\n\"\u201c\u201d]{0,40}$")  # a name: one short line, no quote in it


def narrates(sender: str | None, words: str, fields: Sequence[str] = ()) -> bool:
    """Whether ``words`` are the app telling what ``sender`` did (or, quoted, what the one
    named by a value of the record's ``fields`` did)."""
    text = words.strip()
    quoted = next((f"{q}{name}{q_end}" for name in fields if _NAME.match(name)
                   for q, q_end in _QUOTES if text.startswith(f"{q}{name}{q_end}")), None)
    if quoted is not None:
        sender = quoted
    elif not sender or not any(ch.isalpha() for ch in sender) or not text.startswith(sender):
        return False
    rest = text[len(sender):]
    after = _AFTER_QUOTE if quoted is not None else _AFTER
    return (after.match(rest) is not None and "?" not in text
            and len(text.split()) <= MAX_WORDS + len(sender.split()))
