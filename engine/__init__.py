"""Gapless engine: coverage-guaranteed summarization of inputs larger than a context window.

This package is a library. It never imports Textual; front ends live in ``tui``.

What is named here is the public surface the front ends use (pinned by
tests/engine/test_public_surface.py): settings and their errors, the store, the summarize
entry points and their results, the chunked read, compaction, re-runs and ``why``, the
journal's verbs, ``verify``, providers and sources. The front ends may also use the event
and state types themselves (``engine.core.events`` with ``engine.core.run_info``,
``engine.core.state``, ``engine.core.spans``, ``engine.core.transcript``); everything else is
the engine's own business.

Modules inside ``engine`` never import from this package: they import each other by full
module path, so this file can import them all without a cycle.

The surface is lazy (PEP 562): ``import engine`` costs nothing, and a name's home module is
imported the first time the name is used, so ``gapless --version`` and ``--help`` and a log
scan worker do not pay for the store, the audits or the HTTP client.
"""

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from gapless.engine.audit.rerun import rerun_scope
    from gapless.engine.audit.verify import Verdict, verify_runs
    from gapless.engine.audit.why import run_for_group, why_report
    from gapless.engine.config import (
        Settings,
        check_api_key,
        config_path,
        load_settings,
        read_config_file,
        setting_origins,
        settings_error,
        settings_to_toml,
        unknown_setting,
        write_config_file,
    )
    from gapless.engine.core.account import count_text, percent_text, size_text
    from gapless.engine.core.errors import GaplessError, StoreError, UserError, did_you_mean
    from gapless.engine.core.events import Sink
    from gapless.engine.core.transcript import Transcript
    from gapless.engine.journal.daily import (
        SKIP_REASONS,
        GroupOutcome,
        skip_report,
        summarize_group,
        summarize_journal,
    )
    from gapless.engine.journal.filters import check_day, parse_day, resolve_project
    from gapless.engine.journal.groups import Group, group_sessions, week_of
    from gapless.engine.journal.ingest import ingest, read_sessions
    from gapless.engine.journal.rollup import Rollup, build_rollup, rollups
    from gapless.engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError
    from gapless.engine.providers.factory import make_provider
    from gapless.engine.registry import (
        PROVIDERS,
        READERS,
        STRATEGIES,
        ProviderEntry,
        ReaderEntry,
        StrategyEntry,
        register_provider,
        register_reader,
        register_strategy,
    )
    from gapless.engine.run.lifecycle import new_run_id
    from gapless.engine.run.result import RunResult, result_from_state
    from gapless.engine.service import summarize_path, summarize_stored, summarize_transcript
    from gapless.engine.sources import RenderOptions, SourceChanged, load_again, load_transcript
    from gapless.engine.store import (
        INTERRUPTED,
        CallBody,
        EntryRow,
        EventWriter,
        RunMeta,
        RunRow,
        SkipRow,
        Store,
        default_db_path,
    )
    from gapless.engine.strategies.chunked.chunks import FileChanged
    from gapless.engine.strategies.chunked.cursor import DETAILS as READ_DETAILS
    from gapless.engine.strategies.chunked.cursor import CursorError
    from gapless.engine.strategies.chunked.read import ReadResult, read_summary
    from gapless.engine.strategies.chunked.result import SUMMARY_MAX_BYTES, bounded
    from gapless.engine.strategies.compact.compaction import DEFAULT_TRIGGER as COMPACT_TRIGGER
    from gapless.engine.strategies.compact.compaction import CompactResult, compact_conversation
    from gapless.engine.strategies.compact.messages import load_conversation
    from gapless.engine.usecases.journal_runs import (
        summarize_group_anyway,
        summarize_journal_stored,
    )
    from gapless.engine.usecases.opening import stored_run
    from gapless.engine.usecases.plan import RunPlan, plan_file, plan_run
    from gapless.engine.usecases.reading import compact_stored, read_stored
    from gapless.engine.usecases.records import Records, explain_run, open_records, verify_stored
    from gapless.engine.usecases.stored import rerun_stored, summarize_file, summarize_loaded

__version__ = "0.1.0"

