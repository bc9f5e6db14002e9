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
    from engine.audit.rerun import rerun_scope
    from engine.audit.verify import Verdict, verify_runs
    from engine.audit.why import run_for_group, why_report
    from engine.config import (
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
    from engine.core.account import count_text, percent_text, size_text
    from engine.core.errors import UserError, did_you_mean
    from engine.core.events import Sink
    from engine.core.transcript import Transcript
    from engine.journal.daily import (
        SKIP_REASONS,
        GroupOutcome,
        skip_report,
        summarize_group,
        summarize_journal,
    )
    from engine.journal.filters import check_day, parse_day, resolve_project
    from engine.journal.groups import Group, group_sessions, week_of
    from engine.journal.ingest import ingest, read_sessions
    from engine.journal.rollup import Rollup, build_rollup, rollups
    from engine.providers.base import ModelReply, ModelRequest, Provider, ProviderError
    from engine.providers.factory import make_provider
    from engine.registry import (
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
    from engine.run.lifecycle import new_run_id
    from engine.run.result import RunResult, result_from_state
    from engine.service import summarize_path, summarize_stored, summarize_transcript
    from engine.sources import RenderOptions, SourceChanged, load_again, load_transcript
    from engine.store import (
        INTERRUPTED,
        CallBody,
        DatabaseError,
        EntryRow,
        EventWriter,
        RunMeta,
        RunRow,
        SkipRow,
        Store,
        default_db_path,
    )
    from engine.strategies.chunked.chunks import FileChanged
    from engine.strategies.chunked.cursor import DETAILS as READ_DETAILS
    from engine.strategies.chunked.cursor import CursorError
    from engine.strategies.chunked.read import ReadResult, read_summary
    from engine.strategies.chunked.result import SUMMARY_MAX_BYTES, bounded
    from engine.strategies.compact.compaction import DEFAULT_TRIGGER as COMPACT_TRIGGER
    from engine.strategies.compact.compaction import CompactResult, compact_conversation
    from engine.strategies.compact.messages import load_conversation
    from engine.usecases.plan import RunPlan, plan_file, plan_run
    from engine.usecases.records import Records, explain_run, open_records, verify_stored
    from engine.usecases.stored import (
        compact_stored,
        read_stored,
        rerun_stored,
        stored_run,
        summarize_file,
        summarize_group_anyway,
        summarize_journal_stored,
        summarize_loaded,
    )

__version__ = "0.1.0"

# each public name and the module it lives in (and its name there)
_HOMES: dict[str, tuple[str, str]] = {
    "count_text": ("engine.core.account", "count_text"),
    "RunPlan": ("engine.usecases.plan", "RunPlan"),
    "plan_file": ("engine.usecases.plan", "plan_file"),
    "plan_run": ("engine.usecases.plan", "plan_run"),
    "compact_stored": ("engine.usecases.stored", "compact_stored"),
    "read_stored": ("engine.usecases.stored", "read_stored"),
    "rerun_stored": ("engine.usecases.stored", "rerun_stored"),
    "stored_run": ("engine.usecases.stored", "stored_run"),
    "summarize_file": ("engine.usecases.stored", "summarize_file"),
    "summarize_group_anyway": ("engine.usecases.stored", "summarize_group_anyway"),
    "summarize_journal_stored": ("engine.usecases.stored", "summarize_journal_stored"),
    "summarize_loaded": ("engine.usecases.stored", "summarize_loaded"),
    "Records": ("engine.usecases.records", "Records"),
    "explain_run": ("engine.usecases.records", "explain_run"),
    "open_records": ("engine.usecases.records", "open_records"),
    "verify_stored": ("engine.usecases.records", "verify_stored"),
    "COMPACT_TRIGGER": ("engine.strategies.compact.compaction", "DEFAULT_TRIGGER"),
    "CallBody": ("engine.store", "CallBody"),
    "CompactResult": ("engine.strategies.compact.compaction", "CompactResult"),
    "CursorError": ("engine.strategies.chunked.cursor", "CursorError"),
    "DatabaseError": ("engine.store", "DatabaseError"),
    "EntryRow": ("engine.store", "EntryRow"),
    "EventWriter": ("engine.store", "EventWriter"),
    "FileChanged": ("engine.strategies.chunked.chunks", "FileChanged"),
    "Group": ("engine.journal.groups", "Group"),
    "GroupOutcome": ("engine.journal.daily", "GroupOutcome"),
    "INTERRUPTED": ("engine.store", "INTERRUPTED"),
    "ModelReply": ("engine.providers.base", "ModelReply"),
    "ModelRequest": ("engine.providers.base", "ModelRequest"),
    "PROVIDERS": ("engine.registry", "PROVIDERS"),
    "ProviderEntry": ("engine.registry", "ProviderEntry"),
    "STRATEGIES": ("engine.registry", "STRATEGIES"),
    "StrategyEntry": ("engine.registry", "StrategyEntry"),
    "register_provider": ("engine.registry", "register_provider"),
    "register_strategy": ("engine.registry", "register_strategy"),
    "READERS": ("engine.registry", "READERS"),
    "ReaderEntry": ("engine.registry", "ReaderEntry"),
    "register_reader": ("engine.registry", "register_reader"),
    "Provider": ("engine.providers.base", "Provider"),
    "ProviderError": ("engine.providers.base", "ProviderError"),
    "READ_DETAILS": ("engine.strategies.chunked.cursor", "DETAILS"),
    "ReadResult": ("engine.strategies.chunked.read", "ReadResult"),
    "RenderOptions": ("engine.sources", "RenderOptions"),
    "Rollup": ("engine.journal.rollup", "Rollup"),
    "RunMeta": ("engine.store", "RunMeta"),
    "RunResult": ("engine.run.result", "RunResult"),
    "RunRow": ("engine.store", "RunRow"),
    "SKIP_REASONS": ("engine.journal.daily", "SKIP_REASONS"),
    "SUMMARY_MAX_BYTES": ("engine.strategies.chunked.result", "SUMMARY_MAX_BYTES"),
    "Settings": ("engine.config", "Settings"),
    "Sink": ("engine.core.events", "Sink"),
    "SkipRow": ("engine.store", "SkipRow"),
    "SourceChanged": ("engine.sources", "SourceChanged"),
    "Store": ("engine.store", "Store"),
    "Transcript": ("engine.core.transcript", "Transcript"),
    "UserError": ("engine.core.errors", "UserError"),
    "Verdict": ("engine.audit.verify", "Verdict"),
    "bounded": ("engine.strategies.chunked.result", "bounded"),
    "build_rollup": ("engine.journal.rollup", "build_rollup"),
    "check_api_key": ("engine.config", "check_api_key"),
    "check_day": ("engine.journal.filters", "check_day"),
    "compact_conversation": ("engine.strategies.compact.compaction", "compact_conversation"),
    "config_path": ("engine.config", "config_path"),
    "default_db_path": ("engine.store", "default_db_path"),
    "did_you_mean": ("engine.core.errors", "did_you_mean"),
    "group_sessions": ("engine.journal.groups", "group_sessions"),
    "ingest": ("engine.journal.ingest", "ingest"),
    "load_again": ("engine.sources", "load_again"),
    "load_conversation": ("engine.strategies.compact.messages", "load_conversation"),
    "load_settings": ("engine.config", "load_settings"),
    "load_transcript": ("engine.sources", "load_transcript"),
    "make_provider": ("engine.providers.factory", "make_provider"),
    "new_run_id": ("engine.run.lifecycle", "new_run_id"),
    "parse_day": ("engine.journal.filters", "parse_day"),
    "percent_text": ("engine.core.account", "percent_text"),
    "read_config_file": ("engine.config", "read_config_file"),
    "read_sessions": ("engine.journal.ingest", "read_sessions"),
    "read_summary": ("engine.strategies.chunked.read", "read_summary"),
    "rerun_scope": ("engine.audit.rerun", "rerun_scope"),
    "resolve_project": ("engine.journal.filters", "resolve_project"),
    "result_from_state": ("engine.run.result", "result_from_state"),
    "rollups": ("engine.journal.rollup", "rollups"),
    "run_for_group": ("engine.audit.why", "run_for_group"),
    "setting_origins": ("engine.config", "setting_origins"),
    "settings_error": ("engine.config", "settings_error"),
    "settings_to_toml": ("engine.config", "settings_to_toml"),
    "size_text": ("engine.core.account", "size_text"),
    "skip_report": ("engine.journal.daily", "skip_report"),
    "summarize_group": ("engine.journal.daily", "summarize_group"),
    "summarize_journal": ("engine.journal.daily", "summarize_journal"),
    "summarize_path": ("engine.service", "summarize_path"),
    "summarize_stored": ("engine.service", "summarize_stored"),
    "summarize_transcript": ("engine.service", "summarize_transcript"),
    "unknown_setting": ("engine.config", "unknown_setting"),
    "verify_runs": ("engine.audit.verify", "verify_runs"),
    "week_of": ("engine.journal.groups", "week_of"),
    "why_report": ("engine.audit.why", "why_report"),
    "write_config_file": ("engine.config", "write_config_file"),
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
    "DatabaseError",
    "EntryRow",
    "EventWriter",
    "FileChanged",
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
