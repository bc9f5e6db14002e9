"""A word among a message's first tokens that takes many values is a variable there.

drain's prefix tree keys a message on its first tokens (:data:`KEYED` of them with this
config), and a token with no digit gets a branch of its own: ``start: config-ntp: running
…`` and ``start: config-ssh: running …`` never meet, so a name that opens a message (a
module, a package, a task, an extension) is mined a template per name, each with a share of
the event's records. Past those tokens drain makes a differing place ``<*>`` itself.

So templates of one token count that hold the same tokens everywhere but at one keyed place,
a word among them, are one event when that place holds :data:`MANY` distinct words or more,
written alike (:func:`_shape`), they hold :data:`SEEN` records or more and none of them
holds more than :data:`SHARE` of them (a closed set of a few words, or one word nearly
always, is the event's constant: :mod:`.dominant`); a value written bare (``<*>``) there,
and a word no more frequent than those, join them (a value the message marks as a kind of
its own, ``@<*>``, is another event: :func:`_plain_value`). The template keeps what the
words share before and after a separator (``config-<*>:``), and its records are the sum
of theirs, so the counts stay exact and depend on the templates only, as
:func:`~.templates.canonical` needs; a word that such a token matches joins it however few
the words beside it (:func:`_into_patterns`: a part of a log joined them, another saw few).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.skeleton import WILDCARD, is_value, value_pattern

KEYED = 2  # tokens drain's prefix tree keys on (depth 5: the length, then two tokens)
MANY = 8  # distinct words at a place at least: a variable's values, not a closed set
SHARE = 0.5  # of the records at most for any one of them: each is rare
SEEN = 50  # records at least: in a few, distinct words may as well be distinct events


def _word(token: str) -> bool:
    """A token with a letter outside its values: a branch of its own in drain's tree."""
    return any(c.isalpha() for c in token.replace(WILDCARD, ""))


def _affixed(tokens: Sequence[str]) -> str:
    """One ``<*>`` for ``tokens``, with what they all share before and after a separator
    (``config-ntp:`` and ``config-ssh:`` are ``config-<*>:``)."""
    head = tokens[0]
    for t in tokens[1:]:
        while not t.startswith(head):
            head = head[:-1]
    head = head[:max((i + 1 for i, c in enumerate(head) if not c.isalnum()), default=0)]
    rest = [t[len(head):] for t in tokens]
    tail = rest[0]
    for t in rest[1:]:
        while not t.endswith(tail):
            tail = tail[1:]
    tail = tail[min((i for i, c in enumerate(tail) if not c.isalnum()), default=len(tail)):]
    if any(len(t) < len(tail) for t in rest):
        tail = ""
    while head.endswith(("<", "<*")):
        head = head[:-1]
    while tail.startswith(("*>", ">")):
        tail = tail[1:]
    return head + WILDCARD + tail


def groups(templates: Sequence[str], counts: Sequence[int]) -> dict[str, str]:
    """The new name of each template that joins others at a keyed place (the rest are not
    in it), asked at each keyed place in turn (the names of one place's joins are what the
    next is asked of)."""
    names = {t: t for t in templates}
    for at in range(KEYED):
        current: dict[str, int] = {}
        for t, c in zip(templates, counts, strict=True):
            current[names[t]] = current.get(names[t], 0) + c
        renamed = _join_at(list(current.items()), at)
        if renamed:
            names = {t: renamed.get(n, n) for t, n in names.items()}
    return {t: n for t, n in names.items() if n != t}


def _join_at(entries: list[tuple[str, int]], at: int) -> dict[str, str]:
    by_rest: dict[tuple[str, ...], list[tuple[str, list[str], int]]] = {}
    for text, count in entries:
        tokens = text.split()
        if len(tokens) <= at:
            continue
        rest = (*tokens[:at], *tokens[at + 1:])
        if not any(map(_word, rest)):
            continue  # (no word beside it: a message of one word is an event of its own)
        runs = set(_CHUNK.findall(tokens[at]))
        key = (str(len(tokens)), *(_echo(t, runs) for t in rest))
        by_rest.setdefault(key, []).append((text, tokens, count))
    renamed: dict[str, str] = {}
    for members in by_rest.values():
        if len(members) < 2:
            continue
        by_shape: dict[str, list[tuple[str, list[str], int]]] = {}
        values = []
        for member in members:
            if _plain_value(member[1][at]):
                values.append(member)  # (a value takes any word: joined below)
            else:
                by_shape.setdefault(_shape(member[1][at]), []).append(member)
        joins = [j for j in (_joined(alike, at, []) for alike in by_shape.values()) if j]
        if joins:
            # shapes that each hold many rare words are one variable's (``python3-x1:all``
            # and ``x2:amd64``), and so is a word of another shape no more frequent than its
            # values; a value takes any word
            alike = [m for m in members if any(m[0] in j for j in joins)]
            most = max(m[2] for m in alike)
            alike += [m for m in members if m not in alike and (m in values or m[2] <= most)]
            joins = [_joined(alike, at, values)]
        for j in joins:
            renamed.update(j)
        renamed.update(_into_patterns(members, at, renamed))
    return renamed


