"""Messages each wrapped in a record of the tool's bookkeeping.

Some histories keep every message as an object one field down (``{"message": {"role": …,
"content": …}, "uuid": …, "state": …, "timestamp": …}``): the record's other fields are
the tool's (ids, states, flags, times), the wrapped object is the message as an API takes
it, content blocks and all. Told by structure alone: every record of the list holds no
role of its own and exactly one object field, and that object has a role and words. The
wrapped message is then read as any message is, with the record's time beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gapless.engine.sources.common import JsonObj


def _wrapped(record: Any, known: Callable[[JsonObj], bool]) -> JsonObj | None:
    """The message a record wraps, with the record's own scalars (its time) beside it."""
    if not isinstance(record, dict) or known(record):
        return None
    inner = [v for v in record.values() if isinstance(v, dict)]
    if len(inner) != 1 or not known(inner[0]):
        return None
    scalars = {k: v for k, v in record.items() if isinstance(v, str | int | float)
               and not isinstance(v, bool) and k not in inner[0]}
    return {**scalars, **inner[0]}


def unwrapped_messages(doc: Any, known: Callable[[JsonObj], bool]) -> Any:
    """``doc`` with its ``messages`` unwrapped when every one of them wraps a message that
    ``known`` reads; ``doc`` itself otherwise."""
    if not isinstance(doc, dict) or not isinstance(msgs := doc.get("messages"), list) \
            or not msgs:
        return doc
    inner = [_wrapped(m, known) for m in msgs]
    if any(m is None for m in inner):
        return doc
    return {**doc, "messages": inner}
