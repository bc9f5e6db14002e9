"""The ``oneshot`` strategy: an input that fits the usable context is read in one call."""

from __future__ import annotations

from engine.core.errors import UserError
from engine.run.context import Outcome, RunContext, run_leaf


class DoesNotFit(UserError):
    """``oneshot`` was asked for an input larger than the usable context."""


async def run_oneshot(ctx: RunContext) -> Outcome:
    size = len(ctx.transcript)
    if size > ctx.capacity.data_bytes:
        raise DoesNotFit(
            f"the input has {size} bytes but one call can read {ctx.capacity.data_bytes} "
            f"(context {ctx.capacity.context_tokens} tokens); use --strategy auto or tree"
        )
    return await run_leaf(ctx, "r", None, (0, size), 0)
