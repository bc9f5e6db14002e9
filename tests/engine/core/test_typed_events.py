"""Outline entries and compaction validation are typed events, folded into typed state; the
``outline`` / ``validate`` actions of runs recorded before them fold into the same state."""

from __future__ import annotations

import json

from gapless.engine.core.events import (
    ActionTaken,
    CompactionValidated,
    Event,
    InvocationStarted,
    OutlineEntry,
    OutlineUpdated,
    RunStarted,
    events_from_json,
)
from gapless.engine.core.state import copy_node, fold

ENTRY = OutlineEntry(title="startup", start_line=1, end_line=9, kind="log", digest="boot")
OTHER = OutlineEntry(title="crash", start_line=10, end_line=12, kind="error")


def _run(*tail: Event) -> list[Event]:
    head: list[Event] = [
        RunStarted(run_id="r1", source="f", input_bytes=100, strategy="chunked",
                   provider="p", model="m", context_tokens=2000),
        InvocationStarted(inv="k", parent=None, start=0, end=100, depth=0, mode="fold"),
        InvocationStarted(inv="k.0", parent="k", start=0, end=60, depth=1, mode="chunk"),
        InvocationStarted(inv="k.1", parent="k", start=60, end=100, depth=1, mode="chunk"),
    ]
    events = [*head, *tail]
    for i, ev in enumerate(events, 1):
        ev.seq = i
    return events


def _stored(events: list[Event]) -> list[Event]:
    """Through the store's encoding and back."""
    return events_from_json([ev.model_dump_json() for ev in events])


def test_outline_updated_folds_into_typed_state_and_the_action_log() -> None:
    events = _run(
        OutlineUpdated(inv="k.0", entries=[ENTRY], first_line=1, last_line=9),
        OutlineUpdated(inv="k.1", entries=[OTHER], dropped=2, first_line=10, last_line=12),
    )
    state = fold(_stored(events))
    assert state.nodes["k.0"].outline == [ENTRY]
    assert state.nodes["k.1"].outline == [OTHER]
    # the action log reads as it did when these were ActionTaken rows
    a0, = state.nodes["k.0"].actions
    assert (a0.action, a0.n, a0.ok, a0.result) == ("outline", 1, True, "1 outline entry")
    assert a0.args == {"entries": [ENTRY.model_dump()], "dropped": 0, "derived": False}
    a1, = state.nodes["k.1"].actions
    assert not a1.ok and a1.result == ("dropped 2 invalid outline entries (lines must lie in "
                                       "10-12)")
    assert a1.seq == events[-1].seq


def test_compaction_validated_folds_and_renders_as_validate_actions() -> None:
    events = _run(
        InvocationStarted(inv="c", parent=None, start=0, end=100, depth=0, mode="compact"),
        CompactionValidated(inv="c", n=1, stage="missed", summary="c.d1", missing=["a.py"]),
        CompactionValidated(inv="c", n=2, stage="unresolved", unresolved=["a.py"]),
    )
    state = fold(_stored(events))
    node = state.nodes["c"]
    assert [v.stage for v in node.validations] == ["missed", "unresolved"]
    assert node.validations[0].missing == ["a.py"] and not node.validations[0].ok
    missed, unresolved = node.actions
    assert missed.action == unresolved.action == "validate"
    assert missed.args == {"summary": "c.d1", "missing": ["a.py"]}
    assert missed.result == "the summary missed 1 entity; keeping more of the tail verbatim"
    assert (unresolved.n, unresolved.args) == (2, {"unresolved": ["a.py"]})
    passed = CompactionValidated(inv="c", stage="passed", found=3).as_action()
    assert passed.ok and passed.args == {"found": 3}
    assert passed.result == "the summary mentions every required entity"


def test_old_outline_and_validate_actions_fold_into_the_same_state() -> None:
    new = _run(
        OutlineUpdated(inv="k.0", entries=[ENTRY, OTHER], first_line=1, last_line=12),
        InvocationStarted(inv="c", parent=None, start=0, end=100, depth=0, mode="compact"),
        CompactionValidated(inv="c", n=1, stage="missed", summary="c.d1", missing=["a.py"]),
        CompactionValidated(inv="c", n=2, stage="unresolved", unresolved=["b"]),
        CompactionValidated(inv="c", n=1, stage="passed", found=4),
    )
    # the same run as older versions stored it: every typed event as its ActionTaken row
    old_bodies = [json.dumps(ev.as_action().model_dump()) if isinstance(
        ev, OutlineUpdated | CompactionValidated) else ev.model_dump_json() for ev in new]
    old = fold(events_from_json(old_bodies))
    cur = fold(_stored(new))
    for inv in ("k.0", "c"):
        assert old.nodes[inv].outline == cur.nodes[inv].outline
        assert old.nodes[inv].validations == cur.nodes[inv].validations
        assert old.nodes[inv].actions == cur.nodes[inv].actions
    assert cur.nodes["k.0"].outline == [ENTRY, OTHER]
    assert [v.stage for v in cur.nodes["c"].validations] == ["missed", "unresolved", "passed"]


def test_malformed_old_rows_are_left_out_of_the_typed_state() -> None:
    events = _run(
        ActionTaken(inv="k.0", n=1, action="outline",
                    args={"entries": [{"title": "no lines"}, ENTRY.model_dump(), "junk"]}),
        ActionTaken(inv="k.1", n=1, action="validate", ok=False, args={"missing": "a.py"}),
        ActionTaken(inv="k.1", n=2, action="validate", ok=False, args={}),
    )
    state = fold(events)
    assert state.nodes["k.0"].outline == [ENTRY]
    assert state.nodes["k.1"].validations == []
    assert len(state.nodes["k.1"].actions) == 2  # the log keeps every row


def test_copied_nodes_do_not_share_outline_or_validations() -> None:
    state = fold(_run(OutlineUpdated(inv="k.0", entries=[ENTRY], first_line=1, last_line=9)))
    node = state.nodes["k.0"]
    twin = copy_node(node)
    twin.outline.append(OTHER)
    twin.validations.append(CompactionValidated(inv="k.0", stage="passed"))
    assert node.outline == [ENTRY] and node.validations == []
