"""The server behind ``gapless mcp`` (:mod:`tui.cli.mcp`): Gapless as tools for coding
agents, over the Model Context Protocol.

Four tools, built on the official ``mcp`` SDK (the optional extra ``gapless[mcp]``):
``read_summary`` (a huge file into a bounded answer with line anchors and a cursor),
``summarize`` (a transcript, log or folder into a journal entry under the coverage
contract), ``why`` (a run's invocation tree as text) and ``journal`` (entries and skips).

Every tool runs the engine exactly as the CLI commands do (it calls the functions of
``read``, ``summarize``, ``why`` and ``skipped`` in this package), so each ``read_summary``
and ``summarize`` call is an ordinary run in the database, visible to ``gapless runs``,
``gapless why`` and ``gapless tui --run ID``.

Safety: every path is resolved (symlinks too) and must lie under an allowed root; no tool
writes anywhere but the Gapless database; results are bounded whatever the input's size;
the values of key-like environment variables are scrubbed from every result. Problems a
model can act on come back as tool errors (``isError``) of one sentence that says what to
do next.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import sys
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from engine import (
    SUMMARY_MAX_BYTES,
    CursorError,
    FileChanged,
    Settings,
    Store,
    UserError,
    __version__,
    bounded,
    parse_day,
    skip_report,
    why_report,
)
from engine.core.events import (
    Event,
    InvocationFinished,
    InvocationStarted,
    RunStarted,
    SpanRead,
)
from tui.cli.read import read_stored
from tui.cli.summarize import summarize_file
from tui.cli.why import render

__all__ = [
    "JOURNAL_MAX_BYTES",
    "READ_MAX_BYTES",
    "SUMMARIZE_MAX_BYTES",
    "WHY_MAX_CHARS",
    "Roots",
    "ServerConfig",
    "build_server",
    "serve_http",
    "serve_stdio",
]

# The bounds of every result, whatever the input's size (the text a model receives).
READ_MAX_BYTES = 32 * 1024
SUMMARIZE_MAX_BYTES = 24 * 1024
WHY_MAX_CHARS = 12_000
JOURNAL_MAX_BYTES = 48 * 1024
JOURNAL_SUMMARY_BYTES = 1500
MAX_GAPS_SHOWN = 50
MAX_ANCHORS_SHOWN = 32

INSTRUCTIONS = (
    "Gapless reads files too large for your context and answers with a bounded summary that "
    "accounts for every byte. Use read_summary instead of paging through a big file (logs, "
    "changelogs, transcripts, data dumps): it returns a summary, an outline with line anchors "
    "you can open with your own reader, and a cursor when there is more to read. summarize "
    "turns a coding-agent transcript or a folder of sessions into a journal entry; why "
    "explains how any run read its input; journal lists the user's daily entries."
)


class ToolProblem(Exception):
    """A problem the calling model can act on: one sentence saying what to do."""


# ---------------------------------------------------------------------------- safety


class Roots:
    """The folders the tools may read below (resolved, symlinks included)."""

    def __init__(self, dirs: Iterable[str | Path], cwd: Path | None = None) -> None:
        self.cwd = (cwd or Path.cwd()).resolve()
        found: list[Path] = []
        for d in dirs:
            p = Path(d).expanduser()
            p = (p if p.is_absolute() else self.cwd / p).resolve()
            if not p.is_dir():
                raise UserError(f"--root {d} is not a folder")
            if p not in found:
                found.append(p)
        if not found:
            found.append(self.cwd)
        self.dirs: tuple[Path, ...] = tuple(found)

    def __contains__(self, path: Path) -> bool:
        return any(path == d or path.is_relative_to(d) for d in self.dirs)

    def describe(self) -> str:
        return ", ".join(str(d) for d in self.dirs)

    def resolve(self, raw: str, *, tree: bool = False) -> Path:
        """``raw`` made absolute (relative to the working directory) and resolved; a
        :class:`ToolProblem` when it lies outside every root. With ``tree``, symlinks below a
        folder (or in a session's ``<stem>/`` folder of subagents) are checked too."""
        if not raw or not raw.strip():
            raise ToolProblem("the path is empty: pass the path of a file under the allowed "
                              f"roots ({self.describe()})")
        p = Path(raw.strip()).expanduser()
        resolved = (p if p.is_absolute() else self.cwd / p).resolve()
        if resolved not in self:
            raise ToolProblem(
                f"path outside the allowed roots: {raw} resolves to {resolved}, which is not "
                f"under {self.describe()} — pass a path inside them (the server's user can "
                "allow another folder with gapless mcp --root DIR)"
            )
        if tree:
            for folder in (resolved, resolved.with_suffix("")):
                if folder.is_dir():
                    self._check_links(folder)
        return resolved

    def _check_links(self, folder: Path) -> None:
        for dirpath, dirnames, filenames in os.walk(folder):
            for name in (*dirnames, *filenames):
                full = Path(dirpath) / name
                if full.is_symlink() and full.resolve() not in self:
                    raise ToolProblem(
                        f"path outside the allowed roots: {full} is a symlink to "
                        f"{full.resolve()}, which is not under {self.describe()} — pass a "
                        "folder without links that leave the allowed roots"
                    )


def _secret_values(environ: dict[str, str] | os._Environ[str], settings: Settings) -> list[str]:
    """Values that must never appear in a result: the provider's key and any key-like
    variable of the server's environment."""
    names = {n for n in environ if any(w in n.upper() for w in
                                       ("KEY", "TOKEN", "SECRET", "PASSWORD", "AUTH"))}
    if settings.key_env:
        names.add(settings.key_env)
    values = {environ[n] for n in names if n in environ}
    return sorted((v for v in values if len(v) >= 8), key=len, reverse=True)


def _scrub(value: Any, secrets: Sequence[str]) -> Any:
    if not secrets:
        return value
    if isinstance(value, str):
        for s in secrets:
            if s in value:
                value = value.replace(s, "[redacted]")
        return value
    if isinstance(value, dict):
        return {k: _scrub(v, secrets) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrub(v, secrets) for v in value]
    return value


# -------------------------------------------------------------------------- progress


class ProgressRelay:
    """A run's events as MCP progress notifications: chunks read of planned for a chunked
    read, bytes read of the input otherwise. Sends nothing when the client did not ask for
    progress (no progressToken); values are coalesced, so a fast run sends fewer."""

    def __init__(self, report: Callable[[float, float | None, str | None], Awaitable[None]]
                 ) -> None:
        self._report = report
        self._latest: tuple[float, float | None, str] | None = None
        self._sent: tuple[float, float | None, str] | None = None
        self._wake = asyncio.Event()
        self._done = False
        self._task: asyncio.Task[None] | None = None
        self._chunk_invs: set[str] = set()
        self._chunks = False
        self._planned = 0
        self._chunks_read = 0
        self._total_bytes = 0
        self._bytes_read = 0

    def sink_for(self, _total: int) -> Callable[[Event], None]:
        return self

    def __call__(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            s = event.settings
            if event.strategy == "chunked" and isinstance(s.get("chunks_total"), int):
                remaining = max(0, s["chunks_total"] - int(s.get("first_chunk") or 0))
                cap = s.get("max_chunks")
                self._planned = min(remaining, cap) if isinstance(cap, int) else remaining
                self._chunks = True
                self._chunk_progress()
            else:
                self._total_bytes = event.input_bytes
                self._byte_progress()
        elif isinstance(event, InvocationStarted) and event.mode == "chunk":
            self._chunk_invs.add(event.inv)
        elif (isinstance(event, InvocationFinished) and event.inv in self._chunk_invs
              and event.status == "complete"):
            self._chunks_read += 1
            self._chunk_progress()
        elif isinstance(event, SpanRead) and not self._chunks:
            self._bytes_read += event.end - event.start
            self._byte_progress()

    def _chunk_progress(self) -> None:
        self._set(self._chunks_read, self._planned,
                  f"{self._chunks_read} of {self._planned} chunks read")

    def _byte_progress(self) -> None:
        done = min(self._bytes_read, self._total_bytes)
        self._set(done, self._total_bytes, f"{done} of {self._total_bytes} bytes read")

    def _set(self, progress: float, total: float | None, message: str) -> None:
        self._latest = (progress, total, message)
        self._wake.set()

    async def _pump(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            latest = self._latest
            if latest is not None and latest != self._sent:
                self._sent = latest
                try:
                    await self._report(*latest)
                except Exception:  # the client went away: the run goes on regardless
                    self._done = True
                    return
            if self._done and self._latest == self._sent:
                return

    async def __aenter__(self) -> ProgressRelay:
        self._task = asyncio.create_task(self._pump())
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._done = True
        self._wake.set()
        if self._task is None:
            return
        if exc[0] is not None:
            self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, TimeoutError):
            await asyncio.wait_for(self._task, 5.0)


# --------------------------------------------------------------------------- results


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _size(value: Any) -> int:
    return len(_json_text(value).encode("utf-8"))


def bound_read(obj: dict[str, Any]) -> dict[str, Any]:
    """The read answer under :data:`READ_MAX_BYTES` (the engine already bounds it; this is
    the last-resort net: digests shortened, then free text cut — never outline entries)."""
    if _size(obj) <= READ_MAX_BYTES:
        return obj
    out = dict(obj)
    out["outline"] = [{**e, "digest": bounded(str(e.get("digest", "")), 80)}
                      for e in obj.get("outline") or []]
    for key in ("answer", "summary"):
        if isinstance(out.get(key), str) and _size(out) > READ_MAX_BYTES:
            out[key] = bounded(out[key], SUMMARY_MAX_BYTES // 2)
    return out


def _cap_list(obj: dict[str, Any], key: str, limit: int) -> None:
    items = obj.get(key)
    if isinstance(items, list) and len(items) > limit:
        obj[key] = items[:limit]
        obj[f"{key}_cut"] = len(items) - limit


def bound_summarize(obj: dict[str, Any]) -> dict[str, Any]:
    """``gapless summarize --json`` as it is, unless it exceeds :data:`SUMMARIZE_MAX_BYTES`:
    then long lists keep their first entries (``<key>_cut`` says how many were left out)
    and the entry's text is cut to 4 KB."""
    if _size(obj) <= SUMMARIZE_MAX_BYTES:
        return obj
    out = dict(obj)
    for key in ("residual_gaps", "unread_spans"):
        _cap_list(out, key, MAX_GAPS_SHOWN)
    entry = out.get("entry")
    if isinstance(entry, dict):
        entry = dict(entry)
        for key in ("anchors", "answer_anchors"):
            _cap_list(entry, key, MAX_ANCHORS_SHOWN)
        for key in ("summary", "answer"):
            if isinstance(entry.get(key), str):
                entry[key] = bounded(entry[key], SUMMARY_MAX_BYTES)
        out["entry"] = entry
    return out


def tree_text(report: dict[str, Any], depth: int | None) -> tuple[str, bool]:
    """``gapless why``'s tree as plain text, cut at a line boundary past
    :data:`WHY_MAX_CHARS` with a marker saying how to see the rest."""
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, width=160, color_system=None, force_terminal=False,
                      highlight=False, emoji=False)
    console.print(render(report, depth=depth, full=False))
    text = buf.getvalue().rstrip() + "\n"
    if len(text) <= WHY_MAX_CHARS:
        return text, False
    lines = text.splitlines()
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > WHY_MAX_CHARS - 300:
            break
        kept.append(line)
        size += len(line) + 1
    marker = (f"… [cut: {len(lines) - len(kept)} more lines of {len(lines)} not shown; call "
              f"why with depth=1 or depth=2 for a shorter tree, or run `gapless why "
              f"{report['run_id']}` in a shell for all of it]")
    return "\n".join([*kept, marker]) + "\n", True


async def query_entries(store: Store, *, date: str | None, project: str | None,
                        limit: int) -> list[dict[str, Any]]:
    """Journal entries, newest day first (each summary cut to a bounded size)."""
    rows = await store.entries(date=date, project=project, limit=limit)
    return [{"date": e.date, "project": e.project, "headline": e.headline,
             "summary": bounded(e.summary, JOURNAL_SUMMARY_BYTES), "topics": e.topics,
             "open_questions": e.open_questions, "stale": e.stale, "run_id": e.run_id}
            for e in rows]


# ---------------------------------------------------------------------------- server


@dataclass
class ServerConfig:
    """What every tool call shares: the database, the roots and the engine's settings."""

    db: str | None
    roots: Roots
    settings: Settings
    secrets: list[str] = field(default_factory=list)


def _ok(structured: dict[str, Any], text: str | None = None) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text or _json_text(structured))],
                          structured_content=structured)


