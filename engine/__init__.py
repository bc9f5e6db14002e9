"""Gapless engine: coverage-guaranteed summarization of inputs larger than a context window.

This package is a library. It never imports Textual; front ends live in ``tui``.

What is named here is the public surface the front ends use (pinned by
tests/engine/test_public_surface.py): settings and their errors, the store, the summarize
entry points and their results, the chunked read, compaction, re-runs and ``why``, the
journal's verbs, ``verify``, providers and sources. The front ends may also use the event and state
types themselves (``engine.core.events`` with ``engine.core.run_info``, ``engine.core.state``,
``engine.core.spans``, ``engine.core.transcript``); everything else is the engine's own
business.

Modules inside ``engine`` never import from this package: they import each other by full
module path, so this file can import them all without a cycle.
"""

from engine.audit.rerun import rerun_scope
from engine.audit.verify import Verdict, verify_runs
from engine.audit.why import run_for_group, why_report
from engine.config import (
    PROVIDERS,
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
from engine.core.account import percent_text, size_text
from engine.core.errors import UserError, did_you_mean
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
from engine.run.context import Sink
from engine.run.lifecycle import new_run_id
from engine.run.result import RunResult, result_from_state
from engine.service import summarize_path, summarize_stored, summarize_transcript
from engine.sources import RenderOptions, SourceChanged, load_again, load_transcript
from engine.store import (
    INTERRUPTED,
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

__version__ = "0.1.0"

__all__ = [
    "COMPACT_TRIGGER",
    "INTERRUPTED",
    "PROVIDERS",
    "READ_DETAILS",
    "SKIP_REASONS",
    "SUMMARY_MAX_BYTES",
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
    "ProviderError",
    "ReadResult",
    "RenderOptions",
    "Rollup",
    "RunMeta",
    "RunResult",
    "RunRow",
    "Settings",
    "Sink",
    "SkipRow",
    "SourceChanged",
    "Store",
    "Transcript",
    "UserError",
    "Verdict",
    "__version__",
    "bounded",
    "build_rollup",
    "check_api_key",
    "check_day",
    "compact_conversation",
    "config_path",
    "default_db_path",
    "did_you_mean",
    "group_sessions",
    "ingest",
    "load_again",
    "load_conversation",
    "load_settings",
    "load_transcript",
    "make_provider",
    "new_run_id",
    "parse_day",
    "percent_text",
    "read_config_file",
    "read_sessions",
    "read_summary",
    "rerun_scope",
    "resolve_project",
    "result_from_state",
    "rollups",
    "run_for_group",
    "setting_origins",
    "settings_error",
    "settings_to_toml",
    "size_text",
    "skip_report",
    "summarize_group",
    "summarize_journal",
    "summarize_path",
    "summarize_stored",
    "summarize_transcript",
    "unknown_setting",
    "verify_runs",
    "week_of",
    "why_report",
    "write_config_file",
]
