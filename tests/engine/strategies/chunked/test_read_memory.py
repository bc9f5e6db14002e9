"""A read's memory does not grow with its chunks' answers: its own state keeps the root's
extraction alone (each chunk's is folded as it arrives), while what is stored keeps every
chunk's for the views that show them, and the proof still holds."""

from __future__ import annotations

from pathlib import Path

from gapless.engine import Settings, open_records
from gapless.engine.core.events import Event
from gapless.engine.core.state import RunState, reduce
from gapless.engine.usecases.reading import read_stored
from tests.support.paths import TEST_DATA

LOG = TEST_DATA / "logs" / "HDFS_2k.log"
SETTINGS = Settings(context_tokens=1024)  # many chunks


async def test_a_reads_own_state_keeps_the_roots_extraction_alone(tmp_path: Path) -> None:
    db, log = tmp_path / "g.db", tmp_path / "hdfs.log"
    log.write_text("".join(LOG.read_text(encoding="utf-8").splitlines(keepends=True)[:500]),
                   encoding="utf-8")
    events: list[Event] = []
    result = await read_stored(db, str(log), SETTINGS, sinks=[events.append])
    assert result.status == "complete"
    chunks = [n for n in result.state.nodes.values() if n.mode == "chunk"]
    assert len(chunks) > 20
    root = result.state.nodes[result.state.root or ""]
    assert root.extraction is not None and root.extraction.get("headline")
    assert all(n.status == "complete" for n in chunks)
    assert all(n.extraction is None and not n.outline for n in chunks)

    # a view's state of the same events keeps each chunk's extraction and outline
    view = RunState()
    for ev in events:
        reduce(view, ev)
    shown = [n for n in view.nodes.values() if n.mode == "chunk"]
    assert all(n.extraction and n.extraction.get("summary") for n in shown)
    assert sum(len(n.outline) for n in shown) > 0
    assert view.status == result.state.status == "complete"
    assert view.coverage == result.state.coverage == 1.0

    # and so does the stored run, which the workbench and `why` read
    async with open_records(db) as records:
        stored = await records.state(result.run_id)
        assert all(stored.nodes[n.inv].extraction for n in chunks)
        [verdict] = await records.verify([result.run_id])
        assert verdict.holds and verdict.proven_coverage == 1.0, verdict


def test_a_lean_state_keeps_a_skipped_childs_mark_for_the_proof() -> None:
    from gapless.engine.core.state import _kept_lean

    assert _kept_lean({"headline": "h", "summary": "s" * 1000}) is None
    assert _kept_lean(None) is None
    assert _kept_lean({"skipped": True, "skip_reason": "boilerplate", "summary": ""}) == {
        "skipped": True, "skip_reason": "boilerplate"}
