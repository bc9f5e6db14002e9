"""Each strategy's planner for ``--plan``: the calls, the depth and the tokens a run of it
would take over a transcript, counted without sending anything. A strategy's registry entry
names its planner (``StrategyEntry.plan``), so the plan asks the entry, never the name.

The tree is planned exactly as a run plans it (``strategies.tree_plan.plan_tree``), at the
capacity's bytes per token; tokens are estimated from bytes, answers counted at the size
asked for and at most their reserve. (A run against a server that counts tokens fills its
leaves by that count instead, ``strategies.fitting``: usually a few fewer.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gapless.engine.core.tokens import (
    ANSWER_FIELDS_BYTES,
    CHILD_FIELDS_BYTES,
    LEAN_FIELDS_BYTES,
    Capacity,
    estimate_tokens,
)
from gapless.engine.core.transcript import Transcript
from gapless.engine.run.prompts import SYSTEM, leaf_data_bytes
from gapless.engine.strategies.tree_plan import PlanNode, plan_tree


@dataclass
class CallPlan:
    """The calls a run would make: leaves and folds, the longest path, the tokens in and
    out. ``exact`` False: a lower bound (the model decides the rest)."""

    leaves: int = 0
    folds: int = 0
    depth: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    tokens_out_max: int = 0
    exact: bool = True
    notes: list[str] = field(default_factory=list)


def fixed_tokens(capacity: Capacity) -> int:
    """The tokens every call carries besides its data: the system prompt and the words."""
    return estimate_tokens(SYSTEM) + capacity.overhead_tokens


def tokens(b: int, capacity: Capacity) -> int:
    return math.ceil(b / capacity.bytes_per_token) if b > 0 else 0


def _answer_bytes(capacity: Capacity, leaf: bool) -> int:
    """The bytes of an answer of the size a call asks for."""
    if leaf and capacity.lean_leaves:
        return capacity.leaf_summary_chars + LEAN_FIELDS_BYTES
    return capacity.summary_chars + ANSWER_FIELDS_BYTES


def plan_one_call(transcript: Transcript, capacity: Capacity, spawn_fraction: float
                  ) -> CallPlan:
    """One call reads the whole input."""
    return CallPlan(leaves=1, depth=1,
                    tokens_in=fixed_tokens(capacity) + tokens(len(transcript), capacity),
                    tokens_out=min(capacity.output_tokens,
                                   tokens(_answer_bytes(capacity, False), capacity)),
                    tokens_out_max=capacity.output_tokens)


def plan_tree_calls(transcript: Transcript, capacity: Capacity, spawn_fraction: float
                    ) -> CallPlan:
    """The fewest leaves that fit, folded: the tree a run would plan."""
    span = transcript.span
    tree = plan_tree(transcript, span,
                     leaf_data_bytes(transcript.data, span, capacity.data_bytes),
                     capacity.fan_in, spawn_fraction, fold_fan_in=capacity.fold_fan_in)
    out = CallPlan(depth=_depth(tree))
    out.leaves, out.folds = tree.count()
    _count_tokens(out, tree, capacity, fixed_tokens(capacity))
    return out


def plan_at_least_tree(transcript: Transcript, capacity: Capacity, spawn_fraction: float
                       ) -> CallPlan:
    """A model that plans what it reads: at least the tree's calls."""
    out = plan_tree_calls(transcript, capacity, spawn_fraction)
    out.exact = False
    out.notes.append("the model plans what it reads: at least the calls a tree takes, "
                     "more with its planning turns")
    return out


def _depth(node: PlanNode) -> int:
    return 1 if node.is_leaf else 1 + max(_depth(c) for c in node.children)


def _count_tokens(plan: CallPlan, tree: PlanNode, capacity: Capacity, fixed: int) -> None:
    leaf_out = min(capacity.answer_reserve("leaf"), tokens(_answer_bytes(capacity, True),
                                                          capacity))
    fold_out = min(capacity.output_tokens, tokens(_answer_bytes(capacity, False), capacity))
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.is_leaf:
            plan.tokens_in += fixed + tokens(node.scope[1] - node.scope[0], capacity)
            plan.tokens_out += leaf_out
            plan.tokens_out_max += capacity.answer_reserve("leaf")
            continue
        lines = sum((_answer_bytes(capacity, c.is_leaf) + CHILD_FIELDS_BYTES)
                    for c in node.children)
        plan.tokens_in += fixed + tokens(lines, capacity)
        plan.tokens_out += fold_out
        plan.tokens_out_max += capacity.output_tokens
        stack.extend(node.children)
