"""A byte-order mark before a file's first character (as Windows editors save UTF-8) is no
part of it: the file is read by the same reader, into the same rendering, as without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from gapless.engine.sources.detect import detect_format

_GROUP_CHAT = json.dumps([
    {"content": "Find papers on LLM agents for code review published this year.",
     "role": "user", "name": "Admin"},
    {"content": "Plan: search arXiv, filter by date, summarise the three most cited.",
     "role": "user", "name": "Planner"},
    {"content": "Here are three: CodeAgent, ReviewRL and PR-Critic, with their abstracts.",
     "role": "user", "name": "Engineer"},
    {"content": "Now write a one-paragraph comparison of the three.", "role": "user",
     "name": "Admin"},
    {"content": "CodeAgent plans, ReviewRL learns from accepted reviews, PR-Critic ranks.",
     "role": "user", "name": "Engineer"}], indent=2)

_SAVED_CHAT = """\
00:12:00 From Lena Hoffmann to Everyone:
\tWhy did the total of my electricity bill jump so much in March?
00:15:13 From Marco Rossi to Everyone:
\tYour March bill shows 612 kWh against 380 kWh in February, and the rate rose too.
00:18:26 From Lena Hoffmann to Everyone:
\tWhat would I save in a year with the dishwasher on the night tariff?
00:21:39 From Marco Rossi to Everyone:
\tAt about 45 kWh a month and a night rate 11 cents lower, roughly 59 euros a year.
"""

_MEETING = "".join(
    f"{who}: {said}\n" for who, said in [
        ("Dana", "Let's start with the release date for the mobile app."),
        ("Omar", "QA found two crashes on Android 12, both in the photo picker."),
        ("Dana", "Can we ship on the 14th if the fixes land by Friday?"),
        ("Omar", "Yes, if we freeze the branch on Thursday evening."),
        ("Lee", "Marketing needs the store screenshots by Wednesday then."),
        ("Dana", "Agreed: freeze Thursday, ship the 14th, screenshots Wednesday.")] * 3)

_NOTEBOOK = json.dumps({
    "nbformat": 4, "nbformat_minor": 5, "metadata": {},
    "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Sales by region\n"]},
              {"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
               "source": ["import pandas as pd\n", "df = pd.read_csv('sales.csv')\n"]}]})


@pytest.mark.parametrize(("name", "text"), [
    ("groupchat_messages.json", _GROUP_CHAT), ("meeting_saved_chat.txt", _SAVED_CHAT),
    ("standup.txt", _MEETING), ("sales.ipynb", _NOTEBOOK)],
    ids=["json-chat", "saved-chat", "meeting", "notebook"])
def test_a_byte_order_mark_changes_no_reading(tmp_path: Path, name: str, text: str) -> None:
    plain, marked = tmp_path / name, tmp_path / "marked" / name
    marked.parent.mkdir()
    plain.write_text(text, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert detect_format(plain) != "text"  # (each a format of its own reader)
    assert detect_format(marked) == detect_format(plain)
    read, read_marked = load_transcript(plain), load_transcript(marked)
    assert read_marked.text(0, len(read_marked)) == read.text(0, len(read))
