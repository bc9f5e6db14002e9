"""Jupyter notebooks (``.ipynb``, nbformat 4): a document of cells, not a conversation.

A notebook's cells alternate ``markdown`` and ``code`` as a chat's turns alternate voices,
so a reader of chats by their structure would take its prose for a user's asks. It is read
as what it is: each cell in order — markdown as written, code in a fenced block of the
kernel's language, then the text its run printed (streams, plain-text results, errors
without their terminal colours). Images and other binary outputs leave the rendering and are
counted per cell (``parts_dropped``: "image output"); an empty cell is dropped as such.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gapless.engine.core.account import Tally
from gapless.engine.sources.common import RenderOptions
from gapless.engine.sources.plaintext import Chunk
from gapless.engine.sources.sample import DOCUMENT, Sample

KINDS = frozenset({"markdown", "code", "raw"})
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# where each cell's object opens in the file (a key, never the escaped quote of a string)
_CELL_KEY = re.compile(rb'(?<!\\)"cell_type"\s*:')


def is_notebook(doc: Any) -> bool:
    """A JSON object of ``cells`` that each name a cell type, with an ``nbformat`` version."""
    if not isinstance(doc, dict) or "nbformat" not in doc:
        return False
    cells = doc.get("cells")
    return isinstance(cells, list) and all(
        isinstance(c, dict) and c.get("cell_type") in KINDS for c in cells)


def detect(sample: Sample) -> float:
    """A JSON document shaped as a notebook (the chat reader's tier: registered before it)."""
    return DOCUMENT if is_notebook(sample.document) else 0.0


def _text(value: Any) -> str:
    """A notebook's multi-line string: one string, or a list of lines."""
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return value if isinstance(value, str) else ""


def _language(doc: dict[str, Any]) -> str:
    meta = doc.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    for key, field in (("language_info", "name"), ("kernelspec", "language")):
        found = meta.get(key)
        if isinstance(found, dict) and isinstance(found.get(field), str):
            return str(found[field])
    return ""


def _outputs(cell: dict[str, Any], line: int, tally: Tally) -> list[str]:
    """The text a code cell's run printed; what is not text is counted as left out."""
    out: list[str] = []
    outputs = cell.get("outputs")
    for o in outputs if isinstance(outputs, list) else []:
        if not isinstance(o, dict):
            continue
        kind = o.get("output_type")
        if kind == "stream":
            out.append(_text(o.get("text")))
        elif kind == "error":
            trace = "\n".join(_text(t) for t in o.get("traceback") or [])
            out.append(_ANSI.sub("", trace) or f"{o.get('ename', '')}: {o.get('evalue', '')}")
        elif kind in ("execute_result", "display_data"):
            data = o.get("data")
            data = data if isinstance(data, dict) else {}
            if "text/plain" in data:
                out.append(_text(data["text/plain"]))
            elif data:
                what = next(iter(data)).split("/")[0]
                tally.part_dropped(line, f"{'image' if what == 'image' else 'rich'} output")
    return [t.rstrip("\n") for t in out if t.strip()]


def render_chunks(data: bytes, tally: Tally, options: RenderOptions) -> list[Chunk]:
    """Every cell, in order, one message each (its first line: where the cell opens)."""
    doc = json.loads(data.decode("utf-8-sig"))  # (the detector parsed the whole document)
    starts = [data.count(b"\n", 0, m.start()) + 1 for m in _CELL_KEY.finditer(data)]
    fence = _language(doc)
    chunks: list[Chunk] = []
    for i, cell in enumerate(doc["cells"]):
        line = starts[i] if i < len(starts) else 1
        source = _text(cell.get("source")).strip("\n")
        parts = [f"```{fence}\n{source}\n```" if cell["cell_type"] == "code" and source
                 else source] if source else []
        if cell["cell_type"] == "code":
            printed = _outputs(cell, line, tally)
            parts += [f"```text\n{t}\n```" for t in printed]  # (what the run printed)
        if not parts:
            tally.dropped(line, "empty cell", "text")
            continue
        tally.rendered(line, "text")
        chunks.append(Chunk("\n\n".join(parts) + "\n\n", line))
    return chunks
