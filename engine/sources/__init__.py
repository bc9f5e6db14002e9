"""Input readers: turn a file or a folder of transcripts into one byte-addressed Transcript.

Formats: the readers registered in :data:`engine.registry.READERS` (Codex CLI rollouts,
Claude Code sessions with their subagents, chat JSON and JSON lines of any schema — found
by their structure when no ``role`` field names the speaker — Jupyter notebooks, e-mail
(mbox, ``.eml``), captions (WebVTT, SubRip), meeting transcripts, markdown chat exports,
plain text in UTF-8 or one legacy encoding); each file goes to the reader whose detector
scores it highest (:mod:`engine.sources.detect`). Every record of the input is classified
(conversation, tool, harness, telemetry, thinking, malformed) and counted once in
``Transcript.account``; harness, telemetry and thinking are left out unless ``include``
names them, and long tool bodies are rendered head + tail (``tool_output_limit``). Bad
records never stop a load: they are noted in ``Transcript.malformed``. Only a bad *path*
raises, and only ``SourceError``.

Directories: every file below the folder is read or listed as passed over with its reason
(``account.skipped``). Sessions are ordered by their first timestamp; a session that
continues another (its opening lines name another file's message uuid or session id) and
old-style ``agent-*.jsonl`` sidechain files come right after the session they continue.
Text files (including CSV, rotated logs and files without an extension) come last, in
path order; binary files, hidden entries and JSON that is not a chat are listed.
"""

from __future__ import annotations

import hashlib
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from gapless.engine.core.transcript import Transcript, TranscriptBuilder
from gapless.engine.registry import ReaderEntry, load
from gapless.engine.sources.claude_code import agent_for
from gapless.engine.sources.common import (
    Part,
    RenderOptions,
    SourceError,
    emit,
    open_regular,
    os_error,
    stat_regular_file,
)
from gapless.engine.sources.detect import (
    FORMATS,
    JSON_EXT,
    JSONL_EXT,
    detect_format,
    reader,
    text_like,
    walk_folder,
)
from gapless.engine.sources.plaintext import SNIFF, load_text, looks_binary, text_part

__all__ = [
    "FORMATS",
    "RenderOptions",
    "SourceChanged",
    "SourceError",
    "detect_format",
    "load_again",
    "load_transcript",
]


class SourceChanged(SourceError):
    """A run's input no longer holds the bytes the run read."""




def load_transcript(
    path: str | Path, *, include_thinking: bool = False, fmt: str = "auto",
    include: Iterable[str] = (), tool_output_limit: int | None = None,
    options: RenderOptions | None = None,
) -> Transcript:
    """Read ``path`` (a file or a directory) in format ``fmt`` (``auto`` sniffs it).

    ``include`` brings back left-out classes (``harness``, ``thinking``, ``telemetry``;
    ``include_thinking`` is the old spelling of ``thinking``); ``tool_output_limit`` is the
    size in bytes above which a tool body is rendered head + tail (0: never).
    """
    opts = options or RenderOptions.make(include, thinking=include_thinking,
                                         tool_output_limit=tool_output_limit)
    if fmt != "auto" and fmt not in FORMATS:
        raise SourceError(f"Unknown format {fmt!r}; use auto, {', '.join(FORMATS)}")
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except OSError as exc:
        raise os_error(p, exc) from exc
    if stat.S_ISDIR(st.st_mode):
        return _load_directory(p, opts, fmt)
    stat_regular_file(p)  # a FIFO, socket or device: one sentence naming what it is
    entry = reader(detect_format(p) if fmt == "auto" else fmt)
    try:
        if entry.render is not None:  # text: a verbatim rendering keeps the file's offsets
            return load_text(p, opts, entry.name, load(entry.render))
        part = _load_part(p, entry, opts)
    except OSError as exc:
        raise os_error(p, exc) from exc
    builder = _builder(entry.name, p.name, p, opts)
    emit(builder, part, consume=True)
    return builder.build()


def load_again(source: str | Path, settings: Mapping[str, Any] | Any, *, sha256: str = "",
               input_bytes: int | None = None, run_id: str = "") -> Transcript:
    """A run's input loaded again, rendered with the settings the run had, and checked to be
    the same content (the SHA-256 of the rendering; its length when no hash was kept).

    Raises :class:`SourceChanged` in one sentence when the content differs.
    """
    t = load_transcript(source, options=RenderOptions.from_settings(settings))
    run = f"run {run_id}" if run_id else "the run"
    if sha256:
        now = hashlib.sha256(t.data).hexdigest()
        if now != sha256:
            raise SourceChanged(
                f"{source} changed since {run} (SHA-256 {now[:12]}… now, {sha256[:12]}… "
                "then): its bytes are not the ones that run read, so summarize it again "
                "instead")
    if input_bytes is not None and len(t) != input_bytes:
        raise SourceChanged(f"{source} changed since {run} ({len(t)} bytes rendered now, "
                            f"{input_bytes} then): summarize it again instead")
    return t


