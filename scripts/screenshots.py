"""Regenerate screenshots/ (SVG, and PNG where rsvg-convert or cairosvg is available) of every
workbench screen, from real runs made here with the offline providers over real transcripts
from tests/data (a meeting, a Codex rollout, a Claude Code session, a log, the Claude
Code projects for the journal): no generated filler.

    python scripts/screenshots.py [--out screenshots] [--no-png]

The same scenes back the SVG snapshot tests (tests/tui/test_tui_snapshots.py), so what the README
shows is what the tests check. Everything is deterministic: fixed run ids, relative paths,
no clocks on screen.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gapless.engine import ModelRequest, Provider, Settings, load_transcript  # noqa: E402
from gapless.engine.audit.rerun import StoredScope, rerun_scope  # noqa: E402
from gapless.engine.core.tokens import estimate_tokens  # noqa: E402
from gapless.engine.journal.daily import GroupChoice, summarize_journal  # noqa: E402
from gapless.engine.providers.base import ModelReply, ProviderError  # noqa: E402
from gapless.engine.run.prompts import child_extractions, data_blocks  # noqa: E402
from gapless.engine.run.request import RunRequest  # noqa: E402
from gapless.engine.service import summarize_stored  # noqa: E402
from gapless.engine.store import EventWriter, RunMeta, Store  # noqa: E402
from gapless.engine.strategies.chunked.read import read_summary  # noqa: E402
from gapless.engine.strategies.compact.compaction import (  # noqa: E402
    CompactAsk,
    compact_conversation,
)
from gapless.tui.app import GaplessApp  # noqa: E402
from tests.support.paths import TEST_DATA  # noqa: E402

SETTINGS = Settings(context_tokens=1024, concurrency=1)
SIZE = (120, 36)
IDS = {
    "complete": "3f9a1c0d2b7e",
    "failed": "8c41d2e9a0f3",
    "rerun": "b7e2f05a9d14",
    "read": "5d0e7b3a9c12",
    "compact": "e41c9b0d7a26",
    "live": "c0ffee15b0a7",
    "model": "m0de1c0ffee5",
}
# real material (tests/support/paths.TEST_DATA), copied beside the store so that the
# paths on screen are short and the same on every machine
SOURCE = "ES2002a.txt"  # an AMI product-design kick-off meeting (QMSum)
SOURCE_FROM = "meetings/ES2002a.txt"
LIVE = "scout_codex-session.jsonl"  # a Codex CLI rollout
LIVE_FROM = "codex/scout_codex-session.jsonl"
LOG = "OpenSSH_2k.log"  # loghub's OpenSSH sample
LOG_FROM = "logs/OpenSSH_2k.log"
CHAT = "claude-code-log_representative_messages.jsonl"  # a Claude Code session
CHAT_FROM = "claude-code/claude-code-log_representative_messages.jsonl"
# real ~/.claude/projects sessions and small real session files, for the journal
PROJECTS_FROM = ("claude-projects", "claude-code")


class Canned(Provider):
    """A deterministic stand-in model for the scenes: its answers depend only on the text it
    is shown (not on any summarizer's tuning), so the screens stay stable as that changes."""

    name = "canned"
    model = "canned-1"

    async def complete(self, request: ModelRequest) -> ModelReply:
        blocks = data_blocks(request.prompt)
        if request.purpose == "ping":
            text = '{"ok": true}'
        elif blocks:
            flat = " ".join(" ".join(b.text.split()) for b in blocks)
            lines = [ln.strip(">*- ").strip() for b in blocks for ln in b.text.splitlines()
                     if not ln.startswith("#")]  # the rendering's own record headers
            wordy = [ln for ln in lines if len(re.findall(r"[A-Za-z]{3,}", ln)) >= 4]
            first = (wordy or [ln for ln in lines if ln] or ["notes"])[0]
            words = Counter(w for w in re.findall(r"[a-z_]{4,}", flat.lower()))
            topics = [w for w, _ in sorted(words.items(), key=lambda kv: (-kv[1], kv[0]))[:4]]
            text = json.dumps({"headline": first[:80], "summary": flat[:280],
                               "topics": [*topics, "notes", "work", "log"][:4],
                               "open_questions": []})
        else:
            # a fold: its parts' own headlines and summaries, in order (what it was shown)
            parts = [ex for _span, ex in child_extractions(request.prompt)]
            head = next((ex.headline for ex in parts if ex.headline), "The parts, in order")
            text = json.dumps({"headline": head[:80],
                               "summary": " ".join(ex.summary[:90] for ex in parts[:3])[:280],
                               "topics": ["parts", "fold"], "open_questions": []})
        return ModelReply(text=text, model=self.model, estimated=True,
                          tokens_in=estimate_tokens(request.system) +
                          estimate_tokens(request.prompt), tokens_out=estimate_tokens(text))


class Gated(Canned):
    """Answers ``allow`` calls, then waits (a run held mid-way)."""

    def __init__(self, allow: int) -> None:
        self.allow = allow
        self.calls = 0
        self.gate = asyncio.Event()

    async def complete(self, request: ModelRequest) -> ModelReply:
        self.calls += 1
        if self.calls > self.allow:
            await self.gate.wait()
        return await super().complete(request)


class FailingAt(Canned):
    """Fails every read that holds byte ``offset`` (a model server that keeps erroring)."""

    def __init__(self, offset: int) -> None:
        self.offset = offset

    async def complete(self, request: ModelRequest) -> ModelReply:
        for b in data_blocks(request.prompt):
            if b.offset <= self.offset < b.offset + len(b.text.encode()):
                raise ProviderError("503 Service Unavailable from the model server")
        return await super().complete(request)


def copy_data(workdir: Path) -> None:
    """The real files the scenes run on, copied into ``workdir``."""
    if not TEST_DATA.is_dir():
        raise SystemExit(f"the real data is not at {TEST_DATA}: the screenshots need it")
    for name, src in ((SOURCE, SOURCE_FROM), (LIVE, LIVE_FROM), (LOG, LOG_FROM),
                      (CHAT, CHAT_FROM)):
        shutil.copyfile(TEST_DATA / src, workdir / name)
    for src in PROJECTS_FROM:
        shutil.copytree(TEST_DATA / src, workdir / "projects" / src)
    for p in (workdir / "projects").rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o644)  # the shared copy is read-only


