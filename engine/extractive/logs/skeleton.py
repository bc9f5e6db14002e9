"""A template's skeleton: its words without its value tokens, what says which event it is.

drain mines one token count at a time, so ``close, 0 bytes sent`` and ``close, 9 bytes
(1.2 KB) sent`` (a value that a record may or may not hold) are two templates of one event
to drain; templates that share their skeleton are one (:func:`~.templates.canonical` joins
them, named by :func:`joined`), as are those whose only other difference is the name that
opens the message (:func:`family`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

WILDCARD = "<*>"  # drain's: mask_prefix + "*" + mask_suffix


def is_value(token: str) -> bool:
    """A token that is values and punctuation only (``<*>``, ``(<*>)``, ``<*>:<*>``)."""
    return WILDCARD in token and not any(c.isalnum() for c in token.replace(WILDCARD, ""))


@functools.lru_cache(maxsize=4_096)
def value_pattern(token: str) -> re.Pattern[str]:
    """What a token with values matches: its text, each value any run of characters."""
    return re.compile(".+".join(re.escape(part) for part in token.split(WILDCARD)), re.S)


def holds(template: str, other: str) -> bool:
    """Whether ``template`` holds ``other``, a template mined from fewer records (one
    line's): token for token, its words the same and each of its value tokens matching
    the other's token ("<*>:<*>" holds "users:<*>", which one line alone cannot tell is a
    value). A template of values only holds nothing: drain puts no line there either."""
    mine, theirs = template.split(), other.split()
    if len(mine) != len(theirs) or all(is_value(t) for t in mine):
        return False
    return all(m == t or (WILDCARD in m and value_pattern(m).fullmatch(t) is not None)
               for m, t in zip(mine, theirs, strict=True))


def skeleton(template: str) -> tuple[str, ...]:
    """A template's words without its value tokens."""
    return tuple(t for t in template.split() if not is_value(t))


NAMED_WORDS = 3  # words after a leading "name:" that make a message one event whatever name


def _leading_name(template: str) -> str | None:
    """A template's first token when it is a name closed by a colon (``com.apple.x:``)."""
    first = template.split(None, 1)[0] if template.strip() else ""
    return first if (len(first) > 1 and first.endswith(":") and not is_value(first)
                     and any(c.isalpha() for c in first)) else None


def family(template: str) -> tuple[str, ...]:
    """What says which event a template is: its skeleton, less a leading ``name:`` that
    more than :data:`NAMED_WORDS` words follow (services writing one message: ``com.apple.a:
    … told me to run this job`` and ``com.apple.b: …`` are one event from two senders).
    Remembered: every scope and fold of a log asks it again of the same few templates."""
    try:
        return _families[template]
    except KeyError:
        pass
    words = skeleton(template)
    if len(words) > NAMED_WORDS + 1 and _leading_name(template) is not None:
        words = (WILDCARD + ":", *words[1:])
    if len(_families) >= _FAMILY_CAP:
        _families.clear()
    _families[template] = words
    return words


_FAMILY_CAP = 8_192
_families: dict[str, tuple[str, ...]] = {}


def _gaps(template: str) -> list[tuple[str, ...]]:
    """The value tokens before each word of the skeleton, and after the last."""
    gaps: list[tuple[str, ...]] = [()]
    for t in template.split():
        if is_value(t):
            gaps[-1] += (t,)
        else:
            gaps.append(())
    return gaps


def joined(templates: Sequence[str]) -> str:
    """The one template of ``templates`` (of one :func:`family`): their words, and between
    two words the values all of them hold there, or one ``<*>`` where those differ (a
    leading name that differs is one ``<*>:``)."""
    names = [t.split(None, 1)[0] for t in templates]
    if len(set(names)) > 1 and all(_leading_name(t) is not None for t in templates):
        # (what the names share up to a separator stays: com.apple.<*>:)
        shared = names[0]
        for n in names[1:]:
            while not n.startswith(shared):
                shared = shared[:-1]
        shared = shared[:max((i + 1 for i, c in enumerate(shared) if not c.isalnum()),
                             default=0)]
        templates = [shared + WILDCARD + ":" + t[len(n):]
                     for t, n in zip(templates, names, strict=True)]
    words = skeleton(templates[0])
    if any(skeleton(t) != words for t in templates):
        return templates[0]  # (no one skeleton: nothing to join by)
    gaps = [_gaps(t) for t in templates]
    parts: list[str] = []
    for k in range(len(words) + 1):
        seen = {g[k] for g in gaps}
        parts.extend(seen.pop() if len(seen) == 1 else (WILDCARD,))
        if k < len(words):
            parts.append(words[k])
    return " ".join(parts)
