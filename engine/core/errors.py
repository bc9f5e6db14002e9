"""The base of every error a user can cause and fix.

Front ends print such an error as its one-sentence message and exit non-zero; anything
else escaping the engine is a bug.
"""

import difflib
from collections.abc import Iterable


class UserError(Exception):
    """A problem with the request (a path, a setting, a file); the message says which."""


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """`` (did you mean `x`?)`` for the closest of ``options``, or "" when none is close."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""
