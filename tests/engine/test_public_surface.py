"""The engine's public surface (``engine/__init__.py``) is pinned: what the front ends may use
is exactly this list, every name in it is importable, nothing else is exported by accident,
and no module inside the engine imports the package's own names (which would be a cycle)."""

from __future__ import annotations

import ast
import importlib
import types
from pathlib import Path

from gapless import engine

EXPECTED = {
    # settings and their errors
    "PROVIDERS", "Settings", "UserError", "check_api_key", "config_path", "did_you_mean",
    "load_settings", "read_config_file", "setting_origins", "settings_error",
    "settings_to_toml", "unknown_setting", "write_config_file",
    # the extension points: providers and strategies, each one registry
    "STRATEGIES", "ProviderEntry", "StrategyEntry", "register_provider", "register_strategy",
    "READERS", "ReaderEntry", "register_reader",
    # the store
    "GaplessError", "StoreError", "EventWriter", "RunMeta", "RunRow", "Store", "default_db_path",
    "EntryRow", "SkipRow", "INTERRUPTED",
    # what each model call was sent and answered (the workbench's Calls tab)
    "CallBody",
    # summarize and its result
    "RunResult", "Sink", "new_run_id", "result_from_state", "summarize_path",
    "summarize_stored", "summarize_transcript",
    # the use cases: every kind of stored run, as the front ends start it
    "compact_stored", "read_stored", "stored_run", "summarize_file",
    # ... and re-runs and the journal's runs, the workbench's launches among them
    "rerun_stored", "summarize_loaded", "summarize_journal_stored", "summarize_group_anyway",
    # the use cases' read side: the records a front end reads instead of the store
    "Records", "open_records", "explain_run", "verify_stored",
    # the plan of a run before it starts (nothing sent, nothing stored)
    "RunPlan", "plan_file", "plan_run",
    # the chunked read (its errors, its bounds), compaction
    "READ_DETAILS", "ReadResult", "read_summary", "CursorError", "FileChanged",
    "SUMMARY_MAX_BYTES", "bounded",
    "COMPACT_TRIGGER", "CompactResult", "compact_conversation",
    # audits: re-run a scope, why, verify a run's claims against its ledger
    "rerun_scope", "run_for_group", "why_report", "Verdict", "verify_runs",
    # the journal: ingest, daily entries and skips, weekly rollups
    "Group", "group_sessions", "ingest", "read_sessions", "week_of",
    "SKIP_REASONS", "GroupOutcome", "skip_report", "summarize_group", "summarize_journal",
    "Rollup", "build_rollup", "parse_day", "rollups",
    # the journal filters: strict dates, projects matched whatever the case
    "check_day", "resolve_project",
    # providers and sources
    "ModelReply", "ModelRequest", "Provider", "ProviderError", "make_provider",
    "Transcript", "load_transcript", "RenderOptions",
    # a run's input loaded again as it was rendered (the workbench's text pane), and the
    # one size format of the human output
    "load_again", "SourceChanged", "load_conversation", "size_text", "percent_text", "count_text",
    "__version__",
}

ENGINE = Path(engine.__file__).parent


def test_the_exported_names_are_the_expected_list() -> None:
    assert len(engine.__all__) == len(set(engine.__all__))
    assert set(engine.__all__) == EXPECTED


def test_every_exported_name_is_importable() -> None:
    namespace: dict[str, object] = {}
    exec("from gapless.engine import *", namespace)
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
        assert name in namespace, name


def test_nothing_else_is_exported_by_accident() -> None:
    public = {name for name, value in vars(engine).items()
              if not name.startswith("_") and not isinstance(value, types.ModuleType)}
    assert public <= set(engine.__all__)


def test_each_name_comes_from_its_home_module() -> None:
    """A name is re-exported, never redefined here: the object is the module's own."""
    homes = {"Settings": "gapless.engine.config", "Store": "gapless.engine.store",
             "RunResult": "gapless.engine.run.result", "read_summary": "gapless.engine.strategies.chunked.read",
             "compact_conversation": "gapless.engine.strategies.compact.compaction",
             "rerun_scope": "gapless.engine.audit.rerun", "summarize_group": "gapless.engine.journal.daily",
             "load_transcript": "gapless.engine.sources", "make_provider": "gapless.engine.providers.factory"}
    for name, module in homes.items():
        assert getattr(engine, name) is getattr(importlib.import_module(module), name)


def test_no_engine_module_imports_the_package_itself() -> None:
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        if path == ENGINE / "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            package = (isinstance(node, ast.ImportFrom) and node.level == 0
                       and node.module == "engine")
            whole = isinstance(node, ast.Import) and any(a.name == "engine" for a in node.names)
            if package or whole:
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{node.lineno}")
    assert offenders == []
