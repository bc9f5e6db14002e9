"""What a coding agent pays for ``gapless mcp``'s answers: the bytes of every tool result.

Run:  python bench/mcp_bench.py [--max-bytes N] [--json]

It starts ``gapless mcp`` over stdio with the official SDK client (as Claude Code or Codex
would), makes the calls an agent makes on the 2 MB-class inputs of ``tests/tui/mcp_corpus.py``
(a changelog, a big log, a long session; all real material from ``../shared/data``) and prints
one line per call: the bytes of its text content, of its structured content (as JSON), and the
two together, which is what the agent's client receives. The database is a fresh temporary
one, so every read is really made.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.paths import TEST_DATA  # noqa: E402
from tests.tui.mcp_corpus import build_corpus  # noqa: E402


def result_bytes(result: Any) -> tuple[int, int]:
    """(text bytes, structured-content bytes as compact JSON) of one tool result."""
    text = sum(len(getattr(c, "text", "").encode()) for c in result.content)
    structured = result.structured_content
    sc = 0 if structured is None else len(
        json.dumps(structured, ensure_ascii=False, separators=(",", ":")).encode())
    return text, sc


def session_calls(files: dict[str, Path], max_bytes: int | None) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, tool, arguments) of the session; ``{run}`` / ``{section}`` are filled in."""
    extra = {} if max_bytes is None else {"max_bytes": max_bytes}
    ch, log, ses = str(files["changelog"]), str(files["log"]), str(files["session"])
    return [
        ("read_summary changelog", "read_summary", {"file_path": ch, **extra}),
        ("read_summary changelog + question", "read_summary",
         {"file_path": ch, "question": "What changed about mouse support?", **extra}),
        ("read_summary changelog section=N", "read_summary",
         {"file_path": ch, "section": "{section}", **extra}),
        ("read_summary changelog section=N + question", "read_summary",
         {"file_path": ch, "section": "{section}", "question": "What was fixed?", **extra}),
        ("read_summary changelog lines=a-b", "read_summary",
         {"file_path": ch, "lines": "1-40", **extra}),
        ("read_summary log", "read_summary", {"file_path": log, **extra}),
        ("read_summary log + question", "read_summary",
         {"file_path": log, "question": "Which errors occur and how often?", **extra}),
        ("summarize log + question", "summarize",
         {"path": log, "question": "Which errors occur and how often?", **extra}),
        ("read_summary session", "read_summary", {"file_path": ses, **extra}),
        ("read_summary session + question", "read_summary",
         {"file_path": ses, "question": "Which files were changed?", **extra}),
        ("summarize session", "summarize", {"path": ses, **extra}),
        ("why (the changelog read)", "why", {"run_id": "{run}", **extra}),
        ("journal", "journal", {**extra}),
    ]


def _fill(args: dict[str, Any], run: str, section: int, schema: dict[str, Any]) -> dict[str, Any] | None:
    out = {}
    for k, v in args.items():
        if k not in schema.get("properties", {}):
            return None  # this server has no such argument (the code before drill-down)
        out[k] = run if v == "{run}" else section if v == "{section}" else v
    return out


async def main_async(max_bytes: int | None, as_json: bool, dump: Path | None = None) -> int:
    from mcp import Client, StdioServerParameters

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        files = build_corpus(work / "data")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "GAPLESS_CONFIG": str(work / "config.toml")}
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "gapless.tui.cli", "mcp", "--db", str(work / "bench.db"), "--root", str(work),
                  "--root", str(TEST_DATA)],
            env=env, cwd=str(work))
        rows: list[dict[str, Any]] = []
        async with Client(params, mode="legacy", read_timeout_seconds=600) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            run, section = "", 1
            for label, tool, args in session_calls(files, max_bytes):
                filled = _fill(args, run, section, tools[tool].input_schema)
                if filled is None:
                    continue
                t0 = time.monotonic()
                r = await client.call_tool(tool, filled)
                took = time.monotonic() - t0
                text, sc = result_bytes(r)
                sd = r.structured_content or {}
                if label == "read_summary changelog":
                    run = str(sd.get("run_id", ""))
                    outline = sd.get("outline") or []
                    # the section an agent asking about a release would open: the middle one
                    section = int(outline[len(outline) // 2].get("section", len(outline) // 2 + 1)) if outline else 1
                if dump is not None:
                    dump.mkdir(parents=True, exist_ok=True)
                    stem = label.replace(" ", "_").replace("=", "").replace("+", "q")
                    (dump / f"{len(rows):02d}_{stem}.txt").write_text(
                        "".join(getattr(c, "text", "") for c in r.content))
                    (dump / f"{len(rows):02d}_{stem}.json").write_text(
                        json.dumps(r.structured_content, indent=1, ensure_ascii=False))
                rows.append({"call": label, "args": {k: v for k, v in filled.items()
                                                     if k not in ("file_path", "path")},
                             "text": text, "structured": sc, "total": text + sc,
                             "error": r.is_error, "seconds": round(took, 2)})
        if as_json:
            print(json.dumps({"files": {k: v.stat().st_size for k, v in files.items()},
                              "calls": rows}, indent=1))
            return 0
        for k, v in files.items():
            print(f"{k}: {v.name}, {v.stat().st_size:,} bytes")
        print(f"{'call':<46} {'text':>8} {'struct':>8} {'total':>8}  s")
        for row in rows:
            flag = "  (error)" if row["error"] else ""
            print(f"{row['call']:<46} {row['text']:>8,} {row['structured']:>8,} "
                  f"{row['total']:>8,}  {row['seconds']}{flag}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-bytes", type=int, default=None, help="pass max_bytes to every call")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--dump", type=Path, help="write each result's text and structured "
                    "content into this folder")
    a = ap.parse_args()
    return asyncio.run(main_async(a.max_bytes, a.json, a.dump))


if __name__ == "__main__":
    raise SystemExit(main())
