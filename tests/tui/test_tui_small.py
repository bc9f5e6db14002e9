"""80x24 is a supported size (issue 29): the run's stats line (elapsed, calls, tokens, ETA)
is never pushed out by a long source path, the footer's keys fit, the re-run dialog fits."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.rerun import RerunDialog
from gapless.tui.screens.run import RunScreen
from gapless.tui.widgets.stats import RunStats
from tests.tui.support import SETTINGS, failing_at, stored_run, wait_for, write_source

SMALL = (80, 24)


def lines_of(widget: object) -> list[str]:
    w = widget  # a mounted widget: what it draws, line by line
    strips = w.render_lines(Region(0, 0, w.size.width, w.size.height))  # type: ignore[attr-defined]
    return ["".join(seg.text for seg in strip) for strip in strips]


async def test_the_run_screen_fits_80x24_with_a_long_source_path(tmp_path: Path) -> None:
    source = write_source(tmp_path, 60)
    long_name = "/home/someone/projects/" + "a-very-long-folder-name/" * 6 + "session.jsonl"
    db = tmp_path / "g.db"
    await stored_run(db, source, run_id="small", provider=failing_at(3000),
                     source_name=long_name)
    app = GaplessApp(db_path=db, settings=SETTINGS, run_id="small")
    async with app.run_test(size=SMALL) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at)
        await pilot.pause(0.3)
        stats = scr.query_one(RunStats)
        assert stats.size.height == 2
        first, second = lines_of(stats)
        assert "small" in first  # the long path is cut on its line, never wrapped
        for word in ("covered", "elapsed", "calls", "tokens"):
            assert word in second, second
        footer = scr.query_one(Footer)

        def shown() -> list[FooterKey]:
            return [k for k in footer.query(FooterKey) if k.display]

        # (the footer composes its keys once the screen has settled: later on a busy machine)
        await wait_for(pilot, lambda: {k.key_display or k.key for k in shown()} >= {
            "q", "?", "r", "]"})
        keys = shown()
        assert all(k.region.right <= SMALL[0] for k in keys), [
            (k.key, k.region) for k in keys]
        # the re-run dialog fits too: every field and the Re-run button on screen
        await pilot.press("right_square_bracket", "r")
        dialog = await wait_for(pilot, lambda: isinstance(app.screen, RerunDialog)
                                and app.screen)
        await pilot.pause(0.2)
        go = dialog.query_one("#rerun-go")
        assert go.region.bottom <= SMALL[1] and go.region.height >= 1
        assert dialog.query_one("#rerun-max_seconds").region.bottom <= SMALL[1]


async def test_a_live_run_at_80x24_shows_its_eta(tmp_path: Path) -> None:
    from tests.tui.support import Counting

    source = write_source(tmp_path, 160)
    slow = Counting(delay=0.2)
    app = GaplessApp(db_path=tmp_path / "g.db", settings=SETTINGS, path=source,
                     provider_factory=lambda s: slow, run_ids=["eta"])
    async with app.run_test(size=SMALL) as pilot:
        scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen) and app.screen)
        stats = scr.query_one(RunStats)
        # (before its first event the header is the run's plan, which has an ETA too)
        await wait_for(pilot, lambda: "ETA" in lines_of(stats)[1]
                       and "elapsed" in lines_of(stats)[1], timeout=30)
        second = lines_of(stats)[1]
        for word in ("read", "elapsed", "ETA", "calls", "tokens"):
            assert word in second, second
        await scr.app.launcher.stop_all()
