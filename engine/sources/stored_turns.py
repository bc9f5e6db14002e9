"""An exchange whose two turns are objects of their own, each with an id: a store's turns.

A record that holds an ask and its answer with no time anywhere is, as a rule, a data set's
row (a question beside its reference answer, two fields of one row) and no conversation. A
framework's conversation memory saves its exchanges untimed too, but each turn there is an
object the store made (``{"input": {"id": …, "value": …}, "output": {"id": …, "value":
…}}``): every record's ask and answer are objects that each carry an id of their own, a
different one. A data set's row has one id at most, for the row, and its question and
answer are fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gapless.engine.sources.common import JsonObj


def stored_turns(items: list[JsonObj], ask: str, answer: str,
                 names_id: Callable[[str], bool]) -> bool:
    """Whether in every record the ``ask`` and the ``answer`` are objects each with an id
    (a field ``names_id`` names) of its own."""
    for x in items:
        a, b = _own_id(x.get(ask), names_id), _own_id(x.get(answer), names_id)
        if a is None or b is None or a == b:
            return False
    return bool(items)


def _own_id(obj: Any, names_id: Callable[[str], bool]) -> str | None:
    """The object's id (its first field named for one, a string or a number), or None."""
    if not isinstance(obj, dict):
        return None
    return next((str(v) for k, v in obj.items() if names_id(k) and isinstance(v, str | int)
                 and not isinstance(v, bool) and str(v)), None)
