"""What the readers' detectors look at: the start of a file, read once and shared.

Every reader scores a :class:`Sample` from its structure (0: not mine, up to 1); the
registry (:data:`engine.registry.READERS`) gives the file to the highest score, the earlier
entry on a tie. The scores come in tiers, so the kinds of evidence rank the same whatever
the readers registered: a JSON record a format claims (the earlier the line, the higher),
then a JSON document, then a text's structure (turns, speakers), then plain text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gapless.engine.sources.assigned_json import assigned_document
from gapless.engine.sources.common import JsonObj, open_regular, os_error

JSONL_EXT = frozenset({".jsonl", ".ndjson", ".jsonlines"})
JSON_EXT = frozenset({".json"})
SNIFF_BYTES = 64 * 1024
SNIFF_LINES = 40
SNIFF_LINE_BYTES = 8 * 1024 * 1024

DOCUMENT_BYTES = 32 * 1024 * 1024  # a JSON document parsed whole to find its structure
_NOT_JSON = object()
# the tiers of a detector's score (see the module's docstring)
RECORD = 0.6  # + up to 0.4 for how early the first claimed record comes
DOCUMENT = 0.5
STRUCTURE = 0.3
EMPTY = 0.2  # an empty file, read by the format its extension names
PLAIN = 0.1


@dataclass
class Sample:
    """The start of a file: its extension, its first ``SNIFF_BYTES`` and, parsed when a
    detector first asks, its first JSON-object lines and its start as text."""

    path: Path
    head: bytes
    _records: list[JsonObj] | None = field(default=None, repr=False)
    _document: Any = field(default=None, repr=False)

    @classmethod
    def of(cls, path: Path) -> Sample:
        """Read the start of ``path``; a one-sentence SourceError when it cannot be read."""
        with open_regular(path) as fh:
            try:
                return cls(path, fh.read(SNIFF_BYTES))
            except OSError as exc:
                raise os_error(path, exc) from exc

    @property
    def ext(self) -> str:
        return self.path.suffix.lower()

    @property
    def body(self) -> bytes:
        """The head without a BOM and leading blanks."""
        return self.head.lstrip(b"\xef\xbb\xbf \t\r\n")

    @property
    def text(self) -> str:
        """The head as text, without a byte-order mark (no part of its first line: a
        detector's patterns anchored at a line's start would miss that line)."""
        return self.head.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")

    @property
    def records(self) -> list[JsonObj]:
        """The JSON objects among the first ``SNIFF_LINES`` lines (of a file that opens
        with one or is named JSON lines); lines that are not objects are passed over."""
        if self._records is None:
            body = self.body
            self._records = (self._read_records() if body.startswith(b"{")
                             or (body and self.ext in JSONL_EXT) else [])
        return self._records

    def _read_records(self) -> list[JsonObj]:
        out: list[JsonObj] = []
        try:
            with open_regular(self.path) as fh:
                for _ in range(SNIFF_LINES):
                    raw = fh.readline(SNIFF_LINE_BYTES)
                    if not raw:
                        break
                    try:
                        obj: Any = json.loads(raw.decode("utf-8", errors="replace")
                                              .lstrip("\ufeff"))
                    except (ValueError, RecursionError):
                        obj = None
                    out.append(obj if isinstance(obj, dict) else {})
        except OSError as exc:
            raise os_error(self.path, exc) from exc
        return out

    @property
    def document(self) -> Any:
        """The whole file parsed as one JSON document (None when it is not one, or larger
        than ``DOCUMENT_BYTES``): a document's structure is not in its first lines."""
        if self._document is None:
            self._document = self._read_document()
        return self._document if self._document is not _NOT_JSON else None

    def _read_document(self) -> Any:
        body = self.body
        assigned = not body.startswith((b"{", b"[")) and assigned_document(
            body[:200].decode("utf-8", errors="replace")) is not None
        if (not body.startswith((b"{", b"[")) and not assigned) or (
                self.records and any(self.records[1:])):
            return _NOT_JSON  # JSON lines (several objects), not one document
        try:
            if self.path.stat().st_size > DOCUMENT_BYTES:
                return _NOT_JSON
            text = self.path.read_bytes().decode("utf-8-sig", errors="replace")
            # a script's one assignment of a document (:mod:`.assigned_json`)
            doc = json.loads((assigned_document(text) or "") if assigned else text)
        except (OSError, ValueError, RecursionError):
            return _NOT_JSON
        return doc if doc is not None else _NOT_JSON

    def record_score(self, claims: Any) -> float:
        """The score of a format whose ``claims(record)`` says yes to a record: the earlier
        the first such line, the higher (the first decisive line decides)."""
        for i, obj in enumerate(self.records):
            if obj and claims(obj):
                return RECORD + 0.4 * (1 - i / SNIFF_LINES)
        return 0.0

    @property
    def empty(self) -> bool:
        return not self.body
