"""Naming a binary file without a model: it is answered in one line, never summarized."""

from __future__ import annotations

import hashlib
from typing import BinaryIO

from gapless.engine.sources.plaintext import COMPRESSED, UTF16_MARKS, UTF16_WAY

__all__ = ["describe_binary", "file_sha256"]

_MAGIC = (
    (b"\x7fELF", "ELF executable"),
    (b"\x89PNG", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF8", "GIF image"),
    (b"%PDF", "PDF document"),
    (b"PK\x03\x04", "ZIP archive"),
    (b"7z\xbc\xaf", "7-zip archive"),
    (b"SQLite format 3\x00", "SQLite database"),
    (b"MZ", "Windows executable"),
    (b"\xcf\xfa\xed\xfe", "Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "Java class or Mach-O binary"),
    (b"\x00asm", "WebAssembly module"),
    (b"OggS", "Ogg media"),
    (b"RIFF", "RIFF media"),
    (b"ID3", "MP3 audio"),
    # what a user can make readable, with the way (the text reader's own table)
    *((magic, f"{what} data; decompress it first, e.g. {command}")
      for magic, (what, command) in COMPRESSED.items()),
    *((mark, f"UTF-16 text, not UTF-8; {UTF16_WAY}") for mark in UTF16_MARKS),
)


def describe_binary(head: bytes) -> str:
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    return "unrecognised binary data"


def file_sha256(fh: BinaryIO) -> str:
    """The digest of the rest of ``fh``, read in blocks (a binary file may be huge)."""
    h = hashlib.sha256()
    while block := fh.read(1 << 20):
        h.update(block)
    return h.hexdigest()
