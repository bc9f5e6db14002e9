"""A field that previews another (the start of its words, cut at one length) and a field
that shows another's words as HTML: neither says anything the other does not.

Inboxes and chat APIs keep, beside a message's words, a short ``blurb`` or ``excerpt``
for a list view: the same words cut after about one number of characters (maybe closed by
an ellipsis), whole only when the message is shorter than that. A rendition's rule (the
longer field that holds the shorter one's string is its copy) would take the whole words
for the copy and keep the cut: here the cut one is what is left out. A field whose text,
its tags and entities read, is the other's words (``&#39;`` for ``'``) is their rendition.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

_TAG = re.compile(r"<[A-Za-z/][^<>]*>")
_ELLIPSIS = ("…", "...")
MIN_HEAD = 20  # characters of a preview at least (shorter values are names, labels)
MIN_CUTS = 2  # records on which the preview is cut, at least
CUT_SPREAD = 0.25  # how much shorter than the longest cut another cut may be (word ends)


def shown(text: str) -> str:
    """The words a reader sees of ``text``: tags left out, entities read, spaces as one."""
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _cut(a: str) -> str:
    a = " ".join(a.split())
    for mark in _ELLIPSIS:
        if a.endswith(mark):
            return a[: -len(mark)].rstrip()
    return a


def shows(b: str, a: str) -> bool:
    """Whether ``b`` is ``a`` written as HTML (its tags and entities read)."""
    return b != a and shown(b) == " ".join(a.split())


def previews(records: Sequence[Sequence[tuple[str, str]]]) -> set[str]:
    """The fields that preview another field on every record that holds both: its start,
    cut at about one length on at least two records, whole only below that length."""
    cuts: dict[tuple[str, str], list[int]] = {}
    whole: dict[tuple[str, str], int] = {}
    broken: set[tuple[str, str]] = set()
    for fields in records:
        for pa, a in fields:
            head = _cut(a)
            if len(head) < MIN_HEAD or " " not in head:
                continue
            for pb, b in fields:
                pair = (pa, pb)
                if pb == pa or pair in broken:
                    continue
                words = shown(b)
                if words == head:
                    whole[pair] = max(whole.get(pair, 0), len(head))
                elif len(words) > len(head) and words.startswith(head):
                    cuts.setdefault(pair, []).append(len(head))
                else:
                    broken.add(pair)
    out: set[str] = set()
    for pair, lengths in cuts.items():
        if pair in broken or len(lengths) < MIN_CUTS:
            continue
        longest = max(lengths)
        if min(lengths) >= (1 - CUT_SPREAD) * longest and whole.get(pair, 0) <= longest:
            out.add(pair[0])
    return out
