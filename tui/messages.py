"""The workbench's typed messages.

Requests travel up: a screen posts one and it bubbles to the app, which navigates or hands it
to the launcher (so no screen needs the app's class). Run messages come from the launcher: a
run started or attached (``RunLaunched``), ended with an outcome (``RunEnded``) or failed
(``RunFailed``) — the one way the app learns how a run it started went.
"""

from __future__ import annotations

from typing import Any, Literal

from textual.message import Message

from gapless.engine import GroupOutcome, RunPlan, RunResult

Severity = Literal["information", "warning", "error"]


# --- requests (screens -> app) --------------------------------------------------------------


class OpenRunRequested(Message):
    """Show run ``run_id`` (live or finished), optionally stepping through it."""

    def __init__(self, run_id: str, *, step: bool = False) -> None:
        super().__init__()
        self.run_id = run_id
        self.step = step


class RerunRequested(Message):
    """Re-run the scope of invocation ``inv`` of ``run_id`` with these setting overrides."""

    def __init__(self, run_id: str, inv: str, overrides: dict[str, Any]) -> None:
        super().__init__()
        self.run_id = run_id
        self.inv = inv
        self.overrides = overrides


class SummarizeGroupRequested(Message):
    """Summarize the skipped (day, project) group anyway."""

    def __init__(self, date: str, project: str) -> None:
        super().__init__()
        self.date = date
        self.project = project


class IngestRequested(Message):
    """Ingest the journal's sources and summarize every group without a current entry."""


# --- runs (launcher -> app) -----------------------------------------------------------------


class JournalProgress(Message):
    """How the journal's ingest is going, in one line (``done``: it has ended)."""

    def __init__(self, text: str, *, done: bool = False) -> None:
        super().__init__()
        self.text = text
        self.done = done



class RunLaunched(Message):
    """A run the app started has its id (``push``: show it now)."""

    def __init__(self, run_id: str, *, push: bool = True) -> None:
        super().__init__()
        self.run_id = run_id
        self.push = push


class RunPlanned(Message):
    """A run the app started has its plan (strategy, calls, tokens, cost, ETA), made before
    anything is sent."""

    def __init__(self, run_id: str, plan: RunPlan) -> None:
        super().__init__()
        self.run_id = run_id
        self.plan = plan


class RunEnded(Message):
    """A run the app started has ended; ``text`` says how, for a notification."""

    def __init__(self, run_id: str | None, label: str, outcome: RunResult | GroupOutcome,
                 text: str, severity: Severity = "information") -> None:
        super().__init__()
        self.run_id = run_id
        self.label = label
        self.outcome = outcome
        self.text = text
        self.severity: Severity = severity

    @property
    def status(self) -> str:
        """The run's status (complete, incomplete, ...) or the group's (entry, skip)."""
        return self.outcome.status


class RunFailed(Message):
    """A run the app started could not start or stopped with an error.

    ``run_id`` is None when it failed before the engine gave it an id; ``label`` names it.
    """

    def __init__(self, run_id: str | None, label: str, error: str) -> None:
        super().__init__()
        self.run_id = run_id
        self.label = label
        self.error = error
