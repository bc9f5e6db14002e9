"""Gapless engine: coverage-guaranteed summarization of inputs larger than a context window.

This package is a library. It never imports Textual; front ends live in ``tui``.

What is named here is the public surface the front ends and the documented recipes use
(tests/engine/test_public_surface.py checks each name is used by one of them): settings
and the one error tree, the extension points, each use case once (summarize a file, a
loaded transcript or the journal; read; compact; re-run; plan; the records: runs, why,
verify, the journal), their results, and the providers and sources the workbench drives.
The front ends may also use the event and state types themselves (``engine.core.events``
with ``engine.core.run_info``, ``engine.core.state``, ``engine.core.spans``,
``engine.core.transcript``); everything else is the engine's own business.

Modules inside ``engine`` never import from this package: they import each other by full
module path, so this file can import them all without a cycle.

The names are declared once, in the ``TYPE_CHECKING`` block below (what a type checker
reads); at run time the surface is lazy (PEP 562): ``import engine`` costs nothing, the block
is read back (:func:`_homes`) the first time a name is used, and only that name's home module
is imported, so ``gapless --version`` and ``--help`` and a log scan worker do not pay for the
store, the audits or the HTTP client. ``__all__`` is the block's names.
"""

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    # settings and the one error tree
    from gapless.engine.config import (
        Settings,
        check_api_key,
        config_path,
        load_settings,
        read_config_file,
        setting_origins,
        settings_error,
        unknown_setting,
        write_config_file,
    )
    from gapless.engine.core.errors import GaplessError, UserError, did_you_mean

    # the extension points (docs/architecture.md's recipes)
    from gapless.engine.registry import (
        PROVIDERS,
        STRATEGIES,
        ProviderEntry,
        ReaderEntry,
        StrategyEntry,
        register_provider,
        register_reader,
        register_strategy,
    )

    # the use cases, each once: summarize (a path, a loaded transcript, the journal), read,
    # compact, re-run, plan; and the records a front end reads instead of the store
    from gapless.engine.usecases.journal_runs import (
        summarize_group_anyway,
        summarize_journal_stored,
    )
    from gapless.engine.usecases.plan import RunPlan, plan_file
    from gapless.engine.usecases.reading import compact_stored, read_stored
    from gapless.engine.usecases.records import (
        Records,
        explain_run,
        open_records,
        recover_stored,
        verify_stored,
    )
    from gapless.engine.usecases.stored import rerun_stored, summarize_loaded
    from gapless.engine.usecases.summarize_path import summarize_file

    # what they return and report
    from gapless.engine.audit.verify import Verdict
    from gapless.engine.core.events import Sink
    from gapless.engine.journal.daily import SKIP_REASONS, GroupOutcome, skip_report
    from gapless.engine.run.lifecycle import new_run_id
    from gapless.engine.run.result import RunResult
    from gapless.engine.store import INTERRUPTED, CallBody, EntryRow, RunRow, SkipRow
    from gapless.engine.strategies.chunked.chunks import FileChanged
    from gapless.engine.strategies.chunked.cursor import DETAILS as READ_DETAILS
    from gapless.engine.strategies.chunked.cursor import CursorError
    from gapless.engine.strategies.chunked.read import ReadResult
    from gapless.engine.strategies.chunked.result import bounded
    from gapless.engine.strategies.compact.compaction import DEFAULT_TRIGGER as COMPACT_TRIGGER
    from gapless.engine.strategies.compact.compaction import CompactResult

    # the journal's days and groups
    from gapless.engine.journal.filters import check_day, parse_day
    from gapless.engine.journal.groups import Group, week_of

    # providers and sources, as the workbench drives them; the human output's number formats
    from gapless.engine.core.account import count_text, percent_text, size_text
    from gapless.engine.core.transcript import Transcript
    from gapless.engine.providers.base import ModelRequest, Provider
    from gapless.engine.providers.factory import make_provider
    from gapless.engine.sources import RenderOptions, SourceChanged, load_again, load_transcript
    from gapless.engine.strategies.compact.messages import load_conversation

__version__ = "0.1.0"

_HOMES: dict[str, tuple[str, str]] = {}


def _homes() -> dict[str, tuple[str, str]]:
    """Each public name and its home (module, name there), read from the block above."""
    if not _HOMES:
        import ast
        from pathlib import Path

        tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
        block = next(n for n in tree.body if isinstance(n, ast.If))
        for node in ast.walk(block):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    _HOMES[alias.asname or alias.name] = (node.module, alias.name)
    return _HOMES


def __getattr__(name: str) -> _typing.Any:
    """Import a public name's home module on first use (PEP 562); ``__all__`` is the
    declared names."""
    if name == "__all__":
        return [*_homes(), "__version__"]
    home = _homes().get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home[0]), home[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_homes(), "__version__"})
