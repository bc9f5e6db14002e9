"""What the screens of one workbench share: the records, the settings, the provider factory,
the run ids to hand out and the transcripts already loaded.

Screens reach it with :func:`workbench` (typed, without importing the app: ``tui.app``
imports the screens, never the other way round).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol, cast

from textual.message_pump import MessagePump

from gapless.engine import (
    Provider,
    Records,
    RunPlan,
    Settings,
    Transcript,
    UserError,
    config_path,
    load_settings,
    make_provider,
    new_run_id,
    open_records,
)

ProviderFactory = Callable[[Settings], Provider]


def default_config_file() -> Path:
    try:
        return config_path()
    except Exception:  # pragma: no cover - a config module without a path
        return Path.home() / ".config" / "gapless" / "config.toml"


class Workbench:
    """The state one workbench app holds for its screens and its launcher."""

    def __init__(
        self,
        *,
        db_path: str | Path | None = None,
        settings: Settings | None = None,
        strategy: str = "auto",
        provider_factory: ProviderFactory | None = None,
        deterministic: bool = False,
        run_ids: Iterable[str] | None = None,
        config_file: Path | None = None,
    ) -> None:
        self.db_path = db_path
        self.strategy = strategy
        self.provider_factory = provider_factory
        self.deterministic = deterministic
        self._run_ids: Iterator[str] | None = iter(run_ids) if run_ids is not None else None
        self.config_file = config_file or default_config_file()
        self.settings_error: str | None = None
        self.settings = settings if settings is not None else self._load_settings()
        self.transcripts: dict[str, Transcript] = {}
        # the plans of the runs launched here, made before they started (by run id)
        self.plans: dict[str, RunPlan] = {}
        # the runs and the journal the screens read, opened by open()
        self.records: Records = None  # type: ignore[assignment]
        self._open = contextlib.AsyncExitStack()

    # settings ----------------------------------------------------------------------------
    def _load_settings(self) -> Settings:
        try:
            return load_settings(path=self.config_file)
        except UserError as exc:
            self.settings_error = str(exc)
        except Exception:
            pass
        return Settings()

    def configured_settings(self) -> Settings:
        """The settings a command run now would start from (the configuration, no flags)."""
        try:
            return load_settings(path=self.config_file)
        except Exception:
            return Settings()

    def reload_settings(self) -> None:
        self.settings = self._load_settings()

    def make_provider(self, settings: Settings) -> Provider:
        if self.provider_factory is not None:
            return self.provider_factory(settings)
        return make_provider(settings, keep_loop_free=True)  # the screens share the loop

    def new_run_id(self) -> str:
        if self._run_ids is not None:
            try:
                return next(self._run_ids)
            except StopIteration:
                self._run_ids = None
        return new_run_id()

    # the records ---------------------------------------------------------------------------
    async def open(self) -> None:
        """Open the records the screens read (a UserError when they cannot be opened)."""
        self.records = await self._open.enter_async_context(open_records(self.db_path))

    async def close(self) -> None:
        await self._open.aclose()

    @property
    def store_path(self) -> Path:
        """The database file (each launch opens a connection of its own to it)."""
        return self.records.path if self.records is not None else Path(self.db_path or "")


class _HasWorkbench(Protocol):
    workbench: Workbench


def workbench(node: MessagePump) -> Workbench:
    """The workbench of the app ``node`` runs in."""
    return cast(_HasWorkbench, node.app).workbench