def _builder(kind: str, name: str, path: Path, opts: RenderOptions) -> TranscriptBuilder:
    return TranscriptBuilder(kind=kind, name=name, path=str(path),
                             include=tuple(sorted(opts.include)),
                             tool_output_limit=opts.tool_output_limit)


def _load_part(path: Path, entry: ReaderEntry, opts: RenderOptions) -> Part:
    if entry.render is not None:
        return text_part(path, opts, entry.name, load(entry.render))
    assert entry.read is not None
    part: Part = load(entry.read)(path, options=opts)
    return part


def _plain_utf8(path: Path) -> bool:
    """Does a file of an unknown extension read as text (valid UTF-8, no binary bytes)?"""
    try:
        with open_regular(path) as fh:
            head = fh.read(SNIFF)
    except (OSError, SourceError):
        return False
    if looks_binary(head):
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(head) - 3  # only a character cut at the end of the sniff
    return True


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _load_directory(root: Path, opts: RenderOptions, fmt: str) -> Transcript:
    try:
        next(root.iterdir(), None)
    except OSError as exc:
        raise SourceError(f"{root} is not readable ({exc.strerror or exc})") from exc
    files, errors, hidden, special = walk_folder(root)
    skipped: list[tuple[str, str, int]] = [
        (str(h), "hidden " + ("folder" if h.is_dir() else "file") + " (not entered)", _size(h))
        for h in hidden]
    skipped += [(str(f), f"{kind}, not a regular file (not opened)", 0) for f, kind in special]
    skipped += [(str(folder), f"could not read folder: {why}", 0) for folder, why in errors]
    parts: list[Part] = []
    for f in files:
        try:
            part, reason = _folder_file(f, opts, fmt)
            if part is not None:
                parts.append(part)
        except SourceError as exc:
            reason = str(exc).removeprefix(f"{f} ").strip() or "not readable"
        except OSError as exc:
            reason = str(os_error(f, exc))
        if reason:
            skipped.append((str(f), reason, _size(f)))
    if not parts:
        raise SourceError(f"{root} is a directory with no transcripts")
    kinds = {p.kind for p in parts if p.entries or p.children}
    builder = _builder(kinds.pop() if len(kinds) == 1 else "mixed", root.name, root, opts)
    for part in order_parts(parts):
        emit(builder, part, consume=True)
    for path, reason, size in skipped:
        builder.skipped(path, reason, size)
    for path, reason, _bytes in skipped:
        if reason.startswith("could not"):
            builder.malformed(path, 0, reason)
    return builder.build()


def _folder_file(f: Path, opts: RenderOptions, fmt: str) -> tuple[Part | None, str]:
    """A folder's file read by its reader, or why it is passed over."""
    ext = f.suffix.lower()
    known = ext in JSONL_EXT or ext in JSON_EXT
    if not known and not text_like(f) and not _plain_utf8(f):
        return None, f"binary file ({ext or 'no extension'}), not text or a transcript"
    entry = reader(detect_format(f, text_only=not known and not text_like(f)))
    if fmt != "auto" and entry.name != fmt:
        return None, f"not {fmt} (read as {entry.name}); --format auto reads it"
    part = None if entry.text else _load_part(f, entry, opts)
    if ext in JSON_EXT and (part is None or part.kind == "text"):
        return None, "JSON that is not a chat (summarize it on its own to read it as text)"
    return part or _load_part(f, entry, opts), ""


def order_parts(parts: list[Part]) -> list[Part]:
    """Roots by first timestamp; each continuation right after the part it continues.

    A part's ``refs`` (uuids or session ids from its opening lines) are looked up in the
    other parts; the first hit is its parent. Cycles fall back to timestamp order.
    """
    by_uuid: dict[str, Part] = {}
    by_session: dict[str, Part] = {}
    for p in sorted(parts, key=lambda p: p.sort_key):
        for u in p.uuids:
            by_uuid.setdefault(u, p)
        if agent_for(p.path) is None:
            by_session.setdefault(p.session, p)
    kids: dict[int, list[Part]] = {}
    roots: list[Part] = []
    for p in parts:
        parent = next(
            (q for r in p.refs if (q := by_uuid.get(r) or by_session.get(r)) and q is not p), None
        )
        if parent is None:
            roots.append(p)
        else:
            kids.setdefault(id(parent), []).append(p)
    out: list[Part] = []
    seen: set[int] = set()

    def visit(p: Part) -> None:
        if id(p) in seen:
            return
        seen.add(id(p))
        out.append(p)
        for k in sorted(kids.get(id(p), []), key=lambda k: k.sort_key):
            visit(k)

    for p in sorted(roots, key=lambda p: p.sort_key):
        visit(p)
    for p in sorted(parts, key=lambda p: p.sort_key):  # parts caught in a reference cycle
        visit(p)
    return out
