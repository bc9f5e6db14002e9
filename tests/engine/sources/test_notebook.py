"""A Jupyter notebook is a document of cells, not a chat: its markdown and code cells
alternate as a conversation's voices do, and the chat reader took its prose for a user's
asks ("Asked: We load the data…"). It is read as its cells in order, with what the code
printed; images leave the rendering counted, and no figure of a conversation is printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from gapless.engine.sources.detect import detect_format
from tests.support.cli import isolate_cli, run_cli

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def _notebook(path: Path) -> Path:
    """A notebook as Jupyter saves one (nbformat 4, one-space indent)."""
    cells: list[dict[str, object]] = []
    for step in range(12):
        cells.append({"cell_type": "markdown", "metadata": {}, "source": [
            f"## Step {step}: load the sales table\n",
            "We load the quarter's rows and look at the totals per region.\n"]})
        cells.append({"cell_type": "code", "execution_count": step + 1, "metadata": {},
                      "outputs": [{"name": "stdout", "output_type": "stream",
                                   "text": [f"rows loaded: {1000 + step * 17}\n"]}],
                      "source": ["import pandas as pd\n",
                                 f"sales = pd.read_csv('sales_q{step % 4 + 1}.csv')\n",
                                 "print('rows loaded:', len(sales))"]})
    cells.append({"cell_type": "code", "execution_count": 13, "metadata": {}, "outputs": [
        {"output_type": "display_data", "metadata": {},
         "data": {"image/png": PNG, "text/html": ["<img/>"]}}],
        "source": ["sales.plot(kind='bar')"]})
    cells.append({"cell_type": "code", "execution_count": 14, "metadata": {}, "outputs": [
        {"output_type": "error", "ename": "KeyError", "evalue": "'region'",
         "traceback": ["\x1b[0;31mKeyError\x1b[0m: 'region'"]}],
        "source": ["sales['region'].sum()"]})
    cells.append({"cell_type": "code", "execution_count": None, "metadata": {},
                  "outputs": [], "source": []})
    doc = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3",
                                                       "language": "python",
                                                       "name": "python3"},
                                        "language_info": {"name": "python"}},
           "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return path


def test_a_notebook_renders_its_cells_in_order_with_what_they_printed(tmp_path: Path) -> None:
    path = _notebook(tmp_path / "sales.ipynb")
    assert detect_format(path) == "notebook"
    t = load_transcript(path)
    text = t.text(0, len(t))
    assert text.index("## Step 0") < text.index("```python\nimport pandas") \
        < text.index("```text\nrows loaded: 1000") < text.index("## Step 1")
    assert "KeyError: 'region'" in text and "\x1b" not in text  # no terminal colours
    assert PNG not in text and "<img/>" not in text
    records = t.account.records if t.account else None
    assert records is not None
    assert records.total == 27 and records.rendered == 26  # every cell but the empty one
    assert records.dropped == {"empty cell": 1}
    assert records.parts_dropped == {"image output": 1}
    # each message knows the line its cell opens on in the file
    lines = path.read_text(encoding="utf-8").splitlines()
    assert all('"cell_type"' in lines[m.line - 1] for m in t.messages)


def test_a_notebook_summary_lists_no_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    path = _notebook(tmp_path / "sales.ipynb")
    code, out = run_cli(capsys, "summarize", str(path))
    assert code == 0 and "complete" in out
    assert "Asked" not in out and "Done:" not in out
    code, out = run_cli(capsys, "summarize", str(path), "--json", "--force")
    got = json.loads(out)
    assert got["source"]["files"][0]["kind"] == "notebook"
    assert got["entry"]["kind"] != "conversation"
