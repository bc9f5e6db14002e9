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
import functools
import inspect
import io
import os
import sys
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from gapless.engine import (
    STRATEGIES,
    CursorError,
    FileChanged,
    GaplessError,
    Records,
    Settings,
    UserError,
    __version__,
    bounded,
    open_records,
    parse_day,
    read_stored,
    skip_report,
    summarize_file,
)
from gapless.engine.core.events import (
    Event,
    InvocationFinished,
    InvocationStarted,
    RunStarted,
    SpanRead,
)
from gapless.tui.mcp.budget import (
    DEFAULT_MAX_BYTES,
    HARD_MAX_BYTES,
    MIN_MAX_BYTES,
    Budget,
    cut_text,
    text_size,
)
from gapless.tui.mcp.drill import (
    parse_lines,
    range_lines,
    range_run,
    stored_read,
    stored_summary,
)
from gapless.tui.mcp.fences import OneLineServer, echo, placed_runs, run_is_placed
from gapless.tui.mcp.results import (
    drill_result,
    journal_result,
    read_object,
    read_result,
    summarize_result,
    why_result,
)
from gapless.tui.why_tree import render

__all__ = [
    "DEFAULT_MAX_BYTES",
    "HARD_MAX_BYTES",
    "MIN_MAX_BYTES",
    "Roots",
    "ServerConfig",
    "build_server",
    "serve_http",
    "serve_stdio",
]

# A journal entry's summary is cut to this before the budget shares out the rest.
JOURNAL_SUMMARY_BYTES = 1500
# Outlines this server returned, per file, for section=N (the newest files kept).
OUTLINES_KEPT = 64

INSTRUCTIONS = (
    "Gapless reads files too large for your context and answers with a bounded summary that "
    "accounts for every byte. Use read_summary instead of paging through a big file (logs, "
    "changelogs, transcripts, data dumps): it returns a summary, an outline with line anchors "
    "you can open with your own reader, and a cursor when there is more to read. summarize "
    "turns a coding-agent transcript or a folder of sessions into a journal entry; why "
    "explains how any run read its input; journal lists the user's daily entries."
)


class ToolProblem(GaplessError):
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
        if "\x00" in raw:
            raise ToolProblem(f"the path {echo(raw)} holds a NUL byte, which no file name "
                              "can: pass the path of a file under the allowed roots")
        p = Path(raw.strip()).expanduser()
        try:
            resolved = (p if p.is_absolute() else self.cwd / p).resolve()
        except (OSError, RuntimeError) as exc:
            raise ToolProblem(f"the path {echo(raw)} cannot be resolved ({echo(exc)})") from exc
        if resolved not in self:
            raise ToolProblem(
                f"path outside the allowed roots: {echo(raw)} resolves to {echo(resolved)}, "
                f"which is not under {self.describe()} — pass a path inside them (the "
                "server's user can allow another folder with gapless mcp --root DIR)"
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


def _view(strategy: str) -> str:
    """How the strategy's entry says its progress shows (``tree`` when it is unknown)."""
    entry = STRATEGIES.find(strategy)
    return entry.view if entry is not None else "tree"


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
            if _view(event.strategy) == "chunks" and isinstance(s.get("chunks_total"), int):
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


def full_tree(report: dict[str, Any], depth: int | None) -> str:
    """``gapless why``'s tree as plain text."""
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, width=160, color_system=None, force_terminal=False,
                      highlight=False, emoji=False)
    console.print(render(report, depth=depth, full=False))
    return buf.getvalue().rstrip() + "\n"


