"""Which code a stored answer was made by, for providers whose answers this code makes.

The offline summarizer's answers (its figures above all) are written by the engine's own
code, so an answer stored by another engine is not this engine's answer to the same bytes:
reusing it would replay figures a later fix corrected. A model's answers depend on the
model, not on this code, so they stay reusable across upgrades (resuming a costly run is the
point of the store); a change of what models are asked is :data:`~engine.run.memo.PROMPT_VERSION`.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata
from pathlib import Path

from gapless.engine.registry import PROVIDERS


@cache
def code_revision() -> str:
    """A digest of the engine's sources (about 10 ms, once a process); the installed
    version where they cannot be read."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    try:
        for path in sorted(root.rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode())
            h.update(b"\0")
            h.update(path.read_bytes())
    except OSError:
        try:
            return "version " + metadata.version("gapless")
        except metadata.PackageNotFoundError:
            return "version unknown"
    return h.hexdigest()[:16]


def answers_revision(provider: str) -> str:
    """What ``provider``'s stored answers depend on besides their input: this code's
    revision when the code writes them (its entry's ``code_answers``), else nothing."""
    entry = PROVIDERS.find(provider)
    return code_revision() if entry is not None and entry.code_answers else ""


def code_written() -> tuple[tuple[str, ...], str]:
    """The providers whose answers this code writes, and this code's revision."""
    return tuple(e.name for e in PROVIDERS.entries() if e.code_answers), code_revision()
