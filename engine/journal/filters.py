"""The journal's filters as a user types them: a day (YYYY-MM-DD) and a project name.

A malformed day or an unknown project is a UserError (exit 2) that says what is accepted,
never an empty result that reads like "no sessions on that day".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from gapless.engine.core.errors import UserError, did_you_mean

_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_day(text: str, flag: str = "") -> date:
    """``2026-11-23`` as a date; anything else (``05/04/2026``, ``yesterday``) a UserError."""
    try:
        if not _ISO_DAY.fullmatch(text.strip()):
            raise ValueError(text)
        return date.fromisoformat(text.strip())
    except ValueError as exc:
        where = f"{flag} " if flag else ""
        raise UserError(f"{where}{text!r} is not a date like 2026-11-23 (YYYY-MM-DD)") from exc


def check_day(text: str | None, flag: str) -> str | None:
    """The ISO day of ``text`` (None stays None)."""
    return None if text is None else parse_day(text, flag).isoformat()


def resolve_project(name: str | None, known: Iterable[str]) -> str | None:
    """The known project ``name`` means, matched without regard to case (None stays None).

    An unknown name is a UserError listing the known projects, with a guess when one is close.
    """
    if name is None:
        return None
    projects = sorted(set(known))
    if name in projects:
        return name
    folded = [p for p in projects if p.casefold() == name.casefold()]
    if folded:
        return folded[0]
    if not projects:
        raise UserError(f"unknown project {name!r}: the journal has no projects yet "
                        "(run `gapless summarize` to read the configured sources)")
    # Guessed without regard to case, shown as the project is spelled.
    spelled = {p.casefold(): p for p in projects}
    guess = did_you_mean(name.casefold(), spelled)
    if not guess:
        # `notebook` for `engineering-notebook`: a name the user shortened.
        holding = [p for p in projects if name.casefold() in p.casefold()]
        guess = f" (did you mean `{holding[0]}`?)" if len(holding) == 1 else ""
    for folded_name, real in spelled.items():
        guess = guess.replace(f"`{folded_name}`", f"`{real}`")
    raise UserError(f"unknown project {name!r}{guess}; known projects: {', '.join(projects)}")
