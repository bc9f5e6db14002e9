"""Where a run went wrong: its failed or incomplete invocations, in tree order, for the
"next failed" key and the tree's "failed only" filter (derived from the reducer's state)."""

from __future__ import annotations

from gapless.engine.core.state import RunState

PROBLEM = frozenset({"failed", "incomplete"})


def preorder(state: RunState) -> list[str]:
    """Every invocation in the order the tree shows them (a parent before its children)."""
    if state.root is None or state.root not in state.nodes:
        return []
    out: list[str] = []
    stack = [state.root]
    nodes = state.nodes
    while stack:
        inv = stack.pop()
        out.append(inv)
        stack.extend(c for c in reversed(nodes[inv].children) if c in nodes)
    return out


def problem_origins(state: RunState) -> list[str]:
    """The failed or incomplete invocations none of whose children is: where each failure
    happened (a failed leaf three levels down, not the incomplete folds above it), in tree
    order."""
    nodes = state.nodes
    return [inv for inv in preorder(state)
            if nodes[inv].status in PROBLEM
            and not any(nodes[c].status in PROBLEM for c in nodes[inv].children if c in nodes)]


def with_problems(state: RunState) -> set[str]:
    """The failed or incomplete invocations and every ancestor of one (what the "failed
    only" tree shows)."""
    keep: set[str] = set()
    nodes = state.nodes
    for inv, n in nodes.items():
        if n.status not in PROBLEM:
            continue
        cur: str | None = inv
        while cur is not None and cur not in keep and cur in nodes:
            keep.add(cur)
            cur = nodes[cur].parent
    if state.root is not None:
        keep.add(state.root)
    return keep


def next_problem(state: RunState, current: str | None, forward: bool = True) -> str | None:
    """The next (or previous) problem origin after ``current`` in tree order, wrapping."""
    origins = problem_origins(state)
    if not origins:
        return None
    order = preorder(state)
    pos = {inv: i for i, inv in enumerate(order)}
    here = pos.get(current or "", -1 if forward else len(order))
    if forward:
        return next((o for o in origins if pos[o] > here), origins[0])
    return next((o for o in reversed(origins) if pos[o] < here), origins[-1])