def tree_text(report: dict[str, Any], depth: int | None,
              limit: int = DEFAULT_MAX_BYTES) -> tuple[str, bool]:
    """The tree within ``limit`` UTF-8 bytes, cut at a line with a marker line saying how
    much was left out and how to see it."""
    text = full_tree(report, depth)
    if text_size(text) <= limit:
        return text, False
    lines = text.splitlines()
    marker_room = 260
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + text_size(line) + 1 > limit - marker_room:
            break
        kept.append(line)
        size += text_size(line) + 1
    shorter = "call why with depth=1 or depth=2 for a shorter tree, " if depth != 1 else ""
    marker = (f"… [cut: {len(lines) - len(kept)} more lines of {len(lines)} not shown; "
              f"{shorter}a larger max_bytes, or run `gapless why {report['run_id']}` in a "
              "shell for all of it]")
    return cut_text("\n".join([*kept, marker]) + "\n", limit), True


async def query_journal(records: Records, *, date: str | None, project: str | None,
                        limit: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Journal entries (each summary cut to a bounded size) and skips, newest day first."""
    rows, skips = await records.journal(day=date, project=project, limit=limit)
    return [{"date": e.date, "project": e.project, "headline": e.headline,
             "summary": bounded(e.summary, JOURNAL_SUMMARY_BYTES), "topics": e.topics,
             "open_questions": e.open_questions, "stale": e.stale, "run_id": e.run_id}
            for e in rows], [skip_report(r) for r in skips]


# ---------------------------------------------------------------------------- server


@dataclass
class ServerConfig:
    """What every tool call shares: the database, the roots and the engine's settings."""

    db: str | None
    roots: Roots
    settings: Settings
    secrets: list[str] = field(default_factory=list)


@dataclass
class KnownOutline:
    """An outline this server returned for a file, as it was then (for ``section=N``)."""

    size: int
    mtime_ns: int
    run_id: str
    outline: list[dict[str, Any]]


def _ok(result: tuple[dict[str, Any], str]) -> CallToolResult:
    structured, text = result
    return CallToolResult(content=[TextContent(type="text", text=text)],
                          structured_content=structured)


def check_max_bytes(value: int | None) -> Budget:
    """``max_bytes`` as a :class:`Budget`; a value out of range is a problem to fix."""
    if value is None:
        return Budget(DEFAULT_MAX_BYTES)
    if not MIN_MAX_BYTES <= value <= HARD_MAX_BYTES:
        raise ToolProblem(f"max_bytes must be between {MIN_MAX_BYTES} and {HARD_MAX_BYTES} "
                          f"(got {value}); leave it out for the default {DEFAULT_MAX_BYTES}")
    return Budget(value)


def _scrubbed(result: tuple[dict[str, Any], str], secrets: Sequence[str]
              ) -> tuple[dict[str, Any], str]:
    return _scrub(result[0], secrets), _scrub(result[1], secrets)


def _error(sentence: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=sentence)], is_error=True)


def _cursor_hint(exc: CursorError) -> str:
    return f"{str(exc).rstrip('.')} — call read_summary again without cursor."


ReadDetail = Literal["outline", "standard", "deep"]
# the registered strategies (engine.registry), as the summarize tool's schema offers them
Strategy = Literal[tuple(e.name for e in STRATEGIES.entries() if e.offered)]  # type: ignore[valid-type]
STRATEGY_HELP = "; ".join(f"{e.name}: {e.help}" for e in STRATEGIES.entries() if e.offered) + \
    " (default: auto)."

BUDGET_NOTE = (
    "Every result (structured content plus a short text rendering) is at most max_bytes "
    f"(default {DEFAULT_MAX_BYTES}, at most {HARD_MAX_BYTES}); what does not fit is named in "
    "`omitted`, with the call that gets it."
)

