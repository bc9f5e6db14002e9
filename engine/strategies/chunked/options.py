"""What a chunked read is asked, and the file it goes through, each as one value."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from gapless.engine.strategies.chunked.planner import Plan


@dataclass(frozen=True)
class ReadOptions:
    """What a read is asked: a question, where to resume (the cursor an earlier read
    returned), how many chunks at most, how detailed (``outline``, ``standard`` or
    ``deep``), and whether chunks are read in parallel."""

    question: str | None = None
    cursor: str | None = None
    max_chunks: int | None = None
    detail: str | None = None
    parallel: bool = False


@dataclass(frozen=True)
class OpenFile:
    """The file a read goes through: its path, its stat when opened, the open file and
    the plan of its chunks."""

    path: Path
    stat: os.stat_result
    fh: BinaryIO
    plan: Plan