def _into_patterns(members: list[tuple[str, list[str], int]], at: int,
                   renamed: dict[str, str]) -> dict[str, str]:
    """Each member whose word at ``at`` another member's token there matches (``config-ssh:``
    and ``config-<*>:``, a variable's values joined in another part of the log) joined to
    the most general of those: a part's joined template and another part's words are one,
    however few those are. A bare value (``<*>``) matches any word, so it takes only those
    with :data:`MANY` times fewer records than its own (a word as frequent is an event of
    its own beside a variable). Each text's new name (only those that change)."""
    names = {text: renamed.get(text, text) for text, _, _ in members}
    held: dict[str, int] = {}
    for text, _, count in members:
        held[names[text]] = held.get(names[text], 0) + count
    tokens = {name: name.split()[at] for name in held}
    patterns = sorted({t for t in tokens.values() if WILDCARD in t},
                      key=lambda t: (len(t.replace(WILDCARD, "")), t))
    if not patterns:
        return {}
    owner = {t: n for n, t in tokens.items()}
    out: dict[str, str] = {}
    for text, name in names.items():
        token = tokens[name]
        for p in patterns:
            if p == token or not value_pattern(p).fullmatch(token):
                continue
            if is_value(p) and MANY * held[name] > held[owner[p]]:
                continue
            out[text] = owner[p]
            break
    return out


_SEPARATORS = frozenset(".,:;/-_")  # between a value's parts, or after it


def _plain_value(token: str) -> bool:
    """A value written bare (``<*>``, ``<*>:<*>``, ``<*>,``): drain's own join of a
    variable's words, or a value where others write a word. A value the message marks as a
    kind of its own (``@<*>``, an uptime; ``(<*>)``; ``#<*>``) is written unlike the words
    beside it, and takes none of them."""
    return is_value(token) and set(token.replace(WILDCARD, "")) <= _SEPARATORS


def _echo(token: str, runs: set[str]) -> str:
    """``token`` with the parts it shares with the word at the keyed place, and its
    values, marked: a name may be written twice (``start: config-ntp:
    running config-ntp``), and its echo varies with it."""
    return _CHUNK.sub(lambda m: "\0" if m.group() in runs else m.group(),
                      token.replace(WILDCARD, "\0"))


_CHUNK = re.compile(r"[\w.-]+")  # a name's part between other punctuation (config-ntp)


def _shape(token: str) -> str:
    """A token with each run of letters, digits, "_" and values one mark: the values of one
    variable are written alike (``config-ntp:``, ``config-ssh:``, and ``config-<*>:``
    once joined), where the constants that share a place with them are not (``@<*>ms``
    beside ``ServerConnector@<*>{…}``)."""
    return _RUN.sub("a", token.replace(WILDCARD, "a"))


_RUN = re.compile(r"\w+")


def _joined(members: list[tuple[str, list[str], int]], at: int,
            values: list[tuple[str, list[str], int]]) -> dict[str, str]:
    """The members (templates alike but at ``at``) as one, if their words there (the
    ``values`` aside) are many and each rare: each text's new name (none if not)."""
    held: dict[str, int] = {}
    for _, tokens, count in members:
        held[tokens[at]] = held.get(tokens[at], 0) + count
    aside = {v[1][at] for v in values}
    words = [w for w in held if _word(w) and w not in aside]
    total = sum(held.values())
    if len(words) < MANY or total < SEEN or max(held[w] for w in words) > SHARE * total:
        return {}
    first = members[0][1]
    name = " ".join(t if all(m[1][i] == t for m in members)
                    else _affixed(sorted({m[1][i] for m in members}))
                    for i, t in enumerate(first))
    return {text: name for text, _, _ in members}
