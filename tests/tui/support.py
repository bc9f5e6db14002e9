"""Shared builders for the workbench tests (no tests here)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.message import Message

from gapless.engine.config import Settings
from gapless.engine.providers.base import ModelReply, ModelRequest, ProviderError
from gapless.engine.providers.extractive import ExtractiveProvider
from gapless.engine.providers.scripted import ScriptedProvider
from gapless.engine.run.prompts import data_blocks
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_stored
from gapless.engine.sources import load_transcript
from gapless.engine.store import Store
from tests.support.helpers import make_transcript

OFFLINE = ExtractiveProvider()
SETTINGS = Settings(context_tokens=1024)


class Counting(ExtractiveProvider):
    """The offline provider, counting what it is sent."""

    def __init__(self, delay: float = 0.0) -> None:
        super().__init__()
        self.requests: list[ModelRequest] = []
        self.delay = delay

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.requests.append(request)
        if self.delay:
            await asyncio.sleep(self.delay)
        return await super().complete(request)


def failing_at(offset: int, delay: float = 0.0) -> ScriptedProvider:
    """Answers like the offline provider, except for reads that hold byte ``offset``."""

    def policy(req: ModelRequest, i: int) -> str:
        for b in data_blocks(req.prompt):
            if b.offset <= offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 from the model server")
        return OFFLINE.answer(req)

    return ScriptedProvider(policy=policy, delay=delay)


def write_source(folder: Path, n: int = 120, words: int = 60, name: str = "day.md") -> Path:
    path = folder / name
    path.write_bytes(make_transcript(n, words).data)
    return path


async def stored_run(db: Path, source: Path, *, provider: Any = None, run_id: str,
                     settings: Settings = SETTINGS, source_name: str | None = None) -> str:
    t = load_transcript(source)
    async with await Store.open(db) as store:
        result = await summarize_stored(store, t, RunRequest(settings, source=source_name or str(source), run_id=run_id), provider=provider or ExtractiveProvider())
    return result.run_id


async def fill_journal(db: Path, *, skips: int = 0, entries: bool = True,
                       run_id: str | None = None) -> None:
    """Journal rows written directly (days of Feb 2026; projects alpha, beta, gamma)."""
    reasons = ["empty", "boilerplate_only", "below_min_size", "non_substantive",
               "provider_error", "incomplete_coverage"]
    projects = ["alpha", "beta", "gamma"]
    async with await Store.open(db):
        pass  # created and migrated; the rows go in on a connection of our own
    con = sqlite3.connect(db)
    con.execute("PRAGMA foreign_keys = ON")  # as the store's own connection
    try:
        with con:
            if entries:
                for i, (day, project) in enumerate([("2026-02-23", "alpha"),
                                                    ("2026-02-24", "alpha"),
                                                    ("2026-02-24", "beta"),
                                                    ("2026-02-17", "gamma")]):
                    con.execute(
                        "INSERT INTO journal_entries (date, project, run_id, headline, summary, "
                        "topics, open_questions, anchors, stale, created_at) VALUES "
                        "(?, ?, ?, ?, ?, ?, ?, '[]', 0, 0)",
                        (day, project, run_id if i == 0 else None,
                         f"{project}: fixed the parser {i}",
                         f"Worked on {project}; the parser now handles case {i}.",
                         json.dumps(["parser", "tests", "cache"]), json.dumps(["why slow?"])))
            for i in range(skips):
                day = f"2026-{1 + (i // 28) % 12:02d}-{1 + i % 28:02d}"
                con.execute(
                    "INSERT OR IGNORE INTO journal_skips (date, project, reason, detail, run_id, "
                    "created_at) VALUES (?, ?, ?, ?, NULL, 0)",
                    (day, projects[i % 3], reasons[i % len(reasons)], f"detail {i}"))
    finally:
        con.close()


class Seen:
    """The messages of the given kinds an app dispatched, in order: pass it as
    ``app.run_test(message_hook=...)`` to observe what the app says (e.g. ``RunEnded``)."""

    def __init__(self, *kinds: type[Message]) -> None:
        self.kinds = kinds
        self.messages: list[Any] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, self.kinds):
            self.messages.append(message)

    def of(self, run_id: str) -> Any:
        """The first message about run ``run_id`` (None yet)."""
        return next((m for m in self.messages if getattr(m, "run_id", None) == run_id), None)


async def wait_for(pilot: Any, cond: Callable[[], Any], timeout: float = 45.0,
                   step: float = 0.05) -> Any:
    """Pause the pilot until ``cond()`` is truthy (or fail after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        await pilot.pause(step)
    # what the app said meanwhile and how its workers stand (a run that failed before its
    # screen opened says why there): a timeout that names its cause is a flake mended once
    said = [n.message for n in getattr(pilot.app, "_notifications", [])]
    workers = [(w.name, w.state.name, repr(w.error)) for w in pilot.app.workers]
    raise AssertionError(f"timed out waiting for {cond}; the app's notices: {said}; "
                         f"its workers: {workers}")