READ_DESCRIPTION = f"""\
Read a text file of ANY size (logs, changelogs, transcripts, data dumps, generated code) and \
get back a bounded answer instead of its raw text. Use it whenever a file is larger than you \
can read at once, instead of paging through it with offsets.

Every byte of the file is read, chunk by chunk, by Gapless's summarizer. The result:
- summary: prose about the whole file (or the part read so far);
- outline: up to 32 entries {{section, title, start_line, end_line, kind, digest}}; lines are \
1-based and inclusive; section is the entry's number for drill-down;
- cursor: null when the read is finished; otherwise pass it back (same file_path) to continue \
where it stopped; truncated is true until then;
- stats: total_lines, total_bytes, chunks_read, chunks_total, duration;
- status (complete | incomplete | skipped), reason, and run_id (explain it with the why tool);
- answer and answer_anchors (file lines), when a question was given.
Drill down: section=N returns outline entry N of this file's outline (its lines themselves \
when they fit, else their first lines plus what the read found there, with finer outline \
entries), lines="a-b" the same for any line range; add question to have it answered from \
just those lines. Give question to focus a whole read; detail=standard or deep gives longer \
digests (deep quotes lines that answer the question). max_chunks stops after that many \
chunks (a first look at a huge file). {BUDGET_NOTE} The path must lie under the server's \
allowed roots. Progress (chunks read of planned) is reported while it runs."""

SUMMARIZE_DESCRIPTION = f"""\
Summarize a coding-agent session (Claude Code or Codex JSONL, a chat export), a text, \
markdown or log file, or a folder of sessions into a journal entry {{headline, summary, \
topics, open_questions}}, under Gapless's coverage contract: status is "complete" only when \
every byte was read; otherwise residual_gaps lists the byte ranges [start, end) that were \
not, and reason says why. Returns the object of `gapless summarize --json`: status, coverage \
(0..1), residual_gaps, entry, run_id, calls, tokens_in, tokens_out, bytes_read, input_bytes, \
strategy, reason; a log's entry.stats keep their top templates and values. The same path, \
question and strategy again return the stored run without reading anything again (call it \
with a larger max_bytes to see more of it). strategy=auto (default) reads it in one call if \
it fits, as a tree otherwise, recursively for a question; chunked reads it in order like \
read_summary. For one huge file where you want line anchors, sections and a cursor, use \
read_summary instead. {BUDGET_NOTE} The path must lie under the server's allowed roots."""

WHY_DESCRIPTION = f"""\
Explain a Gapless run (from read_summary or summarize, or one a person started): its \
invocation tree as indented text — which invocation read which byte range, coverage per \
node, model calls and tokens, failures with their reasons, and the final entry. A tree \
longer than the budget is cut with a marker line; pass depth=1 or 2 for a shorter view. \
run_id may be a unique prefix. {BUDGET_NOTE}"""

JOURNAL_DESCRIPTION = f"""\
List the user's Gapless journal: one entry per (day, project) of coding-agent sessions \
{{date, project, headline, summary, topics, open_questions, stale, run_id}}, and the \
(day, project) groups that were skipped, each with its reason and explanation. Filter by \
date (YYYY-MM-DD) and/or project; newest first, at most `limit` of each (more=true when \
there are more). Read-only: it lists what `gapless summarize` already wrote. {BUDGET_NOTE}"""

MaxBytes = Annotated[int | None, Field(description=(
    f"Byte budget of the whole result (default {DEFAULT_MAX_BYTES}, {MIN_MAX_BYTES} to "
    f"{HARD_MAX_BYTES}); raise it to see what `omitted` names."))]


def quiet_logging(verbose: bool) -> None:
    """Libraries' log records (bm25s logs at DEBUG whatever the root level) reach stderr only
    at WARNING and above, unless ``verbose``: the handlers filter, not the loggers, so a
    library that sets its own logger's level when it is imported later is quiet too."""
    import logging

    root = logging.getLogger()
    level = logging.DEBUG if verbose else logging.WARNING
    if verbose:
        root.setLevel(logging.DEBUG)
    if not root.handlers:
        root.addHandler(logging.StreamHandler(sys.stderr))
    for handler in root.handlers:
        handler.setLevel(level)