# each public name and the module it lives in (and its name there)
_HOMES: dict[str, tuple[str, str]] = {
    "count_text": ("gapless.engine.core.account", "count_text"),
    "RunPlan": ("gapless.engine.usecases.plan", "RunPlan"),
    "plan_file": ("gapless.engine.usecases.plan", "plan_file"),
    "plan_run": ("gapless.engine.usecases.plan", "plan_run"),
    "compact_stored": ("gapless.engine.usecases.reading", "compact_stored"),
    "read_stored": ("gapless.engine.usecases.reading", "read_stored"),
    "rerun_stored": ("gapless.engine.usecases.stored", "rerun_stored"),
    "stored_run": ("gapless.engine.usecases.opening", "stored_run"),
    "summarize_file": ("gapless.engine.usecases.stored", "summarize_file"),
    "summarize_group_anyway": ("gapless.engine.usecases.journal_runs", "summarize_group_anyway"),
    "summarize_journal_stored": ("gapless.engine.usecases.journal_runs",
                                 "summarize_journal_stored"),
    "summarize_loaded": ("gapless.engine.usecases.stored", "summarize_loaded"),
    "Records": ("gapless.engine.usecases.records", "Records"),
    "explain_run": ("gapless.engine.usecases.records", "explain_run"),
    "open_records": ("gapless.engine.usecases.records", "open_records"),
    "verify_stored": ("gapless.engine.usecases.records", "verify_stored"),
    "COMPACT_TRIGGER": ("gapless.engine.strategies.compact.compaction", "DEFAULT_TRIGGER"),
    "CallBody": ("gapless.engine.store", "CallBody"),
    "CompactResult": ("gapless.engine.strategies.compact.compaction", "CompactResult"),
    "CursorError": ("gapless.engine.strategies.chunked.cursor", "CursorError"),
    "GaplessError": ("gapless.engine.core.errors", "GaplessError"),
    "StoreError": ("gapless.engine.core.errors", "StoreError"),
    "EntryRow": ("gapless.engine.store", "EntryRow"),
    "EventWriter": ("gapless.engine.store", "EventWriter"),
    "FileChanged": ("gapless.engine.strategies.chunked.chunks", "FileChanged"),
    "Group": ("gapless.engine.journal.groups", "Group"),
    "GroupOutcome": ("gapless.engine.journal.daily", "GroupOutcome"),
    "INTERRUPTED": ("gapless.engine.store", "INTERRUPTED"),
    "ModelReply": ("gapless.engine.providers.base", "ModelReply"),
    "ModelRequest": ("gapless.engine.providers.base", "ModelRequest"),
    "PROVIDERS": ("gapless.engine.registry", "PROVIDERS"),
    "ProviderEntry": ("gapless.engine.registry", "ProviderEntry"),
    "STRATEGIES": ("gapless.engine.registry", "STRATEGIES"),
    "StrategyEntry": ("gapless.engine.registry", "StrategyEntry"),
    "register_provider": ("gapless.engine.registry", "register_provider"),
    "register_strategy": ("gapless.engine.registry", "register_strategy"),
    "READERS": ("gapless.engine.registry", "READERS"),
    "ReaderEntry": ("gapless.engine.registry", "ReaderEntry"),
    "register_reader": ("gapless.engine.registry", "register_reader"),
    "Provider": ("gapless.engine.providers.base", "Provider"),
    "ProviderError": ("gapless.engine.providers.base", "ProviderError"),
    "READ_DETAILS": ("gapless.engine.strategies.chunked.cursor", "DETAILS"),
    "ReadResult": ("gapless.engine.strategies.chunked.read", "ReadResult"),
    "RenderOptions": ("gapless.engine.sources", "RenderOptions"),
    "Rollup": ("gapless.engine.journal.rollup", "Rollup"),
    "RunMeta": ("gapless.engine.store", "RunMeta"),
    "RunResult": ("gapless.engine.run.result", "RunResult"),
    "RunRow": ("gapless.engine.store", "RunRow"),
    "SKIP_REASONS": ("gapless.engine.journal.daily", "SKIP_REASONS"),
    "SUMMARY_MAX_BYTES": ("gapless.engine.strategies.chunked.result", "SUMMARY_MAX_BYTES"),
    "Settings": ("gapless.engine.config", "Settings"),
    "Sink": ("gapless.engine.core.events", "Sink"),
    "SkipRow": ("gapless.engine.store", "SkipRow"),
    "SourceChanged": ("gapless.engine.sources", "SourceChanged"),
    "Store": ("gapless.engine.store", "Store"),
    "Transcript": ("gapless.engine.core.transcript", "Transcript"),
    "UserError": ("gapless.engine.core.errors", "UserError"),
    "Verdict": ("gapless.engine.audit.verify", "Verdict"),
    "bounded": ("gapless.engine.strategies.chunked.result", "bounded"),
    "build_rollup": ("gapless.engine.journal.rollup", "build_rollup"),
    "check_api_key": ("gapless.engine.config", "check_api_key"),
    "check_day": ("gapless.engine.journal.filters", "check_day"),
    "compact_conversation": ("gapless.engine.strategies.compact.compaction",
                             "compact_conversation"),
    "config_path": ("gapless.engine.config", "config_path"),
    "default_db_path": ("gapless.engine.store", "default_db_path"),
    "did_you_mean": ("gapless.engine.core.errors", "did_you_mean"),
    "group_sessions": ("gapless.engine.journal.groups", "group_sessions"),
    "ingest": ("gapless.engine.journal.ingest", "ingest"),
    "load_again": ("gapless.engine.sources", "load_again"),
    "load_conversation": ("gapless.engine.strategies.compact.messages", "load_conversation"),
    "load_settings": ("gapless.engine.config", "load_settings"),
    "load_transcript": ("gapless.engine.sources", "load_transcript"),
    "make_provider": ("gapless.engine.providers.factory", "make_provider"),
    "new_run_id": ("gapless.engine.run.lifecycle", "new_run_id"),
    "parse_day": ("gapless.engine.journal.filters", "parse_day"),
    "percent_text": ("gapless.engine.core.account", "percent_text"),
    "read_config_file": ("gapless.engine.config", "read_config_file"),
    "read_sessions": ("gapless.engine.journal.ingest", "read_sessions"),
    "read_summary": ("gapless.engine.strategies.chunked.read", "read_summary"),
    "rerun_scope": ("gapless.engine.audit.rerun", "rerun_scope"),
    "resolve_project": ("gapless.engine.journal.filters", "resolve_project"),
    "result_from_state": ("gapless.engine.run.result", "result_from_state"),
    "rollups": ("gapless.engine.journal.rollup", "rollups"),
    "run_for_group": ("gapless.engine.audit.why", "run_for_group"),
    "setting_origins": ("gapless.engine.config", "setting_origins"),
    "settings_error": ("gapless.engine.config", "settings_error"),
    "settings_to_toml": ("gapless.engine.config", "settings_to_toml"),
    "size_text": ("gapless.engine.core.account", "size_text"),
    "skip_report": ("gapless.engine.journal.daily", "skip_report"),
    "summarize_group": ("gapless.engine.journal.daily", "summarize_group"),
    "summarize_journal": ("gapless.engine.journal.daily", "summarize_journal"),
    "summarize_path": ("gapless.engine.service", "summarize_path"),
    "summarize_stored": ("gapless.engine.service", "summarize_stored"),
    "summarize_transcript": ("gapless.engine.service", "summarize_transcript"),
    "unknown_setting": ("gapless.engine.config", "unknown_setting"),
    "verify_runs": ("gapless.engine.audit.verify", "verify_runs"),
    "week_of": ("gapless.engine.journal.groups", "week_of"),
    "why_report": ("gapless.engine.audit.why", "why_report"),
    "write_config_file": ("gapless.engine.config", "write_config_file"),
}

