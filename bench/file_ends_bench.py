"""The held-out files again, as strangers' machines write them: do any figures move?

Run:  python bench/file_ends_bench.py [--kinds logs,changelogs,chats] [--only NAME,NAME]

Every file the held-out benches write (``heldout_logs.py``, ``heldout_changelogs.py``,
``heldout_chats.py``) is summarized offline as written, then four more times, as other
machines save the same text: with Windows' "\\r\\n" line ends, a UTF-8 byte-order mark
before it, no newline after its last line, and a blank before each newline (an editor's
trailing blanks). The figures compared are each bench's own: a log's level counts, format
and named template counts; a changelog's stated release count and headline; a chat's
reading (conversation, asks listed, real, first, foreign). A figure that moves is a figure
that depends on how the file was saved, not on what it says; each is printed, then a count
per kind and variant.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS: dict[str, Callable[[bytes], bytes]] = {
    "crlf": lambda b: b.replace(b"\n", b"\r\n"),
    "bom": lambda b: b"\xef\xbb\xbf" + b,
    "no final newline": lambda b: b.rstrip(b"\n"),
    "trailing blanks": lambda b: b.replace(b"\n", b" \n"),
}


def _entry(path: Path) -> dict[str, Any]:
    from gapless.engine.config import Settings
    from gapless.engine.run.request import RunRequest
    from gapless.engine.service import summarize_path

    return asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}


def _logs(folder: Path, only: set[str] | None) -> list[tuple[str, Path, Callable[[Path], Any]]]:
    import heldout_logs as logs

    truth = logs._truth()

    def figures(path: Path) -> Any:
        entry = _entry(path)
        stats = entry.get("stats") or {}
        return (stats.get("levels"), str(stats.get("format")),
                sorted(truth.named_counts(entry.get("summary", ""))))

    out = []
    for system in [*logs.SYSTEMS, *logs.VARIED, *logs.PENDING]:
        if only is None or system.name in only:
            path, _, _ = logs.write(system, folder)
            out.append((system.name, path, figures))
    return out


def _changelogs(folder: Path, only: set[str] | None
                ) -> list[tuple[str, Path, Callable[[Path], Any]]]:
    import heldout_changelogs as changelogs

    def figures(path: Path) -> Any:
        entry = _entry(path)
        return (changelogs.releases_stated(str(entry.get("summary", ""))),
                " ".join(str(entry.get("headline", "")).split()))

    return [(name, changelogs.write(name, folder)[0], figures)
            for name in changelogs.FORMATS if only is None or name in only]


def _chats(folder: Path, only: set[str] | None) -> list[tuple[str, Path, Callable[[Path], Any]]]:
    import heldout_chats as chats

    out = []
    for make in chats.CHATS:
        if only is not None and make.__name__ not in only:
            continue
        chat = make()
        path = folder / make.__name__ / chat.name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(chat.text, encoding="utf-8")

        def figures(p: Path, chat: Any = chat) -> Any:
            entry = _entry(p)
            row = chats.judge(chat, entry.get("summary", ""), entry.get("headline", ""),
                              entry.get("decisions") or [])
            return tuple(row[k] for k in ("conversation", "listed", "real", "first", "bad"))

        out.append((make.__name__, path, figures))
    return out


KINDS = {"logs": _logs, "changelogs": _changelogs, "chats": _chats}


def main() -> int:
    kinds = (sys.argv[sys.argv.index("--kinds") + 1].split(",") if "--kinds" in sys.argv
             else list(KINDS))
    only = (set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv
            else None)
    moved: Counter[tuple[str, str]] = Counter()
    files: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            folder = Path(tmp) / kind
            folder.mkdir()
            for name, path, figures in KINDS[kind](folder, only):
                files[kind] += 1
                base = figures(path)
                raw = path.read_bytes()
                for variant, write in VARIANTS.items():
                    other = path.with_name(f"{variant.replace(' ', '-')}-{path.name}")
                    other.write_bytes(write(raw))
                    got = figures(other)
                    other.unlink()
                    if got != base:
                        moved[kind, variant] += 1
                        print(f"{kind:<11}{name:<30}{variant:<18}as written: {str(base)[:90]}"
                              f"\n{'':<59}saved so:   {str(got)[:90]}", flush=True)
    print(f"\n{'kind':<11}{'files':>6}  " + "".join(f"{v:>18}" for v in VARIANTS))
    for kind in kinds:
        print(f"{kind:<11}{files[kind]:>6}  "
              + "".join(f"{moved[kind, v]:>18}" for v in VARIANTS))
    print("(files whose figures moved when the same text was saved so)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
