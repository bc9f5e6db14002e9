"""Input readers: turn a file or a folder of transcripts into one byte-addressed Transcript.

Formats: Claude Code session JSONL (with subagents), Codex CLI rollouts, OpenAI-style chat
JSON, and plain text. Bad records never stop a load: they are recorded in
``Transcript.malformed``. Only a bad *path* raises, and only ``SourceError``.

Directories: every transcript below the folder is loaded. Sessions are ordered by their
first timestamp; a session that continues another (its opening lines name another file's
message uuid or session id) and old-style ``agent-*.jsonl`` sidechain files come right
after the session they continue. Text files come last, in path order.
"""

from __future__ import annotations

import stat
from pathlib import Path

from engine.core.transcript import Malformed, Transcript, TranscriptBuilder
from engine.sources import chat_json, claude_code, codex, plaintext
from engine.sources.common import Part, SourceError, emit, os_error
from engine.sources.detect import (
    FORMATS,
    JSONL_EXT,
    TEXT_EXT,
    detect_format,
    find_transcripts,
)

__all__ = ["FORMATS", "SourceError", "detect_format", "load_transcript"]


def load_transcript(
    path: str | Path, *, include_thinking: bool = False, fmt: str = "auto"
) -> Transcript:
    """Read ``path`` (a file or a directory) in format ``fmt`` (``auto`` sniffs it)."""
    if fmt != "auto" and fmt not in FORMATS:
        raise SourceError(f"Unknown format {fmt!r}; use auto, {', '.join(FORMATS)}")
    p = Path(path).expanduser()
    try:
        st = p.stat()
    except OSError as exc:
        raise os_error(p, exc) from exc
    if stat.S_ISDIR(st.st_mode):
        return _load_directory(p, include_thinking, fmt)
    if not stat.S_ISREG(st.st_mode):
        raise SourceError(f"{p} is not a regular file")
    kind = detect_format(p) if fmt == "auto" else fmt
    try:
        if kind == "text":
            return plaintext.load_text(p)
        part = _load_part(p, kind, include_thinking, with_subagents=True)
    except OSError as exc:
        raise os_error(p, exc) from exc
    builder = TranscriptBuilder(kind=kind, name=p.name)
    emit(builder, part, consume=True)
    return builder.build()


def _load_part(path: Path, kind: str, include_thinking: bool, *, with_subagents: bool) -> Part:
    if kind == "claude-code":
        if with_subagents:
            return claude_code.load_session(path, include_thinking=include_thinking)
        return claude_code.load_file(path, include_thinking=include_thinking)
    if kind == "codex":
        return codex.load_file(path, include_thinking=include_thinking)
    if kind == "chat-json":
        return chat_json.load_file(path, include_thinking=include_thinking)
    return plaintext.text_part(path)


def _load_directory(root: Path, include_thinking: bool, fmt: str) -> Transcript:
    try:
        next(root.iterdir(), None)
    except OSError as exc:
        raise SourceError(f"{root} is not readable ({exc.strerror or exc})") from exc
    files, errors = find_transcripts(root)
    notes = [Malformed(str(folder), 0, f"could not read folder: {why}") for folder, why in errors]
    parts: list[Part] = []
    for f in files:
        try:
            kind = detect_format(f)
            if fmt != "auto" and kind != fmt:
                continue
            if kind == "text" and f.suffix.lower() not in TEXT_EXT:
                if f.suffix.lower() in JSONL_EXT:
                    notes.append(Malformed(str(f), 0, "not a known transcript format; skipped"))
                continue  # a .json that is not a chat: configuration, not a transcript
            parts.append(_load_part(f, kind, include_thinking, with_subagents=True))
        except SourceError as exc:
            notes.append(Malformed(str(f), 0, f"skipped: {exc}"))
        except OSError as exc:
            notes.append(Malformed(str(f), 0, f"skipped: {os_error(f, exc)}"))
    if not parts:
        raise SourceError(f"{root} is a directory with no transcripts")
    kinds = {p.kind for p in parts if p.entries or p.children}
    builder = TranscriptBuilder(kind=kinds.pop() if len(kinds) == 1 else "mixed", name=root.name)
    for part in order_parts(parts):
        emit(builder, part, consume=True)
    for m in notes:
        builder.malformed(m.source, m.line, m.reason)
    return builder.build()


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
        if claude_code.agent_for(p.path) is None:
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
