"""The proof behind ``complete``: which bytes of a node's scope reached a successful call.

A claim is checked by something that did not make it. The strategies decide what they
think they covered; this module re-derives it from the ledger the events keep — the byte
ranges of the transcript each *successful* call was sent, and the scopes of the child
extractions it carried — so a fold sent without its children, a failed child counted, or a
reused invocation with no calls behind it cannot pass as read. The engine asks it before it
stores a node as complete, and ``gapless verify`` asks it again from the database alone.

Pure: it reads a :class:`RunState` and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping, Sequence

from gapless.engine.core.spans import Span, clip, merge, residual_gaps
from gapless.engine.core.state import NodeState, RunState

# How a reused node's proof is found: True when the run it came from (or the memo entry it
# was found by) proves it. The engine trusts its memo; the verifier looks it up.
ReusedCheck = Callable[[NodeState], bool]


def intersect(a: Iterable[Span], b: Iterable[Span]) -> list[Span]:
    """The bytes in both span lists."""
    bs = merge(b)
    out: list[Span] = []
    for span in merge(a):
        out.extend(clip(bs, span))
    return merge(out)


def ledger(node: NodeState) -> tuple[list[Span], list[Span], bool]:
    """What this node's successful calls carried: transcript bytes, child scopes, and
    whether any of them was recorded before the ledger existed (a legacy run)."""
    sent: list[Span] = []
    parts: list[Span] = []
    legacy = False
    for call in node.calls:
        if not call.ok:
            continue
        if call.sent is None and call.parts is None:
            legacy = True
            continue
        sent.extend(call.sent or ())
        parts.extend(call.parts or ())
    return merge(sent), merge(parts), legacy


def _within(span: Span, spans: Sequence[Span]) -> bool:
    return not residual_gaps(span, spans)


def kids(node: NodeState) -> list[str]:
    """The node's children and any other complete invocation reported to it (a
    compaction's earlier summary), each once, in order."""
    seen: dict[str, None] = dict.fromkeys(node.children)
    seen.update(dict.fromkeys(node.complete_kids))
    return list(seen)


def proven_kids(state: RunState, node: NodeState,
                known: MutableMapping[str, list[Span]],
                reused_ok: ReusedCheck) -> list[NodeState]:
    """The node's complete children whose own proof covers their scope."""
    out = []
    for kid in kids(node):
        child = state.nodes.get(kid)
        if child is None or child.status != "complete":
            continue
        if not residual_gaps(child.scope, node_cover(state, child, known, reused_ok)):
            out.append(child)
    return out


def available(state: RunState, node: NodeState, known: MutableMapping[str, list[Span]],
              reused_ok: ReusedCheck) -> list[Span]:
    """What the node could honestly claim while it is not complete: the bytes its own
    successful calls were sent, and the scopes of its proven complete children."""
    sent, _parts, legacy = ledger(node)
    if legacy:
        sent = merge([*sent, *node.reads])
    spans = [*sent, *(c.scope for c in proven_kids(state, node, known, reused_ok))]
    return clip(merge(spans), node.scope)


def composed_cover(state: RunState, node: NodeState,
                   known: MutableMapping[str, list[Span]], reused_ok: ReusedCheck) -> list[Span]:
    """The bytes of the node's scope that its own successful calls read: sent to them
    directly, or through a proven complete child whose extraction one of them carried.

    A lone child over the whole scope passes its extraction up without a call (a read of
    one chunk); a child the model read and judged of no substance (its extraction
    ``skipped``) has nothing to carry and counts as read; a compaction's output is its
    children's, concatenated, so its children count as they are; a run recorded before the
    ledger counts its reads and children."""
    sent, parts, legacy = ledger(node)
    children = proven_kids(state, node, known, reused_ok)
    lone = len(kids(node)) == 1 and len(children) == 1 and children[0].scope == node.scope
    through = [c.scope for c in children
               if legacy or lone or node.mode == "compact" or _within(c.scope, parts)
               or bool((c.extraction or {}).get("skipped"))]
    if legacy:
        sent = merge([*sent, *node.reads])
    return clip(merge([*sent, *through]), node.scope)


def node_cover(state: RunState, node: NodeState, known: MutableMapping[str, list[Span]],
               reused_ok: ReusedCheck) -> list[Span]:
    """The proven cover of a finished node (memoised in ``known``): a complete node's
    composed cover, its whole scope when it was reused and its source proves it, or kept
    verbatim by a compaction; nothing for a node that is not complete."""
    hit = known.get(node.inv)
    if hit is not None:
        return hit
    known[node.inv] = []  # a cycle (never made by the engine) proves nothing
    if node.status != "complete":
        cover: list[Span] = []
    elif node.reused:
        cover = [node.scope] if reused_ok(node) else []
    elif node.verbatim and node.mode == "compact":
        cover = [node.scope]
    else:
        cover = composed_cover(state, node, known, reused_ok)
    known[node.inv] = cover
    return cover


def proves(state: RunState, node: NodeState, known: MutableMapping[str, list[Span]],
           reused_ok: ReusedCheck) -> list[Span]:
    """The bytes of a node's scope that no successful call read ([] when its claim of
    complete holds)."""
    return residual_gaps(node.scope, node_cover(state, node, known, reused_ok))
