"""A release list written as XML leaves with no dates: one element holding nothing but a
run of sibling leaves of one name, each holding a whole version, in order.

A repository's index of a package writes its releases so (``<versions>`` of
``<version>1.2.3</version>``, oldest first): no heading and no date, but the structure says
what they are — a parent whose only content is the run (whitespace between its leaves), the
leaves' versions all different and running one way, five of them at least (a lockfile's or
a build file's versions sit one to a parent, among other fields; two or three in a row may
be a range's ends or the versions a page supports). The element's name is never read: the
run's leaf name is its shape (``<version>``).

A part of a file counts a run only when it holds it whole, from its parent's start tag to its
end tag; a run that a cut splits is counted by no part, so a file cut through its list states
no count rather than a part of it.
"""

from __future__ import annotations

import re
from itertools import pairwise

from gapless.engine.core.releases import HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_elements import release_group
from gapless.engine.extractive.kinds.changelog_field_version import is_field_version

__all__ = ["version_list_groups"]

# leaves in a run, at least: a few versions in one element may be a range's ends or the
# versions a page supports
_MIN_RUN = 5
_PARENT = re.compile(r"<([A-Za-z_][\w.:-]*)>\s*(<([A-Za-z_][\w.:-]*)>[^<>]*</\3>\s*)+</\1>")
_LEAF = re.compile(r"<([A-Za-z_][\w.:-]*)>\s*([^<>]*?)\s*</\1>")
_PRE = re.compile(r"(?<=\d)(?:[-+~]|\.?[A-Za-z]).*")  # a pre-release: "-rc.1", ".rc1"


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", _PRE.sub("", version)))


def _one_way(versions: list[str]) -> bool:
    keys = [(_key(v), v) for v in versions]
    return all(a < b for a, b in pairwise(keys)) or all(a > b for a, b in pairwise(keys))


def version_list_groups(text: str, base_offset: int) -> list[HeadingGroup]:
    """The runs of version leaves ``text`` holds whole, one heading group a leaf name."""
    if "</" not in text:
        return []
    runs: dict[str, list[ReleaseMark]] = {}
    for parent in _PARENT.finditer(text):
        leaves = list(_LEAF.finditer(text, parent.end(1) + 1, parent.end() - len(parent[1]) - 3))
        names = {leaf[1] for leaf in leaves}
        versions = [leaf[2] for leaf in leaves]
        if (len(leaves) < _MIN_RUN or len(names) != 1
                or not all(is_field_version(v) for v in versions) or not _one_way(versions)):
            continue
        at = len(text[:parent.start()].encode("utf-8", errors="surrogatepass")) + base_offset
        marks = runs.setdefault(f"<{leaves[0][1]}>", [])
        for leaf in leaves:
            start = at + len(text[parent.start():leaf.start()].encode(
                "utf-8", errors="surrogatepass"))
            marks.append(ReleaseMark(title=leaf[2], at=start, version=leaf[2]))
    return [release_group(shape, marks, None) for shape, marks in runs.items()]
