"""Which reader a path needs: by extension, then by a sniff of the first lines.

JSON lines are parsed one by one (up to ``SNIFF_LINES``) and the first line that clearly
belongs to a format decides; a JSON document is recognised by ``"role"`` near its start.
Anything else is text.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from engine.sources import chat_json, claude_code, codex
from engine.sources.common import SourceError, os_error

FORMATS = ("claude-code", "codex", "chat-json", "text")
JSONL_EXT = frozenset({".jsonl", ".ndjson", ".jsonlines"})
JSON_EXT = frozenset({".json"})
TEXT_EXT = frozenset({".txt", ".text", ".md", ".markdown", ".log", ".rst"})
SNIFF_BYTES = 64 * 1024
SNIFF_LINES = 40
SNIFF_LINE_BYTES = 8 * 1024 * 1024

_CHAT_DOC = re.compile(rb'"(role|sender)"\s*:')
_CHAT_LIST = re.compile(rb'^\s*\[\s*\{|"(messages|chat_messages)"\s*:\s*\[')


def detect_format(path: Path) -> str:
    """``claude-code``, ``codex``, ``chat-json`` or ``text`` for a file (or a directory's
    first transcript). Raises SourceError if the path cannot be read."""
    path = Path(path)
    if path.is_dir():
        files, _errors = find_transcripts(path)
        files = [f for f in files if f.suffix.lower() in JSONL_EXT | JSON_EXT | TEXT_EXT]
        kinds = []
        for f in files:
            try:
                kinds.append(detect_format(f))
            except SourceError:
                continue
            if kinds[-1] != "text":
                return kinds[-1]
        if kinds:
            return kinds[0]
        raise SourceError(f"{path} is a directory with no transcripts")
    try:
        with path.open("rb") as fh:
            head = fh.read(SNIFF_BYTES)
    except OSError as exc:
        raise os_error(path, exc) from exc
    ext = path.suffix.lower()
    body = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not body:
        if ext in JSONL_EXT:
            return "claude-code"
        return "chat-json" if ext in JSON_EXT else "text"
    if body.startswith(b"{") or ext in JSONL_EXT:
        kind = _sniff_lines(path)
        if kind:
            return kind
    if body[:1] in (b"[", b"{") and _CHAT_DOC.search(head) and _CHAT_LIST.search(head):
        return "chat-json"
    return "text"


def _sniff_lines(path: Path) -> str | None:
    """The format of the first decisive JSON-object line, or None."""
    try:
        with path.open("rb") as fh:
            for _ in range(SNIFF_LINES):
                raw = fh.readline(SNIFF_LINE_BYTES)
                if not raw:
                    break
                try:
                    obj = json.loads(raw.decode("utf-8", errors="replace").lstrip("\ufeff"))
                except (ValueError, RecursionError):
                    continue
                if not isinstance(obj, dict):
                    continue
                if codex.classify(obj):
                    return "codex"
                if claude_code.classify(obj):
                    return "claude-code"
                if chat_json.classify(obj):
                    return "chat-json"
    except OSError as exc:
        raise os_error(path, exc) from exc
    return None


def find_transcripts(root: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Candidate files below ``root`` in path order, and folders that could not be read.

    Every file is a candidate except hidden ones (see :func:`walk_folder`) and the
    subagent transcripts in ``X/subagents/`` beside a session ``X.jsonl``, which the
    session reader attaches to their session.
    """
    files, errors, _hidden = walk_folder(root)
    return files, errors


def walk_folder(root: Path) -> tuple[list[Path], list[tuple[Path, str]], list[Path]]:
    """``(candidates, unreadable folders, hidden entries)`` below ``root``, in path order.

    Hidden files and folders (a leading dot) are not entered; they are returned so a
    folder run can list them as passed over.
    """
    found: list[Path] = []
    errors: list[tuple[Path, str]] = []
    hidden: list[Path] = []

    def onerror(exc: OSError) -> None:
        errors.append((Path(exc.filename or root), exc.strerror or str(exc)))

    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror):
        here = Path(dirpath)
        hidden.extend(here / d for d in sorted(dirnames) if d.startswith("."))
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        if here.name == "subagents" and (here.parent.parent / f"{here.parent.name}.jsonl"
                                         ).is_file():
            dirnames[:] = []  # attached by the session reader
            continue
        for name in sorted(filenames):
            if name.startswith("."):
                hidden.append(here / name)
            else:
                found.append(here / name)
    return found, errors, hidden


_ROTATED = re.compile(r"\.(?:log|txt|out|err|text)(?:\.\d+|-\d{8})$", re.IGNORECASE)


def text_like(path: Path) -> bool:
    """A file read as text when it is not a transcript: known text extensions, rotated
    logs (``server.log.1``), CSV, and anything without an extension."""
    ext = path.suffix.lower()
    return (ext in TEXT_EXT or ext in (".csv", ".tsv") or not ext
            or bool(_ROTATED.search(path.name)))
