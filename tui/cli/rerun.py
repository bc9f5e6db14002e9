"""``gapless rerun RUN_ID [INV]``: re-run a failed scope by hand, reusing completed work."""

from __future__ import annotations

import argparse

from gapless.engine import rerun_stored
from gapless.tui.cli.common import add_provider_flags, settings_from_args
from gapless.tui.cli.flags import add_db_flag
from gapless.tui.cli.summarize import report


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Re-run the subtree of invocation INV (default: the root, i.e. every failed part) of "
        "RUN_ID as a new run linked to it. Completed invocations are not sent again; the "
        "ancestors are folded again so the root can reach 100% coverage."
    )
    parser.add_argument("run_id", help="the run (id or unique prefix)")
    parser.add_argument("inv", nargs="?", default=None,
                        help="invocation id as shown by `gapless why` (default: the root)")
    parser.add_argument("--read-window", type=int, metavar="BYTES",
                        help="the most bytes one read_range action of a planning (recursive) "
                        "invocation returns; tree and oneshot runs read whole leaves and ignore "
                        "it (default: the read_window setting, 2000)")
    parser.add_argument("--max-actions", type=int, metavar="N",
                        help="actions a planning (recursive) invocation may take before the "
                        "engine spawns children over its gaps itself (default: the "
                        "max_actions setting, 20)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_db_flag(parser)
    add_provider_flags(parser)


async def run(args: argparse.Namespace) -> int:
    settings = settings_from_args(args)
    updates = {k: v for k, v in (("read_window", args.read_window),
                                 ("max_actions", args.max_actions)) if v is not None}
    if updates:
        settings = settings.model_validate({**settings.model_dump(), **updates})
    result = await rerun_stored(args.db, args.run_id, args.inv, settings)
    return report(result, as_json=args.json)
