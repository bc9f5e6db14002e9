"""Records of a kind that never holds words are no one's turn: a trace, a typing notice.

An app's transcript may list, between the messages, records of its own bookkeeping written
in the name of a voice — a bot's traces of the intent it matched, a typing indicator, an
event — so that voice seems to speak several times in a row and to say nothing in most of
its records. The kind is learned, never named: a field on nearly every record with a few
values (``type``), some of whose values' records never hold words (a string of three words
or more) while the others' mostly do. Those records are set aside when the voices and
their turns are judged (they are still read, as what they are).

The kind may also be told by no field at all but by what a record holds (a receipt's
object where a message's would be): when no speaker is found over all the records, the
records that hold no words at all are set aside the same way and the voices judged on the
others.
"""

from __future__ import annotations

from collections.abc import Callable

from gapless.engine.sources.common import JsonObj

_MAX_KINDS = 8
_PRESENT = 0.9  # of the records that carry the kind field
_WORDY = 0.6  # of a speaking kind's records that hold words, at least
_MIN_WORDLESS = 2  # records of the wordless kinds, at least
_MIN_WORDED = 4  # records with words left to judge the voices on, at least
NO_KIND = "\0"  # the kind field of records told apart by their words alone (no field's name)


def wordless_kinds(objs: list[JsonObj], prose: Callable[[JsonObj], bool]
                   ) -> tuple[str, frozenset[str]] | None:
    """The field that sorts the records into kinds some of which never hold words, and those
    kinds' values; None when no field does. (The field says what a record is, never who
    speaks: the caller leaves it out of the voices.)"""
    said = [prose(o) for o in objs]
    best: tuple[int, str, frozenset[str]] | None = None
    for key in sorted({k for o in objs[:50] for k, v in o.items() if isinstance(v, str)}):
        kinds: dict[str, list[int]] = {}
        for i, o in enumerate(objs):
            v = o.get(key)
            if isinstance(v, str):
                kinds.setdefault(v, []).append(i)
        held = sum(map(len, kinds.values()))
        if not 2 <= len(kinds) <= _MAX_KINDS or held < _PRESENT * len(objs):
            continue
        wordless = frozenset(v for v, ix in kinds.items() if not any(said[i] for i in ix))
        speaking = [ix for v, ix in kinds.items() if v not in wordless]
        if (not wordless or not speaking
                or sum(len(kinds[v]) for v in wordless) < _MIN_WORDLESS
                or any(sum(said[i] for i in ix) < _WORDY * len(ix) for ix in speaking)):
            continue
        kept = sum(map(len, speaking))
        if best is None or kept > best[0]:
            best = (kept, key, wordless)
    return (best[1], best[2]) if best is not None else None


def with_words(objs: list[JsonObj], sample: list[JsonObj], prose: Callable[[JsonObj], bool]
               ) -> tuple[str, list[JsonObj]] | None:
    """The kind field :func:`wordless_kinds` finds in ``sample`` and the records of ``objs``
    of the kinds that hold words; None when there is no such field."""
    found = wordless_kinds(sample, prose)
    if found is None:
        return None
    key, wordless = found
    return key, [o for o in objs if o.get(key) not in wordless]


def worded_records(objs: list[JsonObj], prose: Callable[[JsonObj], bool]
                   ) -> list[JsonObj] | None:
    """The records of ``objs`` that hold words, when some hold none (a receipt, a typing
    notice) and enough hold words to judge the voices on; else None."""
    kept = [o for o in objs if prose(o)]
    if len(objs) - len(kept) < _MIN_WORDLESS or len(kept) < _MIN_WORDED:
        return None
    return kept