class Tools:
    """The four tools over one database and set of roots: one method per tool, registered
    by :data:`TOOLS` (what the server knows of a file's outline is kept between calls)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.secrets = config.secrets
        self.outlines: dict[Path, KnownOutline] = {}

    def remember(self, path: Path, st: os.stat_result, run_id: str,
                 outline: list[dict[str, Any]]) -> None:
        outlines = self.outlines
        outlines.pop(path, None)
        outlines[path] = KnownOutline(st.st_size, st.st_mtime_ns, run_id, outline)
        while len(outlines) > OUTLINES_KEPT:
            outlines.pop(next(iter(outlines)))

    async def guarded(self, work: Callable[[], Awaitable[CallToolResult]]) -> CallToolResult:
        try:
            result = await work()
        except GaplessError as exc:  # the engine's one error tree (and this server's own)
            return _error(_scrub(str(exc), self.secrets))
        except Exception as exc:
            # one sentence for what no tool expected (a crash would be logged by the SDK with
            # its traceback and the caller's arguments in it)
            return _error(_scrub(f"the tool failed: {type(exc).__name__}: {echo(exc)}",
                                 self.secrets))
        if result.structured_content is not None:
            result.structured_content = _scrub(result.structured_content, self.secrets)
        result.content = [TextContent(type="text", text=_scrub(c.text, self.secrets))
                          if isinstance(c, TextContent) else c for c in result.content]
        return result

    async def whole_read(self, path: Path, ctx: Context, *, question: str | None,
                         cursor: str | None, max_chunks: int | None,
                         detail: str | None) -> dict[str, Any]:
        st = path.stat() if path.is_file() else None  # else the read says what is wrong
        try:
            async with ProgressRelay(ctx.report_progress) as relay:
                result = await read_stored(
                    self.config.db, str(path), self.config.settings, question=question,
                    cursor=cursor, max_chunks=max_chunks, detail=detail, sinks=[relay],
                )
        except FileChanged as exc:
            if cursor is not None and "since the cursor" in str(exc):
                raise ToolProblem(
                    f"file changed since the cursor was made ({path}) — call read_summary "
                    "again without cursor to read it afresh") from exc
            raise ToolProblem(f"{str(exc).rstrip('.')} — call read_summary again") from exc
        except CursorError as exc:
            raise ToolProblem(_cursor_hint(exc)) from exc
        obj = read_object({**result.to_json(), "status": result.status,
                           "reason": result.reason, "run_id": result.run_id}, str(path))
        if st is not None and obj["outline"] and result.status != "skipped":
            self.remember(path, st, result.run_id, obj["outline"])
        return obj

    async def drill(self, path: Path, ctx: Context, *, section: int | None, lines: str | None,
                    question: str | None, detail: str | None,
                    budget: Budget) -> tuple[dict[str, Any], str]:
        st = path.stat()
        head: dict[str, Any] = {"file_path": str(path)}
        notes: list[str] = []
        hint_run: str | None = None
        if section is not None:
            known = self.outlines.get(path)
            if known is not None and (known.size, known.mtime_ns) != (st.st_size,
                                                                       st.st_mtime_ns):
                raise ToolProblem(
                    f"{path.name} changed since its outline was made (run {known.run_id}) — "
                    "call read_summary without section for a fresh outline")
            if known is None:  # no outline of it from this server yet: read it now
                read = await self.whole_read(path, ctx, question=None, cursor=None,
                                        max_chunks=None, detail=detail)
                known = self.outlines.get(path)
                if known is None:
                    raise ToolProblem(f"{path.name} has no outline ({read['status']}: "
                                      f"{read['reason'] or 'nothing to outline'})")
                notes.append(f"this server had made no outline of {path.name}, so it was "
                             f"read now (run {known.run_id}, {len(known.outline)} sections)")
            if not 1 <= section <= len(known.outline):
                raise ToolProblem(
                    f"there is no section {section}: the outline of {path.name} (run "
                    f"{known.run_id}) has sections 1 to {len(known.outline)}")
            entry = known.outline[section - 1]
            head["section"] = {k: entry[k] for k in ("section", "title", "start_line",
                                                     "end_line", "kind") if k in entry}
            first, last = int(entry["start_line"]), int(entry["end_line"])
            hint_run = known.run_id
        else:
            first, maybe_last = parse_lines(lines or "")
            last = maybe_last if maybe_last is not None else 0
        rng = range_lines(path, first, last if last else None)
        head.update({"lines": rng.lines, "first_line": rng.first, "last_line": rng.last,
                     "range_bytes": len(rng.data)})
        if rng.clipped:
            notes.append(f"{path.name} ends at line {rng.last:,}")
        rest: dict[str, Any] = {}
        async with open_records(self.config.db) as records:
            stored = await stored_read(records, path, st, hint_run)
            if stored is not None and question is None:
                summary, sub = await stored_summary(records, stored, rng)
                rest["run_id"] = stored
                rest["from"] = f"the stored read {stored} of the unchanged file (no model call)"
                rest["summary"] = summary
                rest["outline"] = sub
        if "summary" not in rest:
            run = await range_run(self.config.db, path, rng, self.config.settings, question)
            entry_ = run.get("entry") or run.get("partial_entry") or {}
            rest["run_id"] = run.get("run_id")
            rest["from"] = (f"a run over lines {rng.lines} ({run.get('status')}"
                            f"{', reused' if run.get('reused_run') else ''})")
            if question is not None:
                rest["answer"] = entry_.get("answer") or ""
                rest["answer_anchors"] = [
                    {k: a[k] for k in ("line", "end_line", "label") if a.get(k)}
                    for a in entry_.get("answer_anchors") or []]
            head_ = str(entry_.get("headline") or "")
            body = str(entry_.get("summary") or "")
            rest["summary"] = f"{head_}\n\n{body}".strip() if head_ and not body.startswith(
                head_[:30]) else body
        if notes:
            rest["note"] = "; ".join(notes)
        return drill_result(head, rng.text_lines, _scrub(rest, self.secrets), budget)

    async def read_summary(
        self,
        file_path: Annotated[str, Field(description=(
            "Path of the file to read: absolute, or relative to the server's working "
            "directory. It must lie under the allowed roots."))],
        ctx: Context,
        question: Annotated[str | None, Field(description=(
            "Optional question to answer from the file (or from the section or lines "
            "given); the reading focuses on it."), max_length=1000)] = None,
        cursor: Annotated[str | None, Field(description=(
            "The cursor a previous read_summary call returned, to continue that read. "
            "Pass it back exactly as given, with the same file_path."))] = None,
        max_chunks: Annotated[int | None, Field(description=(
            "Stop after this many chunks and return a cursor (default: read to the end)."),
            ge=1)] = None,
        detail: Annotated[ReadDetail | None, Field(description=(
            "outline (default): short digests; standard: longer; deep: longest, quoting lines "
            "that answer the question. Leave it out when resuming with a cursor."))] = None,
        section: Annotated[int | None, Field(description=(
            "Open outline entry N (its `section` number in this file's outline): its lines, "
            "or their head and what the read found there, within the budget."),
            ge=1)] = None,
        lines: Annotated[str | None, Field(description=(
            'Open a line range instead, as "a-b" (1-based, inclusive; "a-" to the end).'),
            max_length=40)] = None,
        max_bytes: MaxBytes = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            budget = check_max_bytes(max_bytes)
            path = self.config.roots.resolve(file_path)
            if section is not None or lines is not None:
                if section is not None and lines is not None:
                    raise ToolProblem("pass either section or lines, not both")
                if cursor is not None or max_chunks is not None:
                    raise ToolProblem("section and lines open part of a file; call without "
                                      "cursor and max_chunks")
                if not path.is_file():
                    raise ToolProblem(f"{file_path} is not a file under the allowed roots")
                return _ok(_scrubbed(await self.drill(path, ctx, section=section, lines=lines,
                                                 question=question, detail=detail,
                                                 budget=budget), self.secrets))
            obj = await self.whole_read(path, ctx, question=question, cursor=cursor,
                                   max_chunks=max_chunks, detail=detail)
            return _ok(read_result(_scrub(obj, self.secrets), budget))

        return await self.guarded(work)

    async def summarize(
        self,
        path: Annotated[str, Field(description=(
            "File or folder to summarize: absolute, or relative to the server's working "
            "directory. It must lie under the allowed roots."))],
        ctx: Context,
        question: Annotated[str | None, Field(description=(
            "Optional question to answer from the input."), max_length=1000)] = None,
        strategy: Annotated[Strategy, Field(description=STRATEGY_HELP)] = "auto",
        max_bytes: MaxBytes = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            budget = check_max_bytes(max_bytes)
            where = self.config.roots.resolve(path, tree=True)
            async with ProgressRelay(ctx.report_progress) as relay:
                result = await summarize_file(self.config.db, str(where), self.config.settings,
                                              strategy=strategy, question=question,
                                              sink_for=relay.sink_for, reuse=True)
            return _ok(summarize_result(_scrub(result.to_json(), self.secrets), budget))

        return await self.guarded(work)

    async def why(
        self,
        run_id: Annotated[str, Field(description=(
            "The run id (or a unique prefix) from read_summary, summarize or journal."),
            min_length=1, max_length=64)],
        depth: Annotated[int | None, Field(description=(
            "Show at most this many levels of the tree (default: all)."), ge=1)] = None,
        max_bytes: MaxBytes = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            budget = check_max_bytes(max_bytes)
            async with open_records(self.config.db) as records:
                row = await records.find_run(run_id.strip())
                if not await run_is_placed(records, row, self.config.roots.__contains__):
                    raise ToolProblem(
                        f"run {row.id} read files that are not all under the allowed roots "
                        f"({self.config.roots.describe()}), so it is not shown here; "
                        "`gapless why` shows it to the user")
                report = await records.why(row.id)
            report = _scrub(report, self.secrets)
            head = {"run_id": report["run_id"], "status": report["status"],
                    "coverage": report["coverage"]}
            return _ok(why_result(head, lambda limit: tree_text(report, depth, limit),
                                  budget))

        return await self.guarded(work)

    async def journal(
        self,
        date: Annotated[str | None, Field(description=(
            "Only this logical day, as YYYY-MM-DD (default: every day)."))] = None,
        project: Annotated[str | None, Field(description=(
            "Only this project (default: every project)."))] = None,
        limit: Annotated[int, Field(description="At most this many entries and skips.",
                                    ge=1, le=100)] = 20,
        max_bytes: MaxBytes = None,
    ) -> CallToolResult:
        async def work() -> CallToolResult:
            budget = check_max_bytes(max_bytes)
            day = parse_day(date).isoformat() if date else None
            async with open_records(self.config.db) as records:
                entries, skips = await query_journal(records, date=day, project=project,
                                                     limit=limit + 1)
                shown = await placed_runs(records, (e["run_id"] for e in entries + skips),
                                          self.config.roots.__contains__)
            more = len(entries) > limit or len(skips) > limit
            kept = [e for e in entries[:limit] if e["run_id"] in shown]
            # a skip without a run read nothing: it is told as it is
            kept_skips = [e for e in skips[:limit] if e["run_id"] is None or e["run_id"] in shown]
            obj: dict[str, Any] = {"entries": kept, "skipped": kept_skips, "more": more}
            hidden = len(entries[:limit]) - len(kept) + len(skips[:limit]) - len(kept_skips)
            if hidden:
                obj["outside_roots"] = (f"{hidden} entr{'y' if hidden == 1 else 'ies'} or "
                                        "skip(s) left out: their runs read files outside the "
                                        "allowed roots")
            return _ok(journal_result(_scrub(obj, self.secrets), budget))

        return await self.guarded(work)


# The tools as the server registers them: (method, title, description, annotations).
_READS = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
_LOOKS = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)
TOOLS: tuple[tuple[str, str, str, ToolAnnotations], ...] = (
    ("read_summary", "Read a huge file, bounded", READ_DESCRIPTION, _READS),
    ("summarize", "Summarize with full coverage", SUMMARIZE_DESCRIPTION, _READS),
    ("why", "Explain a run", WHY_DESCRIPTION, _LOOKS),
    ("journal", "The journal", JOURNAL_DESCRIPTION, _LOOKS),
)


def _offering_registered(tool: Callable[..., Awaitable[CallToolResult]]
                         ) -> Callable[..., Awaitable[CallToolResult]]:
    """``tool`` with its ``strategy`` parameter (if any) offering the strategies registered
    now, when the server is built: one a plugin registered after this module was imported
    is in the schema too."""
    sig = inspect.signature(tool, eval_str=True)
    if "strategy" not in sig.parameters:
        return tool
    offered = [e for e in STRATEGIES.entries() if e.offered]
    names: Any = Literal[tuple(e.name for e in offered)]
    helped = "; ".join(f"{e.name}: {e.help}" for e in offered) + " (default: auto)."
    params = [p.replace(annotation=Annotated[names, Field(description=helped)])
              if p.name == "strategy" else p for p in sig.parameters.values()]

    @functools.wraps(tool)
    async def offering(*args: Any, **kwargs: Any) -> CallToolResult:
        return await tool(*args, **kwargs)

    offering.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    return offering


def build_server(config: ServerConfig) -> MCPServer:
    """The MCP server with the tools of :data:`TOOLS`, over ``config``'s database and roots."""
    server: MCPServer = OneLineServer("gapless", title="Gapless", version=__version__,
                                      instructions=INSTRUCTIONS, log_level="WARNING")
    tools = Tools(config)
    for name, title, description, hints in TOOLS:
        server.add_tool(_offering_registered(getattr(tools, name)), name=name, title=title,
                        description=description, annotations=hints)
    return server


