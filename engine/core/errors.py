"""Every error Gapless raises on purpose, in one tree under :class:`GaplessError`.

Front ends catch the root, print its one-sentence message and exit non-zero (the CLI), or
answer with it (MCP, the workbench); anything else escaping the engine is a bug. The few
kinds below are the ones a front end may handle differently::

    GaplessError                  the root: one sentence, a non-zero exit
    ├── UserError                 a bad request: a path, a setting, a file, a run id
    │   └── (ProviderConfigError, ProviderUnreachable, SourceError, DoesNotFit, …)
    ├── ProviderError             a model call failed for good, after its retries
    │   └── (ContextOverflow, HttpProviderError, HttpFailure, ModelUnusable)
    ├── StoreError                the database cannot be opened, read or written
    │   └── StoreBusy             another writer held the lock too long
    ├── BudgetExhausted           a run's budget allows no more calls
    └── InvalidValue              a value that breaks a rule (a span, a model's JSON, a
                                  line range); also a ValueError, as a parser's own errors

Only ``GaplessError`` and ``InvalidValue`` derive straight from a builtin exception.
"""

import difflib
from collections.abc import Iterable


class GaplessError(Exception):
    """The root of every error Gapless raises on purpose; its message is one sentence."""


class UserError(GaplessError):
    """A problem with the request (a path, a setting, a file); the message says which."""


class ProviderError(GaplessError):
    """A call that failed for good (after its retries). Fails its invocation, never the run."""

    def __init__(self, message: str, *, retries: int = 0, retryable: bool = False) -> None:
        super().__init__(message)
        self.retries = retries
        self.retryable = retryable


class StoreError(GaplessError):
    """The database cannot be opened, read or written (not SQLite, damaged, locked)."""


class BudgetExhausted(GaplessError):
    """No more calls may be made in this run."""


class InvalidValue(GaplessError, ValueError):
    """A value that breaks a rule: caught where it is parsed, like ``int()``'s ValueError."""


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
