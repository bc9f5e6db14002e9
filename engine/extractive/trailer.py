"""Which commands and errors an extraction lists (its ``commands`` and ``errors`` fields).

These were once a ``Files:`` / ``Commands:`` / ``Errors:`` trailer glued to the summary; they
are fields now (:mod:`.conversation` reads an old trailer back into them).
"""

from __future__ import annotations

from collections.abc import Sequence

from gapless.engine.extractive.display import shorten
from gapless.engine.extractive.terms import word_set


def key_errors(errors: Sequence[str]) -> list[str]:
    """Errors with a name or a message first; bare exit codes last (stable otherwise)."""
    def rank(err: str) -> int:
        low = err.lower()
        if low.startswith(("exit code", "exit status", "exited with")):
            return 2
        return 0 if (":" in err or "error" in low or "exception" in low) else 1
    lows = [e.lower() for e in errors]
    # A bare name ("KeyError") adds nothing next to a message that starts with it.
    kept = [e for e, low in zip(errors, lows, strict=True)
            if not any(o != low and o.startswith(low) for o in lows)]
    return sorted(kept, key=rank)


_TRIVIAL_COMMANDS = word_set("ls cd cat pwd echo sleep tail head which wc printf true false clear")


def key_commands(commands: Sequence[str], limit: int = 3) -> list[str]:
    """The first few substantive commands (not ``ls``/``cat``/``sleep`` …), one per program."""
    out: list[str] = []
    programs: set[str] = set()
    for cmd in commands:
        words = cmd.split()
        if not words or words[0] in _TRIVIAL_COMMANDS or "`" in cmd:
            continue
        program = " ".join(words[:2]) if words[0] in ("git", "npm", "cargo", "go", "uv") \
            else words[0]
        if program in programs:
            continue
        programs.add(program)
        out.append(shorten(cmd, 70))
        if len(out) >= limit:
            break
    return out
