"""The ``auto`` router: oneshot when it fits, tree otherwise, recursive for questions.

The strategies themselves are registered in ``engine.registry``."""

from __future__ import annotations

from dataclasses import dataclass

from gapless.engine.core.tokens import Capacity


@dataclass(frozen=True)
class Route:
    strategy: str
    reason: str


def route(requested: str, input_bytes: int, capacity: Capacity, question: str | None) -> Route:
    """Pick a strategy and say why (the reason is kept for ``gapless why``)."""
    fits = input_bytes <= capacity.data_bytes
    size = f"{input_bytes} bytes against {capacity.data_bytes} readable in one call"
    if requested != "auto":
        return Route(requested, f"asked for {requested} ({size})")
    if fits:
        return Route("oneshot", f"the input fits one call ({size})")
    if question:
        return Route("recursive", f"a question was asked, so the model plans what to read "
                                  f"({size})")
    return Route("tree", f"the input does not fit one call ({size}); the engine splits it "
                         "into the fewest leaves that fit and folds them")
