"""``gapless mcp``'s byte budget, driven as an agent drives it: the real server over stdio with
the MCP SDK's own client, on 2 MB-class inputs made of the real material in ``tests/data``
(a changelog, a big log, a long Codex session; see ``mcp_corpus``).

Every result — text content plus structured content, what the agent's client receives — is
within the budget, with and without a question; what did not fit is named; a drill-down into
a named section returns that section's own lines; and the server's stderr holds no DEBUG
lines (bm25s logs one per question at DEBUG).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO_ROOT, TEST_DATA
from tests.tui.mcp_corpus import build_corpus, line_text
from tests.tui.test_mcp import needs_mcp

CALL_TIMEOUT = 120.0


def result_bytes(result: Any) -> int:
    """What the agent's client receives: the text content and the structured content."""
    text = sum(len(getattr(c, "text", "").encode()) for c in result.content)
    sc = result.structured_content
    return text + (0 if sc is None else len(json.dumps(sc, ensure_ascii=False).encode()))


def text_of(result: Any) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


@pytest.mark.slow  # a long trial: `.ci/run` runs it with `-m slow`
@needs_mcp
@pytest.mark.timeout(300)
async def test_every_result_within_the_budget_and_drill_down(tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    from gapless.tui.mcp.budget import DEFAULT_MAX_BYTES, HARD_MAX_BYTES

    files = build_corpus(tmp_path / "data")
    assert all(p.stat().st_size > 1_300_000 for p in files.values())
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "gapless.tui.cli", "mcp", "--db", str(tmp_path / "mcp.db"), "--root",
              str(tmp_path), "--root", str(TEST_DATA)],
        env={"PYTHONPATH": str(REPO_ROOT), "GAPLESS_CONFIG": str(tmp_path / "config.toml"),
             "PATH": os.environ.get("PATH", "")},
        cwd=str(tmp_path))
    sizes: dict[str, int] = {}
    with open(tmp_path / "server.stderr", "w") as err:
        async with Client(stdio_client(params, errlog=err), mode="legacy",
                          read_timeout_seconds=CALL_TIMEOUT) as client:

            async def call(label: str, tool: str, budget: int = DEFAULT_MAX_BYTES,
                           **args: Any) -> dict[str, Any]:
                r = await asyncio.wait_for(client.call_tool(tool, args), CALL_TIMEOUT)
                assert not r.is_error, (label, text_of(r))
                sizes[label] = result_bytes(r)
                assert sizes[label] <= budget, (label, sizes[label])
                assert isinstance(r.structured_content, dict) and text_of(r).strip()
                # one copy: the text is a short rendering, not the object again
                assert len(text_of(r).encode()) <= budget // 3 + 1, label
                return r.structured_content

            tools = {t.name: t for t in (await client.list_tools()).tools}
            for name in ("read_summary", "summarize", "why", "journal"):
                assert "max_bytes" in tools[name].input_schema["properties"], name
            assert {"section", "lines"} <= set(tools["read_summary"].input_schema["properties"])

            # The changelog: the whole read is bounded and says what it left out.
            ch = files["changelog"]
            d = await call("changelog", "read_summary", file_path=str(ch))
            assert d["status"] == "complete" and d["stats"]["total_bytes"] == ch.stat().st_size
            shown = d["outline"]
            assert shown and [e["section"] for e in shown] == sorted(e["section"] for e in shown)
            n_sections = max(e["section"] for e in shown)
            if len(shown) < n_sections:
                assert any(f"outline: {n_sections} entries, {len(shown)} shown" in o
                           and "section=N" in o for o in d["omitted"]), d.get("omitted")

            # Drill into a named section: its own lines, numbered as in the file.
            entry = shown[len(shown) // 2]
            s = await call("changelog section", "read_summary", file_path=str(ch),
                           section=entry["section"])
            assert s["section"]["title"] == entry["title"]
            assert (s["first_line"], s["last_line"]) == (entry["start_line"], entry["end_line"])
            a, b = (int(x) for x in s["text_lines"].split("-"))
            assert a == entry["start_line"] and b > a
            assert s["text"].splitlines() == line_text(ch, a, b)
            assert "no model call" in s["from"] and s["run_id"] == d["run_id"]
            if b < entry["end_line"]:
                assert any(f'lines="{b + 1}-{entry["end_line"]}"' in o for o in s["omitted"])
            # ... and a question answered from just that section, with lines inside it.
            q = await call("changelog section + question", "read_summary", file_path=str(ch),
                           section=entry["section"], question="What was fixed?")
            assert q["answer"] and q["run_id"] != d["run_id"]
            for anchor in q["answer_anchors"]:
                assert entry["start_line"] <= anchor["line"] <= entry["end_line"], anchor
            # A line range, whole when it fits.
            r = await call("changelog lines", "read_summary", file_path=str(ch),
                           lines="100-140")
            assert r["text_lines"] == "100-140"
            assert r["text"].splitlines() == line_text(ch, 100, 140)
            # A larger budget shows more of the same read; a smaller one less.
            big = await call("changelog 32 KB", "read_summary", HARD_MAX_BYTES // 2,
                             file_path=str(ch), max_bytes=HARD_MAX_BYTES // 2)
            assert len(big["outline"]) >= len(shown)
            await call("changelog 4 KB", "read_summary", 4096, file_path=str(ch),
                       max_bytes=4096)

            # The big log, with and without a question; its stats summarized by summarize.
            log = files["log"]
            await call("log", "read_summary", file_path=str(log))
            lq = await call("log + question", "read_summary", file_path=str(log),
                            question="Which errors occur and how often?")
            assert lq["answer"]
            sm = await call("summarize log + question", "summarize", path=str(log),
                            question="Which errors occur and how often?")
            stats = sm["entry"]["stats"]
            assert stats["templates"] and stats["records"] > 1000
            assert any("entry.stats" in o for o in sm["omitted"])
            assert any(sm["run_id"] in o for o in sm["omitted"])  # the whole object: there

            # The long session, with and without a question; summarize and why.
            ses = files["session"]
            await call("session", "read_summary", file_path=str(ses))
            await call("session + question", "read_summary", file_path=str(ses),
                       question="Which files were changed?")
            await call("summarize session", "summarize", path=str(ses))
            w = await call("why", "why", run_id=d["run_id"])
            assert w["run_id"] == d["run_id"] and "chunk" in w["tree"]

            # Mistakes an agent can make: one sentence each.
            for args, needle in (
                ({"file_path": str(ch), "section": 999}, "there is no section 999"),
                ({"file_path": str(ch), "lines": "x-y"}, "lines must look like"),
                ({"file_path": str(ch), "lines": "99999999-"}, "lines must start at most"),
                ({"file_path": str(ch), "section": 1, "lines": "1-2"}, "either section or"),
                ({"file_path": str(ch), "max_bytes": 10**6}, "max_bytes must be between"),
            ):
                e = await asyncio.wait_for(client.call_tool("read_summary", args), CALL_TIMEOUT)
                t = text_of(e)
                assert e.is_error and needle in t and "\n" not in t.strip(), t
    stderr = (tmp_path / "server.stderr").read_text()
    assert "DEBUG" not in stderr, stderr[:2000]
    print(json.dumps(sizes, indent=1))
