"""What the MCP tools answer to a caller they do not trust: one line, and only about the
files under the roots.

- A stored run is told (``why``, ``journal``) only when every source it read lies under the
  allowed roots: a run the command line made on a file elsewhere would otherwise hand its
  text to any agent. A relative source (the command line's own working directory is not
  recorded) cannot be placed, so it is not told either.
- Arguments that break a tool's schema are one line naming each field, not pydantic's
  multi-line text; a path holding a NUL byte, or any failure a tool did not expect, is one
  sentence (the SDK logged such a crash with its traceback, and echoed nothing useful).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, InputRequiredResult
from pydantic import ValidationError

from gapless.engine import Records, RunRow

JOURNAL_PREFIX = "journal:"  # a journal group's run: its files are in its source account
ECHO_CHARS = 120  # at most this much of a caller's value is quoted back


def echo(value: object, limit: int = ECHO_CHARS) -> str:
    """A caller's value as quoted in an answer: printable, on one line, cut short."""
    text = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" if ord(c) < 256 else "?"
                   for c in str(value)[:limit + 1])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def placed(source: str, holds: Callable[[Path], bool]) -> bool:
    """Whether ``source`` (a stored run's path) is an absolute path under the roots."""
    if not source or "\x00" in source:
        return False
    path = Path(source).expanduser()
    if not path.is_absolute():
        return False
    try:
        return holds(path.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


async def sources_of(records: Records, row: RunRow) -> list[str]:
    """The paths a run read: its source, or for a journal group the files it rendered."""
    if not row.source.startswith(JOURNAL_PREFIX):
        return [row.source]
    account = (await records.state(row.id)).source_account
    return [f.path for f in account.files] if account is not None else []


async def run_is_placed(records: Records, row: RunRow, holds: Callable[[Path], bool]) -> bool:
    found = await sources_of(records, row)
    return bool(found) and all(placed(s, holds) for s in found)


async def placed_runs(records: Records, run_ids: Iterable[str | None],
                      holds: Callable[[Path], bool]) -> set[str]:
    """Those of ``run_ids`` whose sources all lie under the roots."""
    out: set[str] = set()
    for rid in {r for r in run_ids if r}:
        row = await records.run(rid)
        if row is not None and await run_is_placed(records, row, holds):
            out.add(rid)
    return out


def schema_sentence(tool: str, exc: ValidationError) -> str:
    """A schema error as one line: each field and what it must be."""
    parts = []
    for err in exc.errors()[:6]:
        where = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        parts.append(f"{where}: {echo(err.get('msg', 'is invalid'), 100)}")
    return f"invalid arguments for {tool}: " + "; ".join(parts)


class OneLineServer(MCPServer):
    """The SDK's server, with arguments that break a tool's schema answered in one line."""

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context[Any, Any] | None = None,
                        ) -> CallToolResult | InputRequiredResult:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if isinstance(exc.__cause__, ValidationError):
                raise ToolError(schema_sentence(name, exc.__cause__)) from exc.__cause__
            raise
