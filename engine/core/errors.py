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


def parser_exhausted(path: object, exc: BaseException) -> str:
    """The one sentence for an input that exhausts a JSON parser (too deep, too large)."""
    if isinstance(exc, RecursionError):
        return (f"{path} nests its JSON deeper than Gapless can parse (Python's parser ran "
                "out of recursion depth)")
    return f"{path} is too large for Gapless to parse as JSON in memory"

