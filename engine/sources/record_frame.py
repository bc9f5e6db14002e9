"""The envelope a message record is wrapped in, which names the record and not its parts.

Some exports wrap each message in an object of its own (``{"response": {"sender",
"message", ...}}``, ``{"message": {"author", "content"}}``): the speaker field then sits in
that object, and so does every field of the message. The wrapper's name tells what the
whole record is, so a field's kind (a tool's result, a call, a thought) is read from its
path below the object that holds the speaker, never from the wrapper's name — else every
word of a message wrapped in ``response`` would be taken for a tool's output.
"""

from __future__ import annotations


def frame(speaker_path: str) -> str:
    """The object path the speaker field sits in (plain keys only), or "" at the top."""
    if any(c in speaker_path for c in "[?*"):
        return ""
    return speaker_path.rpartition(".")[0]


def inner(path: str, speaker_path: str) -> str:
    """``path`` below the object that holds the speaker, when it lies inside that object."""
    top = frame(speaker_path)
    return path[len(top) + 1:] if top and path.startswith(top + ".") else path