def _error(sentence: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=sentence)], is_error=True)


def _is_database_error(exc: BaseException) -> bool:
    """A SQLite error (told by its class: only engine.store imports sqlite3)."""
    return any(c.__module__ == "sqlite3" and c.__name__ == "DatabaseError"
               for c in type(exc).__mro__)


def _cursor_hint(exc: CursorError) -> str:
    return f"{str(exc).rstrip('.')} — call read_summary again without cursor."


ReadDetail = Literal["outline", "standard", "deep"]
Strategy = Literal["auto", "oneshot", "tree", "recursive", "chunked"]

READ_DESCRIPTION = """\
Read a text file of ANY size (logs, changelogs, transcripts, data dumps, generated code) and \
get back a bounded answer instead of its raw text. Use it whenever a file is larger than you \
can read at once, instead of paging through it with offsets.

Every byte of the file is read, chunk by chunk, by Gapless's summarizer. The result is JSON:
- summary: at most 4 KB of prose about the whole file (or the part read so far);
- outline: at most 32 entries {title, start_line, end_line, kind, digest}; lines are 1-based \
and inclusive, so you can open exactly that range with your own file reader;
- cursor: null when the read is finished; otherwise pass it back (same file_path, no other \
changes) to continue where it stopped; truncated is true until then;
- stats: total_lines, total_bytes, chunks_read, chunks_total, duration;
- status (complete | incomplete | skipped), reason, and run_id (explain it with the why tool);
- answer, when a question was given and answered.
Give question to focus the reading on what you need; detail=standard or deep gives longer \
digests (deep quotes lines that answer the question). max_chunks stops after that many \
chunks (useful for a first look at a huge file). The path must lie under the server's \
allowed roots. Progress (chunks read of planned) is reported while it runs."""

