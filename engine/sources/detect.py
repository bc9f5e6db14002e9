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

    Hidden entries, ``*.meta.json`` and ``journal.jsonl`` are skipped, and so is the folder
    ``X/`` beside a session ``X.jsonl``: its subagents are attached by the session reader.
    """
    found: list[Path] = []
    errors: list[tuple[Path, str]] = []

    def onerror(exc: OSError) -> None:
        errors.append((Path(exc.filename or root), exc.strerror or str(exc)))

    wanted = JSONL_EXT | JSON_EXT | TEXT_EXT
    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror):
        sessions = {f[: -len(".jsonl")] for f in filenames if f.endswith(".jsonl")}
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in sessions)
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith(".meta.json") or name == "journal.jsonl":
                continue
            if Path(name).suffix.lower() in wanted:
                found.append(Path(dirpath) / name)
    return found, errors
