"""A one-token column written after every message: a caller ``(logger:line)``, a ``+12ms``.

Some formats write a field of their own after the message (a logger and its line in
parentheses, the time since the record before). Its value varies, so it is masked and the
counts stay exact, but every template then ends with it (``Order <*> placed (<*>)``) and
names the event with a mark that is no part of it. By structure: when the templates that hold
(nearly) all the records end with the same token, and that token is a value framed by
punctuation alone (no word, not a bare value), it is a column after the message; the
templates are said without it. Learned over the whole log's templates, so a log whose
messages merely end the same way now and then keeps its text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gapless.engine.core.logstats import TemplateStat
from gapless.engine.extractive.weights import LOG

WILD = "<*>"
MIN_TEMPLATES = 3  # templates the token must end: one event's text says nothing of a column


def _framed(token: str) -> bool:
    """A value with punctuation around it and nothing else: ``(<*>)``, ``+<*>``."""
    rest = token.replace(WILD, "")
    return WILD in token and bool(rest) and not any(c.isalnum() for c in rest)


def column_after(templates: Sequence[TemplateStat]) -> str | None:
    """The token every template's records end with, when it is such a column; else None."""
    total = sum(t.count for t in templates)
    ends: Counter[str] = Counter()
    held: Counter[str] = Counter()
    for t in templates:
        words = t.template.split()
        if len(words) > 1:
            ends[words[-1]] += t.count
            held[words[-1]] += 1
    if not ends or not total:
        return None
    token, records = ends.most_common(1)[0]
    if not _framed(token) or held[token] < MIN_TEMPLATES or records < LOG.level_share * total:
        return None
    return token


def without(template: str, token: str | None) -> str:
    """``template`` without its trailing ``token``, when it ends with it after other words."""
    if token is None:
        return template
    words = template.split(" ")
    if len(words) > 1 and words[-1] == token:
        return " ".join(words[:-1]).rstrip()
    return template
