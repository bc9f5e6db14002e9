"""Field statistics: who and what a log's records name (top talkers), and the level each
record's level field writes.

Per format: syslog hosts and programs, access-log client IPs, statuses, methods and paths,
the Apache error log's modules and clients, HDFS components, JSON keys and loggers; in the
messages of any format, the IP addresses and the users named (``for root from``,
``user=``, ``invalid user``, ``session opened for user``) and the request a message
quotes (:mod:`.request_line`). Counters are capped per node
(:data:`FIELD_CAP` values, the rest counted as "other"), with what the kept counts may lack
(:mod:`.bounded`): the top values are printed as far as their counts are proved.
"""

from __future__ import annotations

import re

from gapless.engine.extractive.logs.formats import Record, common_level
from gapless.engine.extractive.logs.request_line import quoted_request

FIELD_CAP = 1000

_IP = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3})(?![\w.]|\.\d)")
_NAME = r"([A-Za-z_][\w.@-]{0,31})"
_USER = re.compile(
    rf"\bfor (?:invalid |illegal )?user {_NAME}(?![\w.@-])|\b(?:[Ii]nvalid|[Ii]llegal) user "
    rf"{_NAME}(?![\w.@-])|\bfor {_NAME} from\b|\buser={_NAME}(?![\w.@-])"
)
_NOT_USERS = frozenset(("invalid", "illegal", "unknown", "from", "by", "none", "user",
                        "block", "the", "a"))


def record_level(record: Record) -> tuple[str | None, str | None]:
    """The record's level as its level field writes it, and on the common scale (error |
    warning | info | debug, or a written level's own word); (None, None) for a record
    without one. A level comes from a field only, never from the message's words: a log
    without a level field has no level counts."""
    written = record.level
    if not written:
        return None, None
    return written, common_level(written)


def record_fields(record: Record, fmt: str) -> list[tuple[str, str]]:
    """The (field, value) pairs a record adds to the counters."""
    message = record.message
    if not record.fields and (fmt == "apache-access" or (
            "." not in message and "user" not in message and "for " not in message
            and '"' not in message)):
        return []  # (most records of most logs: the tests below, made once)
    out = [(k, v) for k, v in record.fields.items() if k != "key" and v]
    if "key" in record.fields:
        out.extend(("key", k) for k in record.fields["key"].split(",") if k)
    if fmt != "apache-access":
        request = quoted_request(message)
        if request is not None:
            out.append(("request", request))
        if "." in message:  # an address holds dots (a cheap test that skips most lines)
            seen = {v for k, v in out if k == "ip"}
            for ip in _IP.findall(message):
                if ip not in seen:
                    seen.add(ip)
                    out.append(("ip", ip))
        if "user" not in message and "for " not in message:  # every _USER match holds one
            return out
        for groups in _USER.findall(message):
            user = next((g for g in groups if g), "")
            if user and user.lower() not in _NOT_USERS:
                out.append(("user", user))
                break
    return out
