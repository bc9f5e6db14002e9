"""The Calls tab (issue 29): enter on a call opens the request as it was sent and the reply,
each scrollable, from a real run against a loopback model server."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, TabbedContent, TextArea

from gapless.tui.app import GaplessApp
from gapless.tui.screens.dialogs.call import NOT_KEPT, CallDialog
from gapless.tui.screens.run import RunScreen
from tests.support.fault_server import FaultServer, fast_settings
from tests.tui.support import wait_for, write_source


@pytest.mark.slow
async def test_enter_on_a_call_opens_its_request_and_reply(tmp_path: Path) -> None:
    source = write_source(tmp_path, 40, 60)
    with FaultServer(["garbage"], delay=0.02) as server:
        settings = fast_settings(server.url, concurrency=1, timeout_seconds=5.0)
        app = GaplessApp(db_path=tmp_path / "g.db", settings=settings, path=source,
                         run_ids=["calls"])
        async with app.run_test(size=(120, 36)) as pilot:
            scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen)
                                 and app.screen)
            await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at, timeout=60)
            state = scr.model.live
            # the leaf whose first reply was garbage: two calls, the first unusable
            leaf = next(n for n in state.nodes.values() if n.mode == "leaf"
                        and len(n.calls) == 2)
            scr.select(leaf.inv)
            await pilot.pause(0.2)
            await pilot.press("c")
            table = scr.query_one("#node-calls-table", DataTable)
            await wait_for(pilot, lambda: table.has_focus and table.row_count == 2)
            assert "unusable answer" in str(table.get_row_at(0)[2])
            await pilot.press("enter")
            dialog = await wait_for(pilot, lambda: isinstance(app.screen, CallDialog)
                                    and app.screen)
            assert dialog.call.seq == leaf.calls[0].seq and dialog.body is not None
            request = dialog.query_one("#call-request-text", TextArea).text
            sent = [m["content"] for r in server.requests
                    if r["path"].endswith("/completions")
                    for m in r["body"]["messages"] if m["role"] == "user"]
            assert dialog.body.prompt in sent  # the prompt exactly as the server received it
            assert "── system ──" in request and "<transcript-data" in request
            await pilot.press("2")
            assert dialog.query_one("#call-tabs", TabbedContent).active == "call-reply"
            reply = dialog.query_one("#call-reply-text", TextArea)
            assert reply.has_focus and reply.text == dialog.body.reply
            assert not reply.text.lstrip().startswith("{")  # the garbage, as it came
            title = str(dialog.query_one("#call-title").render())
            assert "call 1" in title and "unusable answer" in title
            # scrollable: the request of a leaf is longer than the dialog
            await pilot.press("1")
            area = dialog.query_one("#call-request-text", TextArea)
            assert area.max_scroll_y > 0
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is scr)
            # the second call: its reply is the usable one
            table.focus()
            await pilot.press("down", "enter")
            dialog = await wait_for(pilot, lambda: isinstance(app.screen, CallDialog)
                                    and app.screen)
            assert dialog.call.seq == leaf.calls[1].seq and dialog.body is not None
            assert dialog.body.reply.lstrip().startswith("{")
            await pilot.press("escape")


@pytest.mark.slow
async def test_a_call_whose_bodies_were_not_kept_says_so(tmp_path: Path) -> None:
    source = write_source(tmp_path, 40, 60)
    with FaultServer() as server:
        settings = fast_settings(server.url, keep_call_bodies=False)
        app = GaplessApp(db_path=tmp_path / "g.db", settings=settings, path=source,
                         run_ids=["nobody"])
        async with app.run_test(size=(120, 36)) as pilot:
            scr = await wait_for(pilot, lambda: isinstance(app.screen, RunScreen)
                                 and app.screen)
            await wait_for(pilot, lambda: scr.model.finished and scr.caught_up_at, timeout=60)
            leaf = next(n for n in scr.model.live.nodes.values() if n.mode == "leaf")
            scr.select(leaf.inv)
            await pilot.pause(0.2)
            await pilot.press("c", "enter")
            dialog = await wait_for(pilot, lambda: isinstance(app.screen, CallDialog)
                                    and app.screen)
            assert dialog.body is None
            assert NOT_KEPT in str(dialog.query_one("#call-missing").render())
