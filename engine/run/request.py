"""One run's parameters as one typed value: what a use case was asked (the settings, the
strategy, the question, the source, the run's id, whether to reuse or force) travels to the
service as a :class:`RunRequest` instead of a keyword list each layer repeats."""

from __future__ import annotations

from dataclasses import dataclass

from gapless.engine.config import Settings
from gapless.engine.core.limits import Budget


@dataclass(frozen=True)
class RunRequest:
    """A run as asked: ``parent_run_id`` is the run it resumes or re-runs; ``kind`` and
    ``group_key`` say what the store keeps it as;
    ``reuse`` returns an earlier finished run of the same work, ``force`` runs it again
    from nothing; the budgets are the settings'."""

    settings: Settings
    strategy: str = "auto"
    question: str | None = None
    source: str = ""
    run_id: str | None = None
    parent_run_id: str | None = None
    kind: str = "summarize"
    group_key: str | None = None
    force: bool = False
    reuse: bool = False

    @property
    def budget(self) -> Budget:
        return self.settings.budget
