"""A release list written as JSON records with no dates: a list of five or more objects,
each with one field whose whole value is a version, under the same key in every record,
the versions all different and running one way.

A self-hosted update manifest or a tags API writes its releases so (``"updates": [{"version":
"1.2.3", "update_link": …}, …]``): no heading and no date, but the structure says what
they are. The key is never read, only required to be the same in every record; a record
with two fields of version values (a range's ends, a page's "lower" and "upper") is none,
and a list whose records hold a date is the dated records' reader's
(:mod:`.changelog_json`). A list of packages with versions (a bill of materials) runs in
no order, or repeats a version: no history.

Only a text that is one whole JSON value is read: a part of a file cut through its list
holds no proof of the whole list, so a file read in parts states no count.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any

from gapless.engine.core.releases import HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_field_version import is_field_version
from gapless.engine.extractive.kinds.changelog_headings import DATE

__all__ = ["json_version_list_groups"]

_MIN_RUN = 5  # records in a list, at least (a few may be a range's ends or a lockfile's)
_PRE = re.compile(r"(?<=\d)(?:[-+~]|\.?[A-Za-z]).*")  # a pre-release: "-rc.1", ".rc1"
_OPENS = ("{", "[")


def _key(version: str) -> tuple[tuple[int, ...], int, str]:
    """A version's order: its numbers, then a pre-release before its release."""
    numbers = tuple(int(n) for n in re.findall(r"\d+", _PRE.sub("", version)))
    return numbers, 0 if _PRE.search(version) else 1, version


def _one_way(versions: list[str]) -> bool:
    keys = [_key(v) for v in versions]
    return all(a < b for a, b in pairwise(keys)) or all(a > b for a, b in pairwise(keys))


def _version_field(record: dict[str, Any]) -> str | None:
    """The key of the record's one field holding a whole version, or None (none, two, or
    a field holding a date: a dated record)."""
    found = [k for k, v in record.items() if isinstance(v, str) and is_field_version(v)]
    dated = any(isinstance(v, str) and DATE.match(v) for v in record.values())
    return found[0] if len(found) == 1 and not dated else None


def _runs(value: Any, out: list[tuple[str, list[str]]]) -> None:
    """The lists of undated version records ``value`` holds, at any depth."""
    if isinstance(value, dict):
        for v in value.values():
            _runs(v, out)
        return
    if not isinstance(value, list):
        return
    if len(value) >= _MIN_RUN and all(isinstance(e, dict) for e in value):
        keys = {_version_field(e) for e in value}
        if len(keys) == 1 and (key := keys.pop()) is not None:
            versions = [e[key] for e in value]
            if len(set(versions)) == len(versions) and _one_way(versions):
                out.append((key, versions))
                return
    for v in value:
        _runs(v, out)


def json_version_list_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The lists of undated version records ``text`` holds, when it is one whole JSON
    value; one heading group a version key."""
    body = text.strip()
    if not body.startswith(_OPENS) or not body.endswith(("}", "]")):
        return []
    try:
        doc = json.loads(body)
    except ValueError:
        return []
    runs: list[tuple[str, list[str]]] = []
    _runs(doc, runs)
    groups: dict[str, list[ReleaseMark]] = {}
    for key, versions in runs:
        marks = groups.setdefault("[{" + key + "}]", [])
        pos = 0
        for version in versions:
            m = re.compile(rf"{re.escape(json.dumps(key))}\s*:\s*"
                           rf"{re.escape(json.dumps(version))}").search(text, pos)
            if m is None:
                return []  # (a value written with escapes: not placed, not counted)
            pos = m.end()
            at = len(text[:m.start()].encode("utf-8", errors="surrogatepass")) + base_offset
            marks.append(ReleaseMark(title=version, at=at, version=version))
    return [release_group(shape, marks, None) for shape, marks in groups.items()]
