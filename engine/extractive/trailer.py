"""The ``Files:`` / ``Commands:`` / ``Errors:`` trailer of a summary.

A leaf writes it within a quarter of the budget; a fold reads the children's back and merges
them, so the facts outlive the prose that mentioned them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.extractive.display import shorten
from engine.extractive.terms import word_set
from engine.extractive.units import Parsed

_TRAILER = re.compile(r"^(Files|Errors|Commands):\s*(.*)$")


def leaf_trailer(parsed: Parsed, errors: Sequence[str], budget: int) -> str:
    """The trailer of a leaf: its most mentioned files, first commands and named errors."""
    rank = {f: i for i, f in enumerate(parsed.file_order)}
    files = sorted(parsed.files, key=lambda f: (-parsed.files[f], rank.get(f, 10**9)))
    return compose_trailer(_key_files(files), key_commands(parsed.commands),
                           key_errors(errors), budget)


def _key_files(files: Sequence[str], limit: int = 4) -> list[str]:
    """The most mentioned files for the trailer, shortened, without the agent's own scratch
    files (tool-result spills, hook output under ``.claude/``) or duplicates."""
    out: list[str] = []
    seen: set[str] = set()
    for f in files:
        if "/.claude/" in f or "tool-results/" in f:
            continue
        shown = _short_path(f)
        if shown.lower() in seen:
            continue
        seen.add(shown.lower())
        out.append(shown)
        if len(out) >= limit:
            break
    return out


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


def compose_trailer(files: Sequence[str], commands: Sequence[str], errors: Sequence[str],
                    budget: int) -> str:
    """``Files:`` / ``Commands:`` / ``Errors:`` lines within a quarter of the budget.
    Errors are kept first, then files, then commands; they are shown in that fixed order."""
    if budget < 300:
        return ""
    limit = budget // 4
    lines: dict[str, str] = {}
    if errors:
        lines["Errors"] = "Errors: " + "; ".join(shorten(e, 90) for e in errors[:2])
    if files:
        lines["Files"] = "Files: " + ", ".join(files[:4])
    if commands:
        lines["Commands"] = "Commands: " + ", ".join(f"`{c}`" for c in commands[:3])
    kept: list[str] = []
    used = 0
    for key in ("Errors", "Files", "Commands"):
        line = lines.get(key)
        if line and used + len(line) + (1 if kept else 0) <= limit:
            kept.append(key)
            used += len(line) + (1 if len(kept) > 1 else 0)
    return "\n".join(lines[k] for k in ("Files", "Commands", "Errors") if k in kept)


def _short_path(path: str) -> str:
    if len(path) <= 60:
        return path
    parts = path.rstrip("/").split("/")
    return ".../" + "/".join(parts[-2:])


def split_summary(summary: str) -> tuple[str, dict[str, list[str]]]:
    """The prose of a summary, plus the files, commands and errors of its trailer lines."""
    prose: list[str] = []
    trailer: dict[str, list[str]] = {"Files": [], "Commands": [], "Errors": []}
    for line in summary.splitlines():
        m = _TRAILER.match(line.strip())
        if m:
            if m.group(1) == "Commands":
                items = re.findall(r"`([^`]+)`", m.group(2))
            else:
                sep = ", " if m.group(1) == "Files" else "; "
                items = [x.strip() for x in m.group(2).split(sep) if x.strip()]
            trailer[m.group(1)].extend(items)
        elif line.strip():
            prose.append(line.strip())
    return " ".join(prose), trailer
