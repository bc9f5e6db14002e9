"""``gapless read FILE``: summarize a file of any size into a bounded answer."""

from __future__ import annotations

import argparse
import json
import sys

from gapless.engine import (
    READ_DETAILS,
    ReadResult,
    read_stored,
)
from gapless.tui.cli.common import EXIT_INCOMPLETE, EXIT_OK, add_provider_flags, settings_from_args
from gapless.tui.cli.flags import add_db_flag
from gapless.tui.cli.summarize import print_answer


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Read FILE chunk by chunk (any size; it is streamed, never loaded whole) and answer "
        "with a summary of at most 4 KB, an outline of at most 32 entries with line anchors "
        "and, when work remains, a cursor to resume with. Exit 0 when every chunk was read "
        "(or the file is binary, unreadable or empty: a one-line description); 1 when work "
        "remains (--max-chunks, a spent budget, a failed call: resume with --cursor); 2 for "
        "a bad path, setting or cursor, or a file that changed."
    )
    parser.add_argument("path", metavar="FILE", help="the file to read")
    parser.add_argument("--question", "-q", help="a question to answer from the file")
    parser.add_argument("--detail", choices=READ_DETAILS, default=None,
                        help="outline (default): short; standard; deep: longer digests, quotes")
    parser.add_argument("--max-chunks", type=int, metavar="N",
                        help="stop after N chunks and print a cursor")
    parser.add_argument("--cursor", metavar="C", help="resume a read from its cursor")
    parser.add_argument("--parallel", action="store_true",
                        help="read chunks concurrently and merge (default: in order, carrying "
                        "the running outline)")
    parser.add_argument("--json", action="store_true",
                        help="print exactly {summary, outline, cursor, stats, truncated}")
    add_db_flag(parser)
    add_provider_flags(parser)


async def run(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    result = await read_stored(args.db, args.path, settings, question=args.question,
                               cursor=args.cursor, max_chunks=args.max_chunks,
                               detail=args.detail, parallel=args.parallel)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print_human(result, args.path)
    return EXIT_OK if result.ok else EXIT_INCOMPLETE


def print_human(result: ReadResult, path: str) -> None:
    from rich.console import Console
    from rich.markup import escape

    out = Console()
    print_answer(out, result.answer, [{**a, "file": path} for a in result.answer_anchors],
                 result.state)
    out.print(escape(result.summary))
    if result.outline:
        out.print()
        out.print("[bold]Outline[/bold]")
        width = max(len(f"{e.start_line}-{e.end_line}") for e in result.outline)
        for e in result.outline:
            lines = f"{e.start_line}-{e.end_line}".rjust(width)
            digest = f" [dim]— {escape(e.digest)}[/dim]" if e.digest else ""
            out.print(f"  L{lines}  [cyan]{e.kind:<8}[/cyan] {escape(e.title)}{digest}")
    s = result.stats
    colour = "green" if result.ok else "yellow"
    out.print()
    out.print(
        f"[{colour}]{result.status}[/{colour}] · {s.chunks_read}/{s.chunks_total} chunks read"
        f"{f' (from chunk {result.first_chunk + 1})' if result.first_chunk else ''} · "
        f"{s.total_lines} lines · {s.total_bytes} bytes · {s.duration:.1f}s · run "
        f"{result.run_id}"
    )
    if result.outline_dropped:
        out.print(f"[dim]{result.outline_dropped} invalid outline entries from the model were "
                  "dropped[/dim]")
    if result.reason and result.status != "complete":
        out.print(f"[yellow]{escape(result.reason)}[/yellow]")
    if result.cursor:
        print(f"resume: gapless read {path} --cursor {result.cursor}", file=sys.stderr)