def make_config(db: str | None, roots: Sequence[str], settings: Settings) -> ServerConfig:
    return ServerConfig(db=db, roots=Roots(roots), settings=settings,
                        secrets=_secret_values(os.environ, settings))


async def serve_stdio(server: MCPServer) -> None:
    """Serve over stdin/stdout until the client closes stdin."""
    await server.run_stdio_async()


async def serve_http(server: MCPServer, host: str, port: int,
                     token_file: str | None = None) -> None:
    """Serve streamable HTTP at ``http://HOST:PORT/mcp`` behind the guard (a bearer token,
    the exact Host and Origin: ``tui.mcp.http_guard``); the address, and the token when it
    was made here, are announced on stderr once it listens."""
    import uvicorn
    from mcp.server.transport_security import TransportSecuritySettings

    from gapless.tui.mcp.http_guard import Address, Guarded, bind, read_token

    token, made = read_token(token_file)
    sock = bind(host, port)
    bound = int(sock.getsockname()[1])
    address = Address.of(host, bound)
    # the SDK's own check, to the same names (a bind to every interface: the guard's alone)
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=bool(address.names),
        allowed_hosts=sorted(address.names), allowed_origins=sorted(address.origins))
    app = Guarded(server.streamable_http_app(host=host, transport_security=security),
                  token, address)
    userver = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))

    async def announce() -> None:
        while not userver.started:
            await asyncio.sleep(0.02)
        shown = f"[{host}]" if ":" in host else host
        said = (f"send the header 'Authorization: Bearer {token}'" if made else
                f"send the header 'Authorization: Bearer' with the token in {token_file}")
        print(f"gapless mcp: serving MCP (streamable HTTP) at http://{shown}:{bound}/mcp — "
              f"clients {said}", file=sys.stderr, flush=True)

    task = asyncio.create_task(announce())
    try:
        await userver.serve(sockets=[sock])
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
