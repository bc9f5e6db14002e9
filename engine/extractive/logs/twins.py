"""Two words that take turns at one place of a template, each on many records, are two events.

drain (similarity 0.4) makes a place ``<*>`` as soon as two messages differ there, so
``Order <*> accepted from <*>`` and ``Order <*> rejected from <*>`` (two statements of a
program, one word apart) are one ``Order <*> <*> from <*>`` with the records of both, where
a template's truth counts two events. A variable that takes words takes many (a module, a
user, a queue: :mod:`.keyed_place`; two users on some tens of records each), or names of
its own kind (``state_changed_alert``, ``AH01630:``, ``'a.out'``: a digit or punctuation
inside); a status a program fills in writes its level from the word (``code OK`` at info,
``code Canceled`` at warning).

So a place that the template's messages fill with exactly two words, each of letters only
and each on :data:`SEEN` records or more (hundreds, not tens), whose records are alike in
level (both sides with errors or neither, with warnings or neither), is that word in two
templates. The cut depends on the distinct messages and their counts only (never on their
order), so it is the same for the whole log, a fold and the file cut in pieces
(:func:`~.templates.canonical`); a log past ``FORM_CAP`` distinct messages is mined as
before, as :mod:`.dominant` is.
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.logs.skeleton import WILDCARD

SEEN = 100  # records at least on each word: two words on fewer may be a variable's two values


def place(name: Sequence[str], members: Sequence[Sequence[str]], counts: Sequence[int],
          levels: Sequence[tuple[int, int]]) -> tuple[int, dict[str, list[int]]] | None:
    """Where the template ``name`` (its tokens) holds two events, and each word's members
    (indices into ``members``, token lists as long as ``name``, with their records in
    ``counts`` and their errors and warnings in ``levels``); None where it holds one."""
    for at, token in enumerate(name):
        if token != WILDCARD:
            continue
        sides: dict[str, list[int]] = {}
        for k, m in enumerate(members):
            sides.setdefault(m[at], []).append(k)
            if len(sides) > 2:
                break
        if len(sides) != 2 or not all(w.isalpha() for w in sides):
            continue
        held = [sum(counts[k] for k in ks) for ks in sides.values()]
        if min(held) < SEEN:
            continue
        alike = {tuple(any(levels[k][i] for k in ks) for i in (0, 1)) for ks in sides.values()}
        if len(alike) == 1:
            return at, sides
    return None
