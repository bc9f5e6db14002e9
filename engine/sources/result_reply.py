"""The person's reply a harness writes into a tool's result, for a call that addressed them.

Coding agents talk to the person through tools: the assistant calls one whose argument is a
question or a report in prose, and the person's answer comes back as that call's result,
in the user's turn, wrapped in one element (``[name] Result:`` over ``<tag>`` … ``</tag>``).
Read as a tool's result, every ask after the first is lost. It is told by structure alone:
the call the result names was made, as markup, in the assistant's message just before, with
an argument element of prose; and the result holds an element on lines of its own, with no
attributes and no markup inside, whose every line is prose (several words, no heading). A
file's or a command's output (attributes, nested elements, bare paths, heading lines) and a
call of paths or commands stay a tool's result.
"""

from __future__ import annotations

import re

MIN_WORDS = 3  # a line of prose: this many words at least
# (blanks that end a line are nothing: an editor may leave them after a tag)
_ELEMENT = re.compile(r"^<(?P<tag>[A-Za-z][\w-]*)>[ \t]*\n(?P<words>.+?)\n</(?P=tag)>[ \t]*$",
                      re.MULTILINE | re.DOTALL)


def _prose(text: str) -> bool:
    """Lines of words: no markup, no heading, none a bare token."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return bool(lines) and "<" not in text and all(
        not line.startswith("#") and len(line.split()) >= MIN_WORDS for line in lines)


def _addressed(name: str, said: str) -> bool:
    """Did ``said`` call ``name`` as markup with an argument of prose?"""
    call = re.search(rf"<{re.escape(name)}>(.*?)</{re.escape(name)}>", said, re.DOTALL)
    if call is None:
        return False
    args = re.findall(r"<([A-Za-z][\w-]*)>(.*?)</\1>", call.group(1), re.DOTALL)
    return any(_prose(words) for _tag, words in args)


def reply_in(name: str, result: str, said: str) -> str | None:
    """The person's words in ``result`` of call ``name``, the assistant having ``said``
    that call just before; None when the result is a tool's own output."""
    if not _addressed(name, said):
        return None
    replies = [m.group("words").strip() for m in _ELEMENT.finditer(result)
               if _prose(m.group("words"))]
    return replies[0] if len(replies) == 1 else None
