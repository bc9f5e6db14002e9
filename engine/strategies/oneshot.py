"""The ``oneshot`` strategy: an input that fits the usable context is read in one call."""

from __future__ import annotations

from gapless.engine.core.errors import UserError
from gapless.engine.core.tokens import Capacity
from gapless.engine.run.context import ROOT_PLACE, RunContext
from gapless.engine.run.leaf import run_leaf
from gapless.engine.run.memo import Outcome


class DoesNotFit(UserError):
    """``oneshot`` was asked for an input larger than the usable context."""


def check_fits(size: int, capacity: Capacity) -> None:
    """Refuse an input one call cannot read (checked before a run starts, so a refused
    request stores nothing)."""
    if size > capacity.data_bytes:
        raise DoesNotFit(
            f"the input has {size} bytes but one call can read {capacity.data_bytes} "
            f"(context {capacity.context_tokens} tokens); use --strategy auto or tree"
        )


async def run_oneshot(ctx: RunContext) -> Outcome:
    size = len(ctx.transcript)
    check_fits(size, ctx.capacity)
    return await run_leaf(ctx, ROOT_PLACE, (0, size))
