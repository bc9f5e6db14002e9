"""A record whose words are the app narrating its sender: a notice, not the sender's words.

A messenger's export keeps what happened in a chat as messages of the one it happened to,
the words written by the app in the third person about that very sender: the sender's own
name opening a short sentence (``lena.hoffmann sent an attachment.``, ``Sam Ortiz left the
group``) — a person does not open a message with their own name and a verb. Such a record
is a notice of the app's (its preview or share beside it too), never an ask or an answer.
Found by structure only: the record's speaker value opening its words, a lowercase word
after it, a short sentence with no question in it.
"""

from __future__ import annotations

import re

MAX_WORDS = 8  # of a notice's sentence, at most
_AFTER = re.compile(r"^ [^\W\d_A-Z][^\W\d]*\b")  # a lowercase word right after the name


def narrates(sender: str | None, words: str) -> bool:
    """Whether ``words`` are the app telling what ``sender`` did."""
    text = words.strip()
    if not sender or not any(ch.isalpha() for ch in sender) or not text.startswith(sender):
        return False
    rest = text[len(sender):]
    return (_AFTER.match(rest) is not None and "?" not in text
            and len(text.split()) <= MAX_WORDS + len(sender.split()))
