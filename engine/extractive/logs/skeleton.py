"""A template's skeleton: its words without its value tokens, what says which event it is.

drain mines one token count at a time, so ``close, 0 bytes sent`` and ``close, 9 bytes
(1.2 KB) sent`` (a value that a record may or may not hold) are two templates of one event
to drain; templates that share their skeleton are one (:func:`~.templates.canonical` joins
them, named by :func:`joined`).
"""

from __future__ import annotations

from collections.abc import Sequence

WILDCARD = "<*>"  # drain's: mask_prefix + "*" + mask_suffix


def is_value(token: str) -> bool:
    """A token that is values and punctuation only (``<*>``, ``(<*>)``, ``<*>:<*>``)."""
    return WILDCARD in token and not any(c.isalnum() for c in token.replace(WILDCARD, ""))


def skeleton(template: str) -> tuple[str, ...]:
    """A template's words without its value tokens."""
    return tuple(t for t in template.split() if not is_value(t))


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
    """The one template of ``templates`` (sharing their skeleton): their words, and between
    two words the values all of them hold there, or one ``<*>`` where those differ."""
    words = skeleton(templates[0])
    gaps = [_gaps(t) for t in templates]
    parts: list[str] = []
    for k in range(len(words) + 1):
        seen = {g[k] for g in gaps}
        parts.extend(seen.pop() if len(seen) == 1 else (WILDCARD,))
        if k < len(words):
            parts.append(words[k])
    return " ".join(parts)
