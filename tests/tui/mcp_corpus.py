"""The 2 MB-class inputs the MCP budget tests and ``bench/mcp_bench.py`` drive ``gapless mcp``
with, built from the real material in ``tests/data`` (nothing generated):

- ``changelog``: every release history of ``changelogs/`` one after the other (2.3 MB of
  tmux, textual, pip, glib, apt, coreutils ... in their own formats);
- ``log``: every loghub sample of ``logs/`` one after the other (2.9 MB, eleven line
  formats, 22,000 lines);
- ``session``: the largest real Codex rollout (1.4 MB of JSONL), as it is.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.paths import TEST_DATA

SESSION = TEST_DATA / "codex" / "rave-era-project_codex-session.jsonl"


def _concatenate(parts: list[Path], out: Path) -> Path:
    with open(out, "wb") as dst:
        for p in parts:
            data = p.read_bytes()
            dst.write(data if data.endswith(b"\n") else data + b"\n")
    return out


def build_corpus(folder: Path) -> dict[str, Path]:
    """The three inputs, written into (or linked from) ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    changelogs = sorted((TEST_DATA / "changelogs").glob("*"))
    logs = sorted((TEST_DATA / "logs").glob("*.log"))
    session = folder / SESSION.name
    if not session.exists():
        session.write_bytes(SESSION.read_bytes())
    return {
        "changelog": _concatenate(changelogs, folder / "CHANGES-all.txt"),
        "log": _concatenate(logs, folder / "loghub-all.log"),
        "session": session,
    }


def line_text(path: Path, first: int, last: int) -> list[str]:
    """Lines ``first``..``last`` (1-based, inclusive) of ``path``, without their line ends."""
    out: list[str] = []
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, start=1):
            if n > last:
                break
            if n >= first:
                out.append(raw.rstrip(b"\r\n").decode("utf-8", errors="replace"))
    return out
