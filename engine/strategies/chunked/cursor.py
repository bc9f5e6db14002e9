"""The resumable cursor of ``gapless read``: self-contained, versioned, tamper-evident, < 4 KB.

A cursor is ``base64url(gzip(json))`` of everything a later call needs to finish the file
without this process: the file's path, size and mtime, the plan hash (which covers every
chunk's digest), the next chunk, the question and detail, the last 32 outline entries and
a short summary so far. Decoding checks the gzip header, CRC and length and the canonical
base64 form, so a flipped byte anywhere is a clear :class:`CursorError`, never a crash or
a silently different cursor.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import struct
import zlib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gapless.engine.core.errors import UserError
from gapless.engine.strategies.chunked.outline import ARCHIVED, MAX_ENTRIES, Outline, OutlineEntry

CURSOR_VERSION = 1
MAX_CURSOR_CHARS = 4095  # strictly under 4 KB
_MAX_INPUT_CHARS = 16 * 1024
_MAX_JSON_BYTES = 256 * 1024
# The gzip header is fixed (no name, max compression, OS unknown) except its MTIME field,
# which carries the CRC-32 of the compressed body: gzip's own CRC covers only the
# uncompressed payload, so without it a flipped padding bit or header byte would pass.
_GZIP_MAGIC = b"\x1f\x8b\x08\x00"
_GZIP_TAIL = b"\x02\xff"
_HEADER_LEN = 10
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")
DETAILS = ("outline", "standard", "deep")


class CursorError(UserError):
    """A cursor that cannot be used: corrupted, foreign, or from another version."""


class Cursor(BaseModel):
    """Where a chunked read stopped, and what it had found so far."""

    model_config = ConfigDict(extra="forbid")

    v: int = CURSOR_VERSION
    path: str
    size: int = Field(ge=0)
    mtime_ns: int
    plan_hash: str
    target: int = Field(ge=1)
    next_chunk: int = Field(ge=0)
    chunks_total: int = Field(ge=0)
    question: str | None = None
    detail: str = "outline"
    outline: list[OutlineEntry] = Field(default_factory=list)
    archived: int = Field(0, ge=0)
    summary: str = ""
    run_id: str = ""

    def outline_state(self) -> Outline:
        return Outline(self.outline, self.archived)


def gzip_bytes(raw: bytes) -> bytes:
    """A gzip member of ``raw`` whose header also checksums the compressed body."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = comp.compress(raw) + comp.flush()
    header = _GZIP_MAGIC + struct.pack("<I", zlib.crc32(body)) + _GZIP_TAIL
    return header + body + struct.pack("<II", zlib.crc32(raw), len(raw) & 0xFFFFFFFF)


def _gunzip(blob: bytes) -> bytes:
    if (len(blob) < _HEADER_LEN + 8 or not blob.startswith(_GZIP_MAGIC)
            or blob[8:_HEADER_LEN] != _GZIP_TAIL):
        raise CursorError("the cursor is corrupted (bad header); start the read again")
    (body_crc,) = struct.unpack("<I", blob[4:8])
    if body_crc != zlib.crc32(blob[_HEADER_LEN:-8]):
        raise CursorError("the cursor is corrupted (checksum mismatch); start the read again")
    dec = zlib.decompressobj(-15)
    try:
        raw = dec.decompress(blob[_HEADER_LEN:], _MAX_JSON_BYTES)
    except zlib.error as exc:
        raise CursorError("the cursor is corrupted (bad data); start the read again") from exc
    if not dec.eof or dec.unconsumed_tail:
        raise CursorError("the cursor is corrupted (truncated or oversized); start again")
    trailer = dec.unused_data
    if len(trailer) != 8:
        raise CursorError("the cursor is corrupted (bad trailer); start the read again")
    crc, size = struct.unpack("<II", trailer)
    if crc != zlib.crc32(raw) or size != len(raw) & 0xFFFFFFFF:
        raise CursorError("the cursor is corrupted (checksum mismatch); start the read again")
    return raw


def _encode_once(cursor: Cursor) -> str:
    raw = json.dumps(cursor.model_dump(), ensure_ascii=False, separators=(",", ":"),
                     sort_keys=True).encode("utf-8")
    return base64.urlsafe_b64encode(gzip_bytes(raw)).rstrip(b"=").decode("ascii")


def encode_cursor(cursor: Cursor) -> str:
    """The cursor as text, shrunk deterministically (summary, digests, titles, then the
    oldest outline entries merged into the archived one) until it is under 4 KB."""
    token = _encode_once(cursor)
    if len(token) <= MAX_CURSOR_CHARS:
        return token
    c = cursor.model_copy(deep=True)
    for summary_chars in (600, 200, 0):
        c.summary = c.summary[:summary_chars]
        token = _encode_once(c)
        if len(token) <= MAX_CURSOR_CHARS:
            return token
    for digest_chars, title_chars in ((80, 80), (0, 60), (0, 30)):
        c.outline = [e.model_copy(update={"digest": e.digest[:digest_chars],
                                          "title": e.title[:title_chars]}) for e in c.outline]
        token = _encode_once(c)
        if len(token) <= MAX_CURSOR_CHARS:
            return token
    state = c.outline_state()
    while len(state.entries) > 1:
        # Merging the oldest live entry into the archive keeps the outline's line range.
        state.archive_oldest()
        c.outline, c.archived = list(state.entries), state.archived
        token = _encode_once(c)
        if len(token) <= MAX_CURSOR_CHARS:
            return token
    raise CursorError("the read cannot be resumed: its question or path is too long for a "
                      "4 KB cursor")


def decode_cursor(token: Any) -> Cursor:
    """The cursor a token holds; any problem is a :class:`CursorError` saying what."""
    if not isinstance(token, str):
        raise CursorError("the cursor must be text")
    text = token.strip()
    if not text:
        raise CursorError("the cursor is empty")
    if len(text) > _MAX_INPUT_CHARS:
        raise CursorError("the cursor is too long to be a gapless cursor")
    if not _ALPHABET.fullmatch(text):
        raise CursorError("the cursor is corrupted (characters outside base64url)")
    try:
        blob = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as exc:
        raise CursorError("the cursor is corrupted (not base64url)") from exc
    if base64.urlsafe_b64encode(blob).rstrip(b"=").decode("ascii") != text:
        raise CursorError("the cursor is corrupted (not canonical base64url)")
    raw = _gunzip(blob)
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CursorError("the cursor is corrupted (not JSON)") from exc
    if not isinstance(obj, dict):
        raise CursorError("the cursor is corrupted (not an object)")
    version = obj.get("v")
    if version != CURSOR_VERSION:
        raise CursorError(f"cursor version {version!r} is not supported (this gapless reads "
                          f"version {CURSOR_VERSION}); start the read again")
    try:
        cursor = Cursor.model_validate(obj)
    except ValidationError as exc:
        raise CursorError("the cursor is corrupted (unexpected content)") from exc
    if cursor.next_chunk > cursor.chunks_total or cursor.detail not in DETAILS:
        raise CursorError("the cursor is corrupted (inconsistent position)")
    if len(cursor.outline) > MAX_ENTRIES or any(
        e.kind == ARCHIVED for e in cursor.outline[1:]
    ):
        raise CursorError("the cursor is corrupted (bad outline)")
    return cursor
