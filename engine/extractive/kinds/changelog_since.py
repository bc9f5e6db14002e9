"""Release sections named by the release before them, the newest named by the title.

Some histories head each release's section by the version it follows, dated when that one
came out ("## Changes since 2.42.0 (August 30th 2023)" over what 2.43.0 brought), and name
the newest release only in the document's title ("# Widget 2.43.0 Release Notes",
"Latest update: date" under it). The title then names a version newer than every release
heading below it, the first one's included: the title's release is the newest, the first
section its own. The count stays the sections' (one release each); only which release is
the newest, and its date, come from the title. A title naming an older or the same version
as the first heading is a history's name, or one release's notes: left as it is.
"""

from __future__ import annotations

from gapless.engine.core.releases import HeadingGroup, ReleaseMark
from gapless.engine.extractive.kinds.changelog_headings import newer

__all__ = ["titled_newest"]

_NAMED = 3  # the releases a group names at the top (the title's, then the first two)


def titled_newest(group: HeadingGroup, title: ReleaseMark) -> HeadingGroup:
    """``group`` with the document's ``title`` as its newest release when the title sits
    above its headings and names a version newer than the first's; else ``group``. A
    section not released yet on top, or a history of no more releases than it names at
    the top, is left as it is."""
    top = group.first[0] if group.first else None
    if (top is None or group.token != "V" or group.unreleased is not None
            or group.count <= _NAMED or title.at >= top.at
            or not newer((title.title, ""), (top.title, ""))):
        return group
    return group.model_copy(update={"first": [title, *group.first[:_NAMED - 1]]})
