"""A rollup's markdown keeps a summary's sections apart: a heading line that follows a bullet
starts a block of its own instead of running into the bullet."""

from __future__ import annotations

from markdown_it import MarkdownIt

from gapless.engine.journal.rollup import Rollup


def test_a_section_heading_after_a_bullet_is_not_the_bullets_continuation() -> None:
    summary = ("Asked:\n- get adb root on the device\nDone:\n- flashed the boot image\n"
               "- tried adb root.\nLeft open:\n- why adbd restarts")
    rollup = Rollup("2026-11-30", "2026-12-06", "phone",
                    days=[{"date": "2026-12-01", "headline": "adb root", "summary": summary}])
    html = MarkdownIt().render(rollup.markdown())
    assert "adb root.\nLeft open:" not in html and "adb root. Left open:" not in html
    assert "<p>Done:</p>" in html and "<p>Left open:</p>" in html
    assert "<li>tried adb root.</li>" in html
