"""Which reader a path needs: the one whose detector scores a sample of the file highest.

The readers and their order are :data:`engine.registry.READERS`; each scores a
:class:`~engine.sources.sample.Sample` (the file's start, its first JSON lines) from its
structure, and the earlier entry wins a tie. Nothing here names a format.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from gapless.engine.registry import READERS, ReaderEntry, load
from gapless.engine.sources.common import SourceError, special_kind
from gapless.engine.sources.sample import JSON_EXT, JSONL_EXT, Sample

FORMATS = READERS  # the readers' names, in order (iterable, ``in``, joined in messages)
TEXT_EXT = frozenset({".txt", ".text", ".md", ".markdown", ".log", ".rst"})

__all__ = ["FORMATS", "JSONL_EXT", "JSON_EXT", "TEXT_EXT", "detect_format", "find_transcripts",
           "reader", "text_like", "walk_folder"]


def reader(name: str) -> ReaderEntry:
    """The reader called ``name`` (a one-sentence error naming the others otherwise)."""
    return READERS.get(name)


def detect_format(path: Path, *, text_only: bool = False) -> str:
    """The name of the reader for a file (or a directory's first transcript that is not
    plain text); ``text_only``: among the readers of text. Raises SourceError if the path
    cannot be read."""
    path = Path(path)
    if path.is_dir():
        return _detect_folder(path)
    sample = Sample.of(path)
    best, best_score = "", 0.0
    for entry in READERS.entries():
        if text_only and not entry.text:
            continue
        score = float(load(entry.detect)(sample))
        if score > best_score:
            best, best_score = entry.name, score
    if not best:
        raise SourceError(f"{path} is in no format a reader knows")
    return best


def _detect_folder(path: Path) -> str:
    files, _errors = find_transcripts(path)
    files = [f for f in files if f.suffix.lower() in JSONL_EXT | JSON_EXT | TEXT_EXT]
    kinds = []
    for f in files:
        try:
            kinds.append(detect_format(f))
        except SourceError:
            continue
        if not reader(kinds[-1]).text:
            return kinds[-1]
    if kinds:
        return kinds[0]
    raise SourceError(f"{path} is a directory with no transcripts")


def find_transcripts(root: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Candidate files below ``root`` in path order, and folders that could not be read.

    Every file is a candidate except hidden ones (see :func:`walk_folder`) and the
    subagent transcripts in ``X/subagents/`` beside a session ``X.jsonl``, which the
    session reader attaches to their session.
    """
    files, errors, _hidden, _special = walk_folder(root)
    return files, errors


Walked = tuple[list[Path], list[tuple[Path, str]], list[Path], list[tuple[Path, str]]]


def walk_folder(root: Path) -> Walked:
    """``(candidates, unreadable folders, hidden entries, special files)`` below ``root``,
    in path order.

    Hidden files and folders (a leading dot) are not entered; they are returned so a
    folder run can list them as passed over. Only regular files are candidates: a named
    pipe, a socket or a device (which would block or never end when read) is returned with
    what it is, never opened.
    """
    found: list[Path] = []
    errors: list[tuple[Path, str]] = []
    hidden: list[Path] = []
    special: list[tuple[Path, str]] = []

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
            elif (kind := _special(here / name)) is not None:
                special.append((here / name, kind))
            else:
                found.append(here / name)
    return found, errors, hidden, special


def _special(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file (None for one, or for a path that
    cannot be stat'ed: its read says why)."""
    try:
        return special_kind(path.stat().st_mode)
    except OSError:
        return None


_ROTATED = re.compile(r"\.(?:log|txt|out|err|text)(?:\.\d+|-\d{8})$", re.IGNORECASE)


def text_like(path: Path) -> bool:
    """A file read as text when it is not a transcript: known text extensions, rotated
    logs (``server.log.1``), CSV, and anything without an extension."""
    ext = path.suffix.lower()
    return (ext in TEXT_EXT or ext in (".csv", ".tsv") or not ext
            or bool(_ROTATED.search(path.name)))
