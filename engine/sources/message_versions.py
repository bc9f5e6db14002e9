"""A conversation kept as a list of each message's versions.

Some histories keep every message as the list of its versions (a retried answer beside
the one that failed, an edited ask beside its first wording): the conversation is then a
list of lists, nearly every one of which holds one object. Told by structure alone: a
list of at least two items, every one a non-empty list of objects, most of them holding a
single object. The message shown is each list's last version, the newest; read so, the
records alternate speakers as any list of messages does (a batch of conversations, lists
of several messages each, is not this).
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.common import JsonObj

SINGLE_SHARE = 0.5  # of the lists that hold one version only, at least


def latest_versions(items: list[Any]) -> list[JsonObj] | None:
    """Each message's newest version when ``items`` lists the versions of each message;
    None when it does not."""
    if len(items) < 2 or not all(
            isinstance(x, list) and x and all(isinstance(v, dict) for v in x) for x in items):
        return None
    single = sum(1 for x in items if len(x) == 1)
    if single < SINGLE_SHARE * len(items):
        return None
    return [x[-1] for x in items]
