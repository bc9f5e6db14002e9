"""`gapless --version` and `--help` import no command and none of the engine's heavy rooms
(the engine's surface is lazy, commands are imported only when they run); a log scan
worker's imports need neither the store, the audits nor the HTTP client."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("gapless.engine.store", "gapless.engine.audit", "gapless.engine.service", "httpx",
         "aiosqlite", "textual",
         "gapless.tui.cli.summarize", "gapless.engine.config")


def imported(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True,
                          text=True, check=False)
    return {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:")}


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_import_nothing_heavy(flag: str) -> None:
    modules = imported("-m", "gapless.tui.cli", flag)
    assert "gapless.tui.cli.main" in modules
    assert not [m for m in modules if m.startswith(HEAVY)]


def test_a_command_imports_only_its_own_module() -> None:
    code = ("import sys\nfrom gapless.tui.cli.main import main\ntry:\n    main(['runs', '--help'])\n"
            "except SystemExit:\n    pass\n"
            "print(' '.join(m for m in sys.modules if m.startswith('gapless.tui.cli.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    modules = set(done.stdout.split())
    assert "gapless.tui.cli.runs" in modules and "gapless.tui.cli.summarize" not in modules


def test_a_scan_worker_needs_no_store_audit_or_http() -> None:
    modules = imported("-c", "import gapless.engine.extractive.logs.ahead")
    assert "gapless.engine.extractive.logs.ahead" in modules
    assert not [m for m in modules if m.startswith(("gapless.engine.store", "gapless.engine.audit", "httpx"))]


# What `gapless summarize PATH` against a model server never needs: the journal, the audits,
# the MCP server, serve, the workbench, the chunked read, compaction, and the offline kinds
# (a model summarizes; only a log's figures are computed here, by extractive.logs).
NOT_FOR_A_MODEL_RUN = ("gapless.engine.journal", "gapless.engine.audit", "gapless.tui.mcp",
                       "gapless.tui.cli.serve", "gapless.tui.app", "textual", "mcp",
                       "gapless.engine.strategies.chunked.read",
                       "gapless.engine.strategies.compact", "gapless.engine.extractive.kinds",
                       "gapless.engine.extractive.meeting", "gapless.engine.providers.extractive")


def test_a_summarize_against_a_model_imports_only_what_it_runs(tmp_path) -> None:
    from tests.support.fault_server import FaultServer
    from tests.support.paths import REPO_ROOT

    sample = REPO_ROOT / "engine" / "samples" / "sample-session.jsonl"
    with FaultServer() as server:
        modules = imported("-m", "gapless.tui.cli", "summarize", str(sample), "--json",
                           "--provider", "openai", "--base-url", server.url, "--model", "m",
                           "--context-tokens", "8000", "--db", str(tmp_path / "s.db"))
        assert server.calls > 0  # it did summarize: every module a run needs was loaded
    assert "gapless.engine.service" in modules and "httpx" in modules
    assert not sorted(m for m in modules if m.startswith(NOT_FOR_A_MODEL_RUN))


# What the first request of `gapless summarize PATH` does not wait for (issue 42): the run's
# machinery loads in a thread while the server's pre-flight is in flight.
NOT_BEFORE_THE_FIRST_REQUEST = ("gapless.engine.service", "gapless.engine.store",
                                "gapless.engine.run", "gapless.engine.strategies",
                                "gapless.engine.extractive", "gapless.engine.core.events",
                                "gapless.engine.sources")


def test_summarize_asks_the_server_before_it_loads_the_run(tmp_path) -> None:
    from tests.support.fault_server import FaultServer
    from tests.support.paths import REPO_ROOT

    sample = REPO_ROOT / "engine" / "samples" / "sample-session.jsonl"
    code = ("import sys\nimport gapless.engine.providers.preflight as p\n"
            "started = p.Preflight.__init__\n"
            "def init(self, settings):\n"
            "    print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
            "    started(self, settings)\n"
            "p.Preflight.__init__ = init\n"
            "from gapless.tui.cli.main import main\nsys.exit(main(sys.argv[1:]))\n")
    with FaultServer() as server:
        done = subprocess.run(
            [sys.executable, "-c", code, "summarize", str(sample), "--json", "--provider",
             "openai", "--base-url", server.url, "--model", "m", "--context-tokens", "8000",
             "--db", str(tmp_path / "s.db")], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr[-400:]
        assert server.calls > 0
    before = done.stderr.splitlines()[0].split()
    assert "httpx" in before and "gapless.engine.config" in before
    assert not [m for m in before if m.startswith(NOT_BEFORE_THE_FIRST_REQUEST)]
