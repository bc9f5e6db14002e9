"""Why a run produced what it did: the persisted invocation tree, explained.

Built from the stored events (folded by the one reducer) plus the fragments table, so it
shows exactly what the run recorded and nothing reconstructed.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.core.errors import UserError
from gapless.engine.core.state import NodeState, RunState
from gapless.engine.core.transcript import Transcript
from gapless.engine.store import Store


async def fragments_by_node(store: Store, run_id: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for f in await store.fragments(run_id):
        out.setdefault(f.inv, []).append(f.to_json())
    return out


def node_report(node: NodeState, fragments: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "inv": node.inv,
        "parent": node.parent,
        "scope": [node.start, node.end],
        "depth": node.depth,
        "mode": node.mode,
        "question": node.question,
        "status": node.status,
        "coverage": node.coverage,
        "gaps": [list(g) for g in node.residual],
        "reason": node.reason,
        "reused": node.reused,
        "engine_spawned": node.engine_spawned,
        "actions_used": len(node.actions),
        "action_budget": node.action_budget,
        "actions": [{"n": a.n, "action": a.action, "args": a.args, "ok": a.ok,
                     "result": a.result} for a in node.actions],
        "rejected_dones": [{"reason": r.reason, "gaps": [list(g) for g in r.gaps]}
                           for r in node.rejected],
        "fragments": fragments,
        "calls": [{"purpose": c.purpose, "model": c.model, "tokens_in": c.tokens_in,
                   "tokens_out": c.tokens_out, "estimated": c.estimated,
                   "latency_ms": round(c.latency_ms, 1), "cost": c.cost, "retries": c.retries,
                   "ok": c.ok, "error": c.error} for c in node.calls],
        "extraction": node.extraction,
        "children": list(node.children),
    }


async def why_report(store: Store, run_id: str) -> tuple[RunState, dict[str, Any]]:
    """The run's state and a JSON-ready report of its tree."""
    row = await store.find_run(run_id)
    state = await store.state(row.id)
    frags = await fragments_by_node(store, row.id)
    nodes = {inv: node_report(n, frags.get(inv, [])) for inv, n in state.nodes.items()}
    report: dict[str, Any] = {
        "run_id": row.id,
        "source": state.source,
        "kind": row.kind,
        "group": row.group_key,
        # a run whose process died says so (its stored status stays running, for resume)
        "status": "interrupted" if row.interrupted else state.status,
        "interrupted": row.interrupted,
        "coverage": state.coverage,
        "residual_gaps": [list(g) for g in state.gaps],
        "strategy": state.strategy,
        "router_reason": state.router_reason,
        "provider": state.provider,
        "model": state.model,
        "parent_run_id": state.parent_run_id,
        "calls": state.calls,
        "tokens_in": state.tokens_in,
        "tokens_out": state.tokens_out,
        "cost": state.cost,
        "input_bytes": state.input_bytes,
        "reason": state.reason,
        "entry": state.entry,
        "root": state.root,
        "nodes": nodes,
    }
    account = state.source_account
    if account is not None:
        report["source_account"] = account.to_json()
        report["source_line"] = account.human()
        transcript = _same_source(state, row.kind)
        report["source_state"] = "unchanged" if transcript is not None else "changed or gone"
        if transcript is not None:
            for node in nodes.values():
                for f in node["fragments"]:
                    f["where"] = transcript.anchor_label(f["start"], f["end"])
    return state, report


def _same_source(state: RunState, kind: str) -> Transcript | None:
    """The run's input rendered again, when it still holds the bytes the run read (so
    offsets can be given as ``file:line``); None when it changed, is gone or is a journal
    group."""
    from gapless.engine.sources import SourceError, load_again

    if kind not in ("summarize", "rerun") or state.source_account is None:
        return None
    try:
        return load_again(state.source, state.settings, sha256=state.source_account.sha256,
                          input_bytes=state.input_bytes)
    except (SourceError, OSError):
        return None


async def run_for_group(store: Store, date: str, project: str) -> str:
    """The run behind a journal entry (or skip) of (date, project)."""
    run_id = await store.group_run_id(date, project)
    if run_id is None:
        skip = await store.skip(date, project)
        if skip:
            raise UserError(f"{date} {project} was skipped before any model call: {skip.reason} "
                            f"({skip.detail})")
        raise UserError(f"no journal entry for {date} {project}")
    return run_id
