"""A request line quoted inside a message names its event by its method.

An application's log may hold its server's request lines among its own records
(``"GET /api/orders/7 HTTP/1.1" 200 -`` after a client's address and a stamp). Those lines
share every token but the method, the path and the status, so drain joins all of them into
one template of wildcards, a count of every request under a name of none. By structure: a
quoted phrase of three tokens, a word, a path (``/…``, or a URL with its ``://``) and a
closing token (the protocol), is a request line; two messages holding one at the same
place are other events when their words (the methods) differ. The path stays a value of
the template, as loghub's templates of request lines keep it (``<*> "GET <*>" status: <*>
…``); a status after the quote is a value like any other: no status is counted from the
message. The request itself is counted apart, as a field (``request``: its method and route,
as an access log's requests are named), so a log of requests wrapped in another log's
records (a proxy's lines inside syslog, a development server's inside a Python log) states
its requests as exactly as an access log does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gapless.engine.extractive.logs.formats import route

WILD = "<*>"
_OPENS = re.compile(r'^"[A-Za-z]+$')
_PATH = re.compile(r"^(?:/|[a-z][a-z0-9+.-]*://)\S*$")
# a whole quoted request: a method (upper-case), a target (a path, or a URL), a protocol
_QUOTED = re.compile(
    r'"([A-Z]{3,10}) ((?:/|[a-z][a-z0-9+.-]*://)[^\s"]*)(?: [A-Z]{3,8}/[\d.]{1,5})?"')


def quoted_request(message: str) -> str | None:
    """The request a message quotes, named by its method and route (``GET /orders/<*>``:
    its query left out, each segment holding a digit a value), or None."""
    m = _QUOTED.search(message) if '"' in message else None
    return None if m is None else f"{m[1]} {route(m[2].split('?', 1)[0])}"


def _request_at(tokens: Sequence[str], i: int, mined: bool = False) -> bool:
    """Whether tokens ``i`` to ``i + 2`` are a quoted request line (word, path, closing);
    ``mined``: a template's, whose path the requests it joined made a value (``<*>``)."""
    path = tokens[i + 1] if i + 2 < len(tokens) else ""
    return (i + 2 < len(tokens) and _OPENS.match(tokens[i]) is not None
            and ((mined and path == WILD) or (_PATH.match(path) is not None and '"' not in path))
            and tokens[i + 2].endswith('"'))


def other_request(template: Sequence[str], tokens: Sequence[str]) -> bool:
    """Whether ``tokens`` and ``template`` (of as many tokens) hold request lines at the
    same place that differ in their method."""
    for i in range(len(tokens) - 2):
        if _request_at(tokens, i) and _request_at(template, i, mined=True):
            return template[i] != tokens[i]
    return False
