"""A person's notes, each under a date and a time to the minute (``2024-03-07 15:30``), are
no changelog: read as releases dated by their day, a notes file printed "Newest release:
2024-03-17 08:20 (of 12 releases)" for 233 notes. A release is dated to the day; a changelog
whose headings are dates still counts them."""

from __future__ import annotations

import random

from gapless.engine.extractive import summarize_text

NOTES = ["Dentist appointment moved to the 14th at 9:30.", "Grocery: eggs, milk, bread.",
         "Fixed the flaky test in the billing module; root cause was timezone handling.",
         "Paid the electricity bill (84.20).", "Ran 5k in 27 minutes.",
         "Called the plumber about the leak under the sink."]


def _notes(n: int) -> str:
    rnd = random.Random(3)
    out = []
    for i in range(n):
        out.append(f"2024-03-{1 + i % 28:02d} {rnd.randint(6, 22):02d}:{rnd.randint(0, 59):02d}")
        out.append(rnd.choice(NOTES))
        if rnd.random() < 0.4:
            out.append("")
    return "\n".join(out) + "\n"


def test_notes_stamped_to_the_minute_are_no_releases() -> None:
    ex = summarize_text(_notes(120), max_summary_chars=2000)
    assert ex.kind != "changelog"
    assert "release" not in ex.summary.lower() and "release" not in ex.headline.lower()


def test_a_changelog_of_dated_headings_still_counts_them() -> None:
    days = [f"2024-0{m}-1{d}" for m in range(9, 0, -1) for d in (5, 1)]
    text = "# Changelog\n\n" + "\n".join(
        f"## {day}\n\n- Fixed the parser on empty input.\n- Added a flag.\n" for day in days)
    ex = summarize_text(text, max_summary_chars=2000)
    assert ex.kind == "changelog"
    assert ex.headline == f"Newest release: {days[0]} (of {len(days)} releases)."
    assert ex.summary.startswith(f"{len(days)} releases: {days[0]}")
