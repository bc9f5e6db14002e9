"""``gapless compact CONVERSATION``: compact an agent's context, keeping what matters."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gapless.engine import (
    COMPACT_TRIGGER,
    PROVIDERS,
    CompactResult,
    Settings,
    UserError,
    compact_stored,
)
from gapless.tui.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    add_provider_flags,
    add_render_flags,
    count_of,
    settings_from_args,
    validation_sentence,
)
from gapless.tui.cli.flags import add_db_flag

_SUMMARIZER_FLAGS = (
    ("summarizer_provider", "provider"),
    ("summarizer_model", "model"),
    ("summarizer_base_url", "base_url"),
    ("summarizer_api_key_env", "api_key_env"),
    ("summarizer_script", "script"),
    ("summarizer_context_tokens", "context_tokens"),
)


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Compact CONVERSATION (any conversation an input reader reads: a Claude Code or "
        "Codex session, a chat JSON of any shape, ...) into: the system prompt, a summary of "
        "the older head, a working-memory block (files modified, current task, recent "
        "errors) and the longest recent tail that fits, verbatim (the last assistant message "
        "always among it). The input file is never modified. Exit 0 when compacted (or under "
        "the trigger: nothing to do); 1 when the summary could not be written (the messages "
        "are output unchanged); 2 for a bad path or setting."
    )
    parser.add_argument("path", metavar="CONVERSATION", help="the conversation file")
    parser.add_argument("--budget", type=int, metavar="TOKENS",
                        help="the agent's context budget in tokens (default: --context-tokens)")
    parser.add_argument("--trigger", type=float, default=COMPACT_TRIGGER, metavar="SHARE",
                        help="compact when the conversation is over this share of the budget, "
                        "and fit the result under it (default 0.6)")
    parser.add_argument("--out", metavar="FILE",
                        help="write the compacted message list here (default: stdout)")
    parser.add_argument("--json", action="store_true",
                        help="print {messages, validation, tokens_before, tokens_after, depth, "
                        "summarized, kept_verbatim, target, source} (source: every record of "
                        "the input counted once, as summarize counts it)")
    g = parser.add_argument_group("summarizer (defaults to the main provider and model)")
    g.add_argument("--summarizer-provider", choices=PROVIDERS, help="provider for summaries")
    g.add_argument("--summarizer-model", metavar="M", help="a cheaper model for summaries")
    g.add_argument("--summarizer-base-url", metavar="U", help="server URL of the summarizer")
    g.add_argument("--summarizer-api-key-env", metavar="VAR",
                   help="variable holding the summarizer's API key")
    g.add_argument("--summarizer-script", metavar="FILE",
                   help="answers for a scripted summarizer")
    g.add_argument("--summarizer-context-tokens", type=int, metavar="N",
                   help="usable context of the summarizer model")
    add_db_flag(parser)
    add_provider_flags(parser)
    add_render_flags(parser)


def summarizer_settings(args: argparse.Namespace, main: Settings) -> Settings:
    """The main settings with the --summarizer-* flags over them."""
    overrides = {key: getattr(args, flag) for flag, key in _SUMMARIZER_FLAGS
                 if getattr(args, flag, None) is not None}
    if not overrides:
        return main
    try:
        return Settings(**{**main.model_dump(), **overrides})
    except ValidationError as exc:
        raise UserError("summarizer " + validation_sentence(exc)) from exc


def _write_out(path: str, messages: list[dict[str, Any]], source: str) -> None:
    out = Path(path).expanduser()
    try:
        if out.exists() and out.resolve() == Path(source).expanduser().resolve():
            raise UserError(f"--out {out} is the input file; the input is never modified")
        fd, tmp = tempfile.mkstemp(prefix=".gapless-compact-", dir=out.parent or Path("."))
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(messages, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UserError(f"cannot write {out}: {exc.strerror or exc}") from exc


async def run(args: argparse.Namespace) -> int:
    main = settings_from_args(args)
    summ = summarizer_settings(args, main)
    budget = args.budget if args.budget is not None else main.context_tokens
    if args.out:
        out = Path(args.out).expanduser()
        if out.exists() and out.resolve() == Path(args.path).expanduser().resolve():
            raise UserError(f"--out {out} is the input file; the input is never modified")
    result = await compact_stored(args.db, args.path, budget, trigger=args.trigger,
                                  settings=main, summarizer=summ)
    if args.out:
        _write_out(args.out, result.messages, args.path)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    elif not args.out:
        print(json.dumps(result.messages, ensure_ascii=False, indent=1))
    report(result, budget)
    return EXIT_OK if result.ok else EXIT_INCOMPLETE


def report(result: CompactResult, budget: int) -> None:
    """What was done, exactly, on stderr (plus the entities a poor summary missed)."""
    v = result.validation
    if result.summarized:
        did = (f"summarized {count_of(result.summarized, 'message')}, kept "
               f"{result.kept} verbatim")
    else:
        did = f"kept all {count_of(result.kept, 'message')} as they were"
    line = (f"gapless compact: {result.status} · {did} · {result.tokens_before} → "
            f"{result.tokens_after} tokens (target {result.target} of a {budget}-token budget)"
            f" · depth {result.depth} · run {result.run_id}")
    left = result.left_out
    if left:
        why = ", ".join(f"{reason} {n}" for reason, n in sorted(left.items(),
                                                              key=lambda kv: -kv[1]))
        line += f" · left out {count_of(sum(left.values()), 'record')} of the input ({why})"
    if result.reason:
        line += f" · {result.reason}"
    print(line, file=sys.stderr)
    if v.missing:
        missed = "; ".join(f"{e.kind} {e.value}" for e in v.missing)
        then = ""
        if v.moved:
            then = f" — {count_of(v.moved, 'more message')} kept verbatim to keep them"
        elif v.kept_verbatim:
            then = f" — {len(v.kept_verbatim)} of them in the verbatim tail"
        print(f"  the first summary missed: {missed}{then}", file=sys.stderr)
    if v.unresolved:
        print("  in neither the summary nor the tail (listed in the working memory): "
              + "; ".join(f"{e.kind} {e.value}" for e in v.unresolved), file=sys.stderr)
