"""Captions are a meeting's words as video tools export them. A Teams or Zoom recording's
WebVTT was read as plain text: voice tags (``<v Dana Lee>…</v>``) and timings in every
sentence, no speakers, no minutes. Cues are now records: their timings and markup leave the
rendering, a speaker's consecutive cues make one turn, a rolling caption's repeated lines are
said once (counted), and the meeting kind minutes the turns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gapless.engine.sources import load_transcript
from gapless.engine.sources.detect import detect_format
from tests.support.cli import isolate_cli, run_cli

SAID = [
    ("Dana Lee", "Okay, let's start. The goal today is to agree on the database migration "
                 "plan for next week."),
    ("Dana Lee", "We have about thirty minutes."),
    ("Omar Farouk", "I looked at the replication lag yesterday and it stays under two "
                    "seconds, so a cut-over on Tuesday night should work."),
    ("Priya Shah", "Who owns the rollback runbook?"),
    ("Dana Lee", "Priya, can you own the rollback runbook and send it round by Friday?"),
    ("Priya Shah", "Yes, I will send the runbook by Friday."),
    ("Omar Farouk", "We decided to keep the old cluster read-only for one week after the "
                    "move."),
    ("Dana Lee", "Good. Omar will check the monitoring dashboards before we start."),
]


def _clock(s: float) -> str:
    return f"{int(s // 3600):02d}:{int(s % 3600 // 60):02d}:{s % 60:06.3f}"


def teams_vtt() -> str:
    """Microsoft Teams: an id per cue, the speaker in a voice tag, long turns cut in cues."""
    out, t = ["WEBVTT", ""], 0.0
    for k, (who, text) in enumerate(SAID * 3):
        cut = text.index(" ", len(text) // 2)  # (a cue ends between words)
        for part in (text[:cut], text[cut + 1:]):
            out += [f"3f9c1a2e-7b7d-4c1e-9d55-0c3b5d1e{k:04d}/{k * 2}-0",
                    f"{_clock(t)} --> {_clock(t + 2.5)}", f"<v {who}>{part.strip()}</v>", ""]
            t += 2.5
    return "\n".join(out)


def zoom_vtt() -> str:
    """Zoom: numbered cues, the speaker as a ``Name:`` label in the text."""
    out, t = ["WEBVTT", ""], 0.0
    for k, (who, text) in enumerate(SAID * 3, 1):
        out += [str(k), f"{_clock(t)} --> {_clock(t + 4)}", f"{who}: {text}", ""]
        t += 4
    return "\n".join(out)


def rolling_vtt() -> str:
    """Automatic captions: each line shown twice as the caption rolls up, words timed."""
    words = " ".join(text for _, text in SAID).split()
    lines = [" ".join(words[i:i + 7]) for i in range(0, len(words), 7)]
    out, t = ["WEBVTT", "Kind: captions", "Language: en", ""], 0.0
    before = ""
    for line in lines:
        first, *rest = line.split()
        timed = first + "".join(f"<{_clock(t + 0.3 * (i + 1))}><c> {w}</c>"
                                for i, w in enumerate(rest))
        out += [f"{_clock(t)} --> {_clock(t + 2)} align:start position:0%",
                *([before] if before else []), timed, ""]
        out += [f"{_clock(t + 2)} --> {_clock(t + 2.01)} align:start position:0%", line, ""]
        before, t = line, t + 2.01
    return "\n".join(out)


def srt() -> str:
    out, t = [], 0.0
    for k, (_, text) in enumerate(SAID * 2, 1):
        out += [str(k), f"{_clock(t).replace('.', ',')} --> {_clock(t + 3).replace('.', ',')}",
                f"<i>{text}</i>", ""]
        t += 3
    return "\n".join(out)


@pytest.mark.parametrize("make", [teams_vtt, zoom_vtt])
def test_a_recording_reads_as_its_speakers_turns(make: object, tmp_path: Path) -> None:
    path = tmp_path / "standup.vtt"
    path.write_text(make(), encoding="utf-8")  # type: ignore[operator]
    assert detect_format(path) == "captions"
    t = load_transcript(path)
    text = t.text(0, len(t))
    lines = text.splitlines()
    assert "-->" not in text and "<v" not in text and "WEBVTT" not in text
    assert lines[0] == f"Dana Lee: {SAID[0][1]} {SAID[1][1]}"  # one turn from several cues
    assert lines[1] == f"Omar Farouk: {SAID[2][1]}"
    speakers = [who for who, _ in SAID * 3]  # the turns: a speaker's consecutive cues joined
    assert len(lines) == 1 + sum(a != b for a, b in zip(speakers, speakers[1:], strict=False))
    records = t.account.records if t.account else None
    assert records is not None and records.dropped == {"caption header": 1}


def test_a_rolling_caption_says_each_line_once(tmp_path: Path) -> None:
    path = tmp_path / "talk.en.vtt"
    path.write_text(rolling_vtt(), encoding="utf-8")
    t = load_transcript(path)
    said = " ".join(t.text(0, len(t)).split())
    assert said == " ".join(" ".join(text for _, text in SAID).split())
    records = t.account.records if t.account else None
    assert records is not None
    cues = rolling_vtt().count("-->")
    assert records.total == cues + 1  # every cue and the header, counted once
    assert records.dropped["repeated caption line"] == cues // 2  # the held lines
    assert records.parts_dropped["repeated caption line"] == cues // 2 - 1


def test_subrip_and_the_meeting_minutes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "talk.srt"
    path.write_text(srt(), encoding="utf-8")
    assert detect_format(path) == "captions"
    t = load_transcript(path)
    assert "<i>" not in t.text(0, len(t)) and "-->" not in t.text(0, len(t))
    isolate_cli(tmp_path, monkeypatch)
    teams = tmp_path / "standup.vtt"
    teams.write_text(teams_vtt(), encoding="utf-8")
    code, out = run_cli(capsys, "summarize", str(teams), "--json")
    got = json.loads(out)
    assert code == 0 and got["status"] == "complete"
    assert got["entry"]["kind"] == "meeting"
    assert "<v" not in got["entry"]["summary"] and "-->" not in got["entry"]["summary"]