SUMMARIZE_DESCRIPTION = """\
Summarize a coding-agent session (Claude Code or Codex JSONL, a chat export), a text, \
markdown or log file, or a folder of sessions into a journal entry {headline, summary, \
topics, open_questions}, under Gapless's coverage contract: status is "complete" only when \
every byte was read; otherwise residual_gaps lists the byte ranges [start, end) that were \
not, and reason says why. Returns the JSON of `gapless summarize --json`: status, coverage \
(0..1), residual_gaps, entry, run_id, calls, tokens_in, tokens_out, bytes_read, input_bytes, \
strategy, reason. strategy=auto (default) reads it in one call if it fits, as a tree \
otherwise, recursively for a question; chunked reads it in order like read_summary. For one \
huge file where you want line anchors and a cursor, use read_summary instead. The path must \
lie under the server's allowed roots."""

WHY_DESCRIPTION = """\
Explain a Gapless run (from read_summary or summarize, or one a person started): its \
invocation tree as indented text — which invocation read which byte range, coverage per \
node, model calls and tokens, failures with their reasons, and the final entry. Bounded: a \
tree longer than about 12,000 characters is cut with a marker line; pass depth=1 or 2 for a \
shorter view. run_id may be a unique prefix."""

JOURNAL_DESCRIPTION = """\
List the user's Gapless journal: one entry per (day, project) of coding-agent sessions \
{date, project, headline, summary, topics, open_questions, stale, run_id}, and the \
(day, project) groups that were skipped, each with its reason and explanation. Filter by \
date (YYYY-MM-DD) and/or project; newest first, at most `limit` of each (more=true when \
there are more). Read-only: it lists what `gapless summarize` already wrote."""


