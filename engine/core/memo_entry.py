"""What a memo entry is proven by: the hash of the bytes its invocation read.

It lives in the core so the store (which finds entries in earlier runs' events) and the run
(which compares them with its own bytes) share one definition.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from gapless.engine.core.extraction import Extraction


def source_hash(data: bytes) -> str:
    """SHA-256 of a scope's bytes (hex, 32 digits)."""
    return hashlib.sha256(data).hexdigest()[:32]


@dataclass(frozen=True)
class MemoEntry:
    """A completed invocation's result and the hash of the bytes it read."""

    extraction: Extraction
    source_hash: str
