"""The base of every error a user can cause and fix.

Front ends print such an error as its one-sentence message and exit non-zero; anything
else escaping the engine is a bug.
"""


class UserError(Exception):
    """A problem with the request (a path, a setting, a file); the message says which."""