def build_server(config: ServerConfig) -> MCPServer:
    """The MCP server with its four tools, over ``config``'s database and roots."""
    server: MCPServer = MCPServer("gapless", title="Gapless", version=__version__,
                                  instructions=INSTRUCTIONS, log_level="WARNING")
    secrets = config.secrets

    async def guarded(work: Callable[[], Awaitable[CallToolResult]]) -> CallToolResult:
        try:
            result = await work()
        except ToolProblem as exc:
            return _error(_scrub(str(exc), secrets))
        except UserError as exc:
            return _error(_scrub(str(exc), secrets))
        except Exception as exc:
            if not _is_database_error(exc):
                raise
            text = str(exc)
            if "locked" in text or "busy" in text:
                text = "the database is locked by another writer; try again in a moment"
            return _error(_scrub(f"database problem: {text}", secrets))
        if result.structured_content is not None:
            result.structured_content = _scrub(result.structured_content, secrets)
        result.content = [TextContent(type="text", text=_scrub(c.text, secrets))
                          if isinstance(c, TextContent) else c for c in result.content]
        return result

    async def read_summary(
        file_path: Annotated[str, Field(description=(
            "Path of the file to read: absolute, or relative to the server's working "
            "directory. It must lie under the allowed roots."))],
        ctx: Context,
        question: Annotated[str | None, Field(description=(
            "Optional question to answer from the file; the reading focuses on it."),
            max_length=1000)] = None,
        cursor: Annotated[str | None, Field(description=(
            "The cursor a previous read_summary call returned, to continue that read. "
            "Pass it back exactly as given, with the same file_path."))] = None,
        max_chunks: Annotated[int | None, Field(description=(
            "Stop after this many chunks and return a cursor (default: read to the end)."),
            ge=1)] = None,
        detail: Annotated[ReadDetail | None, Field(description=(
            "outline (default): short digests; standard: longer; deep: longest, quoting lines "
            "that answer the question. Leave it out when resuming with a cursor."))] = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            path = config.roots.resolve(file_path)
            try:
                async with ProgressRelay(ctx.report_progress) as relay:
                    result = await read_stored(
                        config.db, str(path), config.settings, question=question, cursor=cursor,
                        max_chunks=max_chunks, detail=detail, sinks=[relay],
                    )
            except FileChanged as exc:
                if cursor is not None and "since the cursor" in str(exc):
                    raise ToolProblem(
                        f"file changed since the cursor was made ({path}) — call read_summary "
                        "again without cursor to read it afresh") from exc
                raise ToolProblem(f"{str(exc).rstrip('.')} — call read_summary again") from exc
            except CursorError as exc:
                raise ToolProblem(_cursor_hint(exc)) from exc
            obj = {**result.to_json(), "status": result.status, "reason": result.reason,
                   "run_id": result.run_id}
            return _ok(bound_read(obj))

        return await guarded(work)

    async def summarize(
        path: Annotated[str, Field(description=(
            "File or folder to summarize: absolute, or relative to the server's working "
            "directory. It must lie under the allowed roots."))],
        ctx: Context,
        question: Annotated[str | None, Field(description=(
            "Optional question to answer from the input."), max_length=1000)] = None,
        strategy: Annotated[Strategy, Field(description=(
            "auto (default), oneshot, tree, recursive, or chunked."))] = "auto",
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            where = config.roots.resolve(path, tree=True)
            async with ProgressRelay(ctx.report_progress) as relay:
                result = await summarize_file(config.db, str(where), config.settings,
                                              strategy=strategy, question=question,
                                              sink_for=relay.sink_for)
            return _ok(bound_summarize(result.to_json()))

        return await guarded(work)

    async def why(
        run_id: Annotated[str, Field(description=(
            "The run id (or a unique prefix) from read_summary, summarize or journal."),
            min_length=1, max_length=64)],
        depth: Annotated[int | None, Field(description=(
            "Show at most this many levels of the tree (default: all)."), ge=1)] = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            store = await Store.open(config.db)
            try:
                _state, report = await why_report(store, run_id.strip())
            finally:
                await store.close()
            text, cut = tree_text(report, depth)
            return _ok({"run_id": report["run_id"], "status": report["status"],
                        "coverage": report["coverage"], "tree": text, "cut": cut}, text)

        return await guarded(work)

    async def journal(
        date: Annotated[str | None, Field(description=(
            "Only this logical day, as YYYY-MM-DD (default: every day)."))] = None,
        project: Annotated[str | None, Field(description=(
            "Only this project (default: every project)."))] = None,
        limit: Annotated[int, Field(description="At most this many entries and skips.",
                                    ge=1, le=100)] = 20,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            day = parse_day(date).isoformat() if date else None
            store = await Store.open(config.db)
            try:
                entries = await query_entries(store, date=day, project=project,
                                              limit=limit + 1)
                skips = [skip_report(r) for r in await store.skips(
                    since=day, until=day, project=project, limit=limit + 1)]
            finally:
                await store.close()
            more = len(entries) > limit or len(skips) > limit
            obj: dict[str, Any] = {"entries": entries[:limit], "skipped": skips[:limit],
                                   "more": more}
            while _size(obj) > JOURNAL_MAX_BYTES and (obj["entries"] or obj["skipped"]):
                longer = "entries" if len(obj["entries"]) >= len(obj["skipped"]) else "skipped"
                obj[longer] = obj[longer][:-1]
                obj["more"] = True
            return _ok(obj)

        return await guarded(work)

    reads = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
    server.add_tool(read_summary, name="read_summary", title="Read a huge file, bounded",
                    description=READ_DESCRIPTION, annotations=reads)
    server.add_tool(summarize, name="summarize", title="Summarize with full coverage",
                    description=SUMMARIZE_DESCRIPTION, annotations=reads)
    server.add_tool(why, name="why", title="Explain a run", description=WHY_DESCRIPTION,
                    annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True,
                                                open_world_hint=False))
    server.add_tool(journal, name="journal", title="The journal",
                    description=JOURNAL_DESCRIPTION,
                    annotations=ToolAnnotations(read_only_hint=True, idempotent_hint=True,
                                                open_world_hint=False))
    return server


def make_config(db: str | None, roots: Sequence[str], settings: Settings) -> ServerConfig:
    return ServerConfig(db=db, roots=Roots(roots), settings=settings,
                        secrets=_secret_values(os.environ, settings))


async def serve_stdio(server: MCPServer) -> None:
    """Serve over stdin/stdout until the client closes stdin."""
    await server.run_stdio_async()


async def serve_http(server: MCPServer, host: str, port: int) -> None:
    """Serve streamable HTTP at ``http://HOST:PORT/mcp``; the address (with the real port
    when ``port`` is 0) is announced on stderr once it listens."""
    import uvicorn

    app = server.streamable_http_app(host=host)
    userver = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))

    async def announce() -> None:
        while not userver.started:
            await asyncio.sleep(0.02)
        bound = userver.servers[0].sockets[0].getsockname()[1] if userver.servers else port
        shown = f"[{host}]" if ":" in host else host
        print(f"gapless mcp: serving MCP (streamable HTTP) at http://{shown}:{bound}/mcp",
              file=sys.stderr, flush=True)

    task = asyncio.create_task(announce())
    try:
        await userver.serve()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
