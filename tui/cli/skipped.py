"""``gapless skipped``: audit the groups that ended without an entry, and why."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from engine.journal.daily import SKIP_REASONS
from engine.store import Store
from tui.cli.common import EXIT_OK
from tui.cli.flags import add_db_flag, add_json_flag, open_store, print_json

NAME = "skipped"
HELP = "list skipped (day, project) groups with their reasons"


def register(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--since", metavar="DATE", help="only days on or after DATE")
    parser.add_argument("--project", help="only this project")
    parser.add_argument("--reason", choices=sorted(SKIP_REASONS), help="only this reason")
    parser.add_argument("--limit", type=int, default=100, metavar="N", help="at most N rows")
    add_db_flag(parser)
    add_json_flag(parser)


async def query_skips(store: Store, *, since: str | None = None, until: str | None = None,
                      project: str | None = None, reason: str | None = None,
                      limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    """Skips, newest day first, filtered and paged (shared with the workbench)."""
    where, params = ["1 = 1"], []
    for clause, value in (("date >= ?", since), ("date <= ?", until), ("project = ?", project),
                          ("reason = ?", reason)):
        if value:
            where.append(clause)
            params.append(value)
    sql = ("SELECT date, project, reason, detail, run_id FROM journal_skips WHERE "
           + " AND ".join(where) + " ORDER BY date DESC, project LIMIT ? OFFSET ?")
    async with store.db.execute(sql, [*params, limit, offset]) as cur:
        return [{"date": d, "project": p, "reason": r, "explanation": SKIP_REASONS.get(r, ""),
                 "detail": det, "run_id": rid} for d, p, r, det, rid in await cur.fetchall()]


async def run(args: argparse.Namespace) -> int:
    store = await open_store(args)
    try:
        rows = await query_skips(store, since=args.since, project=args.project,
                                 reason=args.reason, limit=args.limit)
    finally:
        await store.close()
    if args.json:
        print_json({"skipped": rows})
        return EXIT_OK
    table = Table("date", "project", "reason", "detail", "run")
    for r in rows:
        table.add_row(r["date"], escape(r["project"]), r["reason"], escape(r["detail"]),
                      r["run_id"] or "")
    Console().print(table if rows else "no skipped groups")
    return EXIT_OK