async def build_world(workdir: Path) -> dict[str, str]:
    """Real runs in ``workdir/g.db`` over real transcripts: complete, failed, its re-run, a
    chunked read, a compaction, and a journal of real sessions. Call with ``workdir`` as the
    current directory."""
    db = workdir / "g.db"
    (workdir / "projects").exists() or copy_data(workdir)
    t = load_transcript(SOURCE)
    async with await Store.open(db) as store:
        with _fixed_tokens():  # its prompts are on screen (the call dialog): fixed fence ids
            await summarize_stored(store, t, RunRequest(SETTINGS, source=SOURCE,
                                                        run_id=IDS["complete"]),
                                   provider=Canned())
        failed = await summarize_stored(
            store, t, RunRequest(SETTINGS, source=SOURCE, force=True, run_id=IDS["failed"]),
            provider=FailingAt(len(t) // 2))
        target = next(n for n in failed.state.nodes.values() if n.status == "failed")
        await rerun_scope(store, StoredScope(IDS["failed"], target.inv),
                          RunRequest(SETTINGS, run_id=IDS["rerun"]), provider=Canned())
        await _read_run(store)
        await _compact_run(store, workdir)
        await _journal(store, workdir)
    return {"failed_inv": target.inv}


async def _read_run(store: Store) -> None:
    writer = await EventWriter(store, meta=RunMeta(kind="read")).start()
    try:
        await read_summary(LOG, settings=SETTINGS.model_copy(update={"context_tokens": 8192}),
                           provider=Canned(), sinks=[writer], run_id=IDS["read"])
    finally:
        await writer.close()


async def _compact_run(store: Store, workdir: Path) -> None:
    writer = await EventWriter(store, meta=RunMeta(kind="compact")).start()
    try:
        with contextlib.suppress(Exception):
            await compact_conversation(CHAT, CompactAsk(1200), settings=SETTINGS, provider=Canned(),
                                       sinks=[writer], run_id=IDS["compact"])
    finally:
        await writer.close()


async def _journal(store: Store, workdir: Path) -> None:
    """The journal of the real Claude Code projects: one entry per (day, project), each from
    a real run over that day's sessions (its run ids fixed, its clocks zeroed so the scenes
    stay the same from one build to the next)."""
    # min_bytes above the smallest sessions: they are skipped as below_min_size, for real
    settings = SETTINGS.model_copy(update={"sources": [str(workdir / "projects")],
                                           "context_tokens": 8192, "min_bytes": 3000})
    ids = iter(f"j{i:03d}{'0' * 8}"[:12] for i in range(1000))
    with _fixed_run_ids(ids):
        await summarize_journal(store, settings, GroupChoice(tz_name="UTC"), provider=Canned())
    con = sqlite3.connect(store.path)
    try:
        with con:
            for table in ("journal_entries", "journal_skips"):
                con.execute(f"UPDATE {table} SET created_at = 0")
    finally:
        con.close()


@contextlib.contextmanager
def _fixed_tokens() -> Any:
    """Fence ids and coherence tokens from a counter while a run runs (a prompt on screen
    is then the same from one build to the next)."""
    import gapless.engine.run.prompts as prompts

    count = iter(range(1, 1_000_000))
    real = prompts.new_token
    prompts.new_token = lambda: f"{next(count):012x}"  # type: ignore[assignment]
    try:
        yield
    finally:
        prompts.new_token = real  # type: ignore[assignment]


@contextlib.contextmanager
def _fixed_run_ids(ids: Any) -> Any:
    """Run ids from ``ids`` while the journal runs (the scenes show them)."""
    import gapless.engine.run.lifecycle as lifecycle
    import gapless.engine.service as service

    real = lifecycle.new_run_id
    lifecycle.new_run_id = service.new_run_id = lambda: next(ids)  # type: ignore[assignment]
    try:
        yield
    finally:
        lifecycle.new_run_id = service.new_run_id = real  # type: ignore[assignment]


# --- the scenes ------------------------------------------------------------------------

Before = Callable[[Any], Awaitable[None]]


@dataclass
class Scene:
    name: str
    title: str
    app: Callable[[Path, dict[str, str]], GaplessApp]
    before: Callable[[dict[str, str]], Before]
    size: tuple[int, int] = SIZE


async def until(pilot: Any, cond: Callable[[], Any], timeout: float = 30.0) -> Any:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        value = cond()
        if value:
            return value
        await pilot.pause(0.05)
    raise TimeoutError(f"the scene did not get ready: {cond}")


async def show_runs_tab(pilot: Any, home: Any) -> None:
    """Press ``2`` until the Runs tab shows with its list focused: a key that lands while
    the tabs still settle their first activation is undone by it (seen under load)."""
    from textual.widgets import DataTable, TabbedContent

    table = home.query_one("#runs-table", DataTable)
    tabs = home.query_one("#journal-tabs", TabbedContent)
    for _ in range(10):
        await pilot.press("2")
        for _ in range(10):
            await pilot.pause(0.05)
            if tabs.active == "tab-runs" and home.focused is table:
                await pilot.pause(0.2)
                if tabs.active == "tab-runs" and home.focused is table:
                    return
    raise TimeoutError("the Runs tab never showed")


def _app(workdir: Path, db: str = "g.db", **kw: Any) -> GaplessApp:
    kw.setdefault("settings", SETTINGS)
    kw.setdefault("deterministic", True)
    return GaplessApp(db_path=workdir / db, config_file=Path("config.toml"), **kw)


async def _settle(pilot: Any) -> None:
    app = pilot.app
    await pilot.pause(0.3)
    app.clear_notifications()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def _run_ready(pilot: Any, step: bool = False) -> Any:
    from gapless.tui.screens.run import RunScreen

    app = pilot.app
    scr = await until(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
    await until(pilot, lambda: scr.model.finished and scr.caught_up_at is not None)
    await until(pilot, lambda: scr._transcript is not None or scr.model.live.strategy in
                ("chunked", "compact"))
    if step:
        await until(pilot, lambda: scr.step_state is not None)
    return scr


def _journal_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        from textual.widgets import Tree

        from gapless.tui.screens.journal import JournalScreen

        app = pilot.app
        scr = await until(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        tree = scr.query_one("#journal-tree", Tree)
        await until(pilot, lambda: len(tree.root.children) > 0)
        week = tree.root.children[0]
        week.expand()
        await until(pilot, lambda: len(week.children) > 0)
        entry = next(e for d in week.children for e in d.children
                     if e.data.get("kind") == "entry")
        await pilot.pause()
        tree.move_cursor(entry)
        await until(pilot, lambda: entry.data["headline"] in scr.shown)
        await _settle(pilot)

    return before


def _runs_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        from textual.widgets import DataTable

        from gapless.tui.screens.journal import JournalScreen

        app = pilot.app
        scr = await until(pilot, lambda: isinstance(app.screen, JournalScreen) and app.screen)
        table = scr.query_one("#runs-table", DataTable)
        await until(pilot, lambda: table.row_count > 0)  # mounted and read: "2" is heard
        await show_runs_tab(pilot, scr)
        seen = -1
        while table.row_count != seen:  # rows may arrive in more than one batch
            seen = table.row_count
            await pilot.pause(0.3)
        table.focus()
        await _settle(pilot)

    return before


def _run_before(select: str | None, tab: str | None = None, step: str | None = None,
                expand: bool = True) -> Callable[[dict[str, str]], Before]:
    def make(info: dict[str, str]) -> Before:
        async def before(pilot: Any) -> None:
            scr = await _run_ready(pilot, step=step is not None)
            state = scr.view
            if step == "middle":
                scr._goto(len(scr.model.events) // 2)
                state = scr.view
            inv = select
            if inv == "failed":
                inv = info["failed_inv"]
            elif inv == "leaf":
                inv = next((n.inv for n in state.nodes.values() if n.mode == "leaf"
                            and n.status == "running"), None) or \
                    next(n.inv for n in state.nodes.values() if n.mode == "leaf")
            if inv and inv in state.nodes:
                scr.select(inv)
            if tab:
                scr.action_tab(tab)
            await _settle(pilot)

        return before

    return make


def _live_app(workdir: Path, info: dict[str, str]) -> GaplessApp:
    gated = Gated(allow=9)
    # Its own database: the run it starts is cut short when the scene ends, and must not
    # show up (in whatever state the cut left it) in the other scenes' lists of runs.
    return _app(workdir, db="live.db", path=LIVE, provider_factory=lambda s: gated,
                run_ids=[IDS["live"]])


def _live_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        from gapless.tui.screens.run import RunScreen

        app = pilot.app
        scr = await until(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        await until(pilot, lambda: scr.model.live.calls >= 9 and scr._transcript is not None)
        await pilot.pause(0.6)  # a few refresh ticks: everything written so far is shown
        running = next(n.inv for n in scr.model.live.nodes.values()
                       if n.mode == "leaf" and n.status == "running")
        scr.select(running)
        await _settle(pilot)

    return before


MODEL_ALLOW = 7  # calls the loopback model server answers before it holds the rest


class ServedApp(GaplessApp):
    """The workbench with a loopback OpenAI-compatible model server of its own, stopped
    when the app ends."""

    served: Any = None

    async def on_unmount(self) -> None:  # (GaplessApp's own runs too, after this one)
        server, self.served = self.served, None
        if server is not None:
            server.gate.set()
            await asyncio.to_thread(server.stop)


def _model_live_app(workdir: Path, info: dict[str, str]) -> GaplessApp:
    """A live run against a real HTTP model server on 127.0.0.1 (the tests' FaultServer,
    speaking the OpenAI chat-completions shape, each call 20 ms): it answers as Canned does
    (so the screen is the same from one build to the next), MODEL_ALLOW calls, then holds
    every further call until the scene ends."""
    import threading

    from tests.support.fault_server import FaultServer

    gate = threading.Event()
    answered = iter(range(1, 1_000_000))

    def respond(purpose: str, prompt: str) -> str | None:
        if next(answered) > MODEL_ALLOW:
            gate.wait(120)
        request = ModelRequest(purpose=purpose, system="", prompt=prompt)
        return asyncio.run(Canned().complete(request)).text

    server = FaultServer(delay=0.02, responder=respond).start()
    server.gate = gate  # type: ignore[attr-defined]
    settings = SETTINGS.model_copy(update={
        "provider": "openai", "base_url": server.url, "model": "loopback-model",
        "context_tokens": 1300, "timeout_seconds": 300.0})
    app = ServedApp(db_path=workdir / "model.db", config_file=Path("config.toml"),
                    settings=settings, deterministic=True, path=SOURCE,
                    run_ids=[IDS["model"]])
    app.served = server
    return app


def _model_live_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        from gapless.tui.screens.run import RunScreen

        app = pilot.app
        scr = await until(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        await until(pilot, lambda: scr.model.live.calls >= MODEL_ALLOW
                    and scr._transcript is not None and scr.plan is not None)
        await pilot.pause(0.6)  # a few refresh ticks: everything written so far is shown
        done = [n.inv for n in scr.model.live.nodes.values()
                if n.mode == "leaf" and n.status == "complete"]
        scr.select(done[-1])
        scr.action_tab("tab-calls")
        scr.query_one("#run-tree").focus()
        await _settle(pilot)

    return before


def _call_dialog_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        from gapless.tui.screens.dialogs.call import CallDialog

        await _run_before("leaf", "tab-calls")(info)(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, CallDialog))
        await _settle(pilot)

    return before


def _rerun_dialog_before(info: dict[str, str]) -> Before:
    async def before(pilot: Any) -> None:
        await _run_before("failed")(info)(pilot)
        await pilot.press("r")
        await pilot.pause(0.2)
        pilot.app.screen.query_one("#rerun-go").focus()
        await _settle(pilot)

    return before


def _screen_before(action: str, ready: Callable[[Any], bool] | None = None
                   ) -> Callable[[dict[str, str]], Before]:
    def make(info: dict[str, str]) -> Before:
        async def before(pilot: Any) -> None:
            from gapless.tui.screens.journal import JournalScreen

            app = pilot.app
            await until(pilot, lambda: isinstance(app.screen, JournalScreen))
            await app.run_action(action)
            await pilot.pause(0.3)
            if ready is not None:
                await until(pilot, lambda: ready(app.screen))
            await _settle(pilot)

        return before

    return make


def _skips_ready(screen: Any) -> bool:
    return getattr(screen, "loaded", None) is not None


def _settings_ready(screen: Any) -> bool:
    screen.query_one("#settings-save").focus()
    return True


SCENES: list[Scene] = [
    Scene("run-live", "A run, live: tree growing, leaves in flight",
          _live_app, _live_before),
    Scene("run-model", "A live run against a model server: calls made of planned",
          _model_live_app, _model_live_before),
    Scene("call-dialog", "A call's request as sent and its reply (enter in the Calls tab)",
          lambda w, i: _app(w, run_id=IDS["complete"]), _call_dialog_before),
    Scene("run-complete", "A finished run: every byte covered",
          lambda w, i: _app(w, run_id=IDS["complete"]), _run_before("leaf", "tab-text")),
    Scene("run-failed", "A failed scope: the gap, in red, in the bars and the text",
          lambda w, i: _app(w, run_id=IDS["failed"]), _run_before("failed", "tab-text")),
    Scene("rerun-dialog", "Re-run a failed scope",
          lambda w, i: _app(w, run_id=IDS["failed"]), _rerun_dialog_before),
    Scene("run-rerun", "The re-run: ancestors recomposed, the root at 100 %",
          lambda w, i: _app(w, run_id=IDS["rerun"]), _run_before(None, "tab-run")),
    Scene("step", "Stepping through a run: the state after step k",
          lambda w, i: _app(w, run_id=IDS["complete"], step=True),
          _run_before("leaf", "tab-calls", step="middle")),
    Scene("run-read", "gapless read: chunks read of planned, the outline",
          lambda w, i: _app(w, run_id=IDS["read"]), _run_before(None, "tab-run")),
    Scene("run-compact", "gapless compact: the validation report",
          lambda w, i: _app(w, run_id=IDS["compact"]), _run_before(None, "tab-run")),
    Scene("journal", "The journal: entries by week, day and project, with the rollup",
          lambda w, i: _app(w), _journal_before),
    Scene("runs", "Every run, to attach to", lambda w, i: _app(w), _runs_before),
    Scene("skips", "The skip audit", lambda w, i: _app(w),
          _screen_before("skips", _skips_ready)),
    Scene("settings", "Provider settings, validated as you type",
          lambda w, i: _app(w, settings=Settings()), _screen_before("settings",
                                                                    _settings_ready)),
    Scene("help", "Help", lambda w, i: _app(w), _screen_before("help")),
]
# The supported sizes besides the README's: 80x24 (the stats line, the footer and the
# re-run dialog fit) and a large 160x45 terminal (snapshot tests and SVGs; the README shows
# the scenes above)
SMALL_SCENES: list[Scene] = [
    Scene("run-failed-160x45", "A failed scope at 160x45",
          lambda w, i: _app(w, run_id=IDS["failed"]), _run_before("failed", "tab-calls"),
          size=(160, 45)),
    Scene("run-failed-80x24", "A failed scope at 80x24",
          lambda w, i: _app(w, run_id=IDS["failed"]), _run_before("failed", "tab-calls"),
          size=(80, 24)),
    Scene("rerun-dialog-80x24", "Re-run a failed scope at 80x24",
          lambda w, i: _app(w, run_id=IDS["failed"]), _rerun_dialog_before, size=(80, 24)),
    Scene("step-80x24", "Stepping through a run at 80x24: the footer keeps ? Help",
          lambda w, i: _app(w, run_id=IDS["complete"], step=True),
          _run_before("leaf", "tab-calls", step="middle"), size=(80, 24)),
    Scene("step-160x45", "Stepping through a run at 160x45",
          lambda w, i: _app(w, run_id=IDS["complete"], step=True),
          _run_before("leaf", "tab-calls", step="middle"), size=(160, 45)),
    Scene("settings-80x24", "Provider settings at 80x24: the first field focused",
          lambda w, i: _app(w, settings=Settings()), _screen_before("settings",
                                                                    _settings_ready),
          size=(80, 24)),
    Scene("runs-80x24", "Every run at 80x24: Enter opens the one under the cursor",
          lambda w, i: _app(w), _runs_before, size=(80, 24)),
]


async def shoot(scene: Scene, workdir: Path, info: dict[str, str]) -> str:
    app = scene.app(workdir, info)
    async with app.run_test(size=scene.size) as pilot:
        await scene.before(info)(pilot)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        return app.export_screenshot(title=f"Gapless — {scene.title}")


def to_png(svg: Path, png: Path) -> bool:
    """SVG -> PNG with rsvg-convert or cairosvg, when one is installed."""
    text = svg.read_text(encoding="utf-8")
    # rsvg collapses runs of spaces unless told to keep them
    fixed = text.replace("<svg ", '<svg xml:space="preserve" ', 1)
    tmp = png.with_suffix(".tmp.svg")
    tmp.write_text(fixed, encoding="utf-8")
    try:
        if shutil.which("rsvg-convert"):
            subprocess.run(["rsvg-convert", "-z", "1.0", "-o", str(png), str(tmp)], check=True)
            return True
        try:
            import cairosvg  # type: ignore[import-not-found]
        except ImportError:
            return False
        cairosvg.svg2png(url=str(tmp), write_to=str(png), scale=1.0)
        return True
    finally:
        tmp.unlink(missing_ok=True)


async def main_async(out: Path, png: bool, only: set[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="gapless-shots-") as tmp:
        workdir = Path(tmp)
        os.chdir(workdir)
        try:
            info = await build_world(workdir)
            for scene in [*SCENES, *SMALL_SCENES]:
                if only and scene.name not in only:
                    continue
                svg = await shoot(scene, workdir, info)
                path = out / f"{scene.name}.svg"
                path.write_text(svg, encoding="utf-8")
                made = png and to_png(path, path.with_suffix(".png"))
                print(f"{path}{' + png' if made else ''}")
        finally:
            os.chdir(here)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--out", default=str(ROOT / "screenshots"), help="output folder")
    p.add_argument("--no-png", action="store_true", help="SVG only")
    p.add_argument("only", nargs="*", help="only these scenes")
    args = p.parse_args(argv)
    asyncio.run(main_async(Path(args.out).resolve(), not args.no_png, set(args.only)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