__all__ = [
    "COMPACT_TRIGGER",
    "INTERRUPTED",
    "PROVIDERS",
    "READERS",
    "READ_DETAILS",
    "SKIP_REASONS",
    "STRATEGIES",
    "SUMMARY_MAX_BYTES",
    "CallBody",
    "CompactResult",
    "CursorError",
    "EntryRow",
    "EventWriter",
    "FileChanged",
    "GaplessError",
    "Group",
    "GroupOutcome",
    "ModelReply",
    "ModelRequest",
    "Provider",
    "ProviderEntry",
    "ProviderError",
    "ReadResult",
    "ReaderEntry",
    "Records",
    "RenderOptions",
    "Rollup",
    "RunMeta",
    "RunPlan",
    "RunResult",
    "RunRow",
    "Settings",
    "Sink",
    "SkipRow",
    "SourceChanged",
    "Store",
    "StoreError",
    "StrategyEntry",
    "Transcript",
    "UserError",
    "Verdict",
    "__version__",
    "bounded",
    "build_rollup",
    "check_api_key",
    "check_day",
    "compact_conversation",
    "compact_stored",
    "config_path",
    "count_text",
    "default_db_path",
    "did_you_mean",
    "explain_run",
    "group_sessions",
    "ingest",
    "load_again",
    "load_conversation",
    "load_settings",
    "load_transcript",
    "make_provider",
    "new_run_id",
    "open_records",
    "parse_day",
    "percent_text",
    "plan_file",
    "plan_run",
    "read_config_file",
    "read_sessions",
    "read_stored",
    "read_summary",
    "register_provider",
    "register_reader",
    "register_strategy",
    "rerun_scope",
    "rerun_stored",
    "resolve_project",
    "result_from_state",
    "rollups",
    "run_for_group",
    "setting_origins",
    "settings_error",
    "settings_to_toml",
    "size_text",
    "skip_report",
    "stored_run",
    "summarize_file",
    "summarize_group",
    "summarize_group_anyway",
    "summarize_journal",
    "summarize_journal_stored",
    "summarize_loaded",
    "summarize_path",
    "summarize_stored",
    "summarize_transcript",
    "unknown_setting",
    "verify_runs",
    "verify_stored",
    "week_of",
    "why_report",
    "write_config_file",
]


def __getattr__(name: str) -> _typing.Any:
    """Import a public name's home module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home[0]), home[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
