"""An exchange kept one object down: a record of a ``request`` object beside a ``response``.

A bot platform's log or a search assistant's thread saves each turn as two objects, what
was sent and what came back (``{"request": {"input": {...}}, "response": {"output":
{...}}, "request_timestamp": …}``): the field named for the ask and the one named for the
answer sit one level below the record, in two different objects. Lifting each object's
fields to the record's level lets them be read as any record of an ask beside its answer
is (named fields, a time on most records). A field name two objects share says nothing
of which one it belongs to, so it is not lifted.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.common import JsonObj


def lifted(items: list[JsonObj]) -> list[JsonObj]:
    """Each record with its objects' fields at its own level (its own fields kept, a name
    met twice left out); [] when no record holds two objects."""
    out: list[JsonObj] = []
    for x in items:
        inner = [v for v in x.values() if isinstance(v, dict)]
        if len(inner) < 2:
            return []
        flat: dict[str, Any] = {k: v for k, v in x.items() if not isinstance(v, dict)}
        seen: dict[str, int] = {}
        for obj in inner:
            for k in obj:
                seen[k] = seen.get(k, 0) + 1
        for obj in inner:
            flat.update((k, v) for k, v in obj.items() if seen[k] == 1 and k not in x)
        out.append(flat)
    return out
